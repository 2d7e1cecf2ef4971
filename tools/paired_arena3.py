"""Three-player arena games with hard3's settings changed, one JSON line per game, so runs pair game by game.

`python tools/paired_arena3.py --bots hard,normal,normal --seed S --games N --iterations K [--set NAME=VALUE ...]`
plays the games of `battleline arena --players 3` (the same seeds and seating, engine.run.arena.play_game)
with each NAME, a setting of engine.ai.hard3 (REPLIES3, FOLLOW_UPS3, ENDGAME_DECK, ...), set to the Python
literal VALUE. Each line gives the game's index and winner ("a" is the first bot); the last line the totals.
Two runs on the same seeds then compare game by game (docs/BOTS.md, issue 50).
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
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    from engine.ai import hard3
    from engine.run import arena

    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(hard3, name):
            print(f"paired_arena3: engine.ai.hard3 has no setting {name!r}", file=sys.stderr)
            return 2
        setattr(hard3, name, ast.literal_eval(value))
    bots = tuple(args.bots.split(","))
    winners = []
    started = time.time()
    for i in range(args.games):
        result = arena.play_game({"index": i, "seed": args.seed + i, "bots": bots, "move_time": None,
                                  "iterations": args.iterations, "tactics": False, "claim_timing": "standard",
                                  "players": len(bots)})
        winners.append(result["winner"])
        mine = result["stats"]["a"]
        print(json.dumps({"i": i, "w": result["winner"], "max": round(mine["max"], 3), "moves": mine["moves"]}),
              flush=True)
    print(json.dumps({"set": args.set, "wins": winners.count("a"), "draws": winners.count(None),
                      "games": args.games, "elapsed_s": round(time.time() - started)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
