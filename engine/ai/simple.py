"""The easy bot: plays for its best immediate formation, with one plain rule per tactics card.

A troop goes where it makes the strongest formation the side can still become (best_formation over
the unseen troops, which include the bot's own hand, R21), preferring sides nearer completion and
flags the opponent has not already won. It claims everything it can prove. It never looks ahead
and never weighs one flag against another: that is what the normal bot adds.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..cards import LEADERS, MORALE, TROOP_BIT, TROOP_INFO
from ..claims import strength_of
from ..formations import best_formation
from ..game import Game
from ..rules import OTHER
from ..table import FlagState
from .base import Bot

LOST = -1000.0


class SimpleBot(Bot):
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self._memo: dict[tuple[object, ...], float] = {}

    def choose_in(self, game: Game) -> Action:
        actions = game.legal_actions()
        if len(actions) == 1 or game.phase == "claim":
            return actions[0]
        if game.phase in ("draw", "scout_draw"):
            return self._draw(game, actions)
        if game.phase == "scout_return":
            return self._scout_return(game, actions)
        return self.ranked(game, actions)[0]

    def ranked(self, game: Game, actions: list[Action]) -> list[Action]:
        """The plays best first by this bot's rules (ties broken by its random generator)."""
        scored = [(self._score(game, a), self.rng.random(), a) for a in actions]
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        return [a for _, _, a in scored]

    # ------------------------------------------------------------------ scoring plays
    def _score(self, game: Game, action: Action) -> float:
        """Higher is better. Troops and morale tactics by formation; other tactics by their rule."""
        if action["type"] == "pass":
            return LOST * 2
        card = action["card"]
        if card in TROOP_BIT or card in MORALE:
            score = self._placement(game, action["flag"], card)
            if card in MORALE:  # a wild card is kept for a formation it lifts a lot
                score -= 60.0 if card in LEADERS else 30.0
            return score
        rule = getattr(self, "_rule_" + card)
        result: float = rule(game, action)
        return result

    def _potential(self, game: Game, flag: FlagState, cards: list[str]) -> float:
        """The strongest formation `cards` can still become, or LOST if it cannot be finished.

        Memoised: a searching bot asks the same question of the same table in many worlds.
        """
        unseen = game.unseen()
        for card in cards:
            unseen &= ~TROOP_BIT.get(card, 0)  # the card being placed is not unseen any more
        key = (*cards, flag.size, flag.fog is not None, unseen)
        found = self._memo.get(key)
        if found is None:
            best = best_formation(cards, flag.size, flag.fog is not None, unseen)
            found = LOST if best is None else float(best.strength)
            if len(self._memo) > 200_000:
                self._memo.clear()
            self._memo[key] = found
        return found

    def _placement(self, game: Game, flag_no: int, card: str) -> float:
        seat = game.to_move
        flag = game.flags[flag_no - 1]
        cards = [*flag.sides[seat], card]
        mine = self._potential(game, flag, cards)
        if mine == LOST:
            return LOST
        theirs = flag.sides[flag.other(seat)]  # the seat facing us here: in three-player games, per front
        if len(theirs) >= flag.size and strength_of(theirs, flag.fog is not None).strength >= mine:
            return LOST / 2 - _value(card)  # already lost: dump the weakest card here
        return mine + 8.0 * len(cards) - 0.1 * _value(card)

    def _rule_fog(self, game: Game, action: Action) -> float:
        """Fog where the opponent's finished formation beats ours but our sum would be higher."""
        flag = game.flags[action["flag"] - 1]
        seat, other = game.to_move, OTHER[game.to_move]
        if flag.fog or len(flag.sides[other]) < flag.size or not flag.sides[seat]:
            return LOST
        theirs = strength_of(flag.sides[other], False)
        mine = best_formation(flag.sides[seat], flag.size, False, game.unseen())
        if mine is None or mine.strength >= theirs.strength:
            return LOST
        my_sum = best_formation(flag.sides[seat], flag.size, True, game.unseen())
        return 150.0 if my_sum is not None and my_sum.total > theirs.total else LOST

    def _rule_mud(self, game: Game, action: Action) -> float:
        """Mud where the opponent's finished formation beats our finished one: it reopens the flag."""
        flag = game.flags[action["flag"] - 1]
        seat, other = game.to_move, OTHER[game.to_move]
        if flag.mud or len(flag.sides[other]) < flag.size or len(flag.sides[seat]) < flag.size:
            return LOST
        fog = flag.fog is not None
        if strength_of(flag.sides[seat], fog).strength >= strength_of(flag.sides[other], fog).strength:
            return LOST
        return 150.0

    def _rule_deserter(self, game: Game, action: Action) -> float:
        """Deserter on the opponent's strongest formation, taking its highest card."""
        flag = game.flags[action["from_flag"] - 1]
        other = OTHER[game.to_move]
        side = flag.sides[other]
        if len(side) < 2:
            return LOST
        best = best_formation(side, flag.size, flag.fog is not None, game.unseen())
        strength = best.strength if best else 0
        return 100.0 + strength / 4 + _value(action["target"]) + 10.0 * len(side)

    def _rule_traitor(self, game: Game, action: Action) -> float:
        """Traitor: steal the troop that lifts one of our sides most."""
        target = action["target"]
        gain = self._placement(game, action["to_flag"], target)
        return LOST if gain < 200 else gain

    def _rule_redeploy(self, game: Game, action: Action) -> float:
        """Redeploy a card off a flag we have lost to one where it builds a formation."""
        seat, other = game.to_move, OTHER[game.to_move]
        source = game.flags[action["from_flag"] - 1]
        theirs = source.sides[other]
        fog = source.fog is not None
        lost = len(theirs) >= source.size and \
            self._potential(game, source, source.sides[seat]) <= strength_of(theirs, fog).strength
        if not lost or action["to_flag"] is None:
            return LOST
        gain = self._placement(game, action["to_flag"], action["target"])
        return LOST if gain < 150 else gain

    def _rule_scout(self, game: Game, action: Action) -> float:
        """Scout when the hand holds no troop to play."""
        hand = game.hand(game.to_move)
        return 0.0 if not any(c in TROOP_BIT for c in hand) else LOST

    # ------------------------------------------------------------------ drawing and Scout
    def _draw(self, game: Game, actions: list[Action]) -> Action:
        hand = game.hand(game.to_move)
        wants_tactic = not any(c not in TROOP_BIT for c in hand) and sum(c in TROOP_BIT for c in hand) >= 5
        for action in actions:
            if (action["deck"] == "tactics") == wants_tactic:
                return action
        return actions[0]

    def _scout_return(self, game: Game, actions: list[Action]) -> Action:
        """Return the lowest troops; a tactics card counts as high. A Leader it may not play stays (R27)."""

        def keep(card: str) -> int:
            return _value(card) if card in TROOP_BIT else 11

        hand = sorted(game.returnable(game.to_move), key=keep)
        need = len(actions[0]["cards"])
        return {"type": "scout_return", "cards": hand[:need]}


def _value(card: str) -> int:
    info = TROOP_INFO.get(card)
    return info[1] if info else 0
