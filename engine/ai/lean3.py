"""The lean game state (engine.ai.lean) for the three-player game (R46-R53): the same masks and actions.

`Lean3` keeps `Lean`'s layout (each side of a flag one mask at `sides[2 * flag + k]`, hands as masks,
actions as tuples) with three seats (0 south, 1 west, 2 east): `k` is the seat's place in the flag's
front (engine.rules.FRONTS3), and a seat not on that front has no side there. Only troops exist, so the
play step is troops only. It trusts its caller as `Lean` does, and tests/test_bots_three.py checks it
against `Game` move by move (legal actions, states, results) over 1,000 random three-player games: the
ground a three-player search would stand on.
"""

from __future__ import annotations

from ..game import Game
from ..rulebook import (
    BREAKTHROUGHS3,
    ID,
    PAIRS3,
    PLACES3,
    TROOP_MASK,
    LeanAction,
    bits,
    mask_of,
    may_play_tactic,
    plays,
    provable,
    side_size,
)
from ..rules import SEATS3
from .lean import Lean

#: Each flag's two seats as seat indices, and each seat's place (0 or 1) at each flag (-1: not its front).
PAIRS: tuple[tuple[int, int], ...] = PAIRS3
PLACE: tuple[tuple[int, ...], ...] = tuple(tuple(PLACES3[s][f] for s in range(3)) for f in range(9))
#: Each seat's flags (0-8) and its Breakthroughs as flag masks (R51).
OWN: tuple[tuple[int, ...], ...] = tuple(tuple(f for f in range(9) if PLACES3[s][f] >= 0) for s in range(3))
LINE_MASKS: tuple[tuple[int, ...], ...] = BREAKTHROUGHS3


class Lean3(Lean):
    """A complete three-player game state on masks; `legal()` and `apply()` follow engine.Game exactly."""

    __slots__ = ()

    @classmethod
    def from_game(cls, game: Game) -> Lean3:
        """The lean twin of a complete three-player game state."""
        if len(game.seats) != 3:
            raise ValueError("Lean3 holds three-player games; use Lean for two")
        hands = [mask_of(game.hand(seat)) for seat in SEATS3]
        troops = game.decks["troops"]
        if troops is None:
            raise ValueError("a lean state needs the deck's order (a complete game state)")
        out = table_of(game)
        out.hands = hands
        out.troops = [ID[c] for c in troops]
        return out

    def copy(self) -> Lean3:
        out = Lean3()
        out.sides, out.claimed, out.first = self.sides[:], self.claimed[:], self.first[:]
        out.hands, out.troops, out.tactics = self.hands[:], self.troops[:], []
        out.played, out.leader = self.played[:], self.leader[:]
        out.steps, out.fog, out.mud, out.seen = self.steps, self.fog, self.mud, self.seen
        out.to_move, out.phase, out.scout_drawn, out.passes = self.to_move, self.phase, self.scout_drawn, self.passes
        out.winner, out.how = self.winner, self.how
        return out

    def can_claim(self, flag: int, seat: int) -> bool:
        """R20, R21, R48, R49: the verdict of engine.claims.judge, on the seat's own fronts only."""
        k = PLACES3[seat][flag]
        if k < 0 or self.claimed[flag] != -1:
            return False
        return provable(self.sides[2 * flag + k], self.sides[2 * flag + 1 - k], side_size(0), False,
                        self.first[flag] == seat, TROOP_MASK & ~self.seen)

    def claimable(self, seat: int) -> list[int]:
        return [f for f in OWN[seat] if self.can_claim(f, seat)]

    def any_claimable(self, seat: int) -> bool:
        """Lean's loop asks all nine flags: here a seat's flags are its own line's six."""
        return any(self.can_claim(f, seat) for f in OWN[seat])

    def plays(self) -> list[LeanAction]:
        """Troops to the seat's own open flags with a free place (R48); a pass when there is none (R50)."""
        seat = self.to_move
        return plays(bits(self.hands[seat] & TROOP_MASK), PLACES3[seat], self.sides, self.claimed, 0,
                     may_play_tactic(self.played, seat), False, False)


def table_of(game: Game) -> Lean3:
    """Lean.from_table for a three-player game: its table in masks, hands empty, the deck unknown."""
    out = Lean3.from_table(game)
    if not isinstance(out, Lean3):  # from_table builds the class it is called on
        raise TypeError("Lean3.from_table built a Lean")
    return out


__all__ = ["Lean3", "table_of"]
