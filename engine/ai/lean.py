"""A lean game state for the hard bot's playouts: the rules of engine.Game on bit masks (R7-R39).

A search plays hundreds of thousands of steps per decision; `Game` spends most of that time on what
a playout never needs (events, validation, readable lists, copies of the whole table). `Lean` keeps
the same rules with cards as small integers (troops 0-59 as in engine.cards.TROOP_BIT, tactics
60-69 in TACTICS order), each side of a flag and each hand as one integer mask, and actions as
tuples. It trusts its caller: an action not in `legal()` is undefined behaviour. It is built only
from a complete game state (a determinized world), and tests/test_bots_lean.py checks it against
`Game` move by move (legal actions, states, results) in random games of every rule option.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Final

from ..cards import LEADERS, MORALE, TACTICS, TROOP_INFO, TROOPS
from ..claims import strength_of
from ..formations import best_formation
from ..game import HAND_LIMIT, Game
from ..rules import SEATS, TURN_STEPS
from .potential import side_potential

NAMES: tuple[str, ...] = (*TROOPS, *TACTICS)
ID: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
# TROOPS is ordered colour-major, value-minor, so a troop's id is its bit in engine.cards.TROOP_BIT.
assert all(ID[c] == ci * 10 + v - 1 for c, (ci, v) in TROOP_INFO.items())

# Constants are Final so that the optional compiled core (engine.compiled) reads them as C values,
# not from the module's dictionary at every use.
TROOP_MASK: Final = (1 << 60) - 1
ALEXANDER: Final = 60
DARIUS: Final = 61
CAVALRY: Final = 62
SHIELD: Final = 63
FOG: Final = 64
MUD: Final = 65
SCOUT: Final = 66
REDEPLOY: Final = 67
DESERTER: Final = 68
TRAITOR: Final = 69
MORALE_MASK: Final = sum(1 << ID[c] for c in MORALE)
LEADER_MASK: Final = sum(1 << ID[c] for c in LEADERS)
TACTICS_MASK: Final = sum(1 << ID[c] for c in TACTICS)

# Phases (the steps of a turn that wait for a decision) and the kinds of actions.
PLAY: Final = 0
CLAIM: Final = 1
DRAW: Final = 2
SCOUT_DRAW: Final = 3
SCOUT_RETURN: Final = 4
OVER: Final = 5
PHASE_NAMES = ("play", "claim", "draw", "scout_draw", "scout_return", "over")
A_PLAY: Final = 0
A_PASS: Final = 1
A_CLAIM: Final = 2
A_DONE: Final = 3
A_DRAW: Final = 4
A_SCOUT_DRAW: Final = 5
A_SCOUT_RETURN: Final = 6
_STEP_CODES = {"play": PLAY, "claim": CLAIM, "draw": DRAW}
_STEPS = {timing: tuple(_STEP_CODES[s] for s in steps) for timing, steps in TURN_STEPS.items()}
_BREAKTHROUGHS: Final = tuple(0b111 << i for i in range(7))

#: An action: (kind, card, flag, target, to_flag) with -1 for "none"; flags are 0-8.
#: A Scout return is (A_SCOUT_RETURN, cards) with the cards in the order returned.
LeanAction = tuple[Any, ...]
PASS_ACTION: LeanAction = (A_PASS, -1, -1, -1, -1)
DONE_ACTION: LeanAction = (A_DONE, -1, -1, -1, -1)

_strengths: Final[dict[tuple[int, bool], int]] = {}
_completions: Final[dict[tuple[int, int, bool, int], int]] = {}


def bits(mask: int) -> list[int]:
    """The card ids set in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names(mask: int) -> list[str]:
    return [NAMES[i] for i in bits(mask)]


def strength(side: int, fog: bool) -> int:
    """Strength of a complete side (engine.claims.strength_of), memoised by its mask."""
    key = (side, fog)
    found = _strengths.get(key)
    if found is None:
        if len(_strengths) > 200_000:
            _strengths.clear()
        found = _strengths[key] = strength_of(names(side), fog).strength
    return found


def completion(side: int, size: int, fog: bool, unseen: int) -> int:
    """Strength of the strongest completion of a side from the `unseen` troops; -1 if none (R20, R21)."""
    key = (side, size, fog, unseen)
    found = _completions.get(key)
    if found is None:
        if side & ~TROOP_MASK:
            best = best_formation(names(side), size, fog, unseen)
            found = -1 if best is None else best.strength
        else:
            potential = side_potential(side, size, fog, unseen)
            found = -1 if potential is None else potential
        if len(_completions) > 200_000:
            _completions.clear()
        _completions[key] = found
    return found


class Lean:
    """A complete game state on masks; `legal()` and `apply()` follow engine.Game exactly."""

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
    def from_game(cls, game: Game) -> Lean:
        """The lean twin of a complete game state (every hand and deck known)."""
        out = cls()  # a plain call, not __new__: the optional mypyc build (engine.compiled) has no __new__
        out.sides = [0] * 18
        out.claimed = [-1] * 9
        out.first = [-1] * 9
        out.fog = out.mud = 0
        for i, flag in enumerate(game.flags):
            for s, seat in enumerate(SEATS):
                for card in flag.sides[seat]:
                    out.sides[2 * i + s] |= 1 << ID[card]
            out.fog |= (flag.fog is not None) << i
            out.mud |= (flag.mud is not None) << i
            out.first[i] = -1 if flag.first_complete is None else SEATS.index(flag.first_complete)
            out.claimed[i] = -1 if flag.claimed is None else SEATS.index(flag.claimed)
        out.hands = [0, 0]
        for s, seat in enumerate(SEATS):
            for card in game.hand(seat):
                out.hands[s] |= 1 << ID[card]
        troops, tactics = game.decks["troops"], game.decks["tactics"]
        if troops is None or tactics is None:
            raise ValueError("a lean state needs both decks' order (a complete game state)")
        out.troops = [ID[c] for c in troops]
        out.tactics = [ID[c] for c in tactics]
        out.seen = game.seen
        out.to_move = SEATS.index(game.to_move)
        out.phase = PHASE_NAMES.index(game.phase)
        out.scout_drawn, out.passes = game.scout_drawn, game.passes
        out.played = [game.tactics_played[s] for s in SEATS]
        out.leader = [game.leader_played[s] for s in SEATS]
        out.steps = _STEPS[game.rules.claim_timing]
        out.winner, out.how = -1, ""
        if game.result is not None:
            winner = game.result["winner"]
            out.winner = -1 if winner is None else SEATS.index(winner)
            out.how = game.result["how"]
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
        return 4 if self.mud >> flag & 1 else 3

    def held(self, seat: int) -> int:
        """Mask of the flags `seat` holds."""
        return sum(1 << i for i, c in enumerate(self.claimed) if c == seat)

    def can_claim(self, flag: int, seat: int) -> bool:
        """R20, R21: the same verdict as engine.claims.judge, from the same open information."""
        if self.claimed[flag] != -1:
            return False
        size = self.size(flag)
        mine = self.sides[2 * flag + seat]
        if mine.bit_count() < size:
            return False
        fog = bool(self.fog >> flag & 1)
        ours = strength(mine, fog)
        theirs = self.sides[2 * flag + 1 - seat]
        if theirs.bit_count() >= size:
            other = strength(theirs, fog)
            return ours > other or (ours == other and self.first[flag] == seat)
        return completion(theirs, size, fog, TROOP_MASK & ~self.seen) <= ours

    def claimable(self, seat: int) -> list[int]:
        claimed, sides, mud = self.claimed, self.sides, self.mud
        return [i for i in range(9) if claimed[i] == -1 and
                sides[2 * i + seat].bit_count() >= (4 if mud >> i & 1 else 3) and self.can_claim(i, seat)]

    def any_claimable(self, seat: int) -> bool:
        """Whether `seat` can claim a flag (`claimable` without listing them: asked after every play)."""
        claimed, sides, mud = self.claimed, self.sides, self.mud
        for i in range(9):
            if claimed[i] == -1 and sides[2 * i + seat].bit_count() >= (4 if mud >> i & 1 else 3) and \
                    self.can_claim(i, seat):
                return True
        return False

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
        """The play step's actions; a pass only when no card at all can be played (R9)."""
        seat = self.to_move
        other = 1 - seat
        hand = self.hands[seat]
        sides = self.sides
        open_flags = [i for i in range(9) if self.claimed[i] == -1]
        slots = [i for i in open_flags if sides[2 * i + seat].bit_count() < (4 if self.mud >> i & 1 else 3)]
        out: list[LeanAction] = [(A_PLAY, c, i, -1, -1) for c in bits(hand & TROOP_MASK) for i in slots]
        tactics = hand & TACTICS_MASK
        if tactics and self.played[seat] <= self.played[other]:
            if self.leader[seat]:
                tactics &= ~LEADER_MASK
            for card in bits(tactics):
                if card <= SHIELD:
                    out.extend((A_PLAY, card, i, -1, -1) for i in slots)
                elif card <= MUD:
                    out.extend((A_PLAY, card, i, -1, -1) for i in open_flags)
                elif card == SCOUT:
                    if self.troops or self.tactics:
                        out.append((A_PLAY, SCOUT, -1, -1, -1))
                elif card == REDEPLOY:
                    for i in open_flags:
                        for target in bits(sides[2 * i + seat]):
                            out.append((A_PLAY, REDEPLOY, i, target, -1))
                            out.extend((A_PLAY, REDEPLOY, i, target, t) for t in slots if t != i)
                elif card == DESERTER:
                    out.extend((A_PLAY, DESERTER, i, target, -1)
                               for i in open_flags for target in bits(sides[2 * i + other]))
                else:
                    out.extend((A_PLAY, TRAITOR, i, target, t) for i in open_flags
                               for target in bits(sides[2 * i + other] & TROOP_MASK) for t in slots)
        if not out:
            out.append(PASS_ACTION)
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, act: LeanAction) -> None:
        """Perform a legal action (unchecked)."""
        kind = act[0]
        if kind == A_PLAY:
            self._play(act)
        elif kind == A_CLAIM:
            seat = self.to_move
            self.claimed[act[2]] = seat
            self._check_win(seat)
            if self.phase != OVER and not self.any_claimable(seat):
                self._enter_step(self.steps.index(CLAIM) + 1)
        elif kind == A_DONE:
            self._enter_step(self.steps.index(CLAIM) + 1)
        elif kind == A_DRAW:
            self._draw(act[1])
            self._enter_step(self.steps.index(DRAW) + 1)
        elif kind == A_SCOUT_DRAW:
            self._draw(act[1])
            self.scout_drawn += 1
            if self.scout_drawn < 3 and (self.troops or self.tactics):
                return
            if self.scout_drawn > 1:
                self.phase = SCOUT_RETURN
            else:
                self._enter_step(self.steps.index(PLAY) + 1)
        elif kind == A_SCOUT_RETURN:
            seat = self.to_move
            for card in act[1]:
                self.hands[seat] &= ~(1 << card)
                (self.troops if card < 60 else self.tactics).append(card)
            self._enter_step(self.steps.index(PLAY) + 1)
        else:  # a pass is the whole turn (R9)
            self.passes += 1
            self._end_turn()

    def _play(self, act: LeanAction) -> None:
        seat = self.to_move
        card = act[1]
        self.hands[seat] &= ~(1 << card)
        self.passes = 0
        if card < 60:
            self._add(act[2], seat, card)
        else:
            self.played[seat] += 1
            if card <= SHIELD:
                if card <= DARIUS:
                    self.leader[seat] = True
                self._add(act[2], seat, card)
            elif card == FOG:
                self.fog |= 1 << act[2]
            elif card == MUD:
                self.mud |= 1 << act[2]
                self.first[act[2]] = -1
            elif card == SCOUT:
                self.phase = SCOUT_DRAW
                self.scout_drawn = 0
                return
            elif card == REDEPLOY:
                self._remove(act[2], seat, act[3])
                if act[4] >= 0:
                    self._add(act[4], seat, act[3])
            elif card == DESERTER:
                self._remove(act[2], 1 - seat, act[3])
            else:
                self._remove(act[2], 1 - seat, act[3])
                self._add(act[4], seat, act[3])
        self._enter_step(self.steps.index(PLAY) + 1)

    def _add(self, flag: int, seat: int, card: int) -> None:
        index = 2 * flag + seat
        side = self.sides[index] | 1 << card
        self.sides[index] = side
        if card < 60:
            self.seen |= 1 << card
        size = 4 if self.mud >> flag & 1 else 3
        if side.bit_count() == size and self.sides[index ^ 1].bit_count() >= size:  # R18
            self.first[flag] = 1 - seat

    def _remove(self, flag: int, seat: int, card: int) -> None:
        index = 2 * flag + seat
        side = self.sides[index]
        if side.bit_count() >= self.size(flag):  # R18: an earlier completion no longer counts
            self.first[flag] = -1
        self.sides[index] = side & ~(1 << card)

    def _draw(self, deck: int) -> None:
        card = (self.troops if deck == 0 else self.tactics).pop()
        self.hands[self.to_move] |= 1 << card

    def _check_win(self, seat: int) -> None:
        held = self.held(seat)
        if held.bit_count() >= 5:  # five flags are an Envelopment even with three adjacent (R38)
            self._finish(seat, "envelopment")
        elif any(held & b == b for b in _BREAKTHROUGHS):
            self._finish(seat, "breakthrough")

    def _finish(self, winner: int, how: str) -> None:
        self.winner, self.how, self.phase = winner, how, OVER

    def _enter_step(self, index: int) -> None:
        steps = self.steps
        seat = self.to_move
        while index < len(steps):
            step = steps[index]
            if step == PLAY:
                self.phase = PLAY
                return
            if step == CLAIM and self.any_claimable(seat):
                self.phase = CLAIM
                return
            if step == DRAW and self.scout_drawn == 0 and self.hands[seat].bit_count() < HAND_LIMIT and \
                    (self.troops or self.tactics):
                self.phase = DRAW
                return
            index += 1
        self._end_turn()

    def _end_turn(self) -> None:
        if self.passes >= 2:  # R39
            seat = 1 - self.to_move
            for claimant in (seat, 1 - seat):  # each award a player's whole set, then their win (R39)
                for flag in self.claimable(claimant):
                    self.claimed[flag] = claimant
                self._check_win(claimant)
                if self.phase == OVER:
                    return
            counts = [self.claimed.count(0), self.claimed.count(1)]
            if counts[0] == counts[1]:
                self._finish(-1, "draw")
            else:
                self._finish(0 if counts[0] > counts[1] else 1, "flags")
            return
        self.to_move = 1 - self.to_move
        self.scout_drawn = 0
        self._enter_step(0)


# ---------------------------------------------------------------------- notation
def to_action(act: LeanAction) -> dict[str, Any]:
    """A lean action in NOTATION.md form, exactly as Game.legal_actions lists it."""
    kind = act[0]
    if kind == A_PLAY:
        card = act[1]
        name = NAMES[card]
        if card <= MUD:
            return {"type": "play", "card": name, "flag": act[2] + 1}
        if card == SCOUT:
            return {"type": "play", "card": name}
        out: dict[str, Any] = {"type": "play", "card": name, "from_flag": act[2] + 1, "target": NAMES[act[3]]}
        if card != DESERTER:
            out["to_flag"] = None if act[4] < 0 else act[4] + 1
        return out
    if kind == A_CLAIM:
        return {"type": "claim", "flag": act[2] + 1}
    if kind in (A_DRAW, A_SCOUT_DRAW):
        return {"type": "draw" if kind == A_DRAW else "scout_draw", "deck": ("troops", "tactics")[act[1]]}
    if kind == A_SCOUT_RETURN:
        return {"type": "scout_return", "cards": [NAMES[c] for c in act[1]]}
    return {"type": "done" if kind == A_DONE else "pass"}


def from_action(action: dict[str, Any]) -> LeanAction:
    """A NOTATION.md action (as Game.legal_actions lists it) as a lean action."""
    kind = action["type"]
    if kind == "play":
        card = ID[action["card"]]
        if "flag" in action:
            return (A_PLAY, card, action["flag"] - 1, -1, -1)
        if card == SCOUT:
            return (A_PLAY, SCOUT, -1, -1, -1)
        to_flag = action.get("to_flag")
        return (A_PLAY, card, action["from_flag"] - 1, ID[action["target"]], -1 if to_flag is None else to_flag - 1)
    if kind == "claim":
        return (A_CLAIM, -1, action["flag"] - 1, -1, -1)
    if kind in ("draw", "scout_draw"):
        return (A_DRAW if kind == "draw" else A_SCOUT_DRAW, 0 if action["deck"] == "troops" else 1, -1, -1, -1)
    if kind == "scout_return":
        return (A_SCOUT_RETURN, tuple(ID[c] for c in action["cards"]))
    return DONE_ACTION if kind == "done" else PASS_ACTION


__all__ = ["ID", "NAMES", "Lean", "LeanAction", "from_action", "to_action"]
