"""The bots' evaluation (the model engine.ai.outlook describes) and the normal bot's own-turn steps, on masks.

In one world each player completes their sides from a pool (hand plus the troops they will draw),
each pool card open to each flag only by chance (a share mask); the flags' chances make a game value
(outlook.game_value). This is the one implementation: the hard bot calls it on its search states, the
normal bot's forecast (engine.ai.forecast) on a game's table read into masks (Lean.from_table). A card
id is its bit in a share: troops 0-59, the morale tactics 60-63 as wild cards.
"""

from __future__ import annotations

from typing import Final

from ..cards import TACTICS
from ..formations import side_potential
from ..rulebook import (
    A_DRAW,
    A_PLAY,
    A_SCOUT_DRAW,
    ALEXANDER,
    DARIUS,
    DRAW,
    HAND_LIMIT,
    LEADER_MASK,
    MORALE_MASK,
    OVER,
    PLAY,
    SCOUT_DRAW,
    SCOUT_RETURN,
    SHIELD,
    TACTICS_MASK,
    TROOP_MASK,
    LeanAction,
    may_play_tactic,
    side_size,
    strength,
)
from .flag_model2 import FLAG_WEIGHTS2, flag_base2, flag_bases2, flag_bases_value2, flag_value2, flags2_on
from .lean import Lean
from .lean_policy import scout_return
from .learnt import value_of as _value_of
from .outlook import UNREACHABLE

#: Troops a side is assumed to draw, as a share of the cards it still needs: games here run until
#: nearly every slot is filled, and 1.0 predicted flag outcomes best (and beat the easy bot most).
DRAW_SHARE: Final = 1.0
#: Tactics worth drawing for: wild cards and the guile cards that take or steal.
STRONG_TACTICS: Final = frozenset({"alexander", "darius", "cavalry", "deserter", "traitor", "redeploy"})
_STRONG_MASK: Final = sum(1 << (60 + TACTICS.index(c)) for c in STRONG_TACTICS)

Shares = list[tuple[list[int], list[int]]]
#: Reaches by side (its cards, formation size, fog) and then by the share of the pool open to it.
Memo = dict[tuple[int, int, bool], dict[int, int]]
_MISSING: Final = -2  # below any reach (UNREACHABLE is -1)


def future_draws(state: Lean, seat: int, troops_left: int) -> int:
    """Troops `seat` is assumed to draw before the game is decided, with `troops_left` in the deck."""
    need = 0
    for i in range(9):
        if state.claimed[i] < 0:
            need += side_size(state.mud >> i & 1) - state.sides[2 * i + seat].bit_count()
    return min(round(DRAW_SHARE * need), troops_left // 2)


def reach(state: Lean, seat: int, pool: int, shares: list[int], memo: Memo) -> list[int]:
    """Per flag, the strongest formation `seat`'s side can become from its share of `pool`.

    A hand cannot be at every flag at once, so in each world each card is open to each flag only by
    chance; a card already placed is certain where it is, which is what makes completing a formation
    worth more than keeping its cards. Claimed flags and flags where both sides are still empty stay
    UNREACHABLE: nothing tells them apart yet.
    """
    return _reach(_open_sides(state, seat), _usable(state, seat, pool), shares, memo)


def reaches(state: Lean, seat: int, pools: list[int], shares: list[list[int]], memo: Memo) -> list[list[int]]:
    """`reach` in each world (a pool and its shares), the table read once."""
    open_sides = _open_sides(state, seat)
    return [_reach(open_sides, _usable(state, seat, pool), share, memo)
            for pool, share in zip(pools, shares, strict=False)]


def reach_key(state: Lean, seat: int) -> tuple[object, ...]:
    """What `seat`'s reaches depend on besides the pool: its open sides and whether its Leader is spent."""
    return (*_open_sides(state, seat), state.leader[seat])


#: A side still to judge: (flag, its cards, formation size, fog, its strength if complete else -1).
_Open = list[tuple[int, int, int, bool, int]]


def _open_sides(state: Lean, seat: int) -> _Open:
    """`seat`'s sides of the flags reach judges: not claimed, and a card on at least one side.

    What does not depend on the pool is read once, since a leaf judges both seats on several shares.
    """
    out = []
    sides = state.sides
    for i in range(9):
        if state.claimed[i] >= 0:
            continue
        side = sides[2 * i + seat]
        if not side and not sides[2 * i + 1 - seat]:
            continue
        size = side_size(state.mud >> i & 1)
        fog = bool(state.fog >> i & 1)
        out.append((i, side, size, fog, strength(side, fog) if side.bit_count() >= size else -1))
    return out


def _usable(state: Lean, seat: int, pool: int) -> int:
    """The pool cards that can join a side: troops and morale tactics, no second Leader (R27)."""
    if state.leader[seat]:
        pool &= ~LEADER_MASK
    return pool & (TROOP_MASK | MORALE_MASK)


def _side_memo(memo: Memo, side: int, size: int, fog: bool) -> dict[int, int]:
    """One side's memo of reaches, by the share of the pool open to it: a leaf asks each side several
    times (both seats, every share), and most of a search's leaves leave most sides as they were."""
    key = (side, size, fog)
    found = memo.get(key)
    if found is None:
        found = memo[key] = {}
    return found


def _reach_of(side: int, size: int, fog: bool, share: int) -> int:
    """The strongest completion of `side` from `share` (troops, and morale tactics as wild cards)."""
    open_troops = share & TROOP_MASK
    potential = side_potential(side, size, fog, open_troops)
    best = UNREACHABLE if potential is None else potential
    wild = share >> 60
    if wild and side.bit_count() < size:  # each wild card in the share tried once on the side
        for k in range(4):
            if wild >> k & 1:
                alt = side_potential(side | 1 << (60 + k), size, fog, open_troops)
                if alt is not None and alt > best:
                    best = alt
    return best


def _reach(open_sides: _Open, pool: int, shares: list[int], memo: Memo) -> list[int]:
    out = [UNREACHABLE] * 9
    for i, side, size, fog, done in open_sides:
        if done >= 0:
            out[i] = done
            continue
        share = pool & shares[i]
        known = _side_memo(memo, side, size, fog)
        found = known.get(share)
        if found is None:
            found = known[share] = _reach_of(side, size, fog, share)
        out[i] = found
    return out


def flag_odds(state: Lean, me: int, mine: list[int], theirs: list[int]) -> list[float]:
    """Each flag's chance of being ours in one world: 1, 0, or 0.5 where nothing tells them apart."""
    odds = []
    for i in range(9):
        owner = state.claimed[i]
        if owner >= 0:
            odds.append(1.0 if owner == me else 0.0)
            continue
        a, b = mine[i], theirs[i]
        if a != b:
            odds.append(1.0 if a > b else 0.0)
        elif a == UNREACHABLE:
            odds.append(0.5)
        else:
            odds.append(_tie(state, me, i) / 2)
    return odds


def _tie(state: Lean, me: int, i: int) -> int:
    """Flag i when both sides reach the same strength, in halves (2 ours, 0 theirs, 1 open): whoever
    completes first wins (R18); a side complete now is first."""
    size = side_size(state.mud >> i & 1)
    mine_done = state.sides[2 * i + me].bit_count() >= size
    theirs_done = state.sides[2 * i + 1 - me].bit_count() >= size
    if mine_done and theirs_done:
        return 2 if state.first[i] == me else 0
    if mine_done != theirs_done:
        return 2 if mine_done else 0
    return 1



def leaf_value(state: Lean, me: int, shares: Shares, memo: Memo) -> float:
    """The normal evaluation in one fully known world: real hands and the troops each will draw.

    The same sums as outlook's reach, flag_odds and game_value, fused: each open flag's sides and
    memos are read once for every share, and each flag's chance is counted in halves (exact), so
    the game value of a vector of chances seen before is read from a table (the learnt evaluation's
    value instead while one is in use: engine.ai.learnt.use_learnt2).
    """
    if state.phase == OVER:
        return 0.0 if state.winner < 0 else (2.0 if state.winner == me else -2.0)
    if flags2_on():  # the per-flag model (engine.ai.flag_model2.use_flags2) reads the flags too, not cached
        return flag_value2(len(shares), leaf_halves(state, me, shares, memo), state.sides, state.claimed,
                           state.mud, state.fog, me, len(state.troops))
    return _value_of(len(shares), leaf_halves(state, me, shares, memo))


def leaf_halves(state: Lean, me: int, shares: Shares, memo: Memo) -> list[int]:
    """Each flag's chance for `me` in one fully known world, counted in halves over the shares (2 *
    len(shares) is certain): leaf_value's chances, before they become a game value."""
    other = 1 - me
    claimed, sides, mud, fog_mask = state.claimed, state.sides, state.mud, state.fog
    count = len(shares)
    halves = [0] * 9
    need_me = need_other = 0
    flags = []
    for i in range(9):
        owner = claimed[i]
        if owner >= 0:
            if owner == me:
                halves[i] = 2 * count
            continue
        size = side_size(mud >> i & 1)
        mine, theirs = sides[2 * i + me], sides[2 * i + other]
        mine_n, theirs_n = mine.bit_count(), theirs.bit_count()
        need_me += size - mine_n
        need_other += size - theirs_n
        if not mine and not theirs:
            halves[i] = count  # nothing tells the sides apart: even
            continue
        fog = bool(fog_mask >> i & 1)
        my_memo = their_memo = None
        if mine_n >= size:
            mine_done = strength(mine, fog)
        else:
            mine_done = -1
            key = (mine, size, fog)
            my_memo = memo.get(key)
            if my_memo is None:
                my_memo = memo[key] = {}
        if theirs_n >= size:
            theirs_done = strength(theirs, fog)
        else:
            theirs_done = -1
            key = (theirs, size, fog)
            their_memo = memo.get(key)
            if their_memo is None:
                their_memo = memo[key] = {}
        if mine_done >= 0:
            tie = (2 if state.first[i] == me else 0) if theirs_done >= 0 else 2
        else:
            tie = 0 if theirs_done >= 0 else 1
        flags.append((i, mine_done, my_memo, theirs_done, their_memo, tie, mine, theirs, size, fog))
    troops = state.troops
    left = len(troops) // 2
    draws_me, draws_other = min(round(DRAW_SHARE * need_me), left), min(round(DRAW_SHARE * need_other), left)
    deck = troops[::-1]  # top first
    ours, theirs_deck = (deck[0::2], deck[1::2]) if state.to_move == me else (deck[1::2], deck[0::2])
    my_pool = state.hands[me]
    for card in ours[:draws_me]:
        my_pool |= 1 << card
    their_pool = state.hands[other]
    for card in theirs_deck[:draws_other]:
        their_pool |= 1 << card
    my_pool, their_pool = _usable(state, me, my_pool), _usable(state, other, their_pool)
    for my_shares, their_shares in shares:
        for i, a, my_memo, b, their_memo, tie, mine, theirs, size, fog in flags:
            if my_memo is not None:
                share = my_pool & my_shares[i]
                a = my_memo.get(share, _MISSING)
                if a == _MISSING:
                    a = my_memo[share] = _reach_of(mine, size, fog, share)
            if their_memo is not None:
                share = their_pool & their_shares[i]
                b = their_memo.get(share, _MISSING)
                if b == _MISSING:
                    b = their_memo[share] = _reach_of(theirs, size, fog, share)
            if a != b:
                if a > b:
                    halves[i] += 2
            elif a == UNREACHABLE:
                halves[i] += 1
            else:
                halves[i] += tie
    return halves


def best_answer(state: Lean, me: int, plays: list[LeanAction], shares: Shares, memo: Memo, worst: float) -> float:
    """The best leaf_value among our `plays` from `state` (our play step), each leaf read without
    playing it out; the first to reach `worst` is returned at once (engine.ai.hard's cut).

    A troop or morale play changes one of our sides and our hand only: the opponent's reaches, their
    pool and what does not depend on the play are read once for all the plays (`_Answers`), and no
    state is copied. Other plays, and a turn that would end before our draw, take the general path;
    tests/test_bots_hard.py holds both to leaf_value after the play.
    """
    best = -float("inf")
    answers: _Answers | None = None
    ours = state.phase == PLAY and state.to_move == me
    for play in plays:
        if ours and play[0] == A_PLAY and 0 <= play[1] <= SHIELD and _draws_next(state, play[1]):
            if answers is None:
                answers = _Answers(state, me, shares, memo)
            value = answers.value(play[1], play[2])
        else:
            after = state.copy()
            after.apply(play)
            value = leaf_value(after, me, shares, memo)
        if value > best:
            best = value
        if best >= worst:
            break
    return best


def _draws_next(state: Lean, card: int) -> bool:
    """Whether our turn goes on to our draw after playing `card` (so we are still to move at the leaf):
    every claim timing draws after the play, if a deck is left and the hand is below the limit."""
    return bool(state.troops or state.tactics) and state.scout_drawn == 0 and \
        (state.hands[state.to_move] & ~(1 << card)).bit_count() < HAND_LIMIT


class _Answers:
    """leaf_value after each of our troop or morale plays from one play step, sharing what the plays
    leave alone: the claimed flags, the opponent's sides, pool and reaches, and each side's memo."""

    __slots__ = ("base", "count", "flag_bases", "judged", "me", "memo", "open", "pool", "shares", "state",
                 "theirs_by_share")

    def __init__(self, state: Lean, me: int, shares: Shares, memo: Memo) -> None:
        other = 1 - me
        self.state, self.me = state, me
        claimed, sides, mud, fog_mask = state.claimed, state.sides, state.mud, state.fog
        count = len(shares)
        self.count, self.shares, self.memo = count, shares, memo
        base = [0] * 9
        need_me = need_other = 0
        #: Each open flag by number: (size, fog, our side, their strength if complete else -1).
        self.open: dict[int, tuple[int, bool, int, int]] = {}
        #: The flags a leaf compares (not claimed, a card on either side) as they are before our play:
        #: (flag, our side, our strength if complete else -1, our memo or None, size, fog, the tie's halves).
        judged: list[tuple[int, int, int, dict[int, int] | None, int, bool, int]] = []
        for i in range(9):
            owner = claimed[i]
            if owner >= 0:
                if owner == me:
                    base[i] = 2 * count
                continue
            size = side_size(mud >> i & 1)
            fog = bool(fog_mask >> i & 1)
            mine, theirs = sides[2 * i + me], sides[2 * i + other]
            mine_n, theirs_n = mine.bit_count(), theirs.bit_count()
            need_me += size - mine_n
            need_other += size - theirs_n
            theirs_done = strength(theirs, fog) if theirs_n >= size else -1
            self.open[i] = (size, fog, mine, theirs_done)
            if not mine and not theirs:
                base[i] = count  # nothing tells the sides apart: even (unless our play goes here)
                continue
            my_memo = None
            if mine_n >= size:
                mine_done = strength(mine, fog)
                tie = (2 if state.first[i] == me else 0) if theirs_done >= 0 else 2
            else:
                mine_done = -1
                my_memo = _side_memo(memo, mine, size, fog)
                tie = 0 if theirs_done >= 0 else 1
            judged.append((i, mine, mine_done, my_memo, size, fog, tie))
        self.base, self.judged = base, judged
        troops = state.troops
        left = len(troops) // 2
        deck = troops[::-1]  # top first; we are to move at every leaf read here
        # Our pool less the card played: the hand and the troops we draw, one fewer to draw after any play.
        pool = state.hands[me]
        for card in deck[0::2][:min(round(DRAW_SHARE * (need_me - 1)), left)]:
            pool |= 1 << card
        self.pool = _usable(state, me, pool)
        their_pool = state.hands[other]
        for card in deck[1::2][:min(round(DRAW_SHARE * need_other), left)]:
            their_pool |= 1 << card
        their_pool = _usable(state, other, their_pool)
        # The opponent's reach on every open flag (even one still empty on both sides, which our play
        # may open), for every share.
        theirs_by_share = []
        for _, their_shares in shares:
            row = [UNREACHABLE] * 9
            for i, (size, fog, _, theirs_done) in self.open.items():
                if theirs_done >= 0:
                    row[i] = theirs_done
                    continue
                theirs = sides[2 * i + other]
                known = _side_memo(memo, theirs, size, fog)
                share = their_pool & their_shares[i]
                b = known.get(share, _MISSING)
                if b == _MISSING:
                    b = known[share] = _reach_of(theirs, size, fog, share)
                row[i] = b
            theirs_by_share.append(row)
        self.theirs_by_share = theirs_by_share
        #: With the per-flag model on, each flag's base (flag_model2.flag_bases2) before our play: a play
        #: changes our side of one flag only, so only that flag's base is read again for each play.
        self.flag_bases = flag_bases2(sides, claimed, mud, me, FLAG_WEIGHTS2[0]) if flags2_on() else []

    def value(self, card: int, flag: int) -> float:
        """leaf_value after we put `card` (a troop or a morale tactic) on our side of `flag`."""
        count, memo = self.count, self.memo
        halves = self.base[:]
        halves[flag] = 0
        bit = 1 << card
        pool = self.pool & ~bit
        if card in (ALEXANDER, DARIUS):
            pool &= ~LEADER_MASK  # R27: the other Leader in hand can no longer join a formation
        size, fog, mine, theirs_done = self.open[flag]
        mine |= bit
        played: tuple[int, int, int, dict[int, int] | None, int, bool, int]
        if mine.bit_count() >= size:
            played = (flag, mine, strength(mine, fog), None, size, fog,
                      0 if theirs_done >= 0 else 2)  # completed after theirs: they were first (R18)
        else:
            played = (flag, mine, -1, _side_memo(memo, mine, size, fog), size, fog, 0 if theirs_done >= 0 else 1)
        judged = [entry for entry in self.judged if entry[0] != flag]
        judged.append(played)
        for (my_shares, _), theirs in zip(self.shares, self.theirs_by_share, strict=True):
            for i, mine, a, my_memo, size, fog, tie in judged:
                if my_memo is not None:
                    share = pool & my_shares[i]
                    a = my_memo.get(share, _MISSING)
                    if a == _MISSING:
                        a = my_memo[share] = _reach_of(mine, size, fog, share)
                b = theirs[i]
                if a != b:
                    if a > b:
                        halves[i] += 2
                elif a == UNREACHABLE:
                    halves[i] += 1
                else:
                    halves[i] += tie
        if self.flag_bases:
            state, me = self.state, self.me
            bases = self.flag_bases[:]
            bases[flag] = flag_base2(flag, played[1], state.sides[2 * flag + 1 - me], state.claimed, state.mud, me,
                                     FLAG_WEIGHTS2[0])
            return flag_bases_value2(count, halves, bases, state.mud, state.fog, len(state.troops))
        return _value_of(count, halves)


def draws_tactic(hand: int, hidden: int, tactic_ok: bool, leader_dead: bool) -> bool:
    """The normal bot's deck: tactics only for a hand without any, when one may be played now (R24),
    five troops wait in hand, and at least half the tactics it cannot see (`hidden`) are strong."""
    if hand & TACTICS_MASK or not tactic_ok:
        return False
    if leader_dead:
        hidden &= ~LEADER_MASK
    count = hidden.bit_count()
    return bool(count) and (hidden & _STRONG_MASK).bit_count() / count >= 0.5 and (hand & TROOP_MASK).bit_count() >= 5


def choose_deck(state: Lean, kind: int) -> LeanAction:
    """The normal bot's deck on the lean state: troops unless a strong tactic is likely and usable soon."""
    if not state.troops or not state.tactics:
        return (kind, 0 if state.troops else 1, -1, -1, -1)
    seat = state.to_move
    hidden = state.hands[1 - seat] & TACTICS_MASK  # tactics this seat cannot see: their hand, the deck
    for card in state.tactics:
        hidden |= 1 << card
    tactic = draws_tactic(state.hands[seat], hidden, may_play_tactic(state.played, seat), state.leader[seat])
    return (kind, 1 if tactic else 0, -1, -1, -1)


def own_step(state: Lean) -> LeanAction:
    """Our side of the turn after the play: claim all we can, draw as the normal bot would."""
    phase = state.phase
    if phase == DRAW:
        return choose_deck(state, A_DRAW)
    if phase == SCOUT_DRAW:
        return choose_deck(state, A_SCOUT_DRAW)
    if phase == SCOUT_RETURN:
        return scout_return(state)
    return state.legal()[0]  # a claim, or done


def finish_turn(state: Lean, seat: int) -> None:
    """Play `seat`'s steps other than its play (claims, draw, Scout) until it must play or its turn ends."""
    for _ in range(60):  # a turn is a handful of actions; the bound only guards against a loop
        if state.phase == OVER or state.phase == PLAY or state.to_move != seat:
            return
        state.apply(own_step(state))


__all__ = ["DRAW_SHARE", "STRONG_TACTICS", "best_answer", "choose_deck", "draws_tactic", "finish_turn", "flag_odds",
           "future_draws", "leaf_value", "own_step", "reach", "reach_key", "reaches"]
