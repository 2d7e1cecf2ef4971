"""The three-player hard search's speed at fixed work: CPU seconds for four middle-game positions.

Run from a checkout's root (`python /path/to/tools/bench_hard3.py [LINES] [--plies P] [--set NAME=VALUE ...]`,
default 1,200 lines a position): it imports the engine of the current directory, so the same file
measures an older checkout. The positions are normal-vs-normal three-player games (seeds 777-780) after
24 plies (`--plies 54`: the endgame, 14 troops or fewer in the deck, where the playouts run); each is
searched once at fixed lines, so the work is the same on any machine and CPU seconds compare under load.
`--set` changes a setting of engine.ai.hard3 (`LEARNT3=True`, `CUTOFF3=6`: the learnt evaluation).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", type=int, nargs="?", default=1200)
    parser.add_argument("--plies", type=int, default=24)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    lines = args.lines
    sys.path.insert(0, os.getcwd())
    from engine.ai import hard3

    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(hard3, name):
            print(f"bench_hard3: hard3 has no setting {name!r}", file=sys.stderr)
            return 2
        setattr(hard3, name, ast.literal_eval(value))
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
        for _ in range(args.plies):
            if game.over:
                break
            game.apply(normals[game.to_move].choose(game.view(game.to_move)))
        while game.phase != "play":
            game.apply(game.legal_actions()[0])
        hard = make_bot("hard", i, None, lines)
        started = time.process_time()
        hard.choose(game.view(game.to_move))
        cpu += time.process_time() - started
        search = getattr(hard, "last_search", None) or {}
        done += int(search.get("iterations", 0))
    print(json.dumps({"core": status(), "plies": args.plies, "set": args.set, "lines": done, "cpu_s": round(cpu, 3),
                      "lines_per_cpu_s": round(done / cpu, 1) if cpu else 0.0}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
