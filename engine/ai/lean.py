"""A lean game state for the hard bot's playouts: the rules of engine.Game on bit masks (R7-R39).

A search plays hundreds of thousands of steps per decision; `Game` spends most of that time on what
a playout never needs (events, validation, readable lists, copies of the whole table). `Lean` keeps
the same rules with cards as small integers (troops 0-59 as in engine.cards.TROOP_BIT, tactics
60-69 in TACTICS order), each side of a flag and each hand as one integer mask, and actions as
tuples. `apply` is engine.update's one state update, the flow `Game` runs too; this class holds its
primitives on masks. It trusts its caller: an action not in `legal()` is undefined behaviour. A search
builds it from a complete game state (a determinized world, `from_game`); the Game-side bots read only a
view's table into it (`from_table`) to ask the one evaluation and easy rules. tests/test_bots_lean.py checks it
against `Game` move by move (legal actions, states, results) in random games of every rule option.
"""

from __future__ import annotations

from itertools import permutations

from ..game import Game
from ..rulebook import (
    A_CLAIM,
    A_DONE,
    A_DRAW,
    A_PASS,
    A_PLAY,
    A_SCOUT_DRAW,
    A_SCOUT_RETURN,
    ALEXANDER,
    CAVALRY,
    CLAIM,
    COMPLETED_SECOND,
    COMPLETIONS,
    DARIUS,
    DESERTER,
    DONE_ACTION,
    DRAW,
    FOG,
    FOG_AT,
    HAND_LIMIT,
    ID,
    LEADER_MASK,
    MORALE_MASK,
    MUD,
    MUD_AT,
    MY_DISCARDS,
    NAMES,
    OVER,
    PAIRS3,
    PASS_ACTION,
    PHASE_NAMES,
    PLACES2,
    PLACES3,
    PLAY,
    REDEPLOY,
    SCOUT,
    SCOUT_DRAW,
    SCOUT_RETURN,
    SHIELD,
    STEPS,
    TACTICS_MASK,
    TRAITOR,
    TROOP_MASK,
    LeanAction,
    bits,
    completion,
    deck_of,
    from_action,
    mask_of,
    may_play_tactic,
    names,
    plays,
    provable,
    put_on_side,
    side_size,
    strength,
    take_from_side,
    to_action,
)
from ..rules import SEATS, SEATS3
from ..update import Update


class Lean(Update):
    """A complete game state on masks; `legal()` follows engine.Game exactly, and `apply()` is engine.update's
    one flow carried out on these masks (the primitives below)."""

    __slots__ = ("claimed", "first", "fog", "hands", "how", "leader", "mud", "passes", "phase", "played",
                 "scout_drawn", "seen", "sides", "steps", "tactics", "to_move", "troops", "winner")

    sides: list[int]
    claimed: list[int]
    first: list[int]
    hands: list[int]
    troops: list[int]
    tactics: list[int]
    played: list[int]
    leader: list[bool]
    steps: tuple[int, ...]
    fog: int
    mud: int
    seen: int
    to_move: int
    phase: int
    scout_drawn: int
    passes: int
    winner: int
    how: str

    @classmethod
    def from_table(cls, game: Game) -> Lean:
        """A game's table in masks: flags, seen cards, tactics played, the step and the result.

        Hands stay empty and the decks unknown, so a player's view will do: this is all the bots'
        evaluation (engine.ai.forecast) and easy rules (engine.ai.simple) read. Each flag's sides are
        in its pair's order, so this holds two or three players (engine.ai.lean3).
        """
        out = cls()  # a plain call, not __new__: the optional mypyc build (engine.compiled) has no __new__
        seats = SEATS if len(game.seats) == 2 else SEATS3
        flags = game.flags
        out.sides = [mask for flag in flags for mask in flag.masks]
        out.claimed = [-1 if f.claimed is None else seats.index(f.claimed) for f in flags]
        out.first = [-1 if f.first_complete is None else seats.index(f.first_complete) for f in flags]
        out.fog = out.mud = 0
        for i, flag in enumerate(flags):
            out.fog |= (flag.fog is not None) << i
            out.mud |= (flag.mud is not None) << i
        out.hands = [0] * len(seats)
        out.troops, out.tactics = [], []
        out.seen = game.seen
        out.to_move = seats.index(game.to_move)
        out.phase = PHASE_NAMES.index(game.phase)
        out.scout_drawn, out.passes = game.scout_drawn, game.passes
        out.played = [game.tactics_played[s] for s in seats]
        out.leader = [game.leader_played[s] for s in seats]
        out.steps = STEPS[game.rules.claim_timing]
        out.winner, out.how = -1, ""
        if game.result is not None:
            winner = game.result["winner"]
            out.winner = -1 if winner is None else seats.index(winner)
            out.how = game.result["how"]
        return out

    @classmethod
    def from_game(cls, game: Game) -> Lean:
        """The lean twin of a complete game state (every hand and deck known)."""
        troops, tactics = game.decks["troops"], game.decks["tactics"]
        if troops is None or tactics is None:
            raise ValueError("a lean state needs both decks' order (a complete game state)")
        out = cls.from_table(game)
        out.hands = [mask_of(game.hand(seat)) for seat in SEATS]
        out.troops = [ID[c] for c in troops]
        out.tactics = [ID[c] for c in tactics]
        return out

    def copy(self) -> Lean:
        out = Lean()
        out.sides, out.claimed, out.first = self.sides[:], self.claimed[:], self.first[:]
        out.hands, out.troops, out.tactics = self.hands[:], self.troops[:], self.tactics[:]
        out.played, out.leader = self.played[:], self.leader[:]
        out.steps, out.fog, out.mud, out.seen = self.steps, self.fog, self.mud, self.seen
        out.to_move, out.phase, out.scout_drawn, out.passes = self.to_move, self.phase, self.scout_drawn, self.passes
        out.winner, out.how = self.winner, self.how
        return out

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def size(self, flag: int) -> int:
        return side_size(self.mud >> flag & 1)

    def can_claim(self, flag: int, seat: int) -> bool:
        """R20, R21: the same verdict as engine.claims.judge, from the same open information."""
        if self.claimed[flag] != -1:
            return False
        return provable(self.sides[2 * flag + seat], self.sides[2 * flag + 1 - seat], side_size(self.mud >> flag & 1),
                        bool(self.fog >> flag & 1), self.first[flag] == seat, TROOP_MASK & ~self.seen)

    def claimable(self, seat: int) -> list[int]:
        return [i for i in range(9) if self.can_claim(i, seat)]

    def any_claimable(self, seat: int) -> bool:
        """Whether `seat` can claim a flag (`claimable` without listing them: asked after every play)."""
        return any(self.can_claim(i, seat) for i in range(9))

    def legal(self) -> list[LeanAction]:
        """Every action the player to move may take (the same set as Game.legal_actions)."""
        phase = self.phase
        if phase == PLAY:
            return self.plays()
        if phase == CLAIM:
            return [(A_CLAIM, -1, i, -1, -1) for i in self.claimable(self.to_move)] + [DONE_ACTION]
        if phase in (DRAW, SCOUT_DRAW):
            kind = A_DRAW if phase == DRAW else A_SCOUT_DRAW
            return [(kind, d, -1, -1, -1) for d, deck in enumerate((self.troops, self.tactics)) if deck]
        if phase == SCOUT_RETURN:
            return [(A_SCOUT_RETURN, p) for p in permutations(bits(self.returnable()), self.scout_drawn - 1)]
        return []

    def returnable(self) -> int:
        """The mask of cards a Scout may put back: the hand less a dead Leader (R27, R33)."""
        seat = self.to_move
        hand = self.hands[seat]
        return hand & ~LEADER_MASK if self.leader[seat] else hand

    def plays(self) -> list[LeanAction]:
        """The play step's actions (engine.rulebook.plays), troops first, each kind in id order."""
        seat = self.to_move
        hand = self.hands[seat]
        return plays(bits(hand & TROOP_MASK) + bits(hand & TACTICS_MASK), PLACES2[seat], self.sides, self.claimed,
                     self.mud, may_play_tactic(self.played, seat), self.leader[seat], bool(self.troops or self.tactics))

    def deck_left(self) -> int:
        return len(self.troops) + len(self.tactics)

    # ------------------------------------------------------------------ the layout's primitives (engine.update)
    def mover(self) -> int:
        return self.to_move

    def players(self) -> int:
        return len(self.hands)

    def turn_steps(self) -> tuple[int, ...]:
        return self.steps

    def passes_now(self) -> int:
        return self.passes

    def scout_count(self) -> int:
        return self.scout_drawn

    def hand_count(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def claimants(self) -> list[int]:
        return self.claimed  # the state's own list: the rulebook writes a claim straight into it

    def one_at_a_time(self) -> bool:
        return False

    def take_from_hand(self, seat: int, card: int) -> None:
        self.hands[seat] &= ~(1 << card)

    def set_passes(self, passes: int) -> None:
        self.passes = passes

    def count_tactic(self, seat: int) -> None:
        self.played[seat] += 1

    def count_leader(self, seat: int) -> None:
        self.leader[seat] = True

    def put(self, seat: int, card: int, where: int, flag: int) -> None:
        """`card` to a place of engine.rulebook.play_moves (a discard pile is not kept here)."""
        if where < FOG_AT:
            at = where >> 1
            index = (2 * at + (PLACES3[seat][at] if len(self.hands) == 3 else seat)) ^ (where & 1)
            if card < 60:
                self.seen |= 1 << card
            if put_on_side(self.sides, index, card, self.size(at)) == COMPLETED_SECOND:
                self.first[at] = PAIRS3[at][1 - (index & 1)] if len(self.hands) == 3 else 1 - (index & 1)
        elif where < MUD_AT:
            self.fog |= 1 << (where - FOG_AT)
        elif where < MY_DISCARDS:
            self.mud |= 1 << (where - MUD_AT)
            self.first[where - MUD_AT] = -1  # R31, R18: a side of three is incomplete again

    def take_target(self, seat: int, card: int, where: int) -> None:
        """Tactics are two-player only: the side facing the seat is the other seat's."""
        at = where >> 1
        if take_from_side(self.sides, where ^ seat, card, self.size(at)):
            self.first[at] = -1

    def draw(self, seat: int, deck: int, scout: bool) -> None:
        card = (self.troops if deck == 0 else self.tactics).pop()
        self.hands[seat] |= 1 << card

    def return_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        for card in cards:
            self.hands[seat] &= ~(1 << card)
            (self.tactics if deck_of(card) else self.troops).append(card)

    def set_scout_count(self, drawn: int) -> None:
        self.scout_drawn = drawn

    def award(self, seat: int, flag: int) -> None:
        self.claimed[flag] = seat

    def end_by_passes(self) -> None:
        pass

    def set_turn(self, seat: int) -> None:
        self.to_move, self.scout_drawn = seat, 0

    def set_phase(self, phase: int) -> None:
        self.phase = phase

    def finish(self, winner: int, how: str) -> None:
        self.winner, self.how, self.phase = winner, how, OVER


__all__ = [
    "ALEXANDER",
    "A_CLAIM",
    "A_DONE",
    "A_DRAW",
    "A_PASS",
    "A_PLAY",
    "A_SCOUT_DRAW",
    "A_SCOUT_RETURN",
    "CAVALRY",
    "CLAIM",
    "COMPLETIONS",
    "DARIUS",
    "DESERTER",
    "DONE_ACTION",
    "DRAW",
    "FOG",
    "HAND_LIMIT",
    "ID",
    "LEADER_MASK",
    "MORALE_MASK",
    "MUD",
    "NAMES",
    "OVER",
    "PASS_ACTION",
    "PHASE_NAMES",
    "PLAY",
    "REDEPLOY",
    "SCOUT",
    "SCOUT_DRAW",
    "SCOUT_RETURN",
    "SHIELD",
    "TACTICS_MASK",
    "TRAITOR",
    "TROOP_MASK",
    "Lean",
    "LeanAction",
    "bits",
    "completion",
    "from_action",
    "names",
    "strength",
    "to_action",
]
