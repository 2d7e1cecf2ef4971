"""The normal bot's evaluation (engine.ai.outlook) and its own-turn steps, on the lean state.

The same model as outlook.reach / flag_odds / game_value, with pools and sides as masks: in one
world each player completes their sides from a pool (hand plus the troops they will draw), each
pool card open to each flag only by chance (a share mask); the flags' chances make a game value.
A lean card id is its bit in outlook's masks too: troops 0-59, and the morale tactics 60-63 are
exactly outlook.WILD_BIT, so a pool mask is a share-ready mask as it is.
"""

from __future__ import annotations

from ..cards import TACTICS
from .forecast import DRAW_SHARE
from .lean import (
    A_DRAW,
    A_SCOUT_DRAW,
    A_SCOUT_RETURN,
    DRAW,
    LEADER_MASK,
    MORALE_MASK,
    OVER,
    PLAY,
    SCOUT_DRAW,
    SCOUT_RETURN,
    TACTICS_MASK,
    TROOP_MASK,
    Lean,
    LeanAction,
    bits,
    names,
    strength,
)
from .normal import STRONG_TACTICS
from .outlook import UNREACHABLE, Memo, _best_with_wilds, game_value
from .potential import troop_potential

_STRONG_MASK = sum(1 << (60 + TACTICS.index(c)) for c in STRONG_TACTICS)
_WILD_NAMES = ("alexander", "darius", "cavalry", "shield")

Shares = list[tuple[list[int], list[int]]]


def future_draws(state: Lean, seat: int) -> int:
    """Troops `seat` is assumed to draw before the game is decided (forecast.future_draws)."""
    need = 0
    for i in range(9):
        if state.claimed[i] < 0:
            need += (4 if state.mud >> i & 1 else 3) - state.sides[2 * i + seat].bit_count()
    return min(round(DRAW_SHARE * need), len(state.troops) // 2)


def reach(state: Lean, seat: int, pool: int, shares: list[int], memo: Memo) -> list[int]:
    """Per flag, the strongest formation `seat`'s side can become from its share of `pool` (outlook.reach)."""
    return _reach(_open_sides(state, seat), _usable(state, seat, pool), shares, memo)


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
        size = 4 if state.mud >> i & 1 else 3
        fog = bool(state.fog >> i & 1)
        out.append((i, side, size, fog, strength(side, fog) if side.bit_count() >= size else -1))
    return out


def _usable(state: Lean, seat: int, pool: int) -> int:
    """The pool cards that can join a side: troops and morale tactics, no second Leader (R27)."""
    if state.leader[seat]:
        pool &= ~LEADER_MASK
    return pool & (TROOP_MASK | MORALE_MASK)


def _reach(open_sides: _Open, pool: int, shares: list[int], memo: Memo) -> list[int]:
    out = [UNREACHABLE] * 9
    for i, side, size, fog, done in open_sides:
        if done >= 0:
            out[i] = done
            continue
        share = pool & shares[i]
        key = (side, size, fog, share)
        found = memo.get(key)
        if found is None:
            open_troops = share & TROOP_MASK
            wild = share >> 60
            if not wild and not side & MORALE_MASK:
                potential = troop_potential(names(side), size, fog, open_troops)
                found = UNREACHABLE if potential is None else potential
            else:
                wilds = [w for k, w in enumerate(_WILD_NAMES) if wild >> k & 1]
                best, _ = _best_with_wilds(names(side), size, fog, open_troops, wilds)
                found = UNREACHABLE if best is None else best.strength
            memo[key] = found
        out[i] = found
    return out


def flag_odds(state: Lean, me: int, mine: list[int], theirs: list[int]) -> list[float]:
    """Each flag's chance of being ours in one world (outlook.flag_odds)."""
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
            size = 4 if state.mud >> i & 1 else 3
            mine_done = state.sides[2 * i + me].bit_count() >= size
            theirs_done = state.sides[2 * i + 1 - me].bit_count() >= size
            if mine_done and theirs_done:
                odds.append(1.0 if state.first[i] == me else 0.0)
            elif mine_done != theirs_done:
                odds.append(1.0 if mine_done else 0.0)
            else:
                odds.append(0.5)
    return odds


def leaf_value(state: Lean, me: int, shares: Shares, memo: Memo) -> float:
    """The normal evaluation in one fully known world: real hands and the troops each will draw."""
    if state.phase == OVER:
        return 0.0 if state.winner < 0 else (2.0 if state.winner == me else -2.0)
    other = 1 - me
    deck = state.troops[::-1]  # top first
    ours, theirs = (deck[0::2], deck[1::2]) if state.to_move == me else (deck[1::2], deck[0::2])
    my_pool = state.hands[me]
    for card in ours[:future_draws(state, me)]:
        my_pool |= 1 << card
    their_pool = state.hands[other]
    for card in theirs[:future_draws(state, other)]:
        their_pool |= 1 << card
    my_sides, their_sides = _open_sides(state, me), _open_sides(state, other)
    my_pool, their_pool = _usable(state, me, my_pool), _usable(state, other, their_pool)
    odds = [0.0] * 9
    for my_shares, their_shares in shares:
        mine = _reach(my_sides, my_pool, my_shares, memo)
        their = _reach(their_sides, their_pool, their_shares, memo)
        for i, p in enumerate(flag_odds(state, me, mine, their)):
            odds[i] += p
    return game_value([p / len(shares) for p in odds])


def choose_deck(state: Lean, kind: int) -> LeanAction:
    """normal.choose_deck on the lean state: troops unless a strong tactic is likely and usable soon."""
    if not state.troops or not state.tactics:
        return (kind, 0 if state.troops else 1, -1, -1, -1)
    seat = state.to_move
    hand = state.hands[seat]
    if hand & TACTICS_MASK or state.played[seat] > state.played[1 - seat]:
        return (kind, 0, -1, -1, -1)
    hidden = state.hands[1 - seat] & TACTICS_MASK  # tactics this seat cannot see: their hand, the deck
    for card in state.tactics:
        hidden |= 1 << card
    if state.leader[seat]:
        hidden &= ~LEADER_MASK
    count = hidden.bit_count()
    strong = (hidden & _STRONG_MASK).bit_count()
    if count and strong / count >= 0.5 and (hand & TROOP_MASK).bit_count() >= 5:
        return (kind, 1, -1, -1, -1)
    return (kind, 0, -1, -1, -1)


def own_step(state: Lean) -> LeanAction:
    """Our side of the turn after the play: claim all we can, draw as the normal bot would."""
    phase = state.phase
    if phase == DRAW:
        return choose_deck(state, A_DRAW)
    if phase == SCOUT_DRAW:
        return choose_deck(state, A_SCOUT_DRAW)
    if phase == SCOUT_RETURN:
        hand = sorted(bits(state.returnable()), key=lambda c: c % 10 + 1 if c < 60 else 11)
        return (A_SCOUT_RETURN, tuple(hand[:state.scout_drawn - 1]))
    return state.legal()[0]  # a claim, or done


def finish_turn(state: Lean, seat: int) -> None:
    """Play `seat`'s steps other than its play (claims, draw, Scout) until it must play or its turn ends."""
    for _ in range(60):  # a turn is a handful of actions; the bound only guards against a loop
        if state.phase == OVER or state.phase == PLAY or state.to_move != seat:
            return
        state.apply(own_step(state))


__all__ = ["choose_deck", "finish_turn", "flag_odds", "future_draws", "leaf_value", "own_step", "reach"]
