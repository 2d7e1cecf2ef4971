"""A learnt evaluation for the three-player hard bot: who wins, read from a fully known world (issue 61).

The three-player forecast (engine.ai.three, made exact by a world in engine.ai.lean_search3) gives each
flag's chance; it says where flags end, not who gets there first. This model reads those chances and the
race around them (each seat's line of flags, its Breakthroughs and Envelopment, the flags it has
claimed or lost, its hand, the slots it still has to fill, its place in the turn order, the deck) as
features of each seat, and turns them into a chance of winning for each seat and for a draw: a
conditional logit, the same weights for every seat, so a seat's score is `w . features(seat)` and
P(seat) = exp(score) / (sum over seats of exp(score) + exp(draw score)).

The weights were fitted by tools/train_eval.py (numpy, from positions of self-played games made by
tools/selfplay_data.py) and are read from learnt3.json beside this module; the arithmetic here is plain
Python floats, so the compiled core (engine.compiled) and the pure one decide alike. docs/BOTS.md says
how it was trained and what it is worth.
"""

from __future__ import annotations

import json
import math
from importlib.resources import files
from operator import mul
from types import FunctionType
from typing import Final

from ..formations import RANK_STEP
from ..potential import side_potential
from ..rulebook import PAIRS3, SIDE, TROOP_MASK, side_size, strength
from ..rules import LINES3, SEATS3
from .outlook import FLAG_WEIGHT, OUTCOMES, game_value, spread

#: Each seat's line (R47) as flag indices 0-8, from one outer end through the centre to the other.
LINE_FLAGS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(f - 1 for f in LINES3[s]) for s in SEATS3)
#: Each seat's place (0: the first seat of the flag's front) on each flag of its line.
LINE_PLACES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(PAIRS3[f].index(s) for f in LINE_FLAGS[s]) for s in range(3))
#: The names of a seat's features, in order (the weights' order).
FEATURES3: Final[tuple[str, ...]] = (
    "q0", "q1", "q2", "q3", "q4", "q5", "line_max", "line_sum", "four", "forecast", "claimed", "lost",
    "hand", "need", "next", "last", "forecast_x_deck", "flags_x_deck", "complete")
#: The draw's features: a constant and the deck's fullness.
DRAW_FEATURES3: Final[tuple[str, ...]] = ("draw", "draw_x_deck")

#: The weights' file, found through the package (a compiled module's __file__ does not name its folder).
_PATH = files("engine.ai").joinpath("learnt3.json")


def _load() -> tuple[list[float], list[float]]:
    """The committed weights (seat weights, draw weights); zeros when the file is missing or unreadable,
    so the value is then even for every seat rather than an error in the middle of a game."""
    try:
        data = json.loads(_PATH.read_text(encoding="utf-8"))
        seat = [float(x) for x in data["weights"]]
        draw = [float(x) for x in data["draw_weights"]]
        if len(seat) == len(FEATURES3) and len(draw) == len(DRAW_FEATURES3):
            return seat, draw
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return [0.0] * len(FEATURES3), [0.0] * len(DRAW_FEATURES3)


_WEIGHTS: Final = _load()


def seat_features(odds: list[float], forecast: float, seat: int, sides: list[int], claimed: list[int],
                  hand: int, to_move: int, deck: int) -> list[float]:
    """A seat's features: `odds` are each flag's chance for the first seat of its front, `forecast` the
    forecast's value for this seat, `hand` its hand (a mask), `deck` the troops left to draw."""
    flags, places = LINE_FLAGS[seat], LINE_PLACES[seat]
    q = [0.0] * 6
    won = lost = need = complete = 0
    for j in range(6):
        f = flags[j]
        p = odds[f] if places[j] == 0 else 1.0 - odds[f]
        q[j] = p
        owner = claimed[f]
        if owner == seat:
            won += 1
        elif owner >= 0:
            lost += 1
        else:
            n = sides[2 * f + places[j]].bit_count()
            need += SIDE - n
            if n >= SIDE:
                complete += 1
    line_max = line_sum = 0.0
    for j in range(4):
        p = q[j] * q[j + 1] * q[j + 2]
        line_sum += p
        if p > line_max:
            line_max = p
    # the chance of four flags or more of the six (R51), the flags taken as independent
    counts = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    for p in q:
        for k in range(6, 0, -1):
            counts[k] = counts[k] * (1.0 - p) + counts[k - 1] * p
        counts[0] *= 1.0 - p
    four = counts[4] + counts[5] + counts[6]
    flags_sum = sum(q) / 6.0
    fullness = deck / 39.0
    offset = (seat - to_move) % 3
    return [q[0], q[1], q[2], q[3], q[4], q[5], line_max, line_sum, four, forecast, won / 6.0, lost / 6.0,
            (hand & TROOP_MASK).bit_count() / 7.0, need / 18.0, 1.0 if offset == 1 else 0.0,
            1.0 if offset == 2 else 0.0, forecast * fullness, flags_sum * fullness, complete / 6.0]


def chances3(odds: list[float], forecast: tuple[float, float, float], sides: list[int], claimed: list[int],
             hands: list[int], to_move: int, deck: int) -> tuple[float, float, float, float]:
    """Each seat's chance of winning, and the draw's, by the committed weights."""
    weights, draw_weights = _WEIGHTS
    scores = [0.0, 0.0, 0.0]
    for s in range(3):
        feats = seat_features(odds, forecast[s], s, sides, claimed, hands[s], to_move, deck)
        total = 0.0
        for w, x in zip(weights, feats, strict=True):
            total += w * x
        scores[s] = total
    draw = draw_weights[0] + draw_weights[1] * deck / 39.0
    top = max(scores[0], scores[1], scores[2], draw)
    e0, e1, e2 = math.exp(scores[0] - top), math.exp(scores[1] - top), math.exp(scores[2] - top)
    ed = math.exp(draw - top)
    norm = e0 + e1 + e2 + ed
    return e0 / norm, e1 / norm, e2 / norm, ed / norm


def learnt_values3(odds: list[float], forecast: tuple[float, float, float], sides: list[int],
                   claimed: list[int], hands: list[int], to_move: int, deck: int) -> tuple[float, float, float]:
    """Each seat's expected result (win +1, draw 0, loss -1), on the scale of a playout's score."""
    p0, p1, p2, _ = chances3(odds, forecast, sides, claimed, hands, to_move, deck)
    return 2.0 * p0 - (p0 + p1 + p2), 2.0 * p1 - (p0 + p1 + p2), 2.0 * p2 - (p0 + p1 + p2)


#: The per-flag model (issue 61, second round): each open flag's chance of going to the first seat of its
#: front, read from the flag itself rather than from the leaf's coarse chance alone. Every feature but the
#: leaf's chance and the proof is a difference, the first seat's less the second's, so the model gives
#: the second seat one less the first's chance; the weights are fitted to who took each flag by the end.
FLAG_FEATURES3: Final[tuple[str, ...]] = (
    "leaf", "proven", "done", "cards", "sum", "pool_class", "pool_strength", "all_class", "hand_class", "fits",
    "order", "neighbours", "hand", "claimed", "leaf_x_deck", "pool_x_deck", "all_x_deck")
#: Each colour's ten troops, and each value's six, as masks (a card is colour * 10 + value - 1).
_ROWS: Final[tuple[int, ...]] = tuple(0x3FF << (10 * c) for c in range(6))
_COLUMNS: Final[tuple[int, ...]] = tuple(sum(1 << (c * 10 + v) for c in range(6)) for v in range(10))
#: Reaches by side and pool (side << 60 | pool), as lean_search3's own cache.
_FLAG_REACHES: Final[dict[int, int]] = {}


def _reach_of(side: int, pool: int) -> int:
    """The strongest formation a troops-only side can become from `pool`; -1 if none."""
    key = side << 60 | pool
    found = _FLAG_REACHES.get(key)
    if found is None:
        if len(_FLAG_REACHES) > 400_000:
            _FLAG_REACHES.clear()
        potential = side_potential(side, SIDE, False, pool)
        found = _FLAG_REACHES[key] = -1 if potential is None else potential
    return found


def _rank(reach: int) -> float:
    """A reach's formation class in fifths (Host 0.2 .. Wedge 1.0); 0 for none."""
    return 0.0 if reach < 0 else (reach // RANK_STEP + 1) / 5.0


def _side_of(f: int, seat: int, side: int, hands: list[int], pools: list[int], offtable: int,
             claimed: list[int], to_move: int) -> list[float]:
    """One seat's side of flag f: complete, its cards and their sum, the class it can reach from its pool
    (its hand and next draws), from every troop not yet on the table and from its hand alone, the pool's
    troops that share a colour or a value with it, its place in the turn order, its claimed flags beside
    this one on its line, its hand's size and its claimed flags."""
    n = side.bit_count()
    total = 0
    rest = side
    while rest:
        low = rest & -rest
        total += (low.bit_length() - 1) % 10 + 1
        rest ^= low
    if n >= SIDE:
        own = strength(side, False)
        pool = ceiling = hand = own
    else:
        pool = _reach_of(side, pools[seat])
        ceiling = _reach_of(side, offtable)
        hand = _reach_of(side, hands[seat] & TROOP_MASK)
    fits = 0
    if side:
        near = 0
        rest = side
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            near |= _ROWS[card // 10] | _COLUMNS[card % 10]
            rest ^= low
        fits = (pools[seat] & near & ~side).bit_count()
    line = LINE_FLAGS[seat]
    j = line.index(f)
    neighbours = 0
    for k in (j - 1, j + 1):
        if 0 <= k < 6 and claimed[line[k]] == seat:
            neighbours += 1
    won = 0
    for g in range(9):
        if claimed[g] == seat:
            won += 1
    return [1.0 if n >= SIDE else 0.0, n / 3.0, total / 27.0, _rank(pool), max(pool, -32) / 320.0,
            _rank(ceiling), _rank(hand), fits / 9.0, ((seat - to_move) % 3) / 2.0, neighbours / 2.0,
            (hands[seat] & TROOP_MASK).bit_count() / 7.0, won / 6.0, float(ceiling)]


def flag_features3(f: int, leaf: float, sides: list[int], claimed: list[int], first: list[int], hands: list[int],
                   pools: list[int], offtable: int, to_move: int, deck: int) -> list[float]:
    """An open flag's features (FLAG_FEATURES3) in a fully known world: `leaf` is the leaf's chance for the
    first seat of its front, `pools` each seat's hand and next draws, `offtable` every troop in a hand or
    the deck, `deck` the troops left to draw."""
    a, b = PAIRS3[f]
    xa = _side_of(f, a, sides[2 * f], hands, pools, offtable, claimed, to_move)
    xb = _side_of(f, b, sides[2 * f + 1], hands, pools, offtable, claimed, to_move)
    done_a, done_b = xa[0] > 0.0, xb[0] > 0.0
    proven = 0.0
    if done_a and done_b:  # both complete: the stronger, the first to complete on a tie
        sa, sb = strength(sides[2 * f], False), strength(sides[2 * f + 1], False)
        proven = 1.0 if sa > sb or (sa == sb and first[f] == a) else -1.0
    elif done_a:
        proven = 1.0 if xb[12] <= strength(sides[2 * f], False) else 0.0
    elif done_b:
        proven = -1.0 if xa[12] <= strength(sides[2 * f + 1], False) else 0.0
    fullness = deck / 39.0
    diffs = [xa[k] - xb[k] for k in range(12)]
    centred = leaf - 0.5
    return [centred, proven, *diffs, centred * fullness, diffs[4] * fullness, diffs[5] * fullness]


#: The per-flag weights and the game model read on its chances (learnt_flags3.json beside this module).
_PATH_FLAGS = files("engine.ai").joinpath("learnt_flags3.json")


def _load_flags() -> tuple[list[float], list[float], list[float]]:
    """The committed per-flag weights, and the seat and draw weights of the game model read on them;
    zeros when missing or unreadable (every open flag even, every seat alike)."""
    try:
        data = json.loads(_PATH_FLAGS.read_text(encoding="utf-8"))
        flag = [float(x) for x in data["flag_weights"]]
        seat = [float(x) for x in data["weights"]]
        draw = [float(x) for x in data["draw_weights"]]
        if len(flag) == len(FLAG_FEATURES3) and len(seat) == len(FEATURES3) and len(draw) == len(DRAW_FEATURES3):
            return flag, seat, draw
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return [0.0] * len(FLAG_FEATURES3), [0.0] * len(FEATURES3), [0.0] * len(DRAW_FEATURES3)


FLAG_WEIGHTS: Final = _load_flags()


def logistic(score: float) -> float:
    """1 / (1 + e^-score), bounded so that no flag is ever quite certain by the model alone."""
    if score > 30.0:
        score = 30.0
    elif score < -30.0:
        score = -30.0
    return 1.0 / (1.0 + math.exp(-score))


def flag_chances3(leaf: list[float], sides: list[int], claimed: list[int], first: list[int], hands: list[int],
                  pools: list[int], offtable: int, to_move: int, deck: int, weights: list[float]) -> list[float]:
    """Each flag's chance of going to the first seat of its front by the per-flag model (`weights`, over
    FLAG_FEATURES3); a claimed flag is certain."""
    out = [0.0] * 9
    for f in range(9):
        owner = claimed[f]
        if owner >= 0:
            out[f] = 1.0 if owner == PAIRS3[f][0] else 0.0
            continue
        score = 0.0
        feats = flag_features3(f, leaf[f], sides, claimed, first, hands, pools, offtable, to_move, deck)
        for w, x in zip(weights, feats, strict=True):
            score += w * x
        out[f] = logistic(score)
    return out


def flag_values3(leaf: list[float], forecast: tuple[float, float, float], sides: list[int], claimed: list[int],
                 first: list[int], hands: list[int], pools: list[int], offtable: int, to_move: int,
                 deck: int) -> tuple[float, float, float]:
    """Each seat's expected result by the per-flag model's chances read on by its game model (the
    committed learnt_flags3.json); `forecast` is the forecast's value on the leaf's own chances."""
    flag, seat, draw_weights = FLAG_WEIGHTS
    odds = flag_chances3(leaf, sides, claimed, first, hands, pools, offtable, to_move, deck, flag)
    scores = [0.0, 0.0, 0.0]
    for s in range(3):
        feats = seat_features(odds, forecast[s], s, sides, claimed, hands[s], to_move, deck)
        total = 0.0
        for w, x in zip(seat, feats, strict=True):
            total += w * x
        scores[s] = total
    draw = draw_weights[0] + draw_weights[1] * deck / 39.0
    top = max(scores[0], scores[1], scores[2], draw)
    e0, e1, e2 = math.exp(scores[0] - top), math.exp(scores[1] - top), math.exp(scores[2] - top)
    norm = e0 + e1 + e2 + math.exp(draw - top)
    p0, p1, p2 = e0 / norm, e1 / norm, e2 / norm
    won = p0 + p1 + p2
    return 2.0 * p0 - won, 2.0 * p1 - won, 2.0 * p2 - won


#: Two players: a side's features from its chance at each flag (the flags folded about the centre, which
#: the rules treat alike), and the model reads the difference of ours and the opponent's; "searcher" is a
#: constant, since the leaf credits the searching side's pool with more reach (HardBot.search_shares).
FEATURES2: Final[tuple[str, ...]] = ("q1_9", "q2_8", "q3_7", "q4_6", "q5", "line_max", "line_sum", "five",
                                     "forecast", "searcher")
_PATH2 = files("engine.ai").joinpath("learnt2.json")


def _load2() -> list[float]:
    """The committed two-player weights; empty when missing or unreadable (then nothing changes)."""
    try:
        data = json.loads(_PATH2.read_text(encoding="utf-8"))
        weights = [float(x) for x in data["weights"]]
        if len(weights) == len(FEATURES2):
            return weights
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return []


WEIGHTS2: Final = _load2()


def side_features2(q: list[float]) -> list[float]:
    """One side's features from its chance at each of the nine flags."""
    line_max = line_sum = 0.0
    for j in range(7):
        p = q[j] * q[j + 1] * q[j + 2]
        line_sum += p
        if p > line_max:
            line_max = p
    counts = [0.0] * 10
    counts[0] = 1.0
    for p in q:
        for k in range(9, 0, -1):
            counts[k] = counts[k] * (1.0 - p) + counts[k - 1] * p
        counts[0] *= 1.0 - p
    five = counts[5] + counts[6] + counts[7] + counts[8] + counts[9]
    return [q[0] + q[8], q[1] + q[7], q[2] + q[6], q[3] + q[5], q[4], line_max, line_sum, five,
            game_value(q)]


def features2(odds: list[float]) -> list[float]:
    """Our features less the opponent's, from our chance at each flag (`odds`), and the constant."""
    ours = side_features2(odds)
    theirs = side_features2([1.0 - p for p in odds])
    return [a - b for a, b in zip(ours, theirs, strict=True)] + [1.0]


def learnt_value2(odds: list[float], weights: list[float]) -> float:
    """Our expected result (win +1, loss -1) from our chance at each flag, by `weights` (FEATURES2)."""
    score = 0.0
    for w, x in zip(weights, features2(odds), strict=True):
        score += w * x
    if score > 30.0:
        return 1.0
    if score < -30.0:
        return -1.0
    return 2.0 / (1.0 + math.exp(-score)) - 1.0


#: A two-player leaf's value by the flags' chances in halves of a share and the number of shares
#: (engine.ai.lean_eval.leaf_value): a leaf's chances take few distinct values (each flag's is a multiple
#: of a half over the shares), so most leaves share a vector with an earlier one.
_VALUES: Final[dict[tuple[int, ...], float]] = {}
#: The learnt two-player evaluation's weights while it is in use; empty: the normal game value.
_LEARNT2: Final[list[list[float]]] = [[]]


def use_learnt2(weights: list[float] | None) -> None:
    """Judge two-player leaves by the learnt evaluation with these weights (None: by the normal game
    value); the table of values read so far is emptied when the choice changes."""
    chosen = list(weights) if weights else []
    if chosen != _LEARNT2[0]:
        _LEARNT2[0] = chosen
        _VALUES.clear()


def value_of(count: int, halves: list[int]) -> float:
    """The value of a two-player leaf's chances (halves of `count` shares), cached: the same counts recur."""
    chances = (count, *halves)
    value = _VALUES.get(chances)
    if value is None:
        if len(_VALUES) > 200_000:
            _VALUES.clear()
        odds = [h * 0.5 / count for h in halves]
        weights = _LEARNT2[0]
        value = _VALUES[chances] = learnt_value2(odds, weights) if weights else game_value(odds)
    return value


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
_PATH_FLAGS2 = files("engine.ai").joinpath("learnt_flags2.json")


def _load_flags2() -> tuple[list[float], list[float]]:
    """The committed two-player per-flag weights and the game weights read on them; empty lists when
    missing or unreadable (then the model cannot be switched on)."""
    try:
        data = json.loads(_PATH_FLAGS2.read_text(encoding="utf-8"))
        flag = [float(x) for x in data["flag_weights"]]
        game = [float(x) for x in data["weights"]]
        if len(flag) == len(FLAG_FEATURES2) and len(game) == len(FEATURES2):
            return flag, game
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return [], []


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


def _ways(q: list[float], table: list[list[float]]) -> float:
    """_ways_pure as loops (outlook.spread's products in its order, then each row's sum left to right)."""
    low = [1.0] * 32
    n = 1
    for i in range(5):
        p = q[i]
        r = 1.0 - p
        for k in range(n):
            x = low[k]
            low[k] = x * r
            low[k + n] = x * p
        n *= 2
    high = [1.0] * 16
    n = 1
    for i in range(5, 9):
        p = q[i]
        r = 1.0 - p
        for k in range(n):
            x = high[k]
            high[k] = x * r
            high[k + n] = x * p
        n *= 2
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


__all__ = ["DECK2", "DRAW_FEATURES3", "FEATURES2", "FEATURES3", "FIXED", "FLAG_FEATURES2", "FLAG_FEATURES3",
           "FLAG_WEIGHTS", "FLAG_WEIGHTS2", "WEIGHTS2", "chances3", "features2", "flag_base2", "flag_bases2",
           "flag_bases_value2", "flag_chances3", "flag_features2", "flag_features3", "flag_odds2", "flag_value2",
           "flag_values3", "flags2_on", "game_table2", "game_value2", "learnt_value2", "learnt_values3", "logistic",
           "odds_from_bases2", "seat_features", "use_flags2", "use_learnt2", "value_of"]
