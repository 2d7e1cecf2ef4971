"""The three-player hard search's speed at fixed work: CPU seconds for four middle-game positions.

Run from a checkout's root (`python /path/to/tools/bench_hard3.py [LINES]`, default 1,200 lines a
position): it imports the engine of the current directory, so the same file measures an older checkout.
The positions are normal-vs-normal three-player games (seeds 777-780) after 24 plies; each is searched
once at fixed lines, so the work is the same on any machine and CPU seconds compare under load.
"""

from __future__ import annotations

import json
import os
import sys
import time


def main() -> int:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1200
    sys.path.insert(0, os.getcwd())
    from engine.ai import make_bot
    from engine.compiled import status
    from engine.game import Game
    from engine.rules import Rules

    rules = Rules(tactics=False, claim_timing="standard", players=3)
    cpu = 0.0
    done = 0
    for i, seed in enumerate((777, 778, 779, 780)):
        game = Game.new(rules, seed, "south", {s: s for s in rules.seats})
        normals = {s: make_bot("normal", k) for k, s in enumerate(rules.seats)}
        for _ in range(24):
            game.apply(normals[game.to_move].choose(game.view(game.to_move)))
        while game.phase != "play":
            game.apply(game.legal_actions()[0])
        hard = make_bot("hard", i, None, lines)
        started = time.process_time()
        hard.choose(game.view(game.to_move))
        cpu += time.process_time() - started
        search = getattr(hard, "last_search", None) or {}
        done += int(search.get("iterations", 0))
    print(json.dumps({"core": status(), "lines": done, "cpu_s": round(cpu, 3),
                      "lines_per_cpu_s": round(done / cpu, 1) if cpu else 0.0}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
