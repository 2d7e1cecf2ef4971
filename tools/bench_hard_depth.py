"""How deep the hard bot's timed search gets on each of `battleline bench bots`'s 15 positions.

Run from a checkout's root: `python /path/to/tools/bench_hard_depth.py [--seconds S]` (it imports the
engine of the current directory, like tools/bench_hard_fixed.py, so it measures an older checkout too).
Prints one JSON line per position (lines, worlds, seconds of search) and a total whose
`hard_iterations_per_s` is the bench's figure: it shows where a timed bench's lines come from, since a
line's cost falls as the search goes deeper (docs/BOTS.md, "Why the two measures disagree").
"""

from __future__ import annotations

import json
import os
import sys


def main() -> int:
    seconds = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 0.5
    sys.path.insert(0, os.getcwd())
    from engine.ai.hard import HardBot
    from tools.workshop.bench_bots import bench_positions

    # The reference line where the checkout has one (HardBot.reference), so old and new do the same work per line.
    make = getattr(HardBot, "reference", HardBot)

    lines = 0
    spent = 0.0
    for i, game in enumerate(bench_positions(4)):
        bot = make(i, move_time=seconds)
        bot.max_lines = None
        bot.choose(game.view(game.to_move))
        search = bot.last_search or {}
        lines += search.get("iterations", 0)
        spent += search.get("seconds", 0.0)  # as the bench counts: every decision that searched or solved
        print(json.dumps({"position": i, "lines": search.get("iterations", 0), "worlds": search.get("worlds", 0),
                          "seconds": round(search.get("seconds", 0.0), 3)}))
    print(json.dumps({"tree": os.getcwd(), "lines": lines, "seconds": round(spent, 2),
                      "hard_iterations_per_s": round(lines / spent, 1) if spent else 0.0}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
