"""Three-player arena games with hard3's settings changed, one JSON line per game, so runs pair game by game.

`python tools/paired_arena3.py --bots hard,normal,normal --seed S --games N --iterations K [--set NAME=VALUE ...]`
plays the games of `battleline arena --players 3` (the same seeds and seating, engine.run.arena.play_game)
with each NAME, a setting of engine.ai.hard3 (REPLIES3, FOLLOW_UPS3, ENDGAME_DECK, ...), set to the Python
literal VALUE. Each line gives the game's index, winner ("a" is the first bot) and how it ended; the last
line the totals.
Two runs on the same seeds then compare game by game (docs/BOTS.md, issue 50):
`python tools/paired_arena3.py --compare OLD.log NEW.log` counts the games won only by each and gives the
two-sided sign test's p over them.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import time
from math import comb


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact sign test over the games the two runs split: the chance of a split this uneven."""
    n = only_a + only_b
    if not n:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(old_path: str, new_path: str) -> int:
    """Pair two runs' games by index: wins of the first bot in each, and the games only one of them won."""
    runs = []
    for path in (old_path, new_path):
        try:
            with open(path, encoding="utf-8") as handle:
                rows = [json.loads(line) for line in handle if line.startswith('{"i"')]
            runs.append({int(row["i"]): row["w"] == "a" for row in rows})
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"paired_arena3: cannot read {path}: {type(exc).__name__} {exc}", file=sys.stderr)
            return 2
    common = sorted(set(runs[0]) & set(runs[1]))
    only_old = sum(runs[0][i] and not runs[1][i] for i in common)
    only_new = sum(runs[1][i] and not runs[0][i] for i in common)
    print(json.dumps({"games": len(common), "old": sum(runs[0][i] for i in common),
                      "new": sum(runs[1][i] for i in common), "only_old": only_old, "only_new": only_new,
                      "sign_p": round(sign_test(only_old, only_new), 3)}))
    return 0


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        return compare(sys.argv[2], sys.argv[3])
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
        print(json.dumps({"i": i, "w": result["winner"], "how": result["how"], "max": round(mine["max"], 3),
                          "moves": mine["moves"]}),
              flush=True)
    print(json.dumps({"set": args.set, "wins": winners.count("a"), "draws": winners.count(None),
                      "games": args.games, "elapsed_s": round(time.time() - started)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
