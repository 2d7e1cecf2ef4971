"""`battleline bench bots`: how fast the hard bot searches, as one JSON object.

- `hard_iterations_per_s`: the hard bot's search lines per second over a fixed set of positions
  (the play steps of normal-vs-normal games, full rules), each searched for `--seconds` (default
  0.5) on one core. One iteration is one candidate play judged in one sampled world.
- `playouts_per_s_game` / `playouts_per_s_lean`: whole games played by the easy playout policy on
  engine.Game (engine.ai.playout) and on the lean state (engine.ai.lean_policy), from the deal.
- `core`: "compiled" when the hot modules run as the optional mypyc build (engine.compiled), else "pure".
"""

from __future__ import annotations

import time
from typing import Any

from .. import compiled
from ..game import Game
from .lean import Lean
from .lean_policy import LeanPolicy
from .normal import NormalBot
from .playout import PlayoutBot

#: Positions are taken after this many actions of each bench game, at the next play step.
SNAPSHOTS = (12, 40, 70, 100)


def bench_positions(games: int = 4) -> list[Game]:
    """Play steps from normal-vs-normal games on fixed seeds: early, middle and late positions."""
    out: list[Game] = []
    for seed in range(games):
        game = Game.new(seed=7000 + seed)
        bot = NormalBot(seed)
        wanted = list(SNAPSHOTS)
        while game.result is None and wanted:
            if len(game.actions) >= wanted[0] and game.phase == "play" and len(game.legal_actions()) > 1:
                out.append(game.copy())
                wanted.pop(0)
            game.apply(bot.choose_in(game))
    return out


def bench_hard(seconds: float, games: int = 4) -> dict[str, Any]:
    from .hard import HardBot

    done = 0
    spent = 0.0
    positions = bench_positions(games)
    for i, game in enumerate(positions):
        bot = HardBot(i, move_time=seconds)
        bot.max_lines = None  # the speed over the whole budget
        bot.choose(game.view(game.to_move))
        if bot.last_search:
            done += bot.last_search["iterations"]
            spent += bot.last_search["seconds"]
    return {"positions": len(positions), "seconds_per_position": seconds,
            "hard_iterations_per_s": round(done / spent, 1) if spent else 0.0}


def bench_playouts(games: int) -> dict[str, Any]:
    started = time.perf_counter()
    for seed in range(games):
        game = Game.new(seed=seed)
        bot = PlayoutBot(seed)
        while game.result is None:
            game.apply(bot.choose_in(game))
    on_game = time.perf_counter() - started
    policy = LeanPolicy(0)
    started = time.perf_counter()
    for seed in range(games):
        policy.rollout(Lean.from_game(Game.new(seed=seed)), 0)
    on_lean = time.perf_counter() - started
    return {"playout_games": games, "playouts_per_s_game": round(games / on_game, 1),
            "playouts_per_s_lean": round(games / on_lean, 1)}


def bench_bots(seconds: float | None = None, games: int | None = None) -> dict[str, Any]:
    out = bench_playouts(games or 40)
    out.update(bench_hard(seconds or 0.5))
    out["core"] = compiled.status()
    return out
