"""How well hard's three-player line foresees a normal bot's plays: the replies it considers for an opponent
against the plays normal bots really make.

Run from a checkout's root: `python tools/bench_replies3.py [GAMES] [--seed S]`. It plays GAMES troops-only
three-player games between three normal bots (seeds S onward, the first player turning with the game's
index) and, at each play step with a choice, sets the play the bot made against the fully known world
(every hand and the deck's order, as a world hard deals): how often it is among the first k favourites of the
easy rules' placement scores (`lean_search3.Ranker`, the replies hard's line chooses among: k = 4 today);
how the leaf's value for the player who moves (the forecast made exact by the world, the mover's pool with
the searching seat's reach, eight shares) ranks it; and how likely the play is under a softmax of that value
at a few temperatures, against every play equally likely (mean log-likelihood per decision, higher is
better). The last line is JSON. docs/BOTS.md (issue 61's ninth round) has the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from typing import Any

TOP = (1, 2, 4, 8, 16)
TEMPERATURES = (0.05, 0.1, 0.2, 0.4)


def decisions(games: int, seed: int) -> list[dict[str, Any]]:
    """Each normal-bot play decision with a choice: the play made, its Ranker position and the leaf's values."""
    from engine.ai import make_bot
    from engine.ai.hard3 import deal_shares
    from engine.ai.lean3 import Lean3
    from engine.ai.lean_search3 import Ranker, leaf_values, settle
    from engine.ai.three_playout import lean_play
    from engine.game import Game
    from engine.rules import Rules

    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for g in range(games):
        rules = Rules(tactics=False, players=3)
        game = Game.new(rules, seed + g, rules.seats[g % 3], {s: s for s in rules.seats})
        bots = {s: make_bot("normal", (seed + g) * 3 + i) for i, s in enumerate(rules.seats)}
        while not game.over:
            actions = game.legal_actions()
            if game.phase != "play" or len(actions) == 1:
                game.apply(actions[0])
                continue
            action = bots[game.to_move].choose(game.view(game.to_move))
            state = Lean3.from_game(game)
            mover = state.to_move
            shares = [share for _ in range(4) for share in deal_shares(rng, mover)]
            plays = state.plays()
            values = []
            for play in plays:
                after = state.copy()
                after.apply(play)
                settle(after)
                values.append(leaf_values(after, shares)[mover])
            ranked = Ranker().ranked(state, len(plays))
            made = lean_play(action)
            rows.append({"plays": len(plays), "made": plays.index(made), "values": values,
                         "ranker": ranked.index(made) if made in ranked else len(plays)})
            game.apply(action)
    return rows


def figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The shares, ranks and log-likelihoods the module's docstring names."""
    n = len(rows)
    out: dict[str, Any] = {"decisions": n, "mean_plays": round(sum(r["plays"] for r in rows) / n, 1)}
    for k in TOP:
        out[f"ranker_top{k}"] = round(sum(r["ranker"] < k for r in rows) / n, 3)
    better = sorted(sum(v > r["values"][r["made"]] for v in r["values"]) / r["plays"] for r in rows)
    out["leaf_best"] = round(sum(max(r["values"]) == r["values"][r["made"]] for r in rows) / n, 3)
    out["leaf_better_share_median"] = round(better[n // 2], 3)
    out["leaf_better_share_q75"] = round(better[3 * n // 4], 3)
    out["loglik_even"] = round(-sum(math.log(r["plays"]) for r in rows) / n, 3)
    for t in TEMPERATURES:
        total = 0.0
        for r in rows:
            top = max(r["values"])
            total += (r["values"][r["made"]] - top) / t - math.log(sum(math.exp((v - top) / t) for v in r["values"]))
        out[f"loglik_softmax_{t}"] = round(total / n, 3)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=6)
    parser.add_argument("--seed", type=int, default=910000)
    args = parser.parse_args()
    if args.games < 1:
        print("bench_replies3: GAMES must be at least 1", file=sys.stderr)
        return 2
    started = time.process_time()
    rows = decisions(args.games, args.seed)
    from engine import compiled

    print(json.dumps({"core": compiled.status(), "games": args.games, "seed": args.seed, **figures(rows),
                      "cpu_s": round(time.process_time() - started, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
