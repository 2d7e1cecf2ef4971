"""One line of the three-player hard search (engine.ai.hard3) and its leaf, on the lean state Lean3.

engine.ai.hard3 explains the line and chooses its settings; this module holds only the hot loop (the
leaf's forecast made exact by a world, the easy rules' favourite plays, the line itself), so that the
optional compiled core (engine.compiled) covers it with the lean state it runs on. Its answers are the
same compiled or not (tests/test_bots_compiled.py).
"""

from __future__ import annotations

from math import exp
from operator import mul
from typing import Final

from ..potential import side_potential
from ..rulebook import OVER, PLAY, SIDE, TROOP_MASK, LeanAction, bits, strength
from ..rules import FRONTS3, SEATS3
from .lean3 import OWN, PAIRS, PLACE, Lean3
from .lean_policy import placement
from .learnt import ceiling_values3, flag_values3, learnt_values3
from .outlook import spread
from .three import FLAG_WEIGHT, OUTCOMES, outcome_table

Shares3 = list[list[list[int]]]  # [share][seat][flag] -> mask
_VALUES3: Final[dict[tuple[int, ...], tuple[float, float, float]]] = {}


def settle(state: Lean3) -> None:
    """The steps between two plays: every claim the seat can make, then its draw (troops only)."""
    for _ in range(40):
        if state.phase == OVER or state.phase == PLAY:
            return
        state.apply(state.legal()[0])


def played(state: Lean3, play: LeanAction) -> Lean3:
    """A copy of `state` after `play` and the steps up to the next play (settle)."""
    after = state.copy()
    after.apply(play)
    settle(after)
    return after


def pools_of(state: Lean3) -> list[int]:
    """Each seat's pool in a complete world: its hand and the troops it would draw next (in turn order
    from the seat to move, one each per round, at most as many as it has free slots)."""
    deck = state.troops[::-1]  # drawn from the end
    out = list(state.hands)
    if not deck:
        return out
    sides, claimed = state.sides, state.claimed
    for k in range(3):
        seat = (state.to_move + k) % 3
        need = 0
        for f, index in _OWN_SIDES[seat]:
            if claimed[f] < 0:
                need += 3 - sides[index].bit_count()
        for card in deck[k::3][:need]:
            out[seat] |= 1 << card
    return out


#: Each seat's flags with the index of its side there.
_OWN_SIDES: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((f, 2 * f + PLACE[f][s]) for f in OWN[s]) for s in range(3))


#: Reaches by side and share, one int key (side << 60 | share): most leaves of a decision ask the same.
_REACHES: Final[dict[int, int]] = {}


def _reach(side: int, share: int) -> int:
    """The strongest formation a troops-only side can become from `share`; -1 if none (lean.completion)."""
    key = side << 60 | share
    found = _REACHES.get(key)
    if found is None:
        if len(_REACHES) > 400_000:
            _REACHES.clear()
        potential = side_potential(side, 3, False, share)
        found = _REACHES[key] = -1 if potential is None else potential
    return found


def halves3(state: Lean3, shares: Shares3) -> list[int]:
    """Each flag's chance of going to the first seat of its front in one fully known world, counted in
    halves over the shares (2 * len(shares) is certain): the forecast made exact by the world."""
    pools = pools_of(state)
    sides, claimed, first = state.sides, state.claimed, state.first
    halves = [0] * 9
    count = len(shares)
    for f in range(9):
        owner = claimed[f]
        a, b = PAIRS[f]
        if owner >= 0:
            halves[f] = 2 * count if owner == a else 0
            continue
        mine, theirs = sides[2 * f], sides[2 * f + 1]
        if not mine and not theirs:
            halves[f] = count
            continue
        done_a, done_b = mine.bit_count() >= SIDE, theirs.bit_count() >= SIDE
        fixed_a = strength(mine, False) if done_a else -2
        fixed_b = strength(theirs, False) if done_b else -2
        total = 0
        for share in shares:
            ra = fixed_a if done_a else _reach(mine, pools[a] & share[a][f])
            rb = fixed_b if done_b else _reach(theirs, pools[b] & share[b][f])
            if ra != rb:
                total += 2 if ra > rb else 0
            elif ra < 0 or (done_a == done_b and not done_a):
                total += 1
            elif done_a and done_b:
                total += 2 if first[f] == a else 0
            else:
                total += 2 if done_a else 0
        halves[f] = total
    return halves


def forecast_of(halves: list[int], count: int, win_only: bool = False) -> tuple[float, float, float]:
    """values3 of the chances `halves` (of `count` shares), read from a table when seen before."""
    key = (*halves, count, 1 if win_only else 0)
    found = _VALUES3.get(key)
    if found is None:
        if len(_VALUES3) > 200_000:
            _VALUES3.clear()
        odds = [h / (2 * count) for h in halves]
        found = _VALUES3[key] = values3(odds, win_only)
    return found


def leaf_values(state: Lean3, shares: Shares3, learnt: int = 0,
                win_only: bool = False) -> tuple[float, float, float]:
    """The three-player forecast's value for each seat in one fully known world (three.game_value3,
    with the world's real pools): each flag's chance of going to the first seat of its front is counted
    in halves over the shares, and the values of a vector seen before are read from a table. With
    `learnt` 1 (or True), the learnt evaluation's expected results (engine.ai.learnt) instead, on the same
    chances; with 2, the per-flag model's chances read on by its own game model (learnt.flag_values3); with 3,
    the per-flag model without the pools' features (learnt.ceiling_values3). With `win_only`, a drawn game
    (and the forecast's shared most) is worth as little as a loss (hard3.WIN_ONLY3)."""
    if state.phase == OVER:
        w = state.winner
        if w < 0:
            return (-2.0, -2.0, -2.0) if win_only else (0.0, 0.0, 0.0)
        return 2.0 if w == 0 else -2.0, 2.0 if w == 1 else -2.0, 2.0 if w == 2 else -2.0
    halves = halves3(state, shares)
    count = len(shares)
    found = forecast_of(halves, count, win_only)
    if not learnt:
        return found
    odds = [h / (2 * count) for h in halves]
    if learnt >= 2:
        offtable = state.hands[0] | state.hands[1] | state.hands[2]
        for card in state.troops:
            offtable |= 1 << card
        if learnt == 3:
            return ceiling_values3(odds, found, state.sides, state.claimed, state.first, state.hands,
                                   offtable & TROOP_MASK, state.to_move, len(state.troops))
        return flag_values3(odds, found, state.sides, state.claimed, state.first, state.hands, pools_of(state),
                            offtable & TROOP_MASK, state.to_move, len(state.troops))
    return learnt_values3(odds, found, state.sides, state.claimed, state.hands, state.to_move, len(state.troops))


def _rows(table: list[float]) -> tuple[tuple[float, ...], ...]:
    """An outcome table of 512 as 16 rows of 32 (flags 6-9 by row, 1-5 within a row)."""
    return tuple(tuple(table[32 * h:32 * h + 32]) for h in range(16))


#: Each seat's outcome table (three.OUTCOMES) in rows, so the sums over the 512 ways the flags could fall
#: run in C.
_ROWS3: Final[tuple[tuple[tuple[float, ...], ...], ...]] = tuple(_rows(OUTCOMES[seat]) for seat in SEATS3)
#: The same with a drawn game worth a loss (outcome_table's `draw` -1: hard3.WIN_ONLY3).
_ROWS3_WIN: Final[tuple[tuple[tuple[float, ...], ...], ...]] = tuple(
    _rows(outcome_table(seat, -1.0)) for seat in SEATS3)
_MINE3: Final[tuple[tuple[tuple[int, bool], ...], ...]] = tuple(
    tuple((i, FRONTS3[i][0] == seat) for i in range(9) if seat in FRONTS3[i]) for seat in SEATS3)


def values3(odds: list[float], win_only: bool = False) -> tuple[float, float, float]:
    """three.game_value3 for each seat at once: the outcome tables over the 512 ways the flags could fall
    (with `win_only`, the tables where a drawn game is worth a loss)."""
    low = spread(odds[:5])
    high = spread(odds[5:])
    tables = _ROWS3_WIN if win_only else _ROWS3
    out = []
    for s in range(3):
        rows = tables[s]
        value = 0.0
        for h, weight in enumerate(high):
            if weight:
                value += weight * sum(map(mul, low, rows[h]))
        mine = sum(odds[i] if first else 1.0 - odds[i] for i, first in _MINE3[s])
        out.append(value + FLAG_WEIGHT * (mine - 3.0) / 3.0)
    return out[0], out[1], out[2]


class Ranker:
    """The easy rules' favourite troop plays of the seat to move (placement scores, engine.ai.lean_policy),
    kept per flag's two sides and the unseen troops, so they are shared across lines and worlds."""

    def __init__(self) -> None:
        self._tables: dict[tuple[int, int, int], dict[int, float]] = {}

    def ranked(self, state: Lean3, limit: int) -> list[LeanAction]:
        seat = state.to_move
        cards = bits(state.hands[seat] & TROOP_MASK)
        unseen = TROOP_MASK & ~state.seen
        scored: list[tuple[float, int, int]] = []
        for f in OWN[seat]:
            if state.claimed[f] != -1:
                continue
            k = PLACE[f][seat]
            mine = state.sides[2 * f + k]
            if mine.bit_count() >= SIDE:
                continue
            theirs = state.sides[2 * f + 1 - k]
            key = (mine, theirs, unseen)
            table = self._tables.get(key)
            if table is None:
                if len(self._tables) > 100_000:
                    self._tables.clear()
                table = self._tables[key] = {}
            free = unseen & ~mine & ~theirs
            for card in cards:
                score = table.get(card)
                if score is None:
                    score = table[card] = placement(mine, theirs, 3, False, free, card)
                scored.append((-score, card, f))
        if not scored:
            return state.plays()[:1]
        scored.sort()
        return [(0, card, f, -1, -1) for _, card, f in scored[:limit]]


def drawn_reply(state: Lean3, shares: Shares3, ranker: Ranker, replies: int, temperature: float, u: float,
                learnt: int = 0, win_only: bool = False) -> Lean3:
    """The seat to move's reply drawn among its `replies` favourites with the uniform number `u`: evenly
    when `temperature` < 0 (no leaf read), else with chance in proportion to exp(its own value / temperature),
    each favourite judged by the leaf (a noisy player who mostly plays well for itself)."""
    seat = state.to_move
    plays = ranker.ranked(state, replies)
    if temperature < 0:
        return played(state, plays[min(int(u * len(plays)), len(plays) - 1)])
    afters: list[Lean3] = []
    values: list[float] = []
    for play in plays:
        after = played(state, play)
        afters.append(after)
        values.append(leaf_values(after, shares, learnt, win_only)[seat])
    top = max(values)
    weights = [exp((v - top) / temperature) for v in values]
    target = u * sum(weights)
    for after, weight in zip(afters, weights, strict=True):
        target -= weight
        if target < 0:
            return after
    return afters[-1]


def answer_value(state: Lean3, me: int, shares: Shares3, ranker: Ranker, follow_ups: int, learnt: int,
                 win_only: bool, enough: float = 9.0) -> float:
    """Our best of `follow_ups` answers at the leaf (the leaf itself when it is not our play), stopping at
    the first that reaches `enough`."""
    if state.phase != PLAY or state.to_move != me:
        return leaf_values(state, shares, learnt, win_only)[me]
    answer = -9.0
    for play in ranker.ranked(state, follow_ups):
        after = played(state, play)
        answer = max(answer, leaf_values(after, shares, learnt, win_only)[me])
        if answer >= enough:
            break
    return answer


def line3(state: Lean3, me: int, shares: Shares3, ranker: Ranker, replies: int, follow_ups: int,
          paranoid: bool = True, learnt: int = 0, win_only: bool = False, temperature: float = 0.0,
          draws: tuple[float, float] = (0.0, 0.0), minimax: bool = False) -> float:
    """Our play's value in one world (engine.ai.hard3): our turn, each opponent's reply among its
    `replies` favourites (the one worst for us when `paranoid`, else its own best; with a `temperature`
    other than 0, drawn by `drawn_reply` with the world's uniform `draws`), our best of `follow_ups`
    answers, judged by the forecast made exact by the world. With `minimax` (and paranoid, no temperature)
    the opponent who moves just before us replies with the play worst for us after our best answer, as the
    two-player line does, instead of the play worst for us at once."""
    settle(state)
    for k in range(2):
        seat = state.to_move
        if state.phase == OVER or seat == me:
            break
        if temperature != 0.0:
            state = drawn_reply(state, shares, ranker, replies, temperature, draws[k], learnt, win_only)
            continue
        if minimax and paranoid and k == 1:
            worst = 9.0
            for play in ranker.ranked(state, replies):
                after = played(state, play)
                worst = min(worst, answer_value(after, me, shares, ranker, follow_ups, learnt, win_only, worst))
            return worst
        best: Lean3 | None = None
        best_value = -9.0
        for play in ranker.ranked(state, replies):
            after = played(state, play)
            values = leaf_values(after, shares, learnt, win_only)
            value = -values[me] if paranoid else values[seat]
            if value > best_value:
                best, best_value = after, value
        assert best is not None
        state = best
    return answer_value(state, me, shares, ranker, follow_ups, learnt, win_only)


__all__ = ["Ranker", "Shares3", "answer_value", "drawn_reply", "forecast_of", "halves3", "leaf_values", "line3",
           "played", "pools_of", "settle", "values3"]
