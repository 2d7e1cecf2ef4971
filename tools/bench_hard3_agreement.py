"""How much the three-player hard bot's choice depends on the worlds it deals: the same positions searched
on two seeds, and how often the two searches choose the same play.

Run from a checkout's root: `python tools/bench_hard3_agreement.py [LINES] [--positions N] [--other 1000]
[--set NAME=VALUE ...] [--players 2 [--tactics]]`. The positions are normal-bot games (three players troops
only, or `--players 2`, troops only or with `--tactics`; seeds 300 onward)
after 12 to 36 steps (seed 300 + i after 12 + i % 25), brought to a play step. Hard (fixed lines, so the
work is the same on any machine) chooses at each on seed i and on seed i + OTHER; the line printed last
gives the positions, how many times the two chose the same play, and how many times their screened short
lists were the same set. `--set` changes a setting of engine.ai.hard3 (two players: of HardBot).

`--spread WORLDS` measures instead where the search's noise comes from (docs/BOTS.md, issue 61's eighth
round): for each middle-game position, every screened candidate is played in the same WORLDS worlds, each
with two independent draws of the leaf's shares; it prints the gap between the two best candidates in
units of its standard error, and how much of a difference's variance between two candidates is the
shares' (the same deal, other shares) rather than the deal's.

`--regret WORLDS` reads each choice's loss: an oracle (today's search with every legal play met in WORLDS
worlds, the same for every play, kept in `--oracle-file` and read from there next time) values every
play, and a choice loses the best play's value less its own. It prints the mean loss over the choices
and how many lose more than 0.05 (a value of 0.05 is 2.5 points of win chance).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import statistics
import sys
import time
from typing import Any


def positions(count: int, players: int = 3, tactics: bool = False) -> list[Any]:
    """The measured positions: normal-bot games after 12 to 36 steps, each at a play step."""
    from engine.ai import make_bot
    from engine.game import Game
    from engine.rules import Rules

    rules = Rules(tactics=tactics and players == 2, claim_timing="standard", players=players)
    out = []
    for i in range(count):
        seed = 300 + i
        game = Game.new(rules, seed, "south", {s: s for s in rules.seats})
        normals = {s: make_bot("normal", k + seed) for k, s in enumerate(rules.seats)}
        for _ in range(12 + i % 25):
            if game.over:
                break
            game.apply(normals[game.to_move].choose(game.view(game.to_move)))
        while not game.over and game.phase != "play":
            game.apply(game.legal_actions()[0])
        if not game.over:
            out.append(game)
    return out


def agreement(games: list[Any], lines: int, other: int, common_screen: bool = False) -> dict[str, Any]:
    """Hard's choice at every position on seed i and i + other: how often the same, and the same short list.
    With `common_screen` both searches screen on the same worlds (seed i), to tell the screening's part."""
    from engine.ai import hard3, make_bot
    from engine.ai.hard import HardBot

    shortlists: list[list[Any]] = []
    original = hard3.search3
    two = HardBot._search

    def recording2(bot: Any, game: Any, candidates: list[Any], *rest: Any) -> Any:
        shortlists.append(list(candidates))
        return two(bot, game, candidates, *rest)

    setattr(HardBot, "_search", recording2)  # noqa: B010 - records the short list, put back below
    screen = hard3.rank_three
    position = [0]
    if common_screen:
        setattr(hard3, "rank_three",  # noqa: B010 - a stand-in for the measurement, put back below
                lambda game, actions, rng, stages: screen(game, actions, random.Random(position[0]), stages))

    def recording(bot: Any, game: Any, candidates: list[Any], *rest: Any) -> Any:
        shortlists.append(list(candidates))
        return original(bot, game, candidates, *rest)

    setattr(hard3, "search3", recording)  # noqa: B010 - records the short list, put back below
    same = same_list = middle = same_middle = 0
    cpu = 0.0
    rows = []
    try:
        for i, game in enumerate(games):
            position[0] = i
            chosen = []
            lists = []
            for seed in (i, i + other):
                shortlists.clear()
                bot = make_bot("hard", seed, None, lines)
                started = time.process_time()
                chosen.append(bot.choose(game.view(game.to_move)))
                cpu += time.process_time() - started
                lists.append(sorted(map(str, shortlists[0])) if shortlists else [])
            agree = chosen[0] == chosen[1]
            is_middle = game.deck_sizes["troops"] > (hard3.ENDGAME_DECK if len(game.seats) == 3 else 0)
            same += agree
            same_list += lists[0] == lists[1]
            middle += is_middle
            same_middle += agree and is_middle
            rows.append({"position": i, "deck": game.deck_sizes["troops"], "same": agree,
                         "same_list": lists[0] == lists[1], "chosen": [str(c) for c in chosen]})
    finally:
        setattr(hard3, "search3", original)  # noqa: B010
        setattr(HardBot, "_search", two)  # noqa: B010
        setattr(hard3, "rank_three", screen)  # noqa: B010
    return {"lines": lines, "positions": len(games), "same": same, "same_list": same_list, "middle": middle,
            "same_middle": same_middle, "cpu_s": round(cpu, 1), "rows": rows}


def spread(games: list[Any], worlds: int) -> dict[str, Any]:
    """Where the noise is: every screened candidate in the same worlds, two share draws a world."""
    from engine.ai import hard3
    from engine.ai.lean_search3 import Ranker, line3
    from engine.ai.three import rank_three
    from engine.ai.three_playout import lean_play, lean_world
    from engine.rules import SEATS3

    gaps = []
    share_parts = []
    sds: list[float] = []
    rows = []
    for i, game in enumerate(games):
        if game.deck_sizes["troops"] <= hard3.ENDGAME_DECK:
            continue
        rng = random.Random(i)
        ranked = rank_three(game, game.legal_actions(), rng, hard3.SCREEN3)
        if len(ranked) < 2:
            continue
        me = SEATS3.index(game.to_move)
        moves = [lean_play(a) for _, a in ranked]
        ranker = Ranker()
        values: list[list[list[float]]] = [[[], []] for _ in moves]  # [candidate][draw][world]
        for _ in range(worlds):
            base = lean_world(game, game.to_move, rng)
            for draw in range(2):
                shares = hard3.deal_shares(rng, me)
                for k, move in enumerate(moves):
                    state = base.copy()
                    state.apply(move)
                    values[k][draw].append(line3(state, me, shares, ranker, hard3.REPLIES3, hard3.FOLLOW_UPS3,
                                                 hard3.PARANOID, hard3.LEARNT3))
        means = [statistics.fmean(v[0] + v[1]) for v in values]
        order = sorted(range(len(moves)), key=lambda k: -means[k])
        first, second = order[0], order[1]
        # The difference of the two best in each world and draw (one draw is what the search sees in a world),
        # and the part of its variance that the shares make: half the mean square of two draws' difference.
        diff = [a - b for a, b in zip(values[first][0], values[second][0], strict=True)]
        diff2 = [a - b for a, b in zip(values[first][1], values[second][1], strict=True)]
        total = statistics.pvariance(diff + diff2)
        within = statistics.fmean((a - b) ** 2 for a, b in zip(diff, diff2, strict=True)) / 2
        # The gap's standard error over the worlds measured here (each world's two draws averaged).
        error = statistics.pstdev([(a + b) / 2 for a, b in zip(diff, diff2, strict=True)]) / worlds ** 0.5
        gap = means[first] - means[second]
        gaps.append(gap / error if error else float("inf"))
        share_parts.append(within / total if total else 0.0)
        rows.append({"position": i, "candidates": len(moves), "gap": round(gap, 4),
                     "gap_in_errors_at_worlds": round(gaps[-1], 2), "shares_part": round(share_parts[-1], 3),
                     "world_sd_of_diff": round(total ** 0.5, 4)})
        sds.append(total ** 0.5)
    return {"worlds": worlds, "positions": len(rows), "median_gap_in_errors": round(statistics.median(gaps), 2),
            "gaps_under_2_errors": sum(g < 2 for g in gaps),
            "median_shares_part": round(statistics.median(share_parts), 3),
            "median_world_sd_of_diff": round(statistics.median(sds), 4), "rows": rows}


def oracle(games: list[Any], worlds: int, path: str) -> list[dict[str, float]]:
    """Every legal play's mean line value over `worlds` worlds with today's leaf (two shares drawn afresh),
    the same worlds for every play; kept in `path` (JSON) and read from it when it is there."""
    from engine.ai import hard3
    from engine.ai.lean_search3 import Ranker, line3
    from engine.ai.three_playout import lean_play, lean_world
    from engine.rules import SEATS3

    try:
        with open(path, encoding="utf-8") as handle:
            kept = json.load(handle)
        if kept["worlds"] == worlds and len(kept["values"]) == len(games):
            return [dict(v) for v in kept["values"]]
    except (OSError, ValueError, KeyError):
        pass
    saved = hard3.ANTITHETIC3, hard3.LEAF_SHARES3
    hard3.ANTITHETIC3, hard3.LEAF_SHARES3 = False, 2
    out = []
    try:
        for i, game in enumerate(games):
            rng = random.Random(10**6 + i)
            me = SEATS3.index(game.to_move)
            actions = game.legal_actions()
            moves = [lean_play(a) for a in actions]
            ranker = Ranker()
            totals = [0.0] * len(moves)
            for _ in range(worlds):
                base = lean_world(game, game.to_move, rng)
                shares = hard3.deal_shares(rng, me)
                for k, move in enumerate(moves):
                    state = base.copy()
                    state.apply(move)
                    totals[k] += line3(state, me, shares, ranker, hard3.REPLIES3, hard3.FOLLOW_UPS3,
                                       hard3.PARANOID, hard3.LEARNT3)
            out.append({str(a): t / worlds for a, t in zip(actions, totals, strict=True)})
    finally:
        hard3.ANTITHETIC3, hard3.LEAF_SHARES3 = saved
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"worlds": worlds, "values": out}, handle)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", type=int, nargs="?", default=200)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--other", type=int, default=1000, help="the second seed's offset")
    parser.add_argument("--players", type=int, choices=(2, 3), default=3)
    parser.add_argument("--tactics", action="store_true", help="two players: the full rules (else troops only)")
    parser.add_argument("--spread", type=int, default=0, metavar="WORLDS")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--common-screen", action="store_true",
                        help="both seeds screen on the same worlds (the screening's part of the disagreement)")
    parser.add_argument("--regret", type=int, default=0, metavar="WORLDS",
                        help="also read each choice's loss against the best play by an oracle of today's search "
                             "over WORLDS worlds for every legal play (kept in --oracle-file)")
    parser.add_argument("--oracle-file", default="hard3_oracle.json")
    parser.add_argument("--rows", action="store_true", help="print each position's row too")
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())
    from engine.ai import hard3
    from engine.ai.hard import HardBot
    from engine.compiled import status

    for item in args.set:
        name, _, value = item.partition("=")
        target = hard3 if args.players == 3 else HardBot
        if not hasattr(target, name):
            print(f"bench_hard3_agreement: the {args.players}-player hard bot has no setting {name!r}", file=sys.stderr)
            return 2
        setattr(target, name, ast.literal_eval(value))
    if args.players == 2 and (args.spread or args.regret):
        print("bench_hard3_agreement: --spread and --regret measure three players", file=sys.stderr)
        return 2
    games = positions(args.positions, args.players, args.tactics)
    result = spread(games, args.spread) if args.spread else agreement(games, args.lines, args.other, args.common_screen)
    rows = result.pop("rows")
    if args.regret and not args.spread:
        values = oracle(games, args.regret, args.oracle_file)
        losses = []
        for row in rows:
            best = max(values[row["position"]].values())
            row["loss"] = [round(best - values[row["position"]][c], 4) for c in row["chosen"]]
            losses += row["loss"]
        result["mean_loss"] = round(statistics.fmean(losses), 4)
        result["loss_over_0.05"] = sum(loss > 0.05 for loss in losses)
    if args.rows:
        for row in rows:
            print(json.dumps(row))
    print(json.dumps({"core": status(), "players": args.players, "tactics": args.tactics and args.players == 2,
                      "set": args.set} | result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
