"""The strongest formation a side of troops can still become, answered directly with bit masks.

The same ranks and sums as formations.best_formation (R13-R15, R30, R31), for sides without morale
tactics, about twice as fast: bots ask this question millions of times per game. Checked against
best_formation in tests/test_bots_playout.py.
"""

from __future__ import annotations

from typing import Final

from .cards import TROOP_INFO
from .formations import BATTALION, HOST, PHALANX, RANK_STEP, SKIRMISH, WEDGE, best_formation

_VALUES: Final = 0x3FF


def _top_values(mask: int, count: int) -> int | None:
    """Sum of the `count` highest values set in a 10-bit value mask (None if too few)."""
    total = 0
    value = 10
    while count and value:
        if mask >> (value - 1) & 1:
            total += value
            count -= 1
        value -= 1
    return None if count else total


def troop_potential(cards: list[str], size: int, fog: bool, unseen: int) -> int | None:
    """Strength of the strongest completion of a troops-only side from `unseen` (None: impossible)."""
    side = 0
    for card in cards:
        colour, value = TROOP_INFO[card]
        side |= 1 << (colour * 10 + value - 1)
    if side.bit_count() != len(cards):  # the same card twice (only a hand-made question asks it): no mask holds it
        found = best_formation(cards, size, fog, unseen)
        return None if found is None else found.strength
    return side_potential(side, size, fog, unseen)


#: A side's (sum of values, value mask, colour mask, values all distinct), by its troop mask.
_SIDES: Final[dict[int, tuple[int, int, int, bool]]] = {}


def _side_info(side: int) -> tuple[int, int, int, bool]:
    fixed_sum = values = colours = 0
    distinct = True
    rest = side
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        colour, value = divmod(card, 10)
        fixed_sum += value + 1
        bit = 1 << value
        if values & bit:
            distinct = False
        values |= bit
        colours |= 1 << colour
    if len(_SIDES) > 100_000:
        _SIDES.clear()
    found = _SIDES[side] = (fixed_sum, values, colours, distinct)
    return found


#: Per value 1-10, the unseen-mask bits of that value in every colour.
_COLUMN: Final = [0] + [sum(1 << (c * 10 + v - 1) for c in range(6)) for v in range(1, 11)]


def _top_mask(unseen: int, count: int) -> int | None:
    """The sum of the `count` highest unseen troops of any colour (None if too few)."""
    if count <= 0:
        return 0
    total = 0
    for value in range(10, 0, -1):
        found = (unseen & _COLUMN[value]).bit_count()
        if found >= count:
            return total + value * count
        total += value * found
        count -= found
    return None


def side_potential(side: int, size: int, fog: bool, unseen: int) -> int | None:
    """troop_potential for a side given as a troop mask (engine.cards.TROOP_BIT): the bots' hot path.

    A value's count over the colours is one population count of the unseen mask.
    """
    need = size - side.bit_count()
    info = _SIDES.get(side)
    if info is None:
        info = _side_info(side)
    fixed_sum, values, colours, distinct = info
    if fog:
        top = _top_mask(unseen, need)
        return None if top is None else fixed_sum + top
    one_colour = colours & (colours - 1) == 0
    if one_colour:
        shifts = (0, 10, 20, 30, 40, 50) if not colours else ((colours.bit_length() - 1) * 10,)
        if distinct:  # Wedge
            run = (1 << size) - 1
            for low in range(11 - size, 0, -1):
                window = run << (low - 1)
                if values & ~window:
                    continue
                missing = window & ~values
                for shift in shifts:
                    if unseen >> shift & missing == missing:
                        return WEDGE * RANK_STEP + size * low + size * (size - 1) // 2
    if values & (values - 1) == 0:  # Phalanx: one value (or none yet)
        for value in ((values.bit_length(),) if values else range(10, 0, -1)):
            if (unseen & _COLUMN[value]).bit_count() >= need:
                return PHALANX * RANK_STEP + size * value
    if one_colour:  # Battalion Order
        best = None
        for shift in shifts:
            top = _top_values(unseen >> shift & _VALUES, need)
            if top is not None and (best is None or top > best):
                best = top
        if best is not None:
            return BATTALION * RANK_STEP + fixed_sum + best
    if distinct:  # Skirmish Line
        any_colour = (unseen | unseen >> 10 | unseen >> 20 | unseen >> 30 | unseen >> 40 | unseen >> 50) & _VALUES
        skirmish = _skirmish_line(values, any_colour, size)
        if skirmish is not None:
            return skirmish
    top = _top_mask(unseen, need)
    return None if top is None else HOST * RANK_STEP + fixed_sum + top


def _skirmish_line(values: int, any_colour: int, size: int) -> int | None:
    """The best Skirmish Line a side of distinct `values` can still complete with the `any_colour` values."""
    run = (1 << size) - 1
    for low in range(11 - size, 0, -1):
        window = run << (low - 1)
        if values & ~window:
            continue
        missing = window & ~values
        if missing & any_colour == missing:
            return SKIRMISH * RANK_STEP + size * low + size * (size - 1) // 2
    return None
