"""The playout policy of the hard bot's search: the easy bot's rules with a faster formation estimate.

A playout runs a game to its end many times per decision, and nearly all of its time goes into
"the strongest formation this side can still become". For sides of troops only, that question is
answered by engine.potential; sides holding a morale tactic fall back to best_formation.
"""

from __future__ import annotations

from ..cards import TROOP_INFO
from ..game import Game
from ..potential import troop_potential
from ..table import FlagState
from .simple import LOST, SimpleBot


class PlayoutBot(SimpleBot):
    """The easy bot, faster: used by the hard bot to play games out, never offered as a level."""

    name = "playout"

    def _potential(self, game: Game, flag: FlagState, cards: list[str]) -> float:
        if not all(card in TROOP_INFO for card in cards):
            return super()._potential(game, flag, cards)
        unseen = game.unseen()
        for card in cards:
            unseen &= ~(1 << (TROOP_INFO[card][0] * 10 + TROOP_INFO[card][1] - 1))
        found = troop_potential(cards, flag.size, flag.fog is not None, unseen)
        return LOST if found is None else float(found)


__all__ = ["PlayoutBot", "troop_potential"]
