"""The opponents' replies in hard's three-player line (engine.ai.lean_search3.drawn_reply, hard3.REPLY_TEMPERATURE3,
issue 61's ninth round): drawn among the Ranker's favourites when asked, evenly or by a softmax of the replier's
own value (R49: a reply is a legal play of that seat); off, the search decides exactly as it did before."""

from __future__ import annotations

import random
from math import exp
from typing import Any

import pytest
from three_bots import assert_hard3_reproducible, assert_three_decisions_alike, core_built, leaf_world3, position3

from engine.ai import hard3
from engine.ai.hard import HardBot
from engine.ai.lean3 import Lean3
from engine.ai.lean_search3 import Ranker, drawn_reply, leaf_values, line3, settle
from engine.ai.three_playout import lean_world

#: Hard's three-player decisions at 120 lines, recorded at c148a9a (before the ninth round): a middle game, a
#: middle game near the playouts, the endgame's playouts, and the solver with the deck empty.
RECORDED = [
    (3, 14, ("p6", 3), [("y10", 7, 0.467), ("y5", 7, 0.513), ("y10", 3, 0.437), ("y5", 2, 0.457), ("y5", 3, 0.457),
                        ("p6", 7, 0.449), ("p6", 3, 0.532), ("y7", 7, 0.509)]),
    (6, 40, ("o1", 3), [("b3", 8, 0.326), ("o7", 2, 0.261), ("o7", 3, 0.301), ("o1", 2, 0.362), ("o1", 3, 0.369),
                        ("o1", 9, 0.346), ("o7", 9, 0.236), ("o1", 7, 0.185)]),
    (8, 70, ("y10", 6), [("y10", 6, 0.222), ("g2", 7, 0.028), ("g7", 7, 0.042), ("b6", 6, 0.042), ("b7", 6, 0.111),
                         ("b6", 8, 0.042), ("b7", 8, 0.0), ("o2", 8, 0.083)]),
    (11, 90, ("g10", 2), [("g10", 2, 1.0), ("g10", 9, 1.0), ("r6", 2, 1.0), ("r6", 9, 1.0), ("p1", 2, 1.0),
                          ("p1", 9, 1.0), ("p4", 2, 1.0), ("p4", 9, 1.0), ("g6", 2, 1.0), ("g6", 9, 1.0)]),
]


@pytest.mark.parametrize(("seed", "plies", "chosen", "values"), RECORDED)
def test_with_the_ninth_rounds_settings_off_hard3_decides_as_before(seed: int, plies: int, chosen: tuple[str, int],
                                                                     values: list[tuple[str, int, float]]) -> None:
    game = position3(seed, plies)
    bot = HardBot(seed, iterations=120)
    action = bot.choose(game.view(game.to_move))
    assert (action["card"], action["flag"]) == chosen
    assert [(a["card"], a["flag"], v) for a, v in bot.last_values] == values


def _reply_position() -> tuple[Lean3, list[Lean3], list[float], Ranker, list[list[list[int]]]]:
    """An opponent to move in a known world (an early middle game), its six favourite replies played out and
    their values for it."""
    game = position3(6, 20)
    world = lean_world(game, game.to_move, random.Random(1))
    _, shares = leaf_world3()
    ranker = Ranker()
    state = world.copy()
    state.apply(ranker.ranked(state, 1)[0])
    settle(state)
    assert state.to_move != world.to_move
    afters = []
    for play in ranker.ranked(state, 6):
        after = state.copy()
        after.apply(play)
        settle(after)
        afters.append(after)
    values = [leaf_values(a, shares)[state.to_move] for a in afters]
    return state, afters, values, ranker, shares


def _which(reply: Lean3, afters: list[Lean3]) -> int:
    found = [i for i, a in enumerate(afters) if a.sides == reply.sides and a.hands == reply.hands]
    assert len(found) == 1
    return found[0]


def test_r49_an_even_reply_is_the_favourite_the_uniform_number_points_at() -> None:
    state, afters, _, ranker, shares = _reply_position()
    for u, index in ((0.0, 0), (0.17, 1), (0.5, 3), (0.99, 5)):
        assert _which(drawn_reply(state.copy(), shares, ranker, 6, -1.0, u), afters) == index


def test_r49_a_soft_reply_follows_the_softmax_of_the_repliers_own_value() -> None:
    state, afters, values, ranker, shares = _reply_position()
    assert len(set(values)) > 3
    best = max(range(6), key=lambda i: values[i])
    cold = {_which(drawn_reply(state.copy(), shares, ranker, 6, 1e-6, u), afters) for u in (0.0, 0.3, 0.999)}
    assert cold == {best}  # no warmth: max-n, the replier's best
    temperature = 0.2
    weights = [exp((v - max(values)) / temperature) for v in values]
    rng = random.Random(49)
    counts = [0] * 6
    draws = 3000
    for _ in range(draws):
        counts[_which(drawn_reply(state.copy(), shares, ranker, 6, temperature, rng.random()), afters)] += 1
    for count, weight in zip(counts, weights, strict=True):
        assert abs(count / draws - weight / sum(weights)) < 0.03


@pytest.mark.parametrize("temperature", [0.2, -1.0])
def test_hard3_with_drawn_replies_is_reproducible_and_reads_other_values(monkeypatch: pytest.MonkeyPatch,
                                                                          temperature: float) -> None:
    monkeypatch.setattr(hard3, "REPLY_TEMPERATURE3", temperature)
    monkeypatch.setattr(hard3, "REPLIES3", 8)
    assert_hard3_reproducible(60)
    seed, plies, _, before = RECORDED[0]
    game = position3(seed, plies)
    bot = HardBot(seed, iterations=120)
    bot.choose(game.view(game.to_move))
    assert [(a["card"], a["flag"], v) for a, v in bot.last_values] != before


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard3_decisions_with_drawn_replies_are_the_same_compiled_and_pure() -> None:
    assert_three_decisions_alike("from engine.ai import hard3\nhard3.REPLY_TEMPERATURE3 = 0.2\nhard3.REPLIES3 = 8\n")


def test_the_replies_bench_sets_normals_plays_against_the_lines_favourites() -> None:
    """tools/bench_replies3.py on one game: every decision's play is a legal play, the favourites' shares grow
    with k, and the leaf's softmax and the even chance give log-likelihoods below zero."""
    from tools.bench_replies3 import decisions, figures

    rows = decisions(1, 7)
    assert len(rows) > 10 and all(0 <= r["made"] < r["plays"] == len(r["values"]) for r in rows)
    result = figures(rows)
    shares = [result[f"ranker_top{k}"] for k in (1, 2, 4, 8, 16)]
    assert shares == sorted(shares) and shares[0] >= 0.0 and shares[-1] <= 1.0
    assert result["loglik_even"] < 0 and all(result[f"loglik_softmax_{t}"] < 0 for t in (0.05, 0.1, 0.2, 0.4))


def test_r49_a_minimax_reply_is_the_one_worst_for_us_after_our_best_answer() -> None:
    """hard3.MINIMAX3: the line's value is the first opponent's reply worst for us at once, then the second
    opponent's reply that leaves our best answer lowest (min over its favourites of our max), computed here
    by hand over every favourite without the line's early stop."""
    world, shares = leaf_world3()
    me = world.to_move
    ranker = Ranker()

    def played(state: Lean3, play: Any) -> Lean3:
        after = state.copy()
        after.apply(play)
        settle(after)
        return after

    checked = 0
    for ours in ranker.ranked(world, 4):
        state = played(world, ours)
        first = min((played(state, p) for p in ranker.ranked(state, 4)), key=lambda a: leaf_values(a, shares)[me])
        if first.to_move == me or first.phase != world.phase:
            continue
        by_hand = min(max(leaf_values(played(second, a), shares)[me] for a in ranker.ranked(second, 4))
                      if second.to_move == me else leaf_values(second, shares)[me]
                      for second in (played(first, p) for p in ranker.ranked(first, 4)))
        assert line3(played(world, ours), me, shares, ranker, 4, 4, minimax=True) == by_hand
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize(("name", "value"), [("MINIMAX3", True), ("PLAYOUT_NOISE3", 8.0)])
def test_hard3_with_minimax_or_noisy_playouts_is_reproducible_and_alike_in_both_cores(
        monkeypatch: pytest.MonkeyPatch, name: str, value: object) -> None:
    monkeypatch.setattr(hard3, name, value)
    assert_hard3_reproducible(60)
    if core_built():
        assert_three_decisions_alike(f"from engine.ai import hard3\nhard3.{name} = {value!r}\n")


def test_r49_noisy_playouts_play_legal_near_best_placements_and_the_calm_seat_plays_the_easy_rules() -> None:
    """three_playout.Policy3 with `noise` (hard3.PLAYOUT_NOISE3): a legal play whose placement score is within
    `noise` of the best, not always the same one; the `calm` seat (the searcher) plays the easy rules' choice."""
    from engine.ai.lean3 import OWN, PLACE
    from engine.ai.lean_policy import placement
    from engine.ai.three_playout import Policy3
    from engine.rulebook import SIDE, TROOP_MASK

    world, _ = leaf_world3()
    seat = world.to_move
    unseen = TROOP_MASK & ~world.seen

    def score(play: Any) -> float:
        f, card = play[2], play[1]
        mine, theirs = world.sides[2 * f + PLACE[f][seat]], world.sides[2 * f + 1 - PLACE[f][seat]]
        return placement(mine, theirs, SIDE, False, unseen & ~mine & ~theirs, card)

    best = max(score(p) for p in world.plays())
    assert all(p[2] in OWN[seat] for p in world.plays())
    chosen = set()
    for s in range(40):
        play = Policy3(random.Random(s), unseen, noise=8.0).play(world)
        assert play in world.plays() and score(play) >= best - 8.0
        chosen.add(play)
        calm = Policy3(random.Random(s), unseen, noise=8.0, calm=seat).play(world)
        assert calm == Policy3(random.Random(s), unseen).play(world) and score(calm) == best
    assert len(chosen) > 1
