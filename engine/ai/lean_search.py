"""One line of the hard bot's search on the lean state: our turn, the opponent's worst reply, our best answer.

engine.ai.hard explains the line and its settings; this module holds only the loop, so that the
optional compiled core (engine.compiled) covers it with the evaluation and the policy it calls.
"""

from __future__ import annotations

from ..rulebook import OVER, PLAY
from .lean import Lean
from .lean_eval import Memo, Shares, best_answer, finish_turn, leaf_value
from .lean_policy import LeanPolicy


def line_value(policy: LeanPolicy, state: Lean, me: int, shares: Shares, memo: Memo, replies: int,
               follow_ups: int) -> float:
    """Value of our play in one world (HardBot._line_value): we finish the turn, then the minimum over
    the opponent's `replies` favourite troop and morale plays of our best of `follow_ups` answers."""
    other = 1 - me
    finish_turn(state, me)
    finish_turn(state, other)  # the opponent's claims first, under advanced timing
    if state.phase == OVER or state.to_move == me:
        return leaf_value(state, me, shares, memo)
    worst = float("inf")
    for play in policy.ranked_plain(state, replies):
        after = state.copy()
        after.apply(play)
        finish_turn(after, other)
        value = follow_up(policy, after, me, shares, memo, worst, follow_ups)
        if value < worst:
            worst = value
    return worst


def follow_up(policy: LeanPolicy, state: Lean, me: int, shares: Shares, memo: Memo, worst: float,
              follow_ups: int) -> float:
    """Value after the opponent's reply (HardBot._follow_up): the best of our `follow_ups` favourite
    answers, stopping at the first that reaches `worst`."""
    finish_turn(state, me)  # our claims first, under advanced timing
    if state.phase != PLAY or state.to_move != me:
        return leaf_value(state, me, shares, memo)
    return best_answer(state, me, policy.ranked_plain(state, follow_ups), shares, memo, worst)


__all__ = ["follow_up", "line_value"]
