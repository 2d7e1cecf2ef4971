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
from typing import Final

from ..formations import RANK_STEP
from ..potential import side_potential
from ..rulebook import PAIRS3, SIDE, TROOP_MASK, strength
from ..rules import LINES3, SEATS3
from .outlook import game_value

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


def read_weights(name: str, shape: dict[str, int]) -> list[list[float]] | None:
    """The lists of floats named in `shape` from the JSON file `name` beside this module (found through
    the package: a compiled module's __file__ does not name its folder), each of the length `shape` gives;
    None when the file is missing, unreadable or of another shape, so that a model is then off or even
    rather than an error in the middle of a game. Every committed model's weights are read by this."""
    try:
        data = json.loads(files("engine.ai").joinpath(name).read_text(encoding="utf-8"))
        found = [[float(x) for x in data[key]] for key in shape]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    for values, size in zip(found, shape.values(), strict=True):
        if len(values) != size:
            return None
    return found


def _load() -> tuple[list[float], list[float]]:
    """The committed weights (seat weights, draw weights); zeros when missing or unreadable, so the
    value is then even for every seat."""
    found = read_weights("learnt3.json", {"weights": len(FEATURES3), "draw_weights": len(DRAW_FEATURES3)})
    if found is None:
        return [0.0] * len(FEATURES3), [0.0] * len(DRAW_FEATURES3)
    return found[0], found[1]


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


def _side_counts(f: int, seat: int, side: int, claimed: list[int]) -> tuple[int, int, int, int]:
    """A seat's side of flag f: its cards, their troops' values summed, the seat's claimed flags beside
    this one on its line, and its claimed flags."""
    n = side.bit_count()
    total = 0
    rest = side
    while rest:
        low = rest & -rest
        total += (low.bit_length() - 1) % 10 + 1
        rest ^= low
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
    return n, total, neighbours, won


def _proven(f: int, sides: list[int], first: list[int], ceiling_a: int, ceiling_b: int) -> float:
    """R20's proof for flag f's first seat: 1 when its side is complete and the other cannot beat it
    (`ceiling_b`, the other's strongest completion from every troop off the table), or both are complete
    and it is stronger or completed first; -1 the same for the second seat; 0 unproven."""
    a = PAIRS3[f][0]
    mine, theirs = sides[2 * f], sides[2 * f + 1]
    done_a, done_b = mine.bit_count() >= SIDE, theirs.bit_count() >= SIDE
    if done_a and done_b:  # both complete: the stronger, the first to complete on a tie
        sa, sb = strength(mine, False), strength(theirs, False)
        return 1.0 if sa > sb or (sa == sb and first[f] == a) else -1.0
    if done_a:
        return 1.0 if ceiling_b <= strength(mine, False) else 0.0
    if done_b:
        return -1.0 if ceiling_a <= strength(theirs, False) else 0.0
    return 0.0


def _side_of(f: int, seat: int, side: int, hands: list[int], pools: list[int], offtable: int,
             claimed: list[int], to_move: int) -> list[float]:
    """One seat's side of flag f: complete, its cards and their sum, the class it can reach from its pool
    (its hand and next draws), from every troop not yet on the table and from its hand alone, the pool's
    troops that share a colour or a value with it, its place in the turn order, its claimed flags beside
    this one on its line, its hand's size and its claimed flags."""
    n, total, neighbours, won = _side_counts(f, seat, side, claimed)
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
    proven = _proven(f, sides, first, int(xa[12]), int(xb[12]))
    fullness = deck / 39.0
    diffs = [xa[k] - xb[k] for k in range(12)]
    centred = leaf - 0.5
    return [centred, proven, *diffs, centred * fullness, diffs[4] * fullness, diffs[5] * fullness]


def _load_flags() -> tuple[list[float], list[float], list[float]]:
    """The committed per-flag weights, and the seat and draw weights of the game model read on them
    (learnt_flags3.json); zeros when missing or unreadable (every open flag even, every seat alike)."""
    found = read_weights("learnt_flags3.json", {"flag_weights": len(FLAG_FEATURES3), "weights": len(FEATURES3),
                                                "draw_weights": len(DRAW_FEATURES3)})
    if found is None:
        return [0.0] * len(FLAG_FEATURES3), [0.0] * len(FEATURES3), [0.0] * len(DRAW_FEATURES3)
    return found[0], found[1], found[2]


FLAG_WEIGHTS: Final = _load_flags()


def logistic(score: float) -> float:
    """1 / (1 + e^-score), bounded so that no flag is ever quite certain by the model alone."""
    if score > 30.0:
        score = 30.0
    elif score < -30.0:
        score = -30.0
    return 1.0 / (1.0 + math.exp(-score))


def flag_chances3(leaf: list[float], sides: list[int], claimed: list[int], first: list[int], hands: list[int],
                  pools: list[int], offtable: int, to_move: int, deck: int, weights: list[float],
                  ceiling: bool = False) -> list[float]:
    """Each flag's chance of going to the first seat of its front by the per-flag model (`weights`, over
    FLAG_FEATURES3, or over CEILING_FEATURES3 with `ceiling`, which reads no pool); a claimed flag is
    certain."""
    out = [0.0] * 9
    for f in range(9):
        owner = claimed[f]
        if owner >= 0:
            out[f] = 1.0 if owner == PAIRS3[f][0] else 0.0
            continue
        score = 0.0
        if ceiling:
            feats = ceiling_features3(f, leaf[f], sides, claimed, first, hands, offtable, to_move, deck)
        else:
            feats = flag_features3(f, leaf[f], sides, claimed, first, hands, pools, offtable, to_move, deck)
        for w, x in zip(weights, feats, strict=True):
            score += w * x
        out[f] = logistic(score)
    return out


def game_values3(odds: list[float], forecast: tuple[float, float, float], sides: list[int], claimed: list[int],
                 hands: list[int], to_move: int, deck: int, seat: list[float],
                 draw_weights: list[float]) -> tuple[float, float, float]:
    """Each seat's expected result by a game model (`seat` over FEATURES3, `draw_weights` over
    DRAW_FEATURES3) read on each flag's chance `odds`; `forecast` is the forecast's value on the leaf's own
    chances."""
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


def flag_values3(leaf: list[float], forecast: tuple[float, float, float], sides: list[int], claimed: list[int],
                 first: list[int], hands: list[int], pools: list[int], offtable: int, to_move: int,
                 deck: int) -> tuple[float, float, float]:
    """Each seat's expected result by the per-flag model's chances read on by its game model (the
    committed learnt_flags3.json); `forecast` is the forecast's value on the leaf's own chances."""
    flag, seat, draw_weights = FLAG_WEIGHTS
    odds = flag_chances3(leaf, sides, claimed, first, hands, pools, offtable, to_move, deck, flag)
    return game_values3(odds, forecast, sides, claimed, hands, to_move, deck, seat, draw_weights)


#: The per-flag model without what reads the pools (issue 61, seventh round): the features of
#: FLAG_FEATURES3 a leaf can read without dealing its pools or reading the dealt hands' troops (the
#: pools and hands change with every leaf, so their reaches are never read twice). The class a side can
#: reach from every troop off the table is the same in every world dealt for one table, so its reach is
#: read from the cache. In FLAG_FEATURES3's order.
CEILING_FEATURES3: Final[tuple[str, ...]] = (
    "leaf", "proven", "done", "cards", "sum", "all_class", "order", "neighbours", "hand", "claimed", "leaf_x_deck",
    "all_x_deck")


def _ceiling_side(f: int, seat: int, side: int, hands: list[int], offtable: int, claimed: list[int],
                  to_move: int) -> list[float]:
    """One seat's side of flag f as _side_of reads it, without the pool, the hand's reach and the fits:
    complete, its cards and their sum, the class it can reach from every troop off the table, its place
    in the turn order, its claimed flags beside this one, its hand's size, its claimed flags, and the
    ceiling's strength (for the proof)."""
    n, total, neighbours, won = _side_counts(f, seat, side, claimed)
    ceiling = strength(side, False) if n >= SIDE else _reach_of(side, offtable)
    return [1.0 if n >= SIDE else 0.0, n / 3.0, total / 27.0, _rank(ceiling), ((seat - to_move) % 3) / 2.0,
            neighbours / 2.0, (hands[seat] & TROOP_MASK).bit_count() / 7.0, won / 6.0, float(ceiling)]


def ceiling_features3(f: int, leaf: float, sides: list[int], claimed: list[int], first: list[int],
                      hands: list[int], offtable: int, to_move: int, deck: int) -> list[float]:
    """An open flag's CEILING_FEATURES3, equal to those columns of flag_features3 (a test holds them so)."""
    a, b = PAIRS3[f]
    xa = _ceiling_side(f, a, sides[2 * f], hands, offtable, claimed, to_move)
    xb = _ceiling_side(f, b, sides[2 * f + 1], hands, offtable, claimed, to_move)
    proven = _proven(f, sides, first, int(xa[8]), int(xb[8]))
    fullness = deck / 39.0
    diffs = [xa[k] - xb[k] for k in range(8)]
    centred = leaf - 0.5
    return [centred, proven, *diffs, centred * fullness, diffs[3] * fullness]


def _load_ceiling() -> tuple[list[float], list[float], list[float]]:
    """The committed weights of the ceiling model (learnt_ceiling3.json): per flag, then the game model's
    seat and draw weights; empty lists when missing or unreadable (then LEARNT3 = 3 reads even flags)."""
    found = read_weights("learnt_ceiling3.json", {"flag_weights": len(CEILING_FEATURES3),
                                                  "weights": len(FEATURES3), "draw_weights": len(DRAW_FEATURES3)})
    if found is None:
        return [0.0] * len(CEILING_FEATURES3), [0.0] * len(FEATURES3), [0.0] * len(DRAW_FEATURES3)
    return found[0], found[1], found[2]


CEILING_WEIGHTS: Final = _load_ceiling()


def ceiling_values3(leaf: list[float], forecast: tuple[float, float, float], sides: list[int], claimed: list[int],
                    first: list[int], hands: list[int], offtable: int, to_move: int,
                    deck: int) -> tuple[float, float, float]:
    """Each seat's expected result by the ceiling model's per-flag chances read on by its game model."""
    flag, seat, draw_weights = CEILING_WEIGHTS
    odds = flag_chances3(leaf, sides, claimed, first, hands, hands, offtable, to_move, deck, flag, True)
    return game_values3(odds, forecast, sides, claimed, hands, to_move, deck, seat, draw_weights)


#: Two players: a side's features from its chance at each flag (the flags folded about the centre, which
#: the rules treat alike), and the model reads the difference of ours and the opponent's; "searcher" is a
#: constant, since the leaf credits the searching side's pool with more reach (HardBot.search_shares).
FEATURES2: Final[tuple[str, ...]] = ("q1_9", "q2_8", "q3_7", "q4_6", "q5", "line_max", "line_sum", "five",
                                     "forecast", "searcher")


def _load2() -> list[float]:
    """The committed two-player weights (learnt2.json); empty when missing or unreadable (then nothing
    changes)."""
    found = read_weights("learnt2.json", {"weights": len(FEATURES2)})
    return [] if found is None else found[0]


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


__all__ = ["CEILING_FEATURES3", "CEILING_WEIGHTS", "DRAW_FEATURES3", "FEATURES2", "FEATURES3", "FLAG_FEATURES3",
           "FLAG_WEIGHTS", "WEIGHTS2", "ceiling_features3", "ceiling_values3", "chances3", "features2",
           "flag_chances3", "flag_features3", "flag_values3", "game_values3", "learnt_value2", "learnt_values3",
           "logistic", "read_weights", "seat_features", "use_learnt2", "value_of"]
