"""The flags on the table as `Game` keeps them, and the loops over them that each turn runs.

A `FlagState` holds a flag in the notation's words (each side's cards in the order played, the seats of
Fog, Mud, the first to complete and the owner) and each side as a mask of card ids beside them, so that
engine.rulebook judges it without converting. The functions below walk all nine flags for `Game` (what
may be played where, which flags are provable, which flags a seat holds); with the optional compiled
core (engine.compiled) they run compiled like the rules they call.
"""

from __future__ import annotations

from .rulebook import ID, LeanAction, mask_of, plays, provable, put_on_side, side_size, take_from_side
from .rules import SEATS


class FlagState:
    """One flag: both sides, its environment tactics, the R18 tie-break, and its owner.

    `pair` names the two seats that fight here (R47): north and south in the two-player game, the
    two seats of the flag's front in the three-player one. `sides` has exactly those two keys.
    """

    __slots__ = ("claimed", "first_complete", "fog", "masks", "mud", "pair", "sides")

    pair: tuple[str, str]
    sides: dict[str, list[str]]
    masks: list[int]
    fog: str | None
    mud: str | None
    first_complete: str | None
    claimed: str | None

    def __init__(self, pair: tuple[str, str] = SEATS) -> None:
        self.pair = pair
        self.sides = {pair[0]: [], pair[1]: []}
        #: Each side as a mask of card ids (engine.rulebook), in `pair` order: kept by put() and take().
        self.masks = [0, 0]
        self.fog = None
        self.mud = None
        self.first_complete = None
        self.claimed = None

    @property
    def size(self) -> int:
        """Cards a side needs for a formation (R8, R31: engine.rulebook.side_size)."""
        return side_size(self.mud is not None)

    def put(self, seat: str, card: str) -> int:
        """A card joins `seat`'s side: engine.rulebook.put_on_side's answer (R18: whether it completed, and second)."""
        self.sides[seat].append(card)
        return put_on_side(self.masks, self.pair.index(seat), ID[card], self.size)

    def take(self, seat: str, card: str) -> bool:
        """A card leaves `seat`'s side: engine.rulebook.take_from_side's answer (R18: whether it was complete)."""
        self.sides[seat].remove(card)
        return take_from_side(self.masks, self.pair.index(seat), ID[card], self.size)

    def set_side(self, seat: str, cards: list[str]) -> None:
        """`seat`'s side is `cards` (a position being read)."""
        self.sides[seat] = cards
        self.masks[self.pair.index(seat)] = mask_of(cards)

    def complete(self, seat: str) -> bool:
        return len(self.sides[seat]) >= self.size

    def other(self, seat: str) -> str:
        """The seat facing `seat` at this flag."""
        a, b = self.pair
        return b if seat == a else a

    def copy(self) -> FlagState:
        out = FlagState(self.pair)  # a plain call: the compiled build (engine.compiled) has no __new__
        a, b = self.pair
        out.sides = {a: self.sides[a][:], b: self.sides[b][:]}
        out.masks = self.masks[:]
        out.fog, out.mud = self.fog, self.mud
        out.first_complete, out.claimed = self.first_complete, self.claimed
        return out


def board(flags: list[FlagState], index: dict[str, int]) -> tuple[list[int], list[int], int]:
    """The flags as engine.rulebook.plays reads them: each side's mask (`2 * flag + place`), each flag's
    owner as a seat index (-1: none), and the flags with Mud as a mask."""
    sides = [0] * 18
    claimed = [-1] * 9
    mud = 0
    for i, flag in enumerate(flags):
        sides[2 * i] = flag.masks[0]
        sides[2 * i + 1] = flag.masks[1]
        owner = flag.claimed
        if owner is not None:
            claimed[i] = index[owner]
        if flag.mud is not None:
            mud |= 1 << i
    return sides, claimed, mud


def _provable_at(flag: FlagState, seat: str, unseen: int) -> bool:
    """R19, R20, R48: an unclaimed flag of `seat`'s fronts that `seat` can prove (engine.rulebook.provable)."""
    if flag.claimed is not None:
        return False
    pair = flag.pair
    if pair[0] == seat:
        k = 0
    elif pair[1] == seat:
        k = 1
    else:
        return False
    mine = flag.masks[k]
    size = side_size(flag.mud is not None)
    if mine.bit_count() < size:
        return False
    return provable(mine, flag.masks[1 - k], size, flag.fog is not None, flag.first_complete == seat, unseen)


def provable_flags(flags: list[FlagState], seat: str, unseen: int) -> list[int]:
    """The flags (1-9) `seat` could prove now."""
    return [i + 1 for i, flag in enumerate(flags) if _provable_at(flag, seat, unseen)]


def any_provable(flags: list[FlagState], seat: str, unseen: int) -> bool:
    """Whether `seat` could prove any flag now (provable_flags, stopping at the first)."""
    return any(_provable_at(flag, seat, unseen) for flag in flags)


def held(flags: list[FlagState], seat: str) -> int:
    """The flags `seat` holds as a mask (bit i: flag i+1)."""
    out = 0
    for i, flag in enumerate(flags):
        if flag.claimed == seat:
            out |= 1 << i
    return out


def plays_in(flags: list[FlagState], index: dict[str, int], places: tuple[int, ...], hand: list[str],
             tactic_ok: bool, leader_dead: bool, deck_left: bool) -> list[LeanAction]:
    """engine.rulebook.plays for a hand of named cards: listed in the hand's order and, for a card taken
    from a flag, in its side's order (the order Game.legal_actions always had)."""
    cards: list[int] = []
    for card in hand:
        card_id = ID[card]
        if card_id not in cards:
            cards.append(card_id)
    sides, claimed, mud = board(flags, index)

    def targets(flag: int, place: int) -> list[int]:
        state = flags[flag]
        return [ID[card] for card in state.sides[state.pair[place]]]

    return plays(cards, places, sides, claimed, mud, tactic_ok, leader_dead, deck_left, targets)
