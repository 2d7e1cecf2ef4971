"""`Game`'s layout for the one state update (engine.update): its primitives on the table of record.

`Game` checks an action (engine.game's `_do_*` and engine.tactic_plays), then hands its id form
(engine.rulebook.from_action) to `GameUpdate(game).apply`, the same flow the bots' `Lean` runs on masks.
Each primitive here writes one thing on `Game`'s readable state (named cards, each side in the order
played, the discard piles, decks and hands with their counts, seats by name) and tells the events that
write causes (NOTATION.md): a side completed or made incomplete (R18), a card drawn, a Scout's returns, a
claim with its proof, a new turn, the passes that end the game, its end. The flow decides their order.
This module is in the compiled core beside engine.update: the flow's base class is a native class there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .claims import Judgement, proof_of
from .rulebook import (
    COMPLETED_SECOND,
    DECKS,
    FOG_AT,
    MINE,
    MUD_AT,
    MY_DISCARDS,
    NAMES,
    PHASE_NAMES,
    STEPS,
    deck_of,
    is_tactic,
)
from .table import any_provable
from .update import Update

if TYPE_CHECKING:
    from .game import Game


class GameUpdate(Update):
    """engine.update's primitives on one `Game` (made for one action: it holds no state of its own but the
    verdict of a claim `Game` has already judged, whose proof the claim's event shows)."""

    __slots__ = ("game", "proven", "seats")

    def __init__(self, game: Game, proven: Judgement | None = None) -> None:
        self.game = game
        self.proven = proven
        self.seats: tuple[str, ...] = game.seats

    # ------------------------------------------------------------------ what the flow reads
    def mover(self) -> int:
        return self.seats.index(self.game.to_move)

    def players(self) -> int:
        return len(self.seats)

    def turn_steps(self) -> tuple[int, ...]:
        return STEPS[self.game.rules.claim_timing]

    def passes_now(self) -> int:
        return self.game.passes

    def scout_count(self) -> int:
        return self.game.scout_drawn

    def hand_count(self, seat: int) -> int:
        return self.game.hand_sizes[self.seats[seat]]

    def deck_left(self) -> int:
        sizes = self.game.deck_sizes
        return sizes["troops"] + sizes["tactics"]

    def any_claimable(self, seat: int) -> bool:
        return any_provable(self.game.flags, self.seats[seat], self.game.unseen())

    def claimable(self, seat: int) -> list[int]:
        return [n - 1 for n in self.game.claimable_flags(self.seats[seat])]

    def claimants(self) -> list[int]:
        seats = self.seats
        return [-1 if f.claimed is None else seats.index(f.claimed) for f in self.game.flags]

    def one_at_a_time(self) -> bool:
        return not self.game.whole_set_awards

    # ------------------------------------------------------------------ what the flow writes
    def take_from_hand(self, seat: int, card: int) -> None:
        name = self.seats[seat]
        self.game.hand(name).remove(NAMES[card])
        self.game.hand_sizes[name] -= 1

    def set_passes(self, passes: int) -> None:
        self.game.passes = passes

    def count_tactic(self, seat: int) -> None:
        self.game.tactics_played[self.seats[seat]] += 1

    def count_leader(self, seat: int) -> None:
        self.game.leader_played[self.seats[seat]] = True

    def put(self, seat: int, card: int, where: int, flag: int) -> None:
        """The place seen from `seat`; the opponent's is the seat facing it at the play's `flag`."""
        game, name, mine = self.game, NAMES[card], self.seats[seat]
        if where < FOG_AT:
            self._add(where // 2, mine if where & 1 == MINE else game.flags[flag].other(mine), card)
        elif where < MUD_AT:
            game.flags[where - FOG_AT].fog = mine
        elif where < MY_DISCARDS:
            at = where - MUD_AT
            state = game.flags[at]
            state.mud = mine
            for side in state.pair:  # a side of three is incomplete again (R31, R18)
                if len(state.sides[side]) == 3:
                    game.emit({"type": "incomplete", "seat": side, "flag": at + 1})
            state.first_complete = None
        else:
            game.discards[mine if where == MY_DISCARDS else game.flags[flag].other(mine)].append(name)

    def _add(self, flag: int, seat: str, card: int) -> None:
        """`card` joins `seat`'s side (engine.rulebook.put_on_side through FlagState.put), told when the side
        completes (R18). A troop is then seen (R21): its id is its bit."""
        game = self.game
        state = game.flags[flag]
        if not is_tactic(card):
            game.seen |= 1 << card
        done = state.put(seat, NAMES[card])
        if done == COMPLETED_SECOND:
            state.first_complete = state.other(seat)
        if done:
            game.emit({"type": "complete", "seat": seat, "flag": flag + 1})

    def take_target(self, seat: int, card: int, where: int) -> None:
        game, mine, flag = self.game, self.seats[seat], where >> 1
        state = game.flags[flag]
        owner = mine if where & 1 == MINE else state.other(mine)
        if state.take(owner, NAMES[card]):  # engine.rulebook.take_from_side: a complete side no longer is (R18)
            state.first_complete = None
            game.emit({"type": "incomplete", "seat": owner, "flag": flag + 1})

    def draw(self, seat: int, deck: int, scout: bool) -> None:
        game, name, pile = self.game, self.seats[seat], DECKS[deck]
        cards = game.decks[pile]
        assert cards is not None, "Game checks a draw from a hidden deck before the update"
        card = cards.pop()
        game.deck_sizes[pile] -= 1
        game.hand(name).append(card)
        game.hand_sizes[name] += 1
        game.emit({"type": "scout_draw" if scout else "draw", "seat": name, "deck": pile, "card": card})

    def return_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        game, name = self.game, self.seats[seat]
        hand = game.hand(name)
        named: list[str] = []
        decks: list[str] = []
        for card in cards:
            pile, card_name = DECKS[deck_of(card)], NAMES[card]
            hand.remove(card_name)
            target = game.decks[pile]
            if target is not None:
                target.append(card_name)
            game.deck_sizes[pile] += 1
            game.hand_sizes[name] -= 1
            named.append(card_name)
            decks.append(pile)
        game.emit({"type": "scout_return", "seat": name, "cards": named, "decks": decks})

    def set_scout_count(self, drawn: int) -> None:
        self.game.scout_drawn = drawn

    def award(self, seat: int, flag: int) -> None:
        """Told with its proof (R23): the claim's own verdict, or one judged now for an award after the passes."""
        game, name = self.game, self.seats[seat]
        verdict = self.proven
        self.proven = None
        if verdict is None:
            verdict = game.judge_claim(flag + 1, name)
        game.flags[flag].claimed = name
        game.emit({"type": "claim", "seat": name, "flag": flag + 1, "proof": proof_of(verdict)})

    def end_by_passes(self) -> None:
        self.game.emit({"type": "both_passed" if len(self.seats) == 2 else "all_passed"})

    def set_turn(self, seat: int) -> None:
        game = self.game
        game.to_move, game.scout_drawn = self.seats[seat], 0
        game.emit({"type": "turn", "seat": game.to_move})

    def set_phase(self, phase: int) -> None:
        self.game.phase = PHASE_NAMES[phase]

    def finish(self, winner: int, how: str) -> None:
        self.game.end(None if winner < 0 else self.seats[winner], how)
