"""Hidden cards as one seat sees them, and worlds sampled consistently with that view (R45).

A bot knows its own hand, the table, both discard piles, the sizes of the opponent's hand and of
both decks and how many tactics cards that hand holds (R45, `hand_tactics`). Everything else is
hidden: the hidden troops are the troops nowhere in sight, the hidden
tactics the tactics nowhere in sight. The counts pin the split down exactly: the troop deck holds
only troops and the tactics deck only tactics, so the opponent's hand holds
`hidden troops - troop deck size` troops and the rest tactics. A world deals the hidden cards
uniformly at random under those counts; each bot only ever samples, it never reads a hidden card.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..cards import TACTICS, TROOPS
from ..game import Game
from ..rules import OTHER


class Hidden(NamedTuple):
    """What `seat` cannot see, and how it must be split between the opponent's hand and the decks."""

    troops: list[str]
    tactics: list[str]
    opp_troops: int
    opp_tactics: int


class World(NamedTuple):
    """One guess at the hidden cards: the opponent's hand and both decks (top card last)."""

    opp_hand: list[str]
    troop_deck: list[str]
    tactics_deck: list[str]


def hidden_of(game: Game, seat: str) -> Hidden:
    """The hidden cards from `seat`'s view; only the table, discards, own hand and counts are read."""
    visible: set[str] = set(game.hand(seat))
    for flag in game.flags:
        visible.update(flag.sides["north"])
        visible.update(flag.sides["south"])
        if flag.fog:
            visible.add("fog")
        if flag.mud:
            visible.add("mud")
    visible.update(game.discards["north"])
    visible.update(game.discards["south"])
    troops = [c for c in TROOPS if c not in visible]
    tactics = [c for c in TACTICS if c not in visible] if game.rules.tactics else []
    opp_troops = max(0, len(troops) - game.deck_sizes["troops"])
    opp_tactics = max(0, len(tactics) - game.deck_sizes["tactics"])
    # A hand-made position may not add up; never ask for more cards than the opponent holds.
    size = game.hand_sizes[OTHER[seat]]
    said = game.hand_tactics(OTHER[seat])  # public (R45): a view that states it pins the split
    if said is not None and said <= len(tactics) and size - said <= len(troops):
        opp_tactics, opp_troops = said, size - said
    if opp_troops + opp_tactics > size:
        opp_tactics = max(0, size - opp_troops)
        opp_troops = min(opp_troops, size)
    return Hidden(troops, tactics, opp_troops, opp_tactics)


def sample_world(hidden: Hidden, rng: random.Random) -> World:
    """Deal the hidden cards at random under the view's counts."""
    troops = hidden.troops[:]
    tactics = hidden.tactics[:]
    rng.shuffle(troops)
    rng.shuffle(tactics)
    opp_hand = troops[:hidden.opp_troops] + tactics[:hidden.opp_tactics]
    return World(opp_hand, troops[hidden.opp_troops:], tactics[hidden.opp_tactics:])


def determinize(game: Game, seat: str, world: World) -> Game:
    """A complete game state: `game` as `seat` sees it with `world` filling in the hidden cards."""
    out = game.copy()
    other = OTHER[seat]
    out.hands[other] = world.opp_hand[:]
    out.hand_sizes[other] = len(world.opp_hand)
    out.decks = {"troops": world.troop_deck[:], "tactics": world.tactics_deck[:]}
    out.deck_sizes = {"troops": len(world.troop_deck), "tactics": len(world.tactics_deck)}
    return out
