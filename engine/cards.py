"""Cards in the notation of NOTATION.md (R1, R2).

Cards stay plain strings everywhere ("r5", "alexander") so that positions, actions and events
need no conversion at any boundary; the tables below give the engine O(1) facts about each one.
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("r", "o", "y", "g", "b", "p")
COLOUR_NAMES: dict[str, str] = {
    "r": "red", "o": "orange", "y": "yellow", "g": "green", "b": "blue", "p": "purple",
}
VALUE_NAMES: dict[int, str] = {
    10: "Elephants", 9: "Chariots", 8: "Heavy Cavalry", 7: "Light Cavalry", 6: "Hypaspists",
    5: "Phalangists", 4: "Hoplites", 3: "Javelineers", 2: "Peltasts", 1: "Skirmishers",
}

LEADERS: frozenset[str] = frozenset({"alexander", "darius"})
MORALE: frozenset[str] = frozenset({"alexander", "darius", "cavalry", "shield"})
ENVIRONMENT: frozenset[str] = frozenset({"fog", "mud"})
GUILE: frozenset[str] = frozenset({"scout", "redeploy", "deserter", "traitor"})
TACTICS: tuple[str, ...] = (
    "alexander", "darius", "cavalry", "shield", "fog", "mud", "scout", "redeploy", "deserter", "traitor",
)
TACTIC_NAMES: dict[str, str] = {
    "alexander": "Alexander", "darius": "Darius", "cavalry": "Companion Cavalry",
    "shield": "Shield Bearers", "fog": "Fog", "mud": "Mud", "scout": "Scout", "redeploy": "Redeploy",
    "deserter": "Deserter", "traitor": "Traitor",
}

TROOPS: tuple[str, ...] = tuple(f"{c}{v}" for c in COLOURS for v in range(1, 11))
ALL_CARDS: frozenset[str] = frozenset(TROOPS) | frozenset(TACTICS)

#: card -> (colour index, value) for troops.
TROOP_INFO: dict[str, tuple[int, int]] = {
    f"{c}{v}": (ci, v) for ci, c in enumerate(COLOURS) for v in range(1, 11)
}
#: card -> bit in the 60-bit troop mask: bit = colour * 10 + (value - 1).
TROOP_BIT: dict[str, int] = {card: 1 << (ci * 10 + v - 1) for card, (ci, v) in TROOP_INFO.items()}
ALL_TROOPS_MASK: int = (1 << 60) - 1


def troop_at(colour: int, value: int) -> str:
    """The troop card of a colour index and value."""
    return f"{COLOURS[colour]}{value}"


def fills_slot(card: str) -> bool:
    """Troops and morale tactics take a slot in a formation (R8, R27-R29)."""
    return card in TROOP_INFO or card in MORALE


def card_name(card: str) -> str:
    """A card in words, for logs and proofs: "red 5 (Phalangists)", "Companion Cavalry"."""
    if card in TROOP_INFO:
        ci, v = TROOP_INFO[card]
        return f"{COLOUR_NAMES[COLOURS[ci]]} {v}"
    return TACTIC_NAMES[card]
