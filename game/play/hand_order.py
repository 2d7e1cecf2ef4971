"""The order the hand is shown in: as drawn, by colour, or by value (a setting, remembered).

Only the picture changes: the engine's hand and every action stay as they are.
"""

from __future__ import annotations

from engine.cards import TACTICS, TROOP_INFO
from game.i18n import N_

ORDER_WORDS = {"drawn": N_("as drawn"), "colour": N_("by colour"), "value": N_("by value")}


def _key(order: str, card: str) -> tuple[int, int, int]:
    """Troops first, tactics cards after them in their deck order."""
    if card not in TROOP_INFO:
        return (1, TACTICS.index(card) if card in TACTICS else 99, 0)
    colour, value = TROOP_INFO[card]
    return (0, colour, value) if order == "colour" else (0, value, colour)


def ordered(hand: list[str], order: str) -> list[str]:
    """The hand as the player chose to see it; "drawn" (or anything unknown) keeps the engine's order."""
    if order not in ("colour", "value"):
        return list(hand)
    return sorted(hand, key=lambda card: _key(order, card))
