"""The hard bot's endgame solver (engine.ai.endgame) against plain exhaustive minimax, and its use by
the hard bot, the hint and the review once nothing is left to draw (troops only, troop deck empty)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from functools import cache

import pytest

from engine.ai import make_bot
from engine.ai.endgame import DRAW, LOSS, WIN, OverBudget, Solver, fully_known, settle
from engine.ai.hard import HardBot
from engine.ai.lean import Lean
from engine.game import Game
from engine.position import from_position
from engine.rulebook import PLAY, from_action, to_action
from engine.rules import Rules


@cache
def _played_to_the_endgame(seed: int) -> Game | None:
    game = Game.new(Rules(tactics=False), seed, "north", {"north": "a", "south": "b"})
    bot = make_bot("easy", seed)
    while game.result is None:
        if game.phase == "play" and not game.deck_sizes["troops"] and len(game.legal_actions()) > 1:
            return game
        game.apply(bot.choose_in(game))
    return None


def _endgame(seed: int) -> Game | None:
    """The easy bot against itself, troops only, until nothing is left to draw, at a play step with a
    choice; None if the game ends first (most do). Played once per seed for the whole file (the tests
    share the same seeds), and each caller gets its own copy."""
    game = _played_to_the_endgame(seed)
    return None if game is None else game.copy()


@cache
def _proven_values(seed: int) -> tuple[list[tuple[int, ...]], list[int]] | None:
    game = _played_to_the_endgame(seed)
    if game is None:
        return None
    state = Lean.from_game(game)
    plays = state.plays()
    return plays, Solver(state.to_move, 1_000_000).values(state, plays)


def _solved_endgames(seeds: int) -> Iterator[tuple[int, Game, list[tuple[int, ...]], list[int]]]:
    """(seed, game, plays, each play's proven value) for the seeds below `seeds` that reach an endgame."""
    for seed in range(seeds):
        game, solved = _endgame(seed), _proven_values(seed)
        if game is not None and solved is not None:
            yield seed, game, list(solved[0]), list(solved[1])


class _TooBig(Exception):
    pass


def _minimax(state: Lean, me: int, budget: list[int]) -> int:
    """The result for `me` with every action tried on both sides, claims and "done" included (the
    solver always claims), no pruning and no table: slow, but plainly right. The lean state's rules
    are checked against engine.Game in tests/test_bots_lean.py; Game itself is too slow for this."""
    if state.over:
        return DRAW if state.winner < 0 else (WIN if state.winner == me else LOSS)
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooBig
    values = []
    for action in state.legal():
        after = state.copy()
        after.apply(action)
        values.append(_minimax(after, me, budget))
    return max(values) if state.to_move == me else min(values)


def test_the_endgame_solver_proves_what_exhaustive_minimax_finds() -> None:
    """Every position along random continuations of real endgames, each judged for both seats by
    one solver per game (its table shared, as in a decision), against the plain search."""
    seen: dict[int, int] = {WIN: 0, DRAW: 0, LOSS: 0}
    rng = random.Random(5)
    for seed in range(80):
        game = _endgame(seed)
        if game is None:
            continue
        start = Lean.from_game(game)
        assert fully_known(start)
        solvers = [Solver(seat, 10_000_000) for seat in (0, 1)]
        for _ in range(2):
            state = start.copy()
            while not state.over:
                for seat, solver in enumerate(solvers):
                    try:
                        truth = _minimax(state, seat, [20_000])
                    except _TooBig:
                        continue  # too big for the plain search
                    assert solver.value(state) == truth, seed
                    seen[truth] += 1
                state.apply(rng.choice(state.plays()))
                settle(state)
    assert seen[WIN] >= 50 and seen[LOSS] >= 50, seen


def test_hard_plays_a_proven_win_when_one_exists_and_says_so() -> None:
    found = 0
    for seed, game, plays, values in _solved_endgames(60):
        if WIN not in values or min(values) == WIN:
            continue  # only positions where some plays win and some do not
        bot = HardBot(seed, iterations=400)
        chosen = bot.choose(game.view(game.to_move))
        assert values[plays.index(from_action(chosen))] == WIN, (seed, chosen)
        assert bot.last_search is not None and bot.last_search["win_chance"] == 1.0
        found += 1
        if found >= 3:
            break
    assert found >= 3, found


def test_the_solver_stops_at_its_budget() -> None:
    for seed in range(40):
        game = _endgame(seed)
        if game is None:
            continue
        state = Lean.from_game(game)
        full = Solver(state.to_move, 1_000_000)
        full.values(state, state.plays())
        if full.nodes > 50:
            break
    else:
        raise AssertionError("no endgame needed more than 50 positions")
    tight = Solver(state.to_move, 50)
    with pytest.raises(OverBudget):
        tight.values(state, state.plays())
    assert tight.nodes == 51


def test_settle_makes_every_claim_between_plays() -> None:
    game = next(g for g in (_endgame(seed) for seed in range(40)) if g is not None)
    state = Lean.from_game(game)
    for play in state.plays():
        after = state.copy()
        after.apply(play)
        settle(after)
        assert after.over or (after.phase == PLAY and not after.claimable(1 - after.to_move))


def test_the_review_charges_endgame_moves_their_proven_cost() -> None:
    """Nothing left to draw: the review judges moves by the solver, not by playouts. A proven winning
    move that the playouts rate lower costs nothing; a proven losing one costs all (1.0)."""
    from engine.record import to_record
    from engine.run.review import review

    found = next(((seed, game, plays, values, misjudged) for seed, game, plays, values in _solved_endgames(80)
                  if LOSS in values and (misjudged := _misjudged_wins(game, plays, values))), None)
    assert found is not None, "no endgame with a losing play and a winning play that playouts misjudge"
    seed, game, plays, values, misjudged = found
    seat, index = game.to_move, len(game.actions)
    for play, cost in ((misjudged[0], 0.0), (plays[values.index(LOSS)], 1.0)):
        line = game.copy()
        line.apply(to_action(play))
        bot = make_bot("easy", seed)
        while line.result is None:
            line.apply(bot.choose_in(line))
        result = review(to_record(line), seat, iterations=20, seed=1)
        move = next(m for m in result["moves"] if m["index"] == index)
        assert move["cost"] == cost and move["win_chance_preferred"] == 1.0, move
        assert move["win_chance_played"] == (1.0 if cost == 0.0 else 0.0), move
        assert values[plays.index(from_action(move["preferred"]))] == WIN


def _misjudged_wins(game: Game, plays: list[tuple[int, ...]], values: list[int]) -> list[tuple[int, ...]]:
    """The proven winning plays that hard's playouts (its search without the solver) rate below 1.0."""
    bot = HardBot(1, iterations=4 * len(plays))
    bot.max_lines = None
    bot._search(from_position(game.view(game.to_move)), [to_action(p) for p in plays], time.perf_counter())
    chances = {repr(a): v for a, v in bot.last_values}
    return [p for p, v in zip(plays, values, strict=True) if v == WIN and chances.get(repr(to_action(p)), 1.0) < 1.0]


def test_the_hint_says_when_its_chance_is_proven() -> None:
    """`battleline hint --bot hard` on an endgame with nothing left to draw: the exact chance, marked proven."""
    from engine.run.hint import hint

    for seed in range(40):
        game = _endgame(seed)
        if game is not None:
            break
    else:
        raise AssertionError("no endgame")
    state = Lean.from_game(game)
    best = max(Solver(state.to_move, 1_000_000).values(state, state.plays()))
    out = hint(game.view(game.to_move), "hard", seed=1)
    assert out["proven"] is True and out["win_chance"] == {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}[best], out


def _tactics_endgame() -> Game:
    """Two normal bots, full rules, seed 4, until the troop deck is empty while the tactics deck is not,
    at a play step with a choice: some cards are still hidden (which tactics the opponent holds, the
    tactics deck's order), so no single proof exists."""
    game = Game.new(Rules(tactics=True), 4, "north", {"north": "a", "south": "b"})
    bots = {seat: make_bot("normal", 8 + k) for k, seat in enumerate(("north", "south"))}
    while game.result is None:
        if game.phase == "play" and not game.deck_sizes["troops"] and game.deck_sizes["tactics"] \
                and len(game.legal_actions()) > 3:
            return game
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    raise AssertionError("seed 4 no longer reaches a troop deck empty with tactics left")


def test_hard_proves_each_play_in_dealt_worlds_once_the_troops_run_out() -> None:
    """Troop deck empty, tactics deck not: each play is proven won, drawn or lost in several dealt worlds
    (HardBot._solve_dealt), every play is judged, and the best summed proof is played."""
    game = _tactics_endgame()
    view = game.view(game.to_move)
    bot = HardBot(3, iterations=200)
    chosen = bot.choose(view)
    search = bot.last_search
    assert search is not None and search["positions"] > 0 and search["worlds"] >= 2 and search["proven"] is False
    chances = dict((repr(a), v) for a, v in bot.last_values)
    assert set(chances) == {repr(a) for a in from_position(view).legal_actions()}
    assert chances[repr(chosen)] == max(chances.values())
    # every value is a mean of proofs (+1, 0, -1) over the worlds, read as a chance
    sums = [(2 * v - 1) * search["worlds"] for v in chances.values()]
    assert all(abs(total - round(total)) < 0.05 for total in sums), sums
    off = HardBot(3, iterations=200)
    off.solve_troops = -1  # the search with playouts instead, as before
    off.choose(view)
    assert off.last_search is not None and "positions" not in off.last_search
