"""The hard bot's speed at fixed work: `battleline bench bots`'s 15 positions, 400 lines each (or N: `--iterations N`).

Run from a checkout's root: `python /path/to/tools/bench_hard_fixed.py` (it imports the engine of the
current directory, so the same file measures an older checkout too). Unlike the bench, which searches
each position for a time budget, every run does the same work (screening, 400 lines, the win
estimate), so two checkouts compare on a loaded machine too, by wall and by CPU seconds (docs/BOTS.md).
`search_lines_per_cpu_s` counts only the search and its win estimate (HardBot._search), the part whose
time `battleline bench bots`'s `hard_iterations_per_s` divides by; `lines_per_cpu_s` counts the whole move.
`--played` searches the line hard plays (HardBot, as `hard_play_iterations_per_s`) instead of the
reference line, and `--set NAME=VALUE` (repeated) sets a HardBot attribute to a Python literal first, as
tools/paired_arena.py does (`--set flags2=True`: the two-player per-flag model at the leaf).
"""

from __future__ import annotations

import ast
import json
import os
import sys
import time


def main() -> int:
    iterations = int(sys.argv[sys.argv.index("--iterations") + 1]) if "--iterations" in sys.argv else 400
    sys.path.insert(0, os.getcwd())
    from tools.workshop.bench_bots import bench_positions
    try:
        from engine.compiled import status
    except ImportError:  # a checkout from before the optional compiled core
        def status() -> str:
            return "pure"

    from engine.ai.hard import HardBot

    # The reference line where the checkout has one (HardBot.reference), so old and new do the same work per line.
    make = HardBot if "--played" in sys.argv else getattr(HardBot, "reference", HardBot)
    settings = [sys.argv[k + 1].split("=", 1) for k, arg in enumerate(sys.argv[:-1]) if arg == "--set"]

    positions = bench_positions(4)
    searching = [0.0]
    search = HardBot._search

    def timed_search(self: HardBot, *args: object) -> object:
        started = time.process_time()
        try:
            return search(self, *args)  # type: ignore[arg-type]
        finally:
            searching[0] += time.process_time() - started

    HardBot._search = timed_search  # type: ignore[method-assign, assignment]
    wall, cpu = time.perf_counter(), time.process_time()
    lines = 0
    for i, game in enumerate(positions):
        bot = make(i, iterations=iterations)
        bot.max_lines = None
        for name, value in settings:
            setattr(bot, name, ast.literal_eval(value))
        bot.choose(game.view(game.to_move))
        lines += bot.last_search["iterations"] if bot.last_search else 0
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"tree": os.getcwd(), "positions": len(positions), "iterations": iterations, "set": settings,
                      "lines": lines,
                      "wall_s": round(wall, 2),
                      "cpu_s": round(cpu, 2), "lines_per_cpu_s": round(lines / cpu, 1),
                      "search_cpu_s": round(searching[0], 2),
                      "search_lines_per_cpu_s": round(lines / searching[0], 1), "core": status()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
