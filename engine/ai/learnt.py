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

from ..rulebook import PAIRS3, SIDE, TROOP_MASK
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


__all__ = ["DRAW_FEATURES3", "FEATURES2", "FEATURES3", "WEIGHTS2", "chances3", "features2", "learnt_value2",
           "learnt_values3", "seat_features", "use_learnt2", "value_of"]
