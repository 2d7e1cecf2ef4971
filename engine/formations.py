"""Formation strength and the strongest completion of a side: one ranking, on masks (R12-R17, R22, R30, R31).

Everything a claim and a bot need reduces to one question: "what is the strongest formation this side
can still become, using only these unseen troops?" `side_potential` answers it rank by rank, strongest
first, with bit masks over values, so no completion is ever enumerated blindly: a side is its fixed
troops, its morale tactics (wild cards whose identity is chosen for their owner's benefit, R22) and
the number of troops still missing. A complete side is the same question with nothing missing.

`best_formation` asks that same ranking about a side given by its cards, and names the cards that make
the formation found (a claim's proof shows them, R23); it ranks nothing itself.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .cards import COLOURS, TACTICS, TROOP_INFO, troop_at

WEDGE: Final = 4
PHALANX: Final = 3
BATTALION: Final = 2
SKIRMISH: Final = 1
HOST: Final = 0
RANK_NAMES: dict[int, str] = {
    WEDGE: "wedge", PHALANX: "phalanx", BATTALION: "battalion", SKIRMISH: "skirmish", HOST: "host",
}
#: Under Fog only sums count (R30); the rank is reported as this pseudo-rank.
SUM_ONLY: Final = -1
RANK_NAMES[SUM_ONLY] = "sum"
#: A rank is worth more than any sum (at most 4 * 10): strength = rank * RANK_STEP + sum.
RANK_STEP: Final = 64

#: Values a morale tactic may take (R27-R29), as a mask of bit (value - 1), and its highest value.
WILD_MASK: dict[str, int] = {"alexander": 0x3FF, "darius": 0x3FF, "cavalry": 1 << 7, "shield": 0b111}
WILD_TOP: dict[str, int] = {"alexander": 10, "darius": 10, "cavalry": 8, "shield": 3}
#: The same by a morale tactic's place in a side's mask: bit 60 + k (engine.rulebook's ids, TACTICS order).
_MORALE: Final = ("alexander", "darius", "cavalry", "shield")
assert TACTICS[:4] == _MORALE
_WILD_MASKS: Final = (0x3FF, 0x3FF, 1 << 7, 0b111)
_WILD_TOPS: Final = (10, 10, 8, 3)
_VALUES: Final = 0x3FF
_TROOPS: Final = (1 << 60) - 1
#: A card's bit in a side's mask: troops 0-59 (engine.cards.TROOP_BIT), the morale tactics 60-63.
_SIDE_BIT: Final[dict[str, int]] = {
    **{card: 1 << (ci * 10 + v - 1) for card, (ci, v) in TROOP_INFO.items()},
    **{card: 1 << (60 + k) for k, card in enumerate(_MORALE)},
}


class Formation(NamedTuple):
    """The strongest formation found for a side.

    `strength` orders formations at one flag (rank first, then sum; sum only under Fog).
    `added` are the unseen troops that complete the side; `wild` gives each morale tactic's chosen
    identity as a troop name (its colour only matters for Wedge and Battalion).
    """

    strength: int
    rank: int
    total: int
    added: tuple[str, ...]
    wild: tuple[str, ...]

    @property
    def name(self) -> str:
        return RANK_NAMES[self.rank]


# ---------------------------------------------------------------------- the ranking
#: A side's (sum of values with each morale tactic at its highest, troop value mask, colour mask, troop
#: values all distinct), by its mask.
_SIDES: Final[dict[int, tuple[int, int, int, bool]]] = {}


def _side_info(side: int) -> tuple[int, int, int, bool]:
    fixed_sum = values = colours = 0
    distinct = True
    rest = side & _TROOPS
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
    wild = side >> 60
    for k in range(4):
        if wild >> k & 1:
            fixed_sum += _WILD_TOPS[k]
    if len(_SIDES) > 100_000:
        _SIDES.clear()
    found = _SIDES[side] = (fixed_sum, values, colours, distinct)
    return found


#: Per value 1-10, the unseen-mask bits of that value in every colour.
_COLUMN: Final = [0] + [sum(1 << (c * 10 + v - 1) for c in range(6)) for v in range(1, 11)]


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


def _assign(wilds: list[int], missing: int, gap: int) -> list[int] | None:
    """Give each wild card a distinct missing value it may take, covering every gap value.

    Returns the chosen value bits in the order of `wilds`, or None. At most three wild cards exist
    on a side, so plain backtracking is cheap.
    """
    if not wilds:
        return [] if gap == 0 else None
    if gap.bit_count() > len(wilds):
        return None
    first, rest = wilds[0], wilds[1:]
    options = missing & first
    # Prefer covering a gap value first: it is the scarce resource.
    for pool in (options & gap, options & ~gap):
        while pool:
            bit = pool & -pool
            pool ^= bit
            tail = _assign(rest, missing & ~bit, gap & ~bit)
            if tail is not None:
                return [bit, *tail]
    return None


def _wilds(wild: int) -> list[int]:
    """The value masks of the morale tactics in a side's wild bits (its mask >> 60)."""
    return [_WILD_MASKS[k] for k in range(4) if wild >> k & 1]


def _fits(wild: int, missing: int, gap: int) -> bool:
    """Whether the morale tactics can each take a distinct `missing` value, covering the `gap` values."""
    return _assign(_wilds(wild), missing, gap) is not None


def _allowed(wild: int) -> int:
    """The values every one of the morale tactics may take (a Phalanx needs one value for all)."""
    out = _VALUES
    for mask in _wilds(wild):
        out &= mask
    return out


def side_potential(side: int, size: int, fog: bool, unseen: int, found: list[int] | None = None) -> int | None:
    """The strength of the strongest formation `side` can become with troops from `unseen` (None: none).

    `side` is a mask (troops as engine.cards.TROOP_BIT, the morale tactics at bits 60-63), `unseen` a
    troop mask. A value's count over the colours is one population count of the unseen mask: this is
    the bots' hot path. With `found` given, what fixes the formation is appended for best_formation to
    name its cards: Wedge (colour, lowest value); Phalanx (value); Battalion (colour); Skirmish (lowest value).
    """
    need = size - side.bit_count()
    info = _SIDES.get(side)
    if info is None:
        info = _side_info(side)
    fixed_sum, values, colours, distinct = info
    if fog:
        top = _top_mask(unseen, need)
        return None if top is None else fixed_sum + top
    wild = side >> 60
    one_colour = colours & (colours - 1) == 0
    if one_colour:
        shifts = (0, 10, 20, 30, 40, 50) if not colours else ((colours.bit_length() - 1) * 10,)
        if distinct:  # Wedge (R13.1): a run in one colour
            low, shift = _run_low(values, size, wild, unseen, shifts)
            if low:
                if found is not None:
                    found.extend((shift // 10, low))
                return WEDGE * RANK_STEP + size * low + size * (size - 1) // 2
    if values & (values - 1) == 0:  # Phalanx (R13.2): one value (or none yet)
        for value in ((values.bit_length(),) if values else range(10, 0, -1)):
            if (unseen & _COLUMN[value]).bit_count() >= need and (not wild or _allowed(wild) >> (value - 1) & 1):
                if found is not None:
                    found.append(value)
                return PHALANX * RANK_STEP + size * value
    if one_colour:  # Battalion Order (R13.3)
        best = None
        best_shift = 0
        for shift in shifts:
            top = _top_values(unseen >> shift & _VALUES, need)
            if top is not None and (best is None or top > best):
                best = top
                best_shift = shift
        if best is not None:
            if found is not None:
                found.append(best_shift // 10)
            return BATTALION * RANK_STEP + fixed_sum + best
    if distinct:  # Skirmish Line (R13.4)
        any_colour = (unseen | unseen >> 10 | unseen >> 20 | unseen >> 30 | unseen >> 40 | unseen >> 50) & _VALUES
        low = _run_low(values, size, wild, any_colour, (0,))[0]
        if low:
            if found is not None:
                found.append(low)
            return SKIRMISH * RANK_STEP + size * low + size * (size - 1) // 2
    top = _top_mask(unseen, need)  # Host (R13.5)
    return None if top is None else HOST * RANK_STEP + fixed_sum + top


def _run_low(values: int, size: int, wild: int, unseen: int, shifts: tuple[int, ...]) -> tuple[int, int]:
    """The best run of `size` values (R14) a side of distinct `values` and `wild` morale tactics can still
    complete: its lowest value and the colour (a shift in `unseen`) whose troops fill it; (0, -1) for none.

    A Wedge asks each colour's troops (`shifts` into the unseen mask), a Skirmish Line the values unseen
    in any colour (`unseen` a value mask, `shifts` (0,)): the one loop over the windows, highest first."""
    run = (1 << size) - 1
    for low in range(11 - size, 0, -1):
        window = run << (low - 1)
        if values & ~window:
            continue
        missing = window & ~values
        for shift in shifts:
            if _fits(wild, missing, missing & ~(unseen >> shift)) if wild else unseen >> shift & missing == missing:
                return low, shift
    return 0, -1


# ---------------------------------------------------------------------- naming the cards
def best_formation(
    cards: list[str] | tuple[str, ...], size: int, fog: bool, unseen: int, floor: int = -1,
) -> Formation | None:
    """The strongest formation `cards` can become with `size - len(cards)` troops from `unseen`, its cards named.

    `unseen` is a 60-bit troop mask (engine.cards.TROOP_BIT). With `floor` set, only a formation
    stronger than `floor` is returned, and None means there is none. Without it, None means the side
    cannot be completed at all. The ranking is side_potential's; this only names the cards it found.
    """
    side = 0
    wild: list[str] = []
    for card in cards:
        bit = _SIDE_BIT.get(card)
        if bit is None:
            raise ValueError(f"{card!r} takes no place in a formation")
        if side & bit:
            raise ValueError(f"{card!r} twice on one side: each card exists once")
        side |= bit
        if bit >> 60:
            wild.append(card)
    need = size - len(cards)
    if need < 0 or unseen.bit_count() < need:
        return None
    witness: list[int] = []
    strength = side_potential(side, size, fog, unseen, witness)
    if strength is None or strength <= floor:
        return None
    colour_avail = [(unseen >> (ci * 10)) & _VALUES for ci in range(6)]
    if fog:
        return Formation(strength, SUM_ONLY, strength, tuple(_top_troops(colour_avail, need)),
                         _wild_top_names(wild, 0))
    rank, total = divmod(strength, RANK_STEP)
    if rank in (WEDGE, SKIRMISH):
        low = witness[-1]
        colour = witness[0] if rank == WEDGE else -1
        fixed_values = 0
        for card in cards:
            if card in TROOP_INFO:
                fixed_values |= 1 << (TROOP_INFO[card][1] - 1)
        missing = ((1 << size) - 1) << (low - 1) & ~fixed_values
        any_colour = 0
        for avail in colour_avail:
            any_colour |= avail
        avail = (colour_avail[colour] if rank == WEDGE else any_colour) if need else 0
        chosen = _assign([WILD_MASK[w] for w in wild], missing, missing & ~avail) or []
        taken = missing
        for bit in chosen:
            taken &= ~bit
        if rank == WEDGE:
            added = tuple(troop_at(colour, bit.bit_length()) for bit in _bits_list(taken))
            return Formation(strength, rank, total, added, tuple(troop_at(colour, b.bit_length()) for b in chosen))
        added = tuple(_any_troop(colour_avail, bit.bit_length()) for bit in _bits_list(taken))
        return Formation(strength, rank, total, added, tuple(troop_at(0, b.bit_length()) for b in chosen))
    if rank == PHALANX:
        value = witness[0]
        free = [ci for ci in range(6) if colour_avail[ci] >> (value - 1) & 1]
        return Formation(strength, rank, total, tuple(troop_at(ci, value) for ci in free[:need]),
                         tuple(troop_at(0, value) for _ in wild))
    if rank == BATTALION:
        colour = witness[0]
        top_values = _bits(colour_avail[colour] if need else 0)[:need]
        return Formation(strength, rank, total, tuple(troop_at(colour, v) for v in top_values),
                         _wild_top_names(wild, colour))
    return Formation(strength, rank, total, tuple(_top_troops(colour_avail, need)), _wild_top_names(wild, 0))


def _bits(mask: int) -> list[int]:
    """Values (1-10) present in a value mask, highest first."""
    return [v for v in range(10, 0, -1) if mask >> (v - 1) & 1]


def _bits_list(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit)
        mask ^= bit
    return out


def _wild_top_names(wild: list[str], colour: int) -> tuple[str, ...]:
    return tuple(troop_at(colour, WILD_TOP[w]) for w in wild)


def _any_troop(colour_avail: list[int], value: int) -> str:
    bit = 1 << (value - 1)
    for ci in range(6):
        if colour_avail[ci] & bit:
            return troop_at(ci, value)
    raise ValueError(f"no unseen troop of value {value}")  # unreachable: the ranking checked the mask


def _top_troops(colour_avail: list[int], need: int) -> list[str]:
    """The `need` highest unseen troops of any colour (Host and Fog sums)."""
    out: list[str] = []
    value = 10
    while len(out) < need and value > 0:
        bit = 1 << (value - 1)
        for ci in range(6):
            if colour_avail[ci] & bit:
                out.append(f"{COLOURS[ci]}{value}")
                if len(out) == need:
                    break
        value -= 1
    return out


def evaluate(cards: list[str] | tuple[str, ...], fog: bool) -> Formation:
    """The strength of a complete side, its morale tactics taking their best identities (R22)."""
    result = best_formation(cards, len(cards), fog, 0)
    if result is None:  # pragma: no cover - a complete side always forms at least a Host
        raise ValueError(f"not a complete side: {cards}")
    return result
