"""Three-player playouts for the normal bot (R46-R53): near the end, each short-listed play tried to the game's end.

The forecast (engine.ai.three) sees where each flag could end, not the order in which flags fall, nor
how the two opponents spend their cards against each other, nor who runs out of plays first (R50's
passes end a game on the most flags). A playout does: in a sampled world (the
two hidden hands and the deck's order dealt from what this seat cannot see), the play is made and
every player, this one included, then plays the easy rules (each troop where it builds the strongest
formation its side can still become, engine.ai.lean_policy's placement score on this seat's own
front) on the lean state (engine.ai.lean3) until somebody wins. Every candidate meets the same worlds
and the same random tie-breaks, so the comparison between plays is fair.
"""

from __future__ import annotations

import random

from ..cards import TROOPS
from ..game import Game
from ..notation_types import Action
from ..rulebook import A_PLAY, ID, OVER, PLAY, SIDE, TROOP_MASK, LeanAction, bits
from ..rules import SEATS3
from .lean3 import OWN, PLACE, Lean3, table_of
from .lean_policy import placement

#: A playout longer than this many steps is scored as a draw (games end in about 100).
MAX_STEPS = 600


def lean_world(game: Game, me: str, rng: random.Random) -> Lean3:
    """A complete lean state consistent with what `me` sees of `game`: the other two hands and the
    deck's order dealt at random from the troops `me` cannot see (R49: the deck and both other hands)."""
    out = table_of(game)
    seen = 0
    for side in out.sides:
        seen |= side
    for pile in game.discards.values():
        for card in pile:
            seen |= 1 << ID[card]
    mine = 0
    for card in game.hand(me):
        mine |= 1 << ID[card]
    hidden = [ID[c] for c in TROOPS if not (seen | mine) >> ID[c] & 1]
    rng.shuffle(hidden)
    out.hands = [0, 0, 0]
    at = 0
    for s, seat in enumerate(SEATS3):
        if seat == me:
            out.hands[s] = mine
            continue
        for troop in hidden[at:at + game.hand_sizes[seat]]:
            out.hands[s] |= 1 << troop
        at += game.hand_sizes[seat]
    out.troops = hidden[at:]  # drawn from the end, like Lean's decks: the order is random either way
    out.seen = seen
    out.scout_drawn = 0
    return out


class Policy3:
    """The easy rules on the lean three-player state, fast: a placement's score depends only on the two
    sides of the flag and the unseen troops, so it is kept per (my side, their side, unseen)."""

    def __init__(self, rng: random.Random, unseen: int | None = None, noise: float = 0.0, calm: int = -1) -> None:
        self.rng = rng
        #: Every seat but `calm` adds a uniform draw of up to `noise` points to each placement's score, so
        #: that it plays any of its near-best placements, as the normal bots do, rather than always the best
        #: (hard3.PLAYOUT_NOISE3); 0: the easy rules exactly.
        self.noise, self.calm = noise, calm
        #: The unseen troops a formation may still draw on: fixed at the root when given (a close,
        #: much cheaper estimate: the tables are then shared by every step of every playout).
        self.unseen = unseen
        self._tables: dict[tuple[int, int, int], dict[int, float]] = {}

    def play(self, state: Lean3) -> LeanAction:
        seat = state.to_move
        sides, claimed = state.sides, state.claimed
        hand = state.hands[seat] & TROOP_MASK
        if not hand:
            return state.plays()[0]
        unseen = TROOP_MASK & ~state.seen if self.unseen is None else self.unseen
        tables = self._tables
        rand = self.rng.random
        noise = self.noise if seat != self.calm else 0.0
        best: tuple[float, float] = (-1e9, 0.0)
        choice: LeanAction | None = None
        cards = bits(hand)
        for f in OWN[seat]:
            if claimed[f] != -1:
                continue
            k = PLACE[f][seat]
            mine = sides[2 * f + k]
            if mine.bit_count() >= SIDE:
                continue
            theirs = sides[2 * f + 1 - k]
            key = (mine, theirs, unseen)
            table = tables.get(key)
            if table is None:
                if len(tables) > 100_000:
                    tables.clear()
                table = tables[key] = {}
            free = unseen & ~mine & ~theirs
            for card in cards:
                score = table.get(card)
                if score is None:
                    score = table[card] = placement(mine, theirs, SIDE, False, free, card)
                mark = (score + noise * rand(), rand()) if noise else (score, rand())
                if mark > best:
                    best, choice = mark, (A_PLAY, card, f, -1, -1)
        return choice if choice is not None else state.plays()[0]

    def rollout(self, state: Lean3) -> None:
        """Play `state` to its end (or MAX_STEPS), every seat by the easy rules, claiming all it can."""
        for _ in range(MAX_STEPS):
            phase = state.phase
            if phase == OVER:
                return
            # a claim while any is provable (the first listed), else the only action: the draw
            state.apply(self.play(state) if phase == PLAY else state.legal()[0])


def playout_score(state: Lean3, me: int, draw: float = 0.0) -> float:
    """+1 if `me` won, -1 if another seat did, `draw` for a draw or an unfinished game."""
    if state.phase != OVER or state.winner < 0:
        return draw
    return 1.0 if state.winner == me else -1.0


def lean_play(action: Action) -> LeanAction:
    """A Game play action as a lean one (troops only: card id, flag 0-8)."""
    return (A_PLAY, ID[action["card"]], action["flag"] - 1, -1, -1)


def playout_values(game: Game, actions: list[Action], rng: random.Random, worlds: int) -> list[float]:
    """Each play's mean playout score over the same `worlds` sampled worlds and tie-breaks."""
    me = game.to_move
    s = SEATS3.index(me)
    bases = [lean_world(game, me, rng) for _ in range(worlds)]
    seeds = [rng.getrandbits(32) for _ in range(worlds)]
    policy = Policy3(random.Random(0), TROOP_MASK & ~bases[0].seen)
    out = []
    for action in actions:
        act = lean_play(action)
        total = 0.0
        for base, seed in zip(bases, seeds, strict=True):
            state = base.copy()
            state.apply(act)
            policy.rng.seed(seed)
            policy.rollout(state)
            total += playout_score(state, s)
        out.append(total / worlds if worlds else 0.0)
    return out
