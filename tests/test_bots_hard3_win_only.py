"""Hard's three-player search playing for its own win alone (hard3.WIN_ONLY3, issue 61's ninth round): a drawn
game (R50-R51: the most flags shared once all three passed) counts as a loss in the leaf's outcome tables, at a
finished line, in the playouts and in the solver; off, every value is the one the search read before."""

from __future__ import annotations

import random

import pytest
from three_bots import assert_hard3_reproducible, assert_three_decisions_alike, core_built, leaf_world3, position3

from engine.ai import hard3
from engine.ai.hard import HardBot
from engine.ai.lean_search3 import leaf_values, values3
from engine.ai.three import OUTCOMES, _wins, outcome_table
from engine.ai.three_playout import playout_score
from engine.rulebook import OVER
from engine.rules import FRONTS3, SEATS3


def _held(mask: int) -> dict[str, set[int]]:
    held: dict[str, set[int]] = {s: set() for s in SEATS3}
    for i in range(9):
        held[FRONTS3[i][0] if mask >> i & 1 else FRONTS3[i][1]].add(i + 1)
    return held


@pytest.mark.parametrize("seat", SEATS3)
def test_r51_the_win_only_table_counts_a_most_shared_with_us_as_a_loss_and_nothing_else(seat: str) -> None:
    plain, win_only = outcome_table(seat), outcome_table(seat, -1.0)
    assert plain == OUTCOMES[seat]
    changed = [m for m in range(512) if plain[m] != win_only[m]]
    assert changed, "some way the flags fall leaves nobody a win and the most shared"
    for mask in changed:
        held = _held(mask)
        assert not any(_wins(held[s], s) for s in SEATS3)
        most = max(len(h) for h in held.values())
        assert len(held[seat]) == most and sum(len(h) == most for h in held.values()) > 1
        assert (plain[mask], win_only[mask]) == (0.0, -1.0)
    races = [m for m in range(512) if plain[m] == 0.0 and m not in changed]
    assert races and all(win_only[m] == 0.0 for m in races), "a race we are in stays an even chance"


def test_r51_the_win_only_leaf_values_a_drawn_end_as_a_loss_and_never_more_than_before() -> None:
    world, shares = leaf_world3()
    drawn = world.copy()
    drawn.phase, drawn.winner = OVER, -1
    assert leaf_values(drawn, shares) == (0.0, 0.0, 0.0)
    assert leaf_values(drawn, shares, win_only=True) == (-2.0, -2.0, -2.0)
    rng = random.Random(51)
    lower = 0
    for _ in range(300):
        odds = [rng.choice((0.0, 0.25, 0.5, 0.75, 1.0, rng.random())) for _ in range(9)]
        plain, win_only = values3(odds), values3(odds, True)
        assert all(w <= p + 1e-12 for w, p in zip(win_only, plain, strict=True))
        lower += any(w < p - 1e-9 for w, p in zip(win_only, plain, strict=True))
    assert lower > 30


def test_r51_the_playouts_and_the_solver_score_a_drawn_end_as_told() -> None:
    world, _ = leaf_world3()
    drawn = world.copy()
    drawn.phase, drawn.winner = OVER, -1
    assert playout_score(drawn, 0) == 0.0 and playout_score(drawn, 0, -1.0) == -1.0
    assert hard3.Solver3(0, 100, None).value(drawn) == 0
    assert hard3.Solver3(0, 100, None, -1).value(drawn) == -1
    won = world.copy()
    won.phase, won.winner = OVER, 2
    assert hard3.Solver3(2, 100, None, -1).value(won) == 1 and playout_score(won, 2, -1.0) == 1.0


def test_hard3_win_only_is_reproducible_at_fixed_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard3, "WIN_ONLY3", True)
    assert_hard3_reproducible(60)


def test_hard3_win_only_reads_other_values_in_the_same_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The setting reaches the search: at the same seed and lines (six worlds, before any halving) its values
    differ from today's in middle-game positions, and on average are lower (a draw only loses worth; a single
    line may end higher, as the greedy replies it meets may change)."""
    lower = 0
    differ = 0
    for seed in range(4):
        game = position3(40 + seed, 24 + 2 * seed)
        values = []
        for win_only in (False, True):
            monkeypatch.setattr(hard3, "WIN_ONLY3", win_only)
            bot = HardBot(seed, iterations=48)
            bot.choose(game.view(game.to_move))
            values.append(dict((repr(a), v) for a, v in bot.last_values))
        common = set(values[0]) & set(values[1])
        assert len(common) == 8
        differ += any(values[1][k] != values[0][k] for k in common)
        lower += sum(values[1].values()) < sum(values[0].values())
    assert differ == 4 and lower == 4


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard3_win_only_decisions_are_the_same_compiled_and_pure() -> None:
    assert_three_decisions_alike("from engine.ai import hard3\nhard3.WIN_ONLY3 = True\n")

