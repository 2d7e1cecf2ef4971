"""The worlds the three-player hard search deals (engine.ai.hard3, issue 61's eighth round): every candidate is
judged in the same dealt worlds with the same shares (common random numbers), and the leaf's shares may come in
antithetic pairs (hard3.ANTITHETIC3, off by default) without changing what is drawn when off."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest
from three_bots import assert_hard3_reproducible, assert_three_decisions_alike, core_built, position3

from engine.ai import hard3
from engine.ai.forecast import antithetic_masks, random_mask
from engine.ai.hard import HardBot

FULL = (1 << 64) - 1


def _spied_search(monkeypatch: pytest.MonkeyPatch, seed: int, plies: int, lines: int) -> tuple[list[Any], HardBot]:
    """Hard's search at a middle-game position, every line's world and shares recorded as the real line runs."""
    calls: list[Any] = []
    real = hard3.line3

    def line(state: Any, me: int, shares: Any, *rest: Any) -> float:
        others = tuple(h for s, h in enumerate(state.hands) if s != me)
        calls.append((others, tuple(state.troops), repr(shares), state.sides[:]))
        return real(state, me, shares, *rest)

    monkeypatch.setattr(hard3, "line3", line)
    game = position3(seed, plies)
    assert game.deck_sizes["troops"] > hard3.ENDGAME_DECK
    bot = HardBot(seed, iterations=lines)
    bot.choose(game.view(game.to_move))
    return calls, bot


@pytest.mark.parametrize("antithetic", [False, True])
def test_r49_every_candidate_is_judged_in_the_same_dealt_worlds_and_shares(monkeypatch: pytest.MonkeyPatch,
                                                                            antithetic: bool) -> None:
    """The hidden hands, the deck's order and the leaf's shares are dealt once a world and met by every
    candidate still searched: differences between candidates are never differences between deals."""
    monkeypatch.setattr(hard3, "ANTITHETIC3", antithetic)
    calls, bot = _spied_search(monkeypatch, 4, 20, 150)
    assert bot.last_search is not None and len(calls) == bot.last_search["iterations"] == 150
    worlds: dict[tuple[Any, Any], list[Any]] = {}
    for others, troops, shares, sides in calls:
        worlds.setdefault((others, troops), []).append((shares, sides))
    assert len(worlds) == bot.last_search["worlds"]
    for met in worlds.values():
        assert len({shares for shares, _ in met}) == 1  # the same shares for every candidate of a world
        assert len({repr(sides) for _, sides in met}) == len(met)  # and each candidate once
    # Candidates only leave the search (the halvings): each world is met by no more than the one before.
    sizes = [len(met) for met in worlds.values()]
    assert sizes[0] >= 2 and all(a >= b for a, b in pairwise(sizes))


def test_the_antithetic_masks_set_each_bit_with_its_chance_and_oppose_each_other() -> None:
    """At 1/2 the second mask is the first's complement; at 0.7 each bit is set with 0.7 in each mask and in
    both with 2 * 0.7 - 1 = 0.4 (within a 64 x 400 sample), not 0.49 as two independent masks would be."""
    rng = random.Random(5)
    for _ in range(50):
        a, b = antithetic_masks(rng, 0.5)
        assert a ^ b == FULL
    ones = both = 0
    draws = 400
    for _ in range(draws):
        a, b = antithetic_masks(rng, 0.7)
        ones += a.bit_count() + b.bit_count()
        both += (a & b).bit_count()
    assert abs(ones / (2 * 64 * draws) - 0.7) < 0.01
    assert abs(both / (64 * draws) - 0.4) < 0.01
    assert antithetic_masks(rng, 1.0) == (FULL, FULL)
    assert antithetic_masks(random.Random(9), 0.7) == antithetic_masks(random.Random(9), 0.7)


def test_shares_drawn_afresh_are_the_ones_the_search_drew_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off (the default), deal_shares draws exactly what search3 drew inline before it, so recorded
    decisions stay; on, the shares come in antithetic pairs (the opponents' at 1/2 are complements)."""
    monkeypatch.setattr(hard3, "ANTITHETIC3", False)
    me = 1
    mine, theirs = hard3.SHARES3
    before = random.Random(3)
    inline = [[[random_mask(before, mine if s == me else theirs) for _ in range(9)] for s in range(3)]
              for _ in range(hard3.LEAF_SHARES3)]
    assert hard3.deal_shares(random.Random(3), me) == inline
    monkeypatch.setattr(hard3, "ANTITHETIC3", True)
    monkeypatch.setattr(hard3, "LEAF_SHARES3", 3)
    shares = hard3.deal_shares(random.Random(3), me)
    assert len(shares) == 3
    for seat in (0, 2):
        assert all(a ^ b == FULL for a, b in zip(shares[0][seat], shares[1][seat], strict=True))
    assert any(a ^ b != FULL for a, b in zip(shares[0][me], shares[1][me], strict=True))  # ours at 0.7
    assert all(a ^ b != FULL for a, b in zip(shares[1][0], shares[2][0], strict=True))  # the odd one afresh


def test_hard3_with_antithetic_shares_is_reproducible_at_fixed_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard3, "ANTITHETIC3", True)
    assert_hard3_reproducible(60)


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard3_decisions_with_antithetic_shares_are_the_same_compiled_and_pure() -> None:
    assert_three_decisions_alike("from engine.ai import hard3\nhard3.ANTITHETIC3 = True\n")


def test_the_agreement_bench_finds_one_seed_agreeing_with_itself_and_reads_losses(tmp_path: Any) -> None:
    """tools/bench_hard3_agreement.py: the same seed twice (offset 0) chooses the same play at every position
    (fixed lines), its short lists are the same, and the oracle's losses are never negative."""
    from tools.bench_hard3_agreement import agreement, oracle, positions

    games = positions(2)
    assert len(games) == 2 and all(g.phase == "play" and len(g.seats) == 3 for g in games)
    result = agreement(games, 30, 0)
    assert result["positions"] == 2 and result["same"] == 2 and result["same_list"] == 2
    values = oracle(games, 2, str(tmp_path / "oracle.json"))
    assert oracle(games, 2, str(tmp_path / "oracle.json")) == values  # read back, not searched again
    for row, table in zip(result["rows"], values, strict=True):
        assert set(table) == {str(a) for a in games[row["position"]].legal_actions()}
        assert all(max(table.values()) - table[c] >= 0 for c in row["chosen"])
