"""The bots' names for the one formation ranking (engine.formations.side_potential, R13-R15, R30, R31).

`side_potential` is the ranking itself, on masks; `troop_potential` asks it about a side of troops
given by name (the three-player bot's question).
"""

from __future__ import annotations

from .cards import TROOP_INFO
from .formations import side_potential

__all__ = ["side_potential", "troop_potential"]


def troop_potential(cards: list[str], size: int, fog: bool, unseen: int) -> int | None:
    """Strength of the strongest completion of a troops-only side from `unseen` (None: impossible)."""
    side = 0
    for card in cards:
        colour, value = TROOP_INFO[card]
        side |= 1 << (colour * 10 + value - 1)
    if side.bit_count() != len(cards):
        raise ValueError(f"a card twice on one side: {cards}")
    return side_potential(side, size, fog, unseen)
