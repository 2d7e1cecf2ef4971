"""Exact play once nothing is hidden: alpha-beta over the rest of the game on the lean state.

Without tactics, once the troop deck is empty every card is in sight or in a hand, and the
opponent's hand is exactly the troops nowhere in sight (with tactics, the same holds once both
decks are empty). What is left is a small game of perfect information: a few plays each, no draws,
and most of the 54 slots already filled. A playout only samples one way the game could end; here
alpha-beta with a transposition table proves each play won, drawn or lost, so the hard bot plays a
proven best play and its win chance is exact. (Measured: on 100 troops-only games against normal,
seeds 5001-5100, the solver changed no result; hard's playouts had already found the winning play
wherever there was one. Most such endgames take a few thousand positions; a crowded one can take
100,000, about 1 s.)

Between plays every claimable flag is claimed. That is never worse for the claimer: the flag is
won either way, the claim can only end the game sooner, and it takes away the opponent's spare
slots on that flag, where it could otherwise put a card it cannot use. The search gives up once it
has visited `nodes` positions (the same on any machine) or at a deadline, if it is given one.
"""

from __future__ import annotations

import time

from ..rulebook import OVER, PLAY, LeanAction
from .lean import Lean
from .lean_eval import own_step

WIN, DRAW, LOSS = 1, 0, -1


class OverBudget(Exception):
    """The search visited its budget of positions before it proved a value."""


def settle(state: Lean) -> None:
    """Play the steps between two plays (claims; draws and a Scout's return if a deck is not empty)."""
    for _ in range(60):  # a turn is a handful of steps; the bound only guards against a loop
        if state.phase == OVER or state.phase == PLAY:
            return
        state.apply(own_step(state))


def fully_known(state: Lean) -> bool:
    """No card left to draw, so the rest of the game is a game of perfect information."""
    return not state.troops and not state.tactics


class Solver:
    """Proves the result of positions for seat `me` (WIN, DRAW or LOSS), within a budget of positions."""

    def __init__(self, me: int, nodes: int, deadline: float | None = None) -> None:
        self.me = me
        self.budget = nodes
        self.deadline = deadline
        self.nodes = 0
        #: Position -> (lower bound, upper bound) of its value, shared by every search of one decision.
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}

    def values(self, state: Lean, plays: list[LeanAction]) -> list[int]:
        """The proven value of each play of the player to move; raises OverBudget."""
        out = []
        for play in plays:
            after = state.copy()
            after.apply(play)
            settle(after)
            out.append(self.value(after))
        return out

    def value(self, state: Lean, alpha: int = LOSS - 1, beta: int = WIN + 1) -> int:
        """The value of `state` (at a play step, or over) with both sides playing perfectly."""
        if state.phase == OVER:
            return DRAW if state.winner < 0 else (WIN if state.winner == self.me else LOSS)
        self.nodes += 1
        if self.nodes > self.budget:
            raise OverBudget
        if self.deadline is not None and not self.nodes & 127 and time.perf_counter() > self.deadline:
            raise OverBudget
        key = (tuple(state.sides), tuple(state.hands), tuple(state.claimed), tuple(state.first),
               state.to_move, state.passes, state.fog, state.mud, state.seen, tuple(state.played), tuple(state.leader),
               len(state.troops), len(state.tactics))  # in a dealt world the decks' depth is part of the position
        low, high = self.table.get(key, (LOSS, WIN))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        ours = state.to_move == self.me
        best = LOSS - 1 if ours else WIN + 1
        for play in state.plays():
            after = state.copy()
            after.apply(play)
            settle(after)
            found = self.value(after, alpha, beta)
            if ours:
                best = max(best, found)
                alpha = max(alpha, best)
            else:
                best = min(best, found)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= start_alpha:
            self.table[key] = (low, best)
        elif best >= start_beta:
            self.table[key] = (best, high)
        else:
            self.table[key] = (best, best)
        return best


__all__ = ["DRAW", "LOSS", "WIN", "OverBudget", "Solver", "fully_known", "settle"]
