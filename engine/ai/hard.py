"""The hard bot: determinized search over the hidden cards, guided by the normal bot's evaluation.

The normal bot's screening picks a handful of candidate plays. Then, until the time budget is
spent, the search deals a world (engine.ai.worlds: the opponent's hand and both deck orders drawn
from the unseen cards under the view's exact counts, tactics not yet seen possibly in either) and
plays every surviving candidate out in it: our claims and draw, the opponent's reply (the easy
bot's policy, playing the hand it holds in that world), their claims and draw. Each line ends in
the normal evaluation, but in that world exactly: both pools are the real hands and the troops
each player would draw next. Every candidate meets the same worlds, so the comparison between
candidates is paired and fair; every few worlds the weaker half is dropped.

Reproducibility: with `iterations` set, the search stops after exactly that many playouts and the
bot is deterministic from its seed. With only a time budget (the default, 1 s) it stops on the
clock, so how far it searches, and occasionally its choice, depends on the machine's speed.
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
from .normal import TACTIC_MARGIN, choose_deck, choose_return, is_tactic_play, rank_plays
from .outlook import Memo, flag_odds, game_value, reach
from .simple import SimpleBot
from .worlds import determinize, hidden_of, sample_world

#: Screening stages used to pick the candidates searched (worlds, candidates kept).
SCREEN: tuple[tuple[int, int], ...] = ((2, 20), (8, 6))
#: Worlds after which the weaker half of the candidates is dropped.
HALVINGS = (12, 32, 80)
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
        self.reply = SimpleBot(seed)
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
        done = worlds = 0
        search_start = time.perf_counter()
        while True:
            world = sample_world(hidden, self.rng)
            base = determinize(game, me, world)
            shares = ([random_mask(self.rng, LEAF_SHARE) for _ in range(9)],
                      [random_mask(self.rng, LEAF_SHARE) for _ in range(9)])
            stop = False
            for k in alive:
                state = base.copy()
                state.apply(candidates[k])
                self._play_on(state, me)
                totals[k] += leaf_value(state, me, shares, memo)
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
        best = max(alive, key=lambda k: _score(totals[k], counts[k], candidates[k]))
        return candidates[best]

    def _out_of_budget(self, done: int, deadline: float) -> bool:
        if self.iterations is not None:
            return done >= self.iterations
        return time.perf_counter() >= deadline

    reply_turns = 1

    def _play_on(self, state: Game, me: str) -> None:
        """Finish our turn (claims, draw), then play `reply_turns` opponent turns with the easy policy.

        Our own turns in between are played by the easy policy too.
        """
        turns = 0
        for _ in range(60 * (self.reply_turns + 1)):  # a bound that only guards against a loop
            if state.result is not None or (self.reply_turns == 0 and state.to_move != me):
                return
            if state.to_move == me and state.phase == "play":
                if turns >= self.reply_turns:
                    return
                state.apply(self.reply.choose_in(state))
            elif state.to_move == me:
                state.apply(_own_step(state))
            else:
                state.apply(self.reply.choose_in(state))
                if state.to_move == me:
                    turns += 1


def _own_step(state: Game) -> Action:
    """Our side of the turn after the play: claim all we can, draw as the normal bot would."""
    actions = state.legal_actions()
    if state.phase in ("draw", "scout_draw"):
        return choose_deck(state, actions)
    if state.phase == "scout_return":
        hand = sorted(state.hand(state.to_move), key=lambda c: int(c[1:]) if c[1:].isdigit() else 11)
        return {"type": "scout_return", "cards": hand[:len(actions[0]["cards"])]}
    return actions[0]  # a claim, or done, or the only action


def leaf_value(state: Game, me: str, shares: tuple[list[int], list[int]], memo: Memo) -> float:
    """The normal evaluation in one fully known world: real hands, and the troops each will draw."""
    if state.result is not None:
        winner = state.result["winner"]
        return 0.0 if winner is None else (2.0 if winner == me else -2.0)
    other = OTHER[me]
    deck = (state.decks["troops"] or [])[::-1]  # top first
    ours, theirs = (deck[0::2], deck[1::2]) if state.to_move == me else (deck[1::2], deck[0::2])
    mine = reach(state, me, state.hand(me) + ours[:future_draws(state, me)], shares[0], memo)
    their = reach(state, other, state.hand(other) + theirs[:future_draws(state, other)], shares[1], memo)
    return game_value(flag_odds(state, me, mine, their))


def _score(total: float, count: int, action: Action) -> float:
    if count == 0:
        return float("-inf")
    return total / count - (TACTIC_MARGIN if is_tactic_play(action) else 0.0)


__all__ = ["Forecast", "HardBot"]
