"""The two-player per-flag model (issue 61): each open flag's chance of being ours, read from the leaf's own
chance and from the flag itself, then the game read on those chances by the two-player game model's features
(engine.ai.learnt's FEATURES2). The weights are in learnt_flags2.json beside this module (tools/train_flags.py,
numpy); the arithmetic here is plain Python floats, so the compiled core (engine.compiled) and the pure one
decide alike. A search reads each flag's part that does not depend on the leaf once per answer step
(flag_bases2), and the game model in one pass over the ways the flags can fall (game_table2). docs/BOTS.md says
what it is worth; HardBot.flags2 switches it on.
"""

from __future__ import annotations

import math
from operator import mul
from types import FunctionType
from typing import Final

from ..rulebook import side_size
from .learnt import FEATURES2, logistic, read_weights
from .outlook import FLAG_WEIGHT, OUTCOMES, spread

#: Two players, the per-flag model (issue 61, fourth round): each open flag's chance of being ours, read
#: from the leaf's own chance (its halves over the shares) and the flag itself, from the searching side's
#: view: its chance centred, whether it is certain (all shares ours, or none), a constant (the leaf
#: credits the searching side with more reach), who is complete, the cards and their troops' sum (ours
#: less theirs), our claimed flags beside it less theirs, and the leaf's chance times the deck's
#: fullness, Mud and Fog. A flag both sides have completed is certain, as a claimed one. The game is then
#: read on these chances by FEATURES2's logistic.
FLAG_FEATURES2: Final[tuple[str, ...]] = (
    "leaf", "certain", "searcher", "done", "cards", "sum", "neighbours", "leaf_x_deck", "leaf_x_mud", "leaf_x_fog")
#: The troops in a two-player deck once both hands are dealt (60 less 7 each).
DECK2: Final = 46


def _load_flags2() -> tuple[list[float], list[float]]:
    """The committed two-player per-flag weights and the game weights read on them (learnt_flags2.json);
    empty lists when missing or unreadable (then the model cannot be switched on)."""
    found = read_weights("learnt_flags2.json", {"flag_weights": len(FLAG_FEATURES2), "weights": len(FEATURES2)})
    return ([], []) if found is None else (found[0], found[1])


FLAG_WEIGHTS2: Final = _load_flags2()


#: The values of each colour's troops (ten bits of a side) summed, for every subset of them.
_ROW_SUMS: Final[list[int]] = [sum(v + 1 for v in range(10) if m >> v & 1) for m in range(1024)]


def _troop_sum(side: int) -> int:
    """The values of a side's troops (a tactic counts nothing), a colour's ten troops at a time."""
    total = 0
    for c in range(6):
        total += _ROW_SUMS[side >> (10 * c) & 0x3FF]
    return total


def flag_features2(i: int, leaf: float, sides: list[int], claimed: list[int], mud: int, fog: int, me: int,
                   deck: int) -> list[float]:
    """Open flag i's features (FLAG_FEATURES2) for `me`: `leaf` is the leaf's chance that it is ours,
    `deck` the troops left to draw. Training reads these; the search reads the same sum split by
    flag_base2 and flag_slope2, which needs no list."""
    size = side_size(mud >> i & 1)
    mine, theirs = sides[2 * i + me], sides[2 * i + 1 - me]
    mine_n, theirs_n = mine.bit_count(), theirs.bit_count()
    done = (1.0 if mine_n >= size else 0.0) - (1.0 if theirs_n >= size else 0.0)
    neighbours = 0
    for j in (i - 1, i + 1):
        if 0 <= j < 9 and claimed[j] >= 0:
            neighbours += 1 if claimed[j] == me else -1
    centred = leaf - 0.5
    certain = 1.0 if leaf >= 1.0 else (-1.0 if leaf <= 0.0 else 0.0)
    return [centred, certain, 1.0, done, (mine_n - theirs_n) / 3.0, (_troop_sum(mine) - _troop_sum(theirs)) / 27.0,
            neighbours / 2.0, centred * deck / DECK2, centred * (mud >> i & 1), centred * (fog >> i & 1)]


#: flag_base2's mark for a flag whose chance is the leaf's own: claimed, or completed on both sides.
FIXED: Final = 1e300


def flag_base2(i: int, mine: int, theirs: int, claimed: list[int], mud: int, me: int, weights: list[float]) -> float:
    """The part of open flag i's score (the per-flag model, `weights` over FLAG_FEATURES2) that does not
    depend on the leaf's chance: the constant, who is complete, the cards, their sums and the claimed
    neighbours, with our side `mine` and theirs `theirs`. FIXED for a claimed flag or one both sides
    completed (its chance is the leaf's). It depends on the flag's two sides and its neighbours only, so
    a search reads it once for the plays that leave them alone (lean_eval's _Answers)."""
    if claimed[i] >= 0:
        return FIXED
    size = side_size(mud >> i & 1)
    mine_n, theirs_n = mine.bit_count(), theirs.bit_count()
    if mine_n >= size and theirs_n >= size:
        return FIXED
    done = (1.0 if mine_n >= size else 0.0) - (1.0 if theirs_n >= size else 0.0)
    neighbours = 0
    if i > 0 and claimed[i - 1] >= 0:
        neighbours += 1 if claimed[i - 1] == me else -1
    if i < 8 and claimed[i + 1] >= 0:
        neighbours += 1 if claimed[i + 1] == me else -1
    return (weights[2] + weights[3] * done + weights[4] * (mine_n - theirs_n) / 3.0
            + weights[5] * (_troop_sum(mine) - _troop_sum(theirs)) / 27.0 + weights[6] * neighbours / 2.0)


def flag_bases2(sides: list[int], claimed: list[int], mud: int, me: int, weights: list[float]) -> list[float]:
    """flag_base2 of every flag, from `me`'s view."""
    return [flag_base2(i, sides[2 * i + me], sides[2 * i + 1 - me], claimed, mud, me, weights) for i in range(9)]


def odds_from_bases2(count: int, halves: list[int], bases: list[float], mud: int, fog: int, deck: int,
                     weights: list[float]) -> list[float]:
    """Each flag's chance of being ours from the leaf's chances (`halves` of `count` shares) and the
    flags' bases (flag_bases2): the score is the base, the certainty's weight, and the leaf's chance
    centred times its slope (the chance's weight, and its products with the deck, Mud and Fog)."""
    out = [0.0] * 9
    slope = weights[0] + weights[7] * deck / DECK2
    certain_weight = weights[1]
    for i in range(9):
        leaf = halves[i] * 0.5 / count
        base = bases[i]
        if base >= FIXED:
            out[i] = leaf
            continue
        score = base + slope * (leaf - 0.5)
        if mud >> i & 1:
            score += weights[8] * (leaf - 0.5)
        if fog >> i & 1:
            score += weights[9] * (leaf - 0.5)
        if leaf >= 1.0:
            score += certain_weight
        elif leaf <= 0.0:
            score -= certain_weight
        out[i] = logistic(score)
    return out


def flag_odds2(count: int, halves: list[int], sides: list[int], claimed: list[int], mud: int, fog: int, me: int,
               deck: int, weights: list[float]) -> list[float]:
    """Each flag's chance of being ours by the per-flag model (`weights`) from the leaf's chances
    (`halves` of `count` shares); claimed flags, and flags both sides completed, as the leaf has them."""
    return odds_from_bases2(count, halves, flag_bases2(sides, claimed, mud, me, weights), mud, fog, deck, weights)


def game_table2(weights: list[float]) -> list[list[float]]:
    """The game model's (`weights` over FEATURES2) terms that are sums over the 512 ways the flags could
    fall, as one table in 16 rows of 32 (outlook's order): the forecast's, ours less theirs (their
    outcome of a way is ours of its complement), and five flags or more (theirs is one less ours)."""
    forecast, five = weights[FEATURES2.index("forecast")], weights[FEATURES2.index("five")]
    table = [forecast * (OUTCOMES[m] - OUTCOMES[0x1FF ^ m]) + (2.0 * five if m.bit_count() >= 5 else 0.0)
             for m in range(512)]
    return [table[h << 5:(h + 1) << 5] for h in range(16)]


def _probe() -> None:
    """A plain function: compiled by mypyc it is a native function, no longer a Python one."""


#: Whether this module runs compiled (engine.compiled): the sum over the ways the flags could fall is
#: then written as loops, which mypyc makes several times faster, and in pure Python by sum and map,
#: which are faster there. Both multiply and add in the same order, so both give the same floats
#: (tests/test_bots_learnt_flags2.py compares them; tests/test_bots_compiled.py the decisions).
_COMPILED: Final = not isinstance(_probe, FunctionType)


def _ways_pure(q: list[float], table: list[list[float]]) -> float:
    """The sum over the 512 ways the flags could fall of each way's chance times `table`'s entry."""
    low = spread(q[:5])
    ways = 0.0
    for h, weight in enumerate(spread(q[5:])):
        if weight:
            ways += weight * sum(map(mul, low, table[h]))
    return ways


def _spread_loops(q: list[float], start: int, stop: int) -> list[float]:
    """outlook.spread of q[start:stop] as loops, its products in its order (for the compiled build)."""
    out = [1.0] * (1 << (stop - start))
    n = 1
    for i in range(start, stop):
        p = q[i]
        r = 1.0 - p
        for k in range(n):
            x = out[k]
            out[k] = x * r
            out[k + n] = x * p
        n *= 2
    return out


def _ways(q: list[float], table: list[list[float]]) -> float:
    """_ways_pure as loops (outlook.spread's products in its order, then each row's sum left to right)."""
    low = _spread_loops(q, 0, 5)
    high = _spread_loops(q, 5, 9)
    ways = 0.0
    for h in range(16):
        weight = high[h]
        if weight != 0.0:
            row = table[h]
            acc = 0.0
            for k in range(32):
                acc += low[k] * row[k]
            ways += weight * acc
    return ways


def game_value2(odds: list[float], weights: list[float], table: list[list[float]]) -> float:
    """learnt_value2 (the same sum, to rounding) in one pass over the ways the flags could fall: every
    feature of FEATURES2 but the line's products is linear in the chances of those ways, so the
    opponent's side needs no second pass (`table`: game_table2 of `weights`)."""
    q = odds
    score = weights[9] - weights[7]  # the constant, and five's "theirs is one less ours"
    score += weights[0] * (2.0 * (q[0] + q[8]) - 2.0) + weights[1] * (2.0 * (q[1] + q[7]) - 2.0)
    score += weights[2] * (2.0 * (q[2] + q[6]) - 2.0) + weights[3] * (2.0 * (q[3] + q[5]) - 2.0)
    score += weights[4] * (2.0 * q[4] - 1.0)
    ours_max = theirs_max = ours_sum = theirs_sum = 0.0
    for j in range(7):
        a, b, c = q[j], q[j + 1], q[j + 2]
        p = a * b * c
        r = (1.0 - a) * (1.0 - b) * (1.0 - c)
        ours_sum += p
        theirs_sum += r
        if p > ours_max:
            ours_max = p
        if r > theirs_max:
            theirs_max = r
    score += weights[5] * (ours_max - theirs_max) + weights[6] * (ours_sum - theirs_sum)
    score += weights[8] * 2.0 * FLAG_WEIGHT * (q[0] + q[1] + q[2] + q[3] + q[4] + q[5] + q[6] + q[7] + q[8]
                                              - 4.5) / 4.5
    score += _ways(q, table) if _COMPILED else _ways_pure(q, table)
    if score > 30.0:
        return 1.0
    if score < -30.0:
        return -1.0
    return 2.0 / (1.0 + math.exp(-score)) - 1.0


#: Whether two-player leaves are judged by the per-flag model (FLAG_WEIGHTS2) while a search runs.
_FLAGS2: Final[list[bool]] = [False]


def use_flags2(on: bool) -> None:
    """Judge two-player leaves by the per-flag model (on, when its weights are committed) or not."""
    _FLAGS2[0] = bool(on) and bool(FLAG_WEIGHTS2[0])


def flags2_on() -> bool:
    """Whether the per-flag two-player model judges the leaves now (use_flags2)."""
    return _FLAGS2[0]


#: The committed game model's table (game_table2), made once.
_GAME_TABLE2: Final[list[list[float]]] = game_table2(FLAG_WEIGHTS2[1]) if FLAG_WEIGHTS2[1] else []


def flag_value2(count: int, halves: list[int], sides: list[int], claimed: list[int], mud: int, fog: int, me: int,
                deck: int) -> float:
    """Our expected result (win +1, loss -1) at a two-player leaf by the committed per-flag model and the
    game model read on its chances (learnt_flags2.json)."""
    flag = FLAG_WEIGHTS2[0]
    return flag_bases_value2(count, halves, flag_bases2(sides, claimed, mud, me, flag), mud, fog, deck)


def flag_bases_value2(count: int, halves: list[int], bases: list[float], mud: int, fog: int, deck: int) -> float:
    """flag_value2 from the flags' bases (flag_bases2 with the committed weights), read once for many leaves."""
    flag, game = FLAG_WEIGHTS2
    return game_value2(odds_from_bases2(count, halves, bases, mud, fog, deck, flag), game, _GAME_TABLE2)


__all__ = ["DECK2", "FIXED", "FLAG_FEATURES2", "FLAG_WEIGHTS2", "flag_base2", "flag_bases2", "flag_bases_value2",
           "flag_features2", "flag_odds2", "flag_value2", "flags2_on", "game_table2", "game_value2",
           "odds_from_bases2", "use_flags2"]
