"""The hard search's shortcuts give exactly what the plain steps give (engine.ai.lean_eval.best_answer,
engine.ai.lean_policy.LeanPolicy.ranked_plain's limit).

Positions come from games of the easy bot against itself under every rule option, stopped at many
play steps (early, late, with Mud and Fog on the table, with the decks empty), so both the shared
path and the general one are met.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.ai import make_bot
from engine.ai.forecast import random_mask
from engine.ai.hard import _plain
from engine.ai.lean import Lean
from engine.ai.lean_eval import Memo, Shares, best_answer, leaf_value
from engine.ai.lean_policy import LeanPolicy
from engine.game import Game
from engine.rulebook import A_PLAY, ALEXANDER, DARIUS, PLAY, SHIELD
from engine.rules import Rules

RULES = [Rules(), Rules(tactics=False), Rules(claim_timing="advanced"), Rules(claim_timing="end")]


def _play_steps(rules: Rules, seed: int) -> Iterator[Lean]:
    """Every play step of one easy-against-easy game, as lean states."""
    game = Game.new(rules, seed, "north", {"north": "a", "south": "b"})
    bot = make_bot("easy", seed)
    while game.result is None:
        if game.phase == "play":
            yield Lean.from_game(game)
        game.apply(bot.choose_in(game))


def _shares(rng: random.Random, mine: float, theirs: float, count: int = 2) -> Shares:
    return [([random_mask(rng, mine) for _ in range(9)], [random_mask(rng, theirs) for _ in range(9)])
            for _ in range(count)]


def _leaf_after(state: Lean, play: tuple[int, ...], me: int, shares: Shares, memo: Memo) -> float:
    after = state.copy()
    after.apply(play)
    return leaf_value(after, me, shares, memo)


@pytest.mark.parametrize("rules", RULES, ids=["full", "troops", "advanced", "end"])
def test_each_answer_read_without_playing_it_is_the_leaf_after_playing_it(rules: Rules) -> None:
    """best_answer on one play is leaf_value after that play, for every troop and morale play (the
    shared path) and the others (the general path), whatever the table: a complete side beside an
    incomplete one (R18's first completion), Mud, Fog, a spent Leader, empty decks."""
    rng = random.Random(7)
    checked = shared = 0
    for seed in range(6):
        for n, state in enumerate(_play_steps(rules, seed)):
            if n % 3:
                continue
            me = state.to_move
            shares = _shares(rng, rng.choice((0.5, 0.7, 0.85)), 0.5)
            plays = state.plays()
            for play in rng.sample(plays, min(len(plays), 12)):
                memo: Memo = {}
                expected = _leaf_after(state, play, me, shares, {})
                assert best_answer(state, me, [play], shares, memo, float("inf")) == expected, (seed, n, play)
                checked += 1
                shared += play[0] == A_PLAY and 0 <= play[1] <= SHIELD
    assert checked >= 300 and shared >= 200


def test_best_answer_is_the_best_leaf_and_stops_at_the_first_that_reaches_worst() -> None:
    """Several answers at once, sharing one memo: the maximum of their leaves; with a bound, the first
    answer whose leaf reaches it, in the order given (the hard search's cut)."""
    rng = random.Random(3)
    compared = 0
    for rules in RULES:
        for seed in range(3):
            for n, state in enumerate(_play_steps(rules, 20 + seed)):
                if n % 4:
                    continue
                me = state.to_move
                shares = _shares(rng, 0.7, 0.5)
                answers = rng.sample(state.plays(), min(len(state.plays()), 5))
                leaves = [_leaf_after(state, p, me, shares, {}) for p in answers]
                memo: Memo = {}
                assert best_answer(state, me, answers, shares, memo, float("inf")) == max(leaves)
                bound = sorted(leaves)[len(leaves) // 2]
                first = next(v for v in leaves if v >= bound)
                assert best_answer(state, me, answers, shares, memo, bound) == first
                compared += 1
    assert compared >= 60


@pytest.mark.parametrize("rules", RULES[:2], ids=["full", "troops"])
def test_ranked_plain_with_a_limit_is_the_head_of_the_whole_ranking_and_draws_the_same(rules: Rules) -> None:
    """The search reads only the first few plays of a ranking: with `limit` those are the same plays in
    the same order as the first of the whole list, and the policy's generator ends in the same state,
    so every later tie-break of the search is unchanged."""
    compared = 0
    for seed in range(4):
        for n, state in enumerate(_play_steps(rules, 40 + seed)):
            if state.phase != PLAY:
                continue
            whole = LeanPolicy(n)
            everything = whole.ranked(state, _plain(state.plays()))
            for limit in (1, 4, 8):
                head = LeanPolicy(n)
                assert head.ranked_plain(state, limit) == everything[:limit]
                assert head.rng.getstate() == whole.rng.getstate()
            compared += 1
    assert compared >= 40


def test_r18_our_answer_completing_a_flag_after_theirs_ties_in_their_favour() -> None:
    """R18: when both formations are equal, the one completed first wins. Their Wedge 1-2-3 is complete
    on flag 1; our answer completes an equal Wedge there, second, so at the leaf that flag leans to
    them: the shared path must read it as leaf_value does after the play (first completion theirs)."""
    state = Lean.from_game(Game.new(Rules(tactics=False), 5, "north", {"north": "a", "south": "b"}))
    me, other = state.to_move, 1 - state.to_move
    theirs, ours, last = (0, 1, 2), (10, 11), 12  # colour 0 values 1-3; colour 1 values 1-2, and 3 in hand
    moved = sum(1 << c for c in (*theirs, *ours, last))
    state.hands = [hand & ~moved for hand in state.hands]
    state.troops = [c for c in state.troops if not moved >> c & 1]
    spare = state.hands[me] & -state.hands[me]  # keep a hand of seven, so that our turn goes on to a draw
    state.hands[me] = state.hands[me] & ~spare | 1 << last
    state.troops.insert(0, spare.bit_length() - 1)
    state.sides[other] = sum(1 << c for c in theirs)
    state.sides[me] = sum(1 << c for c in ours)
    state.seen |= moved & ~(1 << last)
    play = (A_PLAY, last, 0, -1, -1)
    assert play in state.plays() and state.hands[me].bit_count() == 7
    rng = random.Random(1)
    for _ in range(20):
        shares = _shares(rng, 0.7, 0.5)
        expected = _leaf_after(state, play, me, shares, {})
        assert best_answer(state, me, [play], shares, {}, float("inf")) == expected
    after = state.copy()
    after.apply(play)
    assert after.first[0] == other


def test_r27_after_our_leader_the_other_leader_no_longer_counts_in_our_pool() -> None:
    """R27: one Leader per side of the table. Our answer plays Alexander with Darius still in hand: at
    the leaf Darius can join no formation, and the shared path must drop it from our pool as the
    state after the play does."""
    state = Lean.from_game(Game.new(Rules(), 9, "north", {"north": "a", "south": "b"}))
    me = state.to_move
    leaders = 1 << ALEXANDER | 1 << DARIUS
    state.hands = [hand & ~leaders for hand in state.hands]
    state.tactics = [c for c in state.tactics if not leaders >> c & 1]
    low = state.hands[me] & -state.hands[me]
    state.hands[me] &= ~low  # six troops and both Leaders: our turn still goes on to a draw
    state.hands[me] &= ~(state.hands[me] & -state.hands[me])
    state.troops[:0] = [low.bit_length() - 1]
    state.hands[me] |= leaders
    state.sides[2 * 3 + me] = 1 << 25 | 1 << 26  # a pair on flag 4 that Darius would lift
    play = (A_PLAY, ALEXANDER, 0, -1, -1)
    assert play in state.plays() and state.hands[me].bit_count() == 7
    rng = random.Random(2)
    differs = 0
    for _ in range(20):
        shares = _shares(rng, 0.85, 0.5)
        expected = _leaf_after(state, play, me, shares, {})
        assert best_answer(state, me, [play], shares, {}, float("inf")) == expected
        with_darius = state.copy()
        with_darius.apply(play)
        with_darius.leader[me] = False
        differs += leaf_value(with_darius, me, shares, {}) != expected
    assert differs  # the rule matters at this table
