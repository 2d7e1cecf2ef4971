"""Formation strength and the strongest completion of a side (R12-R17, R22, R30, R31).

Everything a claim needs reduces to one question: "what is the strongest formation this side can
still become, using only these unseen troops?" It is answered rank by rank, strongest first, with
bitmasks over values, so no completion is ever enumerated blindly (an empty side under Mud costs the
same few dozen mask tests as a nearly full one).

A side is split into its fixed troops, its morale tactics (wild cards whose identity is chosen for
their owner's benefit, R22) and the number of troops still missing. A complete side is the same
question with nothing missing.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .cards import COLOURS, TROOP_INFO, troop_at

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
_VALUE_MASK: Final = 0x3FF


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


def _bits(mask: int) -> list[int]:
    """Values (1-10) present in a value mask, highest first."""
    return [v for v in range(10, 0, -1) if mask >> (v - 1) & 1]


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


def _value_of(bit: int) -> int:
    return bit.bit_length()


def _colour_masks(unseen: int) -> list[int]:
    return [(unseen >> (ci * 10)) & _VALUE_MASK for ci in range(6)]


def _best_run(
    size: int, fixed_values: int, wild: list[str], candidates: list[tuple[int, int]],
) -> tuple[int, int, list[int], int] | None:
    """Highest run of `size` consecutive values holding the fixed values (Wedge or Skirmish Line).

    `candidates` pairs a colour index (-1 for any colour) with the values available from unseen
    troops in it. Returns (low value, colour, wild value bits, value bits taken from unseen troops).
    """
    wild_masks = [WILD_MASK[w] for w in wild]
    run_bits = (1 << size) - 1
    for low in range(11 - size, 0, -1):
        run = run_bits << (low - 1)
        if fixed_values & ~run:
            continue
        missing = run & ~fixed_values
        for colour, avail in candidates:
            gap = missing & ~avail
            if not wild_masks:
                if gap == 0:
                    return low, colour, [], missing
                continue
            chosen = _assign(wild_masks, missing, gap)
            if chosen is not None:
                taken = missing
                for bit in chosen:
                    taken &= ~bit
                return low, colour, chosen, taken
    return None


def best_formation(
    cards: list[str] | tuple[str, ...], size: int, fog: bool, unseen: int, floor: int = -1,
) -> Formation | None:
    """The strongest formation `cards` can become with `size - len(cards)` troops from `unseen`.

    `unseen` is a 60-bit troop mask (engine.cards.TROOP_BIT). With `floor` set, only a formation
    stronger than `floor` is looked for, and None means there is none; ranks that cannot exceed the
    floor are never searched. Without it, None means the side cannot be completed at all.
    """
    troops: list[tuple[int, int]] = []
    wild: list[str] = []
    for card in cards:
        info = TROOP_INFO.get(card)
        if info is None:
            wild.append(card)
        else:
            troops.append(info)
    need = size - len(troops) - len(wild)
    if need < 0 or unseen.bit_count() < need:
        return None
    fixed_sum = sum(v for _, v in troops)
    wild_top = sum(WILD_TOP[w] for w in wild)
    colour_avail = _colour_masks(unseen)

    if fog:
        top = _top_troops(colour_avail, need)
        total = fixed_sum + wild_top + sum(TROOP_INFO[c][1] for c in top)
        result = Formation(total, SUM_ONLY, total, tuple(top), _wild_top_names(wild, 0))
        return result if total > floor else None

    colours = {ci for ci, _ in troops}
    fixed_values = 0
    distinct = True
    for _, v in troops:
        bit = 1 << (v - 1)
        if fixed_values & bit:
            distinct = False
        fixed_values |= bit
    one_colour = len(colours) <= 1
    colour_list = list(colours) if colours else list(range(6))

    def beats_floor(rank: int) -> bool:
        return rank * RANK_STEP + 4 * 10 > floor

    # Wedge (R13.1)
    if not beats_floor(WEDGE):
        return None
    if one_colour and distinct:
        run = _best_run(size, fixed_values, wild, [(c, colour_avail[c] if need else 0) for c in colour_list])
        if run is not None:
            low, colour, chosen, taken = run
            total = sum(range(low, low + size))
            added = tuple(troop_at(colour, _value_of(b)) for b in _bits_list(taken))
            wild_names = tuple(troop_at(colour, _value_of(b)) for b in chosen)
            return _at_least(Formation(WEDGE * RANK_STEP + total, WEDGE, total, added, wild_names), floor)

    # Phalanx (R13.2)
    if not beats_floor(PHALANX):
        return None
    values = {v for _, v in troops}
    if len(values) <= 1:
        for v in ([*values] if values else range(10, 0, -1)):
            bit = 1 << (v - 1)
            if any(not WILD_MASK[w] & bit for w in wild):
                continue
            free = [ci for ci in range(6) if colour_avail[ci] & bit]
            if len(free) < need:
                continue
            added = tuple(troop_at(ci, v) for ci in free[:need])
            wild_names = tuple(troop_at(0, v) for _ in wild)
            total = size * v
            return _at_least(Formation(PHALANX * RANK_STEP + total, PHALANX, total, added, wild_names), floor)

    # Battalion Order (R13.3)
    if not beats_floor(BATTALION):
        return None
    if one_colour:
        best: Formation | None = None
        for colour in colour_list:
            avail = colour_avail[colour] if need else 0
            if avail.bit_count() < need:
                continue
            top_values = _bits(avail)[:need]
            total = fixed_sum + wild_top + sum(top_values)
            if best is None or total > best.total:
                added = tuple(troop_at(colour, v) for v in top_values)
                best = Formation(BATTALION * RANK_STEP + total, BATTALION, total, added,
                                 _wild_top_names(wild, colour))
        if best is not None:
            return _at_least(best, floor)

    # Skirmish Line (R13.4)
    if not beats_floor(SKIRMISH):
        return None
    if distinct:
        any_colour = 0
        for avail in colour_avail:
            any_colour |= avail
        run = _best_run(size, fixed_values, wild, [(-1, any_colour if need else 0)])
        if run is not None:
            low, _, chosen, taken = run
            total = sum(range(low, low + size))
            added = tuple(_any_troop(colour_avail, _value_of(b)) for b in _bits_list(taken))
            wild_names = tuple(troop_at(0, _value_of(b)) for b in chosen)
            return _at_least(Formation(SKIRMISH * RANK_STEP + total, SKIRMISH, total, added, wild_names), floor)

    # Host (R13.5)
    if not beats_floor(HOST):
        return None
    added_list = _top_troops(colour_avail, need)
    total = fixed_sum + wild_top + sum(TROOP_INFO[c][1] for c in added_list)
    return _at_least(Formation(HOST * RANK_STEP + total, HOST, total, tuple(added_list),
                               _wild_top_names(wild, 0)), floor)


def _at_least(formation: Formation, floor: int) -> Formation | None:
    return formation if formation.strength > floor else None


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
    raise ValueError(f"no unseen troop of value {value}")  # unreachable: callers checked the mask


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
