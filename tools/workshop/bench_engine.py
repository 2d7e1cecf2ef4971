"""`battleline bench engine`: the engine's measured speed (the command itself is tools.workshop.bench).

Bot figures: tools.workshop.bench_bots.

Engine figures: `games_per_s` is whole random-vs-random games with tactics, every provable flag
claimed at every claim step, on one core (with `--players 3`, `games_per_s_3p` is the same for
three random bots in the three-player game, R46-R53, measured in the same run);
`claim_us_p50`/`claim_us_max` time one flag's claim proof from cold caches over the hard positions
of `bench_data`.
"""

from __future__ import annotations

import gc
import platform
import statistics
import time
from typing import Any

from engine import claims, compiled
from engine.ai.random_bot import RandomBot
from engine.game import Game
from engine.position import from_position
from engine.rules import Rules

from .bench_data import load


def bench_games(games: int, players: int = 2) -> dict[str, Any]:
    actions = 0
    claimed = 0
    rules = Rules() if players == 2 else Rules(tactics=False, players=3)
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(rules, seed=seed)
        bots = {s: RandomBot(seed * players + i) for i, s in enumerate(game.seats)}
        while game.result is None:
            action = bots[game.to_move].choose_in(game)
            game.apply(action)
            actions += 1
            claimed += action["type"] == "claim"
    elapsed = time.perf_counter() - start
    return {"games": games, "games_per_s": round(games / elapsed, 1),
            "actions_per_game": round(actions / games, 1), "claims_per_game": round(claimed / games, 2)}


def bench_claims(repeats: int = 30) -> dict[str, Any]:
    """Each hard position judged from cold caches `repeats` times, with the garbage collector paused.

    `claim_us_max` is the slowest position (the median of its runs, so one run pre-empted by another
    process does not decide it); `claim_us_max_single` is the slowest single run, for the record.
    """
    cases = load()
    samples: list[float] = []
    per_position: list[float] = []
    gc.disable()
    try:
        for case in cases:
            game = from_position(case["position"])
            runs = []
            for _ in range(repeats):
                game.best_cache.clear()
                claims._STRENGTH_CACHE.clear()
                t0 = time.perf_counter_ns()
                game.judge_claim(case["flag"], case["claimant"])
                runs.append((time.perf_counter_ns() - t0) / 1000)
            samples.extend(runs)
            per_position.append(statistics.median(runs))
    finally:
        gc.enable()
    return {"claim_positions": len(cases), "claim_us_p50": round(statistics.median(samples), 1),
            "claim_us_max": round(max(per_position), 1), "claim_us_max_single": round(max(samples), 1)}


def bench_engine(games: int, players: int = 2) -> dict[str, Any]:
    """The figures, with the core that made them ("compiled" or "pure": the shared rules run in either)."""
    out: dict[str, Any] = {"python": platform.python_version(), "core": compiled.status()}
    out.update(bench_games(games))
    if players == 3:
        out.update({f"{k}_3p": v for k, v in bench_games(games, 3).items() if k != "games"})
    out.update(bench_claims())
    return out
