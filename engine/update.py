"""The rules' state update, written once: which steps an action sets off, in which order (R7-R39, R46-R51).

Every decision is an engine.rulebook call (what a play moves, a side's count, a claim's win, the turn, the
end after the passes); `Update.apply` strings those answers together for an action already known to be
legal, and carries each one out through a small set of layout primitives, each one write of one kind:
a card leaves a hand, goes to a place, a target leaves its side, a card is drawn, a flag is awarded, the
turn or the phase changes, the game ends. Two layouts implement them: the bots' mask state
(engine.ai.lean.Lean, and Lean3 through it) and `Game`'s table of record (engine.update_game.GameUpdate:
each side's cards in the order played, discard piles, hidden hands as counts, and the events it tells).
docs/ARCHITECTURE.md ("One state update over two layouts") says why two layouts and not one.

Seats are indices in turn order (engine.rules.SEATS or SEATS3) and cards are ids (engine.rulebook.ID),
as engine.rulebook counts them. `Update` is an abstract native class so that the optional compiled core
(engine.compiled) calls the primitives through a vtable: the bots' playouts run this at every step.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from .rulebook import (
    A_CLAIM,
    A_DONE,
    A_DRAW,
    A_PLAY,
    A_SCOUT_DRAW,
    A_SCOUT_RETURN,
    CLAIM,
    DRAW,
    OVER,
    PLAY,
    SCOUT_DRAW,
    WHOLE_TURN,
    LeanAction,
    claim_flag,
    is_leader,
    is_tactic,
    may_draw,
    passes_after,
    play_moves,
    scout_draws,
    scout_drew,
    settle_passes,
    turn_after,
)


class Update(ABC):
    """A game state that `apply` updates: the flow here, the layout's primitives in a subclass."""

    __slots__ = ()

    # ------------------------------------------------------------------ the flow
    def apply(self, act: LeanAction) -> None:
        """Carry out a legal action (unchecked: the caller knows it is legal)."""
        kind = act[0]
        if kind == A_PLAY:
            self._play(act[1], act[2], act[3], act[4])
        elif kind == A_CLAIM:
            self._claim(act[2])
        elif kind == A_DONE:
            self.next_step(CLAIM)
        elif kind == A_DRAW:
            self.draw(self.mover(), act[1], False)
            self.next_step(DRAW)
        elif kind == A_SCOUT_DRAW:
            self.draw(self.mover(), act[1], True)
            drawn, phase = scout_drew(self.scout_count(), self.deck_left())
            self.set_scout_count(drawn)
            if phase < 0:
                self.next_step(PLAY)
            else:
                self.set_phase(phase)
        elif kind == A_SCOUT_RETURN:
            self.return_cards(self.mover(), act[1])
            self.next_step(PLAY)
        else:  # a pass is the whole turn (R9)
            self.set_passes(passes_after(self.passes_now(), True))
            self.next_step(WHOLE_TURN)

    def _play(self, card: int, flag: int, target: int, to_flag: int) -> None:
        """R8, R24-R37: the card leaves the hand and counts, goes where play_moves sends it, its target with it;
        a Scout's draws follow (R33), else the turn's next step."""
        seat = self.mover()
        self.take_from_hand(seat, card)
        self.set_passes(passes_after(self.passes_now(), False))
        if is_tactic(card):
            self.count_tactic(seat)
            if is_leader(card):
                self.count_leader(seat)
        card_to, target_from, target_to = play_moves(card, flag, to_flag)
        self.put(seat, card, card_to, flag)
        if target_from >= 0:
            self.take_target(seat, target, target_from)
            self.put(seat, target, target_to, flag)
        if scout_draws(card):
            self.set_phase(SCOUT_DRAW)
            self.set_scout_count(0)
        else:
            self.next_step(PLAY)

    def _claim(self, flag: int) -> None:
        """R20, R38, R51: the flag is awarded and its win judged at once; the claim step lasts while another
        flag is provable."""
        seat = self.mover()
        self.award(seat, flag)
        how = claim_flag(self.claimants(), flag, seat, self.players())
        if how:
            self.finish(seat, how)
        elif not self.any_claimable(seat):
            self.next_step(CLAIM)

    def next_step(self, done: int) -> None:
        """After step `done` (engine.rulebook.turn_after): the turn's next step that waits for a decision, the
        next seat's turn, or the end once every player passed (settle_passes: its awards, then the result)."""
        seat, players = self.mover(), self.players()
        following, phase = turn_after(self.turn_steps(), done, seat, players, self.passes_now(), self.any_claimable,
                                      may_draw(self.scout_count(), self.hand_count(seat), self.deck_left()))
        if phase == OVER:
            self.end_by_passes()
            awards, winner, how = settle_passes(seat, players, self.claimants(), self.claimable,
                                                self.one_at_a_time())
            for claimant, won in awards:
                self.award(claimant, won)
            self.finish(winner, how)
            return
        if following != seat:
            self.set_turn(following)
        self.set_phase(phase)

    # ------------------------------------------------------------------ what the flow reads
    @abstractmethod
    def mover(self) -> int:
        """The seat to move."""

    @abstractmethod
    def players(self) -> int:
        """How many seats play (2 or 3)."""

    @abstractmethod
    def turn_steps(self) -> tuple[int, ...]:
        """The turn's steps for the claim timing (engine.rulebook.STEPS)."""

    @abstractmethod
    def passes_now(self) -> int:
        """The passes in a row so far."""

    @abstractmethod
    def scout_count(self) -> int:
        """The cards this turn's Scout has drawn."""

    @abstractmethod
    def hand_count(self, seat: int) -> int:
        """How many cards `seat` holds."""

    @abstractmethod
    def deck_left(self) -> int:
        """The cards left in both decks."""

    @abstractmethod
    def any_claimable(self, seat: int) -> bool:
        """Whether `seat` can prove a flag now."""

    @abstractmethod
    def claimable(self, seat: int) -> list[int]:
        """The flags (0-8) `seat` can prove now."""

    @abstractmethod
    def claimants(self) -> list[int]:
        """Each flag's claimant (-1: none), a list engine.rulebook may write into."""

    @abstractmethod
    def one_at_a_time(self) -> bool:
        """An old record's ruling: flags awarded after the passes one at a time (settle_passes)."""

    # ------------------------------------------------------------------ what the flow writes (one write each)
    @abstractmethod
    def take_from_hand(self, seat: int, card: int) -> None:
        """`card` leaves `seat`'s hand."""

    @abstractmethod
    def set_passes(self, passes: int) -> None:
        """The passes in a row."""

    @abstractmethod
    def count_tactic(self, seat: int) -> None:
        """One more tactic played by `seat` (R24)."""

    @abstractmethod
    def count_leader(self, seat: int) -> None:
        """`seat` has played its Leader (R27)."""

    @abstractmethod
    def put(self, seat: int, card: int, where: int, flag: int) -> None:
        """`card` to a place of engine.rulebook.play_moves, seen from `seat` (`flag`: the play's, whose
        facing side a place on the opponent's side or discards names)."""

    @abstractmethod
    def take_target(self, seat: int, card: int, where: int) -> None:
        """`card` leaves the side `where` (a play_moves place, seen from `seat`); R18 if it was complete."""

    @abstractmethod
    def draw(self, seat: int, deck: int, scout: bool) -> None:
        """The top card of `deck` (0 troops, 1 tactics) to `seat`'s hand, for the draw step or a Scout."""

    @abstractmethod
    def return_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        """A Scout's returns: each card from `seat`'s hand onto its own deck (engine.rulebook.deck_of), in order."""

    @abstractmethod
    def set_scout_count(self, drawn: int) -> None:
        """The cards this turn's Scout has drawn."""

    @abstractmethod
    def award(self, seat: int, flag: int) -> None:
        """`flag` goes to `seat`."""

    @abstractmethod
    def end_by_passes(self) -> None:
        """Every player passed in a row: the game ends by settle_passes."""

    @abstractmethod
    def set_turn(self, seat: int) -> None:
        """`seat`'s turn begins (no Scout drawn yet)."""

    @abstractmethod
    def set_phase(self, phase: int) -> None:
        """The step of the turn that waits for a decision (engine.rulebook.PHASE_NAMES)."""

    @abstractmethod
    def finish(self, winner: int, how: str) -> None:
        """The game is over: `winner` (-1: a draw) and how."""
