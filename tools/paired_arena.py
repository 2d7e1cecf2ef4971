"""Two-player arena games with the hard bot's settings changed, one JSON line per game, so runs pair game by game.

`python tools/paired_arena.py --bots hard,normal --seed S --games N --iterations K [--no-tactics]
[--set NAME=VALUE ...]` plays the games of `battleline arena` (the same seeds and seating,
engine.run.arena.play_game) with each NAME set to the Python literal VALUE: a HardBot attribute
(`follow_ups`, `solve_troops`, `max_lines`, ...) or a constant of engine.ai.hard (`SCREEN`, `HALVINGS`,
...). Each line gives the game's index, its winner ("a" is the first bot), how it ended and what was
left in the decks; the last line the totals. `--start` skips the first games of a run. Two runs on the
same seeds then compare game by game (docs/BOTS.md).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--start", type=int, default=0, help="first game index to play (to split a run)")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--move-time", type=float, default=None)
    parser.add_argument("--no-tactics", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    from engine.ai import hard
    from engine.run import arena

    for item in args.set:
        name, _, value = item.partition("=")
        target = hard.HardBot if hasattr(hard.HardBot, name) else hard if hasattr(hard, name) else None
        if target is None:
            print(f"paired_arena: neither HardBot nor engine.ai.hard has a setting {name!r}", file=sys.stderr)
            return 2
        setattr(target, name, ast.literal_eval(value))
    bots = tuple(args.bots.split(","))
    winners = []
    started = time.time()
    for i in range(args.start, args.games):
        result = arena.play_game({"index": i, "seed": args.seed + i, "bots": bots, "move_time": args.move_time,
                                  "iterations": args.iterations, "tactics": not args.no_tactics,
                                  "claim_timing": "standard", "players": 2})
        winners.append(result["winner"])
        mine = result["stats"]["a"]
        print(json.dumps({"i": i, "w": result["winner"], "how": result["how"], "decks": result["decks_left"],
                          "actions": result["actions"], "max": round(mine["max"], 3), "moves": mine["moves"]}),
              flush=True)
    print(json.dumps({"set": args.set, "wins": winners.count("a"), "draws": winners.count(None),
                      "games": len(winners), "elapsed_s": round(time.time() - started)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
