"""`battleline bench bots`: how fast the hard bot searches, as one JSON object.

- `hard_iterations_per_s`: the hard bot's search lines per second over a fixed set of positions
  (the play steps of normal-vs-normal games, full rules), each searched for `--seconds` (default
  0.5) on one core. One iteration is one candidate play judged in one sampled world. The line has
  the reference code's settings (hard.REFERENCE_LINE), so the figure compares with older code;
  `hard_play_iterations_per_s` is the same with the line hard plays today (more answers and leaf
  shares: a costlier line).
- `playouts_per_s_game` / `playouts_per_s_lean`: whole games played by the easy playout policy on
  engine.Game (the easy bot, engine.ai.simple) and on the lean state (engine.ai.lean_policy), from the deal.
- `battleline bench review`: a whole game's review of one seat as the results screen runs it
  (engine.run.review.ReviewProcess, REVIEW_JOBS processes, REVIEW_ITERATIONS lines a move), timed from
  the start of the processes to the answer: `review_seconds`, `review_moves` (the moves reviewed).
- `core`: "compiled" when the hot modules run as the optional mypyc build (engine.compiled), else "pure".
"""

from __future__ import annotations

import time
from typing import Any

from engine import compiled
from engine.ai.lean import Lean
from engine.ai.lean_policy import LeanPolicy
from engine.ai.normal import NormalBot
from engine.ai.simple import SimpleBot
from engine.game import Game

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
    from engine.ai.hard import HardBot

    positions = bench_positions(games)
    rates = {}
    for key, make in (("hard_iterations_per_s", HardBot.reference), ("hard_play_iterations_per_s", HardBot)):
        done = 0
        spent = 0.0
        for i, game in enumerate(positions):
            bot = make(i, move_time=seconds)
            bot.max_lines = None  # the speed over the whole budget
            bot.choose(game.view(game.to_move))
            if bot.last_search:
                done += bot.last_search["iterations"]
                spent += bot.last_search["seconds"]
        rates[key] = round(done / spent, 1) if spent else 0.0
    return {"positions": len(positions), "seconds_per_position": seconds, **rates}


def bench_playouts(games: int) -> dict[str, Any]:
    started = time.perf_counter()
    for seed in range(games):
        game = Game.new(seed=seed)
        bot = SimpleBot(seed)
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


def review_game(seed: int = 5) -> Game:
    """The game `bench review` reviews: normal against normal, full rules, from `seed`."""
    game = Game.new(seed=seed, first="south")
    bots = {"south": NormalBot(seed), "north": NormalBot(seed + 1)}
    while game.result is None:
        game.apply(bots[game.to_move].choose_in(game))
    return game


def bench_review(seed: int = 5, seat: str = "south", iterations: int | None = None) -> dict[str, Any]:
    """The seconds a whole game's review of `seat` takes, processes started and answer merged (at
    REVIEW_ITERATIONS lines a move unless `iterations` says otherwise)."""
    from engine.record import to_record
    from engine.run.review import REVIEW_ITERATIONS, REVIEW_JOBS, ReviewProcess

    record = to_record(review_game(seed))
    started = time.perf_counter()
    iterations = iterations or REVIEW_ITERATIONS
    process = ReviewProcess(record, seat, iterations)
    try:
        while not process.poll():
            time.sleep(0.02)
    finally:
        process.cancel()
    seconds = time.perf_counter() - started
    if process.error is not None or process.result is None:
        raise RuntimeError(f"the review failed: {process.error}")
    return {"review_seed": seed, "review_seat": seat, "review_moves": len(process.result["moves"]),
            "review_iterations": iterations, "review_jobs": REVIEW_JOBS,
            "review_seconds": round(seconds, 2), "core": compiled.status()}
