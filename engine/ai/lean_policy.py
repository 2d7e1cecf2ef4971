"""The easy rules on masks: the hard bot's playout policy, and the easy bot's (engine.ai.simple) one scoring.

Each troop goes where it makes the strongest formation its side can still become from the unseen
troops, preferring sides nearer completion and never a flag already lost; morale tactics are kept
for a formation they lift a lot; the other tactics follow the easy bot's one rule each. Claims are
always made. Ties are broken by the policy's random generator, so a playout is one plausible game.
"""

from __future__ import annotations

import random
from typing import Final, cast

from ..rulebook import (
    A_CLAIM,
    A_PLAY,
    A_SCOUT_RETURN,
    CLAIM,
    COMPLETIONS,
    DARIUS,
    DESERTER,
    DRAW,
    FOG,
    LEADER_MASK,
    MORALE_MASK,
    MUD,
    OVER,
    PLAY,
    REDEPLOY,
    SCOUT,
    SCOUT_DRAW,
    SCOUT_RETURN,
    SHIELD,
    TACTICS_MASK,
    TROOP_MASK,
    LeanAction,
    bits,
    completion,
    may_play_tactic,
    side_size,
    strength,
)
from .lean import Lean

LOST: Final = -1000.0
#: A game longer than this many steps is scored as a draw (never reached: games end in about 150).
MAX_STEPS: Final = 2000


def value_of(card: int) -> int:
    """A troop's value (1-10); 0 for a tactics card."""
    return card % 10 + 1 if card < 60 else 0


def return_rank(card: int) -> int:
    """Scout's return puts back the lowest first: a troop by its value, a tactics card as high (11)."""
    return card % 10 + 1 if card < 60 else 11


def scout_return(state: Lean) -> LeanAction:
    """The easy rules' Scout return: the lowest troops (R33); a spent Leader's twin stays in hand (R27)."""
    return (A_SCOUT_RETURN, tuple(sorted(bits(state.returnable()), key=return_rank)[:state.scout_drawn - 1]))


def wants_tactic(hand: int) -> bool:
    """The easy rules' draw: a tactics card only for a hand of five troops or more and no tactics."""
    return not hand & TACTICS_MASK and (hand & TROOP_MASK).bit_count() >= 5


class _Placements:
    """LeanPolicy.placement for many plays in one state: what depends only on the flag is read once.

    Ranking the plays is about a third of a hard line's time, and most of it went to reading the
    same flag again for every card in hand.
    """

    __slots__ = ("flags", "seat", "state", "unseen")

    def __init__(self, state: Lean) -> None:
        self.state = state
        self.seat = state.to_move
        self.unseen = TROOP_MASK & ~state.seen
        self.flags: dict[int, tuple[int, bool, int, int]] = {}

    def score(self, flag: int, card: int) -> float:
        found = self.flags.get(flag)
        if found is None:
            state = self.state
            size = side_size(state.mud >> flag & 1)
            fog = bool(state.fog >> flag & 1)
            theirs = state.sides[2 * flag + 1 - self.seat]
            lost_below = strength(theirs, fog) if theirs.bit_count() >= size else -2  # below any completion
            found = self.flags[flag] = (size, fog, state.sides[2 * flag + self.seat], lost_below)
        size, fog, side, lost_below = found
        bit = 1 << card
        side |= bit
        unseen = self.unseen & ~bit
        mine = COMPLETIONS.get((side, size, fog, unseen))  # lean.completion's memo, read without a call: hot
        if mine is None:
            mine = completion(side, size, fog, unseen)
        if mine < 0:
            return LOST
        value = card % 10 + 1 if card < 60 else 0
        if lost_below >= mine:
            return LOST / 2 - value  # already lost: dump the weakest card here
        return mine + 8.0 * side.bit_count() - 0.1 * value


def placement(side: int, theirs: int, size: int, fog: bool, unseen: int, card: int) -> float:
    """The easy rules' score of putting `card` (a troop or a morale tactic) on `side` (see _Placements),
    less what spending a morale tactic costs."""
    lost_below = strength(theirs, fog) if theirs.bit_count() >= size else -2  # below any completion
    bit = 1 << card
    side |= bit
    unseen &= ~bit
    mine = completion(side, size, fog, unseen)
    if mine < 0:
        score = LOST
    else:
        value = card % 10 + 1 if card < 60 else 0
        score = LOST / 2 - value if lost_below >= mine else mine + 8.0 * side.bit_count() - 0.1 * value
    if card >= 60:
        score -= 60.0 if card <= DARIUS else 30.0
    return score


class LeanPolicy:
    """Fast plausible play for both sides of a playout."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        #: Placement scores by flag: (our side, their side, Mud, Fog, unseen troops) -> card -> score.
        self._tables: dict[tuple[int, int, int, int, int], dict[int, float]] = {}

    def choose(self, state: Lean) -> LeanAction:
        phase = state.phase
        if phase == PLAY:
            return self.ranked(state, state.plays())[0]
        if phase == CLAIM:
            return state.legal()[0]  # the first provable flag; "done" only when none is left
        if phase in (DRAW, SCOUT_DRAW):
            return self._draw(state)
        if phase == SCOUT_RETURN:
            return scout_return(state)
        raise ValueError("the game is over")

    def ranked(self, state: Lean, actions: list[LeanAction]) -> list[LeanAction]:
        """The plays best first by the easy rules (ties broken at random).

        A placement's score (troops and morale tactics, nearly every play) depends only on the flag's
        two sides and the unseen troops, never on the hands: it is kept per flag (`_tables`), so the
        many worlds of a search that meet the same table score it once.
        """
        if len(actions) == 1:
            return actions
        rand = self.rng.random
        place: _Placements | None = None
        seat = state.to_move
        unseen = TROOP_MASK & ~state.seen
        sides, mud, fog_mask = state.sides, state.mud, state.fog
        flags: list[dict[int, float] | None] = [None] * 9
        tables = self._tables
        scored = []
        for act in actions:
            card = act[1]
            if act[0] == A_PLAY and card <= SHIELD:
                flag = act[2]
                table = flags[flag]
                if table is None:
                    key = (sides[2 * flag + seat], sides[2 * flag + 1 - seat], mud >> flag & 1, fog_mask >> flag & 1,
                           unseen)
                    table = tables.get(key)
                    if table is None:
                        if len(tables) > 100_000:
                            tables.clear()
                        table = tables[key] = {}
                    flags[flag] = table
                score = table.get(card)
                if score is None:
                    score = table[card] = placement(sides[2 * flag + seat], sides[2 * flag + 1 - seat],
                                                     side_size(mud >> flag & 1), bool(fog_mask >> flag & 1),
                                                     unseen, card)
            else:
                if place is None:
                    place = _Placements(state)
                score = self.score(state, act, place)
            scored.append((score, rand(), act))
        scored.sort(reverse=True)
        return [a for _, _, a in scored]

    def ranked_plain(self, state: Lean, limit: int = 0) -> list[LeanAction]:
        """`ranked` over the troop and morale plays (or every play if there is none, see
        engine.ai.hard._plain), built and scored in one pass: the search ranks these at every step.

        With `limit` only the best `limit` plays are returned (the search reads no more), the same
        ones in the same order, and the generator draws the same numbers as for the whole list.
        """
        seat = state.to_move
        claimed, sides, mud, fog_mask = state.claimed, state.sides, state.mud, state.fog
        slots = [i for i in range(9)
                 if claimed[i] == -1 and sides[2 * i + seat].bit_count() < side_size(mud >> i & 1)]
        hand = state.hands[seat]
        cards = hand & TROOP_MASK
        tactics = hand & TACTICS_MASK
        if tactics and may_play_tactic(state.played, seat):  # R24
            if state.leader[seat]:
                tactics &= ~LEADER_MASK
            cards |= tactics & MORALE_MASK
        count = cards.bit_count() * len(slots)
        if not count:
            plays = state.plays()
            ranked = self.ranked(state, [p for p in plays if p[1] <= SHIELD] or plays)
            return ranked[:limit] if limit else ranked
        if count == 1:
            return [(A_PLAY, cards.bit_length() - 1, slots[0], -1, -1)]
        unseen = TROOP_MASK & ~state.seen
        tables = self._tables
        flag_tables = []
        for i in slots:
            key = (sides[2 * i + seat], sides[2 * i + 1 - seat], mud >> i & 1, fog_mask >> i & 1, unseen)
            table = tables.get(key)
            if table is None:
                if len(tables) > 100_000:
                    tables.clear()
                table = tables[key] = {}
            flag_tables.append(table)
        hand_cards = bits(cards)
        # Card-major, flag-minor: the order of the plays, of the generator's numbers, and of the
        # index that breaks the (never seen) exact ties the way the plays themselves would.
        found = [table.get(card) for card in hand_cards for table in flag_tables]
        if None in found:
            width = len(slots)
            for n, score in enumerate(found):
                if score is None:
                    card, k = hand_cards[n // width], n % width
                    i = slots[k]
                    found[n] = flag_tables[k][card] = placement(
                        sides[2 * i + seat], sides[2 * i + 1 - seat], side_size(mud >> i & 1),
                        bool(fog_mask >> i & 1), unseen, card)
        scores = cast(list[float], found)  # every None filled in above
        rand = self.rng.random
        draws = [rand() for _ in range(count)]
        if limit and count > limit:
            # Only plays scored at least the limit-th best score can be among the first `limit`.
            cut = sorted(scores, reverse=True)[limit - 1]
            keyed = sorted([(score, draw, n) for n, score, draw in zip(range(count), scores, draws, strict=True)
                            if score >= cut], reverse=True)[:limit]
        else:
            keyed = sorted(zip(scores, draws, range(count), strict=True), reverse=True)
        width = len(slots)
        return [(A_PLAY, hand_cards[n // width], slots[n % width], -1, -1) for _, _, n in keyed]

    def score(self, state: Lean, act: LeanAction, place: _Placements | None = None) -> float:
        """The easy rules' score of one play; `place` shares what ranking many plays reads per flag."""
        if act[0] != A_PLAY:
            return LOST * 2
        card = act[1]
        if card <= SHIELD:
            score = (place or _Placements(state)).score(act[2], card)
            if card >= 60:
                score -= 60.0 if card <= DARIUS else 30.0
            return score
        if card == FOG:
            return self._fog(state, act[2])
        if card == MUD:
            return self._mud(state, act[2])
        if card == SCOUT:
            return 0.0 if not state.hands[state.to_move] & TROOP_MASK else LOST
        if card == REDEPLOY:
            return self._redeploy(state, act)
        if card == DESERTER:
            return self._deserter(state, act)
        gain = self.placement(state, act[4], act[3])  # Traitor
        return LOST if gain < 200 else gain

    def placement(self, state: Lean, flag: int, card: int) -> float:
        """What putting `card` on our side of `flag` builds (the easy bot's placement score)."""
        return _Placements(state).score(flag, card)

    def _fog(self, state: Lean, flag: int) -> float:
        """Fog where their finished formation beats ours but our sum would be higher."""
        seat = state.to_move
        size = state.size(flag)
        mine, theirs = state.sides[2 * flag + seat], state.sides[2 * flag + 1 - seat]
        if state.fog >> flag & 1 or theirs.bit_count() < size or not mine:
            return LOST
        unseen = TROOP_MASK & ~state.seen
        best = completion(mine, size, False, unseen)
        if best < 0 or best >= strength(theirs, False):
            return LOST
        return 150.0 if completion(mine, size, True, unseen) > strength(theirs, True) else LOST

    def _mud(self, state: Lean, flag: int) -> float:
        """Mud where their finished formation beats our finished one: it reopens the flag."""
        seat = state.to_move
        size = state.size(flag)
        mine, theirs = state.sides[2 * flag + seat], state.sides[2 * flag + 1 - seat]
        if state.mud >> flag & 1 or theirs.bit_count() < size or mine.bit_count() < size:
            return LOST
        fog = bool(state.fog >> flag & 1)
        return LOST if strength(mine, fog) >= strength(theirs, fog) else 150.0

    def _deserter(self, state: Lean, act: LeanAction) -> float:
        """Deserter on their strongest formation, taking its highest card."""
        flag = act[2]
        side = state.sides[2 * flag + 1 - state.to_move]
        count = side.bit_count()
        if count < 2:
            return LOST
        best = completion(side, state.size(flag), bool(state.fog >> flag & 1), TROOP_MASK & ~state.seen)
        return 100.0 + max(best, 0) / 4 + value_of(act[3]) + 10.0 * count

    def _redeploy(self, state: Lean, act: LeanAction) -> float:
        """Redeploy a card off a flag we have lost to one where it builds a formation."""
        if act[4] < 0:
            return LOST
        seat, flag = state.to_move, act[2]
        size = state.size(flag)
        theirs = state.sides[2 * flag + 1 - seat]
        if theirs.bit_count() < size:
            return LOST
        fog = bool(state.fog >> flag & 1)
        ours = completion(state.sides[2 * flag + seat], size, fog, TROOP_MASK & ~state.seen)
        if ours > strength(theirs, fog):
            return LOST
        gain = self.placement(state, act[4], act[3])
        return LOST if gain < 150 else gain

    def _draw(self, state: Lean) -> LeanAction:
        kind = state.legal()
        if len(kind) == 1:
            return kind[0]
        return kind[1] if wants_tactic(state.hands[state.to_move]) else kind[0]

    def finish_turn(self, state: Lean, seat: int) -> None:
        """Play `seat`'s steps other than its play (claims, draw, Scout) until it must play or its turn ends."""
        for _ in range(60):
            if state.phase == OVER or state.phase == PLAY or state.to_move != seat:
                return
            state.apply(self.choose(state))

    def rollout(self, state: Lean, me: int) -> float:
        """Play to the end: +1 for our win, -1 for a loss, plus a tenth of the flag margin (out of 9)."""
        for _ in range(MAX_STEPS):
            if state.phase == OVER:
                break
            state.apply(self.choose(state))
        if state.phase != OVER:
            return 0.0
        margin = 0.1 * (state.claimed.count(me) - state.claimed.count(1 - me)) / 9
        if state.winner < 0:
            return margin
        return margin + (1.0 if state.winner == me else -1.0)


__all__ = ["A_CLAIM", "LeanPolicy"]
