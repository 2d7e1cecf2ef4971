"""`battleline arena`: bots play each other; one JSON object of results on standard output.

Game i uses seed S+i; bot A sits north in even games and south in odd ones, and the first player
alternates every two games, so each bot meets every seat and turn order equally often. With
`--players 3` (R46-R53) three bots A, B, C take the six orders of south, west and east in turn, and
the first player moves on every six games: every 18 games each bot has met every seat and every turn
order equally often; the summary gives win rates per bot and per seat. Each bot
sees only its own seat's view (a position, as over the wire). An illegal action is counted and
replaced by a random legal one so the game still ends; a bot that raises is counted the same way.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time
from typing import Any

from ..ai import LEVELS, make_bot
from ..errors import IllegalAction, NotationError
from ..game import Game
from ..rules import SEATS, SEATS3, Rules

#: A game longer than this many actions is stopped as a draw: a safety net, never reached in practice.
MAX_ACTIONS = 3000


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound even near 0% and 100%, unlike the normal one."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def seating(index: int) -> tuple[str, str]:
    """(seat of bot A, first player) for game `index`."""
    return SEATS[index % 2], SEATS[(index // 2) % 2]


ORDERS3: tuple[tuple[int, int, int], ...] = ((0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2))


def seating3(index: int) -> tuple[dict[str, str], str]:
    """({seat: bot label}, first player) for game `index` of a three-player arena."""
    order = ORDERS3[index % 6]
    return {seat: "abc"[order[k]] for k, seat in enumerate(SEATS3)}, SEATS3[(index // 6) % 3]


def play_game(task: dict[str, Any]) -> dict[str, Any]:
    """Play one game; returns who won and each bot's thinking times and misdeeds."""
    index, seed = task["index"], task["seed"]
    if task.get("players", 2) == 3:
        label, first = seating3(index)
        levels = {s: task["bots"]["abc".index(label[s])] for s in SEATS3}
        bots = {s: make_bot(levels[s], seed * 3 + "abc".index(label[s]), task["move_time"], task["iterations"])
                for s in SEATS3}
        rules = Rules(tactics=False, claim_timing=task["claim_timing"], players=3)
    else:
        seat_a, first = seating(index)
        levels = {seat_a: task["bots"][0], SEATS[1 - SEATS.index(seat_a)]: task["bots"][1]}
        label = {seat_a: "a", SEATS[1 - SEATS.index(seat_a)]: "b"}
        bots = {s: make_bot(levels[s], seed * 2 + (label[s] == "b"), task["move_time"], task["iterations"])
                for s in SEATS}
        rules = Rules(tactics=task["tactics"], claim_timing=task["claim_timing"])
    game = Game.new(rules, seed, first, {s: f"{levels[s]} ({label[s]})" for s in rules.seats})
    fallback = random.Random(seed)
    stats: dict[str, dict[str, Any]] = {k: {"moves": 0, "time": 0.0, "max": 0.0, "illegal": 0, "errors": 0,
                                            "iterations": 0, "search_time": 0.0} for k in label.values()}
    while game.result is None and len(game.actions) < MAX_ACTIONS:
        seat = game.to_move
        who = stats[label[seat]]
        legal = game.legal_actions()
        view = game.view(seat)
        bot = bots[seat]
        started = time.perf_counter()
        try:
            if task.get("oracle") and label[seat] == "a":  # a measurement (tools/paired_arena.py --oracle)
                action: Any = bot.choose_in(game.copy())
            else:
                action = bot.choose(view)
        except Exception as exc:  # counted, reported, and the game goes on
            who["errors"] += 1
            who.setdefault("error_text", f"{type(exc).__name__}: {exc}")
            action = None
        spent = time.perf_counter() - started
        who["moves"] += 1
        who["time"] += spent
        who["max"] = max(who["max"], spent)
        search = getattr(bot, "last_search", None)
        if search:
            who["iterations"] += search["iterations"]
            who["search_time"] += search["seconds"]
        if action is None or action not in legal:
            who["illegal"] += action is not None
            action = fallback.choice(legal)
        try:
            game.apply(action)
        except (IllegalAction, NotationError):  # listed as legal yet refused: an engine bug, counted
            who["illegal"] += 1
            game.apply(fallback.choice(legal))
    result = game.result or {"winner": None, "how": "too long"}
    winner = result["winner"]
    return {"index": index, "winner": None if winner is None else label[winner], "how": result["how"],
            "actions": len(game.actions), "stats": stats, "winner_seat": winner, "first": first,
            "decks_left": dict(game.deck_sizes)}


def run_arena(bots: tuple[str, ...], games: int, seed: int = 0, move_time: float | None = None,
              jobs: int = 1, iterations: int | None = None, tactics: bool = True,
              claim_timing: str = "standard") -> dict[str, Any]:
    """Play the match and summarise it as the arena's JSON object (three bots: a three-player arena)."""
    players = len(bots)
    tasks = [{"index": i, "seed": seed + i, "bots": bots, "move_time": move_time, "iterations": iterations,
              "tactics": tactics, "claim_timing": claim_timing, "players": players} for i in range(games)]
    started = time.perf_counter()
    if jobs <= 1 or games <= 1:
        results = [play_game(t) for t in tasks]
    else:
        with mp.get_context("spawn").Pool(min(jobs, games)) as pool:
            results = list(pool.imap_unordered(play_game, tasks))
    elapsed = time.perf_counter() - started
    if players == 3:
        return summarise3(bots, results, seed, move_time, jobs, iterations, elapsed)
    return summarise(bots, results, seed, move_time, jobs, iterations, elapsed)


def summarise3(bots: tuple[str, ...], results: list[dict[str, Any]], seed: int, move_time: float | None,
               jobs: int, iterations: int | None, elapsed: float) -> dict[str, Any]:
    """A three-player arena: wins and win rates per bot, per level and per seat (and per first seat)."""
    games = len(results)
    keys = "abc"
    rate = (lambda n: round(n / games, 4)) if games else (lambda n: 0.0)
    players = []
    for key, level in zip(keys, bots, strict=True):
        won = sum(r["winner"] == key for r in results)
        low, high = wilson(won, games)
        moves = sum(r["stats"][key]["moves"] for r in results)
        total = sum(r["stats"][key]["time"] for r in results)
        entry: dict[str, Any] = {
            "bot": f"{level} ({key})", "wins": won, "win_rate": rate(won),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_move_s": round(total / moves, 5) if moves else 0.0,
            "max_move_s": round(max((r["stats"][key]["max"] for r in results), default=0.0), 5),
            "moves": moves,
            "illegal_actions": sum(r["stats"][key]["illegal"] for r in results),
            "errors": sum(r["stats"][key]["errors"] for r in results),
        }
        texts = [r["stats"][key]["error_text"] for r in results if "error_text" in r["stats"][key]]
        if texts:
            entry["first_error"] = texts[0]
        players.append(entry)
    by_level: dict[str, int] = {}
    for key, level in zip(keys, bots, strict=True):
        by_level[level] = by_level.get(level, 0) + sum(r["winner"] == key for r in results)
    seats = {s: sum(r["winner_seat"] == s for r in results) for s in SEATS3}
    firsts = {s: sum(r["winner_seat"] == r["first"] == s for r in results) for s in SEATS3}
    hows: dict[str, int] = {}
    for r in results:
        hows[r["how"]] = hows.get(r["how"], 0) + 1
    draws = sum(r["winner"] is None for r in results)
    return {
        "players": 3, "bots": list(bots), "games": games, "seed": seed, "move_time": move_time,
        "iterations": iterations, "jobs": jobs,
        "wins": {p["bot"]: p["wins"] for p in players}, "draws": draws,
        "win_rate_by_bot": {p["bot"]: p["win_rate"] for p in players},
        "win_rate_by_level": {level: rate(n) for level, n in by_level.items()},
        "win_rate_by_seat": {s: rate(n) for s, n in seats.items()},
        "first_player_wins": firsts,
        "bot_stats": players, "endings": hows,
        "illegal_actions": sum(p["illegal_actions"] for p in players),
        "bot_errors": sum(p["errors"] for p in players),
        "mean_actions_per_game": round(sum(r["actions"] for r in results) / games, 1) if games else 0.0,
        "elapsed_s": round(elapsed, 1),
    }


def summarise(bots: tuple[str, ...], results: list[dict[str, Any]], seed: int, move_time: float | None,
              jobs: int, iterations: int | None, elapsed: float) -> dict[str, Any]:
    games = len(results)
    wins = {k: sum(r["winner"] == k for r in results) for k in ("a", "b")}
    draws = games - wins["a"] - wins["b"]
    low, high = wilson(wins["a"], games)
    players = []
    for key, level in zip(("a", "b"), bots, strict=True):
        moves = sum(r["stats"][key]["moves"] for r in results)
        total = sum(r["stats"][key]["time"] for r in results)
        entry: dict[str, Any] = {
            "bot": level, "wins": wins[key],
            "mean_move_s": round(total / moves, 5) if moves else 0.0,
            "max_move_s": round(max((r["stats"][key]["max"] for r in results), default=0.0), 5),
            "moves": moves,
            "illegal_actions": sum(r["stats"][key]["illegal"] for r in results),
            "errors": sum(r["stats"][key]["errors"] for r in results),
        }
        searched = sum(r["stats"][key]["search_time"] for r in results)
        if searched > 0:
            done = sum(r["stats"][key]["iterations"] for r in results)
            entry["iterations_per_s"] = round(done / searched, 1)
        texts = [r["stats"][key]["error_text"] for r in results if "error_text" in r["stats"][key]]
        if texts:
            entry["first_error"] = texts[0]
        players.append(entry)
    hows: dict[str, int] = {}
    for r in results:
        hows[r["how"]] = hows.get(r["how"], 0) + 1
    return {
        "bots": list(bots), "games": games, "seed": seed, "move_time": move_time, "iterations": iterations,
        "jobs": jobs, "wins": {f"{bots[0]} (a)": wins["a"], f"{bots[1]} (b)": wins["b"]}, "draws": draws,
        "win_rate_a": round(wins["a"] / games, 4) if games else 0.0,
        "win_rate_a_ci95": [round(low, 4), round(high, 4)],
        "players": players, "endings": hows,
        "illegal_actions": sum(p["illegal_actions"] for p in players),
        "bot_errors": sum(p["errors"] for p in players),
        "mean_actions_per_game": round(sum(r["actions"] for r in results) / games, 1) if games else 0.0,
        "elapsed_s": round(elapsed, 1),
    }


def _fail(message: str) -> int:
    print(f"battleline arena: {message}", file=sys.stderr)
    return 2


def cmd_arena(args: argparse.Namespace) -> int:
    names = [n.strip() for n in str(args.bots).split(",")]
    players = getattr(args, "players", 2)
    if players == 3:
        if len(names) != 3 or not all(names):
            return _fail("--players 3: --bots expects three levels separated by commas, e.g. normal,easy,easy")
    elif len(names) != 2 or not all(names):
        return _fail("--bots expects two levels separated by a comma, e.g. easy,random")
    for name in names:
        if name not in LEVELS:
            return _fail(f"unknown bot {name!r}: expected one of {', '.join(LEVELS)}")
    if args.games < 1:
        return _fail("--games must be at least 1")
    if args.jobs < 1:
        return _fail("--jobs must be at least 1")
    if args.move_time is not None and not 0 < args.move_time <= 600:
        return _fail("--move-time must be a positive number of seconds")
    if args.iterations is not None and args.iterations < 1:
        return _fail("--iterations must be at least 1")
    if not 0 <= args.seed < 2**63:
        return _fail("--seed must be a whole number from 0 to 2^63 - 1")
    summary = run_arena(tuple(names), args.games, args.seed, args.move_time, args.jobs,
                        args.iterations, not args.no_tactics, args.claim_timing)
    json.dump(summary, sys.stdout)
    sys.stdout.write("\n")
    return 0
