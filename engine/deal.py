"""The shuffle and the deal from one seed (R4-R6, R46): the same seed always deals the same game."""

from __future__ import annotations

from typing import NamedTuple

from .cards import TACTICS, TROOPS
from .rng import SplitMix64, shuffle
from .rulebook import HAND_LIMIT
from .rules import Rules


class Dealt(NamedTuple):
    """Who plays first, each seat's hand, and the two decks (drawn from the end)."""

    first: str
    hands: dict[str, list[str]]
    troops: list[str]
    tactics: list[str]


def deal(rules: Rules, seed: int, first: str | None = None) -> Dealt:
    """Seven cards to each seat, one at a time from the top, the first player first (R4, R6, R46).

    The seed draws the first player even when `first` is given (R5), so stating it leaves the shuffle
    unchanged; the three-player game has no tactics deck (R46).
    """
    rng = SplitMix64(seed)
    seats = rules.seats
    coin = seats[rng.below(len(seats))]
    first = first if first is not None else coin
    troops = list(TROOPS)
    shuffle(troops, rng)
    tactics = list(TACTICS) if rules.tactics and len(seats) == 2 else []
    if len(seats) == 2:
        shuffle(tactics, rng)
    order = [first]
    while len(order) < len(seats):
        order.append(rules.next_seat(order[-1]))
    hands: dict[str, list[str]] = {s: [] for s in seats}
    for i in range(len(seats) * HAND_LIMIT):
        hands[order[i % len(seats)]].append(troops.pop())
    return Dealt(first, hands, troops, tactics)
