"""The hard bot: determinized search over the hidden cards, guided by the normal bot's evaluation.

The normal bot's screening picks a handful of candidate plays. Then, until the time budget is
spent, the search deals a world (engine.ai.worlds: the opponent's hand and both deck orders drawn
from the unseen cards under the view's exact counts; tactics not yet seen may be in the opponent's
hand or the tactics deck) and plays every surviving candidate in it:

- in the middle game, we finish our turn (claims, draw) and the opponent answers: of the replies the
  playout policy likes best, the one that leaves us worst off (a small minimax step, which sees
  threats a static look misses). The line ends in the normal evaluation, made exact by the world:
  both pools are the real hands and the troops each player would draw next;
- near the end (few troops left to draw), the line is played out to the end of the game by the
  playout policy on both sides: the last turns are full of forced plays no static evaluation sees.

Every candidate meets the same worlds (and the same playout luck), so candidates are compared in
pairs, fairly; every few worlds the weaker half is dropped. Tactics cards are held back by the
normal bot's hold values.

Reproducibility: with `iterations` set, the search stops after exactly that many lines and the
bot is deterministic from its seed. With only a time budget (the default, 1 s) it stops on the
clock, so how far it searches, and occasionally its choice, depends on the machine's speed and load.
"""


from __future__ import annotations

import random
import time
from typing import Any

from ..actions import Action
from ..game import Game
from ..rules import OTHER
from .base import Bot
from .forecast import Forecast, future_draws, random_mask
from .normal import choose_deck, choose_return, hold_value, rank_plays
from .outlook import Memo, flag_odds, game_value, reach
from .playout import PlayoutBot
from .worlds import determinize, hidden_of, sample_world

#: Screening stages used to pick the candidates searched (worlds, candidates kept).
SCREEN: tuple[tuple[int, int], ...] = ((2, 24), (8, 8))
#: Worlds after which the weaker half of the candidates is dropped.
HALVINGS = (16, 48, 120)
#: Part of the budget kept back for the answer's own overhead.
SAFETY = 0.04
#: Chance that a pool card is open to a given flag at a leaf (engine.ai.outlook.reach).
LEAF_SHARE = 0.5


class HardBot(Bot):
    name = "hard"

    def __init__(self, seed: int = 0, move_time: float = 1.0, iterations: int | None = None) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.reply = PlayoutBot(seed)
        #: The last search's size and speed: {"iterations", "seconds", "candidates", "worlds"}.
        self.last_search: dict[str, Any] | None = None

    def choose_in(self, game: Game) -> Action:
        started = time.perf_counter()
        self.last_search = None
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if game.phase == "claim":
            return actions[0]
        if game.phase in ("draw", "scout_draw"):
            return choose_deck(game, actions)
        forecast = Forecast(game, game.to_move, self.rng, SCREEN[0][0])
        if game.phase == "scout_return":
            return choose_return(game, actions, forecast)
        ranked = rank_plays(game, actions, forecast, SCREEN)
        if len(ranked) == 1:
            return ranked[0][1]
        return self._search(game, [a for _, a in ranked], started)

    def _search(self, game: Game, candidates: list[Action], started: float) -> Action:
        me = game.to_move
        hidden = hidden_of(game, me)
        deadline = started + max(0.0, self.move_time - SAFETY)
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        memo: Memo = {}
        endgame = game.deck_sizes["troops"] <= self.endgame_troops
        done = worlds = 0
        search_start = time.perf_counter()
        while True:
            world = sample_world(hidden, self.rng)
            base = determinize(game, me, world)
            shares = [([random_mask(self.rng, LEAF_SHARE) for _ in range(9)],
                       [random_mask(self.rng, LEAF_SHARE) for _ in range(9)]) for _ in range(self.leaf_shares)]
            stop = False
            rollout_seed = self.rng.getrandbits(32)
            for k in alive:
                state = base.copy()
                state.apply(candidates[k])
                if endgame:
                    self.reply.rng.seed(rollout_seed)  # the same playout luck for every candidate
                    totals[k] += self._rollout(state, me)
                else:
                    totals[k] += self._line_value(state, me, shares, memo)
                counts[k] += 1
                done += 1
                if self._out_of_budget(done, deadline):
                    stop = True
                    break
            worlds += 1
            if stop or self.should_stop():
                break
            if worlds in HALVINGS and len(alive) > 2:
                alive.sort(key=lambda k: -totals[k] / counts[k])
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        self.last_search = {"iterations": done, "seconds": time.perf_counter() - search_start,
                            "candidates": len(candidates), "worlds": worlds}
        scored = [k for k in alive if counts[k]] or [alive[0]]  # a tight budget may stop mid-world
        best = max(scored, key=lambda k: totals[k] / max(counts[k], 1) - hold_value(game, candidates[k]))
        return candidates[best]

    def _out_of_budget(self, done: int, deadline: float) -> bool:
        if self.iterations is not None:
            return done >= self.iterations
        return time.perf_counter() >= deadline

    #: With this few troops left to draw, lines are played to the end of the game instead of being
    #: judged statically: the last turns are full of forced plays the evaluation cannot see.
    endgame_troops = 8
    #: Ways of sharing the pools among flags averaged at each leaf.
    leaf_shares = 2
    #: How many of the playout policy's favourite replies the opponent chooses among. Against `normal`,
    #: 120 games each at 250 lines per decision: 1 reply won 57.5%, 4 won 60%, 8 won 69%, 16 won 67%;
    #: 200 games at 0.5 s per move: 4 won 57.5%, 8 won 57%. More replies are no worse, and the time
    #: budget absorbs their cost, so 8 are kept; the gain is within the noise of these samples.
    replies = 8

    def _rollout(self, state: Game, me: str) -> float:
        """Play the game out with the easy policy on both sides; +1 for a win, -1 for a loss."""
        for _ in range(3000):
            if state.result is not None:
                break
            state.apply(self.reply.choose_in(state))
        result = state.result
        if result is None:
            return 0.0
        flags = result["flags"]
        margin = 0.1 * (flags[me] - flags[OTHER[me]]) / 9
        winner = result["winner"]
        return margin + (0.0 if winner is None else 1.0 if winner == me else -1.0)


    def _line_value(self, state: Game, me: str, shares: Shares, memo: Memo) -> float:
        """Value of our play in one world: we finish the turn, the opponent answers as well as it can.

        The opponent's reply is the one, among the easy policy's favourites, that leaves us worst off
        by the evaluation in this world (it knows its own hand there, and, as in every determinized
        search, guesses ours too well): a small minimax step that sees threats a static look misses.
        """
        self._finish_turn(state, me)
        other = OTHER[me]
        self._finish_turn(state, other)  # the opponent's claims first, under advanced timing
        if state.result is not None or state.to_move == me:
            return leaf_value(state, me, shares, memo)
        plays = self.reply.ranked(state, state.legal_actions())[:self.replies]
        worst = float("inf")
        for play in plays:
            after = state.copy()
            after.apply(play)
            self._finish_turn(after, other)
            worst = min(worst, leaf_value(after, me, shares, memo))
        return worst

    @staticmethod
    def _finish_turn(state: Game, seat: str) -> None:
        """Play `seat`'s steps other than its play (claims, draw, Scout) until it must play or its turn ends."""
        for _ in range(60):  # a turn is a handful of actions; the bound only guards against a loop
            if state.result is not None or state.to_move != seat or state.phase == "play":
                return
            state.apply(_own_step(state))


def _own_step(state: Game) -> Action:
    """Our side of the turn after the play: claim all we can, draw as the normal bot would."""
    actions = state.legal_actions()
    if state.phase in ("draw", "scout_draw"):
        return choose_deck(state, actions)
    if state.phase == "scout_return":
        hand = sorted(state.hand(state.to_move), key=lambda c: int(c[1:]) if c[1:].isdigit() else 11)
        return {"type": "scout_return", "cards": hand[:len(actions[0]["cards"])]}
    return actions[0]  # a claim, or done, or the only action


Shares = list[tuple[list[int], list[int]]]


def leaf_value(state: Game, me: str, shares: Shares, memo: Memo) -> float:
    """The normal evaluation in one fully known world: real hands, and the troops each will draw.

    Averaged over a few ways of sharing each pool among the flags (engine.ai.outlook.reach).
    """
    if state.result is not None:
        winner = state.result["winner"]
        return 0.0 if winner is None else (2.0 if winner == me else -2.0)
    other = OTHER[me]
    deck = (state.decks["troops"] or [])[::-1]  # top first
    ours, theirs = (deck[0::2], deck[1::2]) if state.to_move == me else (deck[1::2], deck[0::2])
    my_pool = state.hand(me) + ours[:future_draws(state, me)]
    their_pool = state.hand(other) + theirs[:future_draws(state, other)]
    odds = [0.0] * 9
    for my_shares, their_shares in shares:
        mine = reach(state, me, my_pool, my_shares, memo)
        their = reach(state, other, their_pool, their_shares, memo)
        for i, p in enumerate(flag_odds(state, me, mine, their)):
            odds[i] += p
    return game_value([p / len(shares) for p in odds])


__all__ = ["Forecast", "HardBot"]
