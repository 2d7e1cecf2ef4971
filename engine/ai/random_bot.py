"""The random bot: any legal action, uniformly; it still claims every flag it can prove.

It exists to drive games through every corner of the rules in tests and benchmarks.
"""

from __future__ import annotations

import random

from ..game import Game
from ..notation_types import Action
from ..rulebook import to_action
from .base import Bot


class RandomBot(Bot):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def choose_in(self, game: Game) -> Action:
        if game.phase == "play":  # the play step's many actions as tuples: only the chosen one is named
            return to_action(self.rng.choice(game.legal_moves()))
        actions = game.legal_actions()
        if game.phase == "claim":
            return actions[0]  # a claim if any is provable, else "done"
        return self.rng.choice(actions)
