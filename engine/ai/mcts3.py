"""A tree search for the three-player endgame (R46-R53): each seat's replies searched, not played by rule.

Three-player games almost always run the deck dry and are decided in the last rounds, where the order
of plays, the blocks and who passes first decide. Flat playouts (engine.ai.three_playout) judge each of
our plays by games in which every seat, from the next move on, plays the easy rules: a reply that an
opponent would find, but the easy rules do not, is never seen. Here the plays after ours are searched
too, as a tree shared by all the sampled worlds (information-set Monte Carlo tree search):

- each iteration deals a world (the two hidden hands and the deck's order, three_playout.lean_world)
  and walks down the tree from our seat's decision; at every node the seat to move chooses among its
  few favourite plays in that world (the easy rules' placement scores, lean_search3.Ranker; at the root
  the screened candidates), by the upper confidence bound on its own mean result, counted over the
  iterations in which that play was possible (a hand differs from world to world);
- a node is added once per iteration, then the world is played to its end by the easy rules;
- the result (+1 the winner, -1 the others, 0 each in a draw) is credited to each node for the seat
  that moved into it: every seat plays for itself (max-n), as the opponents do.

The root's play chosen is the one searched most often. With `iterations` the search reads no clock and
is reproducible from its seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..game import Game
from ..rulebook import OVER, TROOP_MASK, LeanAction
from .lean3 import Lean3
from .lean_search3 import Ranker, settle
from .three_playout import Policy3, lean_world

#: Plays a seat below the root chooses among (its favourites by the easy rules).
WIDTH = 5
#: Exploration of the upper confidence bound (results run from -1 to +1).
EXPLORE = 0.8


class Node:
    """A play's statistics: iterations through it, iterations it was possible in, and the summed result
    for the seat that made it."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[LeanAction, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def _pick(node: Node, plays: list[LeanAction]) -> tuple[LeanAction, Node, bool]:
    """The play to follow from `node`: the first untried one (in the favourites' order), else the best
    upper confidence bound among the possible ones; True when the child is new."""
    children = node.children
    for play in plays:
        child = children.get(play)
        if child is None:
            child = children[play] = Node()
            return play, child, True
    best_play, best_child, best_score = plays[0], children[plays[0]], -9.0
    for play in plays:
        child = children[play]
        score = child.total / child.visits + EXPLORE * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best_play, best_child, best_score = play, child, score
    return best_play, best_child, False


def results(state: Lean3) -> tuple[float, float, float]:
    """Each seat's result of a finished (or abandoned) game: +1 the winner, -1 the others, 0 a draw."""
    if state.phase != OVER or state.winner < 0:
        return 0.0, 0.0, 0.0
    w = state.winner
    return 1.0 if w == 0 else -1.0, 1.0 if w == 1 else -1.0, 1.0 if w == 2 else -1.0


def search_tree3(game: Game, candidates: list[LeanAction], rng: random.Random, limit: int | None,
                 deadline: float | None, should_stop: Callable[[], bool]) -> tuple[list[int], list[float], int]:
    """Each candidate's visits and mean result for the seat to move, after `limit` iterations or at the
    deadline (whichever comes first); and the iterations run."""
    root = Node()
    ranker = Ranker()
    policy: Policy3 | None = None
    done = 0
    while True:
        state = lean_world(game, game.to_move, rng)
        if policy is None:
            policy = Policy3(random.Random(0), TROOP_MASK & ~state.seen)
        policy.rng.seed(rng.getrandbits(32))
        path: list[tuple[Node, int]] = []
        node = root
        plays = candidates
        while True:
            for play in plays:
                if play in node.children:
                    node.children[play].avail += 1
            seat = state.to_move
            play, child, new = _pick(node, plays)
            if new:
                child.avail += 1
            state.apply(play)
            settle(state)
            path.append((child, seat))
            node = child
            if new or state.phase == OVER:
                break
            plays = ranker.ranked(state, WIDTH)
        policy.rollout(state)
        result = results(state)
        for child, seat in path:
            child.visits += 1
            child.total += result[seat]
        done += 1
        if (limit is not None and done >= limit) or (deadline is not None and time.perf_counter() >= deadline):
            break
        if should_stop():
            break
    visits = [root.children[p].visits if p in root.children else 0 for p in candidates]
    means = [root.children[p].total / root.children[p].visits if visits[i] else -1.0
             for i, p in enumerate(candidates)]
    return visits, means, done


__all__ = ["EXPLORE", "WIDTH", "Node", "results", "search_tree3"]
