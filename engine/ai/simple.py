"""The easy bot: plays for its best immediate formation, with one plain rule per tactics card.

A troop goes where it makes the strongest formation the side can still become (over the unseen
troops, which include the bot's own hand, R21), preferring sides nearer completion and flags the
opponent has not already won. It claims everything it can prove. It never looks ahead and never
weighs one flag against another: that is what the normal bot adds.

The rules themselves are written once, on masks, in engine.ai.lean_policy (the hard bot's playouts
follow them too): this bot asks them of its view of the game, in the game's order of actions.
"""

from __future__ import annotations

import random

from ..cards import MORALE, TROOP_BIT
from ..game import Game
from ..notation_types import Action
from ..rulebook import ID, from_action, mask_of
from .base import Bot
from .lean import Lean
from .lean_policy import LOST, LeanPolicy, placement, return_rank, wants_tactic


class SimpleBot(Bot):
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.policy = LeanPolicy(seed)  # its rules only: the ties are broken by self.rng

    def choose_in(self, game: Game) -> Action:
        actions = game.legal_actions()
        if len(actions) == 1 or game.phase == "claim":
            return actions[0]
        if game.phase in ("draw", "scout_draw"):
            want = "tactics" if wants_tactic(mask_of(game.hand(game.to_move))) else "troops"
            return next((a for a in actions if a["deck"] == want), actions[0])
        if game.phase == "scout_return":
            return self._scout_return(game, actions)
        return self.ranked(game, actions)[0]

    def ranked(self, game: Game, actions: list[Action]) -> list[Action]:
        """The plays best first by the easy rules (ties broken by this bot's random generator)."""
        table: list[Lean] = []
        scored = [(self._score(game, a, table), self.rng.random(), a) for a in actions]
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        return [a for _, _, a in scored]

    def _score(self, game: Game, action: Action, table: list[Lean]) -> float:
        """Higher is better: lean_policy's score of the play. A troop or morale tactic is read from its
        flag alone (two or three players); the other tactics (two players) from the table in masks."""
        if action["type"] == "pass":
            return LOST * 2
        card = action["card"]
        if card in TROOP_BIT or card in MORALE:
            flag = game.flags[action["flag"] - 1]
            seat = game.to_move
            mine = flag.pair.index(seat)
            return placement(flag.masks[mine], flag.masks[1 - mine], flag.size, flag.fog is not None,
                             game.unseen(), ID[card])
        if not table:
            table.append(Lean.from_table(game))
        return self.policy.score(table[0], from_action(action))

    def _scout_return(self, game: Game, actions: list[Action]) -> Action:
        """Return the lowest troops; a tactics card counts as high. A Leader it may not play stays (R27)."""
        hand = sorted(game.returnable(game.to_move), key=lambda card: return_rank(ID[card]))  # ties: hand order
        need = len(actions[0]["cards"])
        return {"type": "scout_return", "cards": hand[:need]}

