"""How each flag is likely to end, and what that is worth: the evaluation the normal and hard bots share.

In one world (a guess at the hidden cards, engine.ai.worlds) each player completes their sides
from a pool: the cards in hand plus the troops they will draw. A hand cannot be at every flag at
once, so each pool card is open to each flag only by chance (a random share per world); each side
takes the strongest completion its share allows (morale tactics as wild cards). Comparing the two
sides gives each flag's winner in that world; averaged over worlds, a chance per flag. A card
already placed is certain where it is, one in hand only likely anywhere: that is what makes
finishing a formation worth more than holding its cards.

The chances turn into a game value by summing over all 512 ways the nine flags could fall, each
scored by who then holds a Breakthrough or an Envelopment (R38): that is why the flags next to a
held pair matter more than a lone flag at the edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Final, NamedTuple

from ..cards import LEADERS, TROOP_BIT, TROOP_INFO
from ..claims import strength_of
from ..formations import Formation, best_formation
from ..game import Game
from ..potential import troop_potential
from ..rulebook import breaks_through, envelops
from ..rules import OTHER

UNREACHABLE: Final = -1


def _outcome_table() -> list[float]:
    """+1 / -1 / 0 for each way the nine flags could fall (bit i set: flag i+1 is ours)."""
    table = []
    for mask in range(512):
        our_bt = breaks_through(mask, 0, 2)  # R38 (engine.rulebook)
        their_bt = breaks_through(0x1FF & ~mask, 1, 2)
        if our_bt != their_bt:
            table.append(1.0 if our_bt else -1.0)
        elif our_bt:
            table.append(0.0)  # both could break through: a race we cannot call
        else:
            table.append(1.0 if envelops(mask, 2) else -1.0)
    return table


_OUTCOMES: Final = _outcome_table()
#: The table split by the last four flags: row h holds the outcomes whose flags 6-9 fall as h says.
_ROWS: Final = [_OUTCOMES[h << 5:(h + 1) << 5] for h in range(16)]
#: Weight of the plain expected flag count beside the win/loss value: breaks ties between moves.
FLAG_WEIGHT: Final = 0.15


def spread(odds: Sequence[float]) -> list[float]:
    """Probability of each way these flags could fall (bit i: flag i is ours), flags independent."""
    probs = [1.0]
    for p in odds:
        q = 1.0 - p
        probs = [x * q for x in probs] + [x * p for x in probs]
    return probs


def game_value(odds: Sequence[float]) -> float:
    """Expected result in [-1, 1] (plus a small flag-count term) from each flag's chance of being ours.

    Sums the outcome table over all 512 ways the flags could fall, as 16 rows of 32 so the inner
    sums run in C.
    """
    low = spread(odds[:5])
    value = 0.0
    for h, weight in enumerate(spread(odds[5:])):
        if weight:
            value += weight * sum(map(mul, low, _ROWS[h]))
    return value + FLAG_WEIGHT * (sum(odds) - 4.5) / 4.5


#: Bits above the 60 troop bits that stand for the morale tactics in a flag's share of a pool.
WILD_BIT: dict[str, int] = {"alexander": 1 << 60, "darius": 1 << 61, "cavalry": 1 << 62, "shield": 1 << 63}


Memo = dict[tuple[object, ...], int]


def reach(game: Game, seat: str, pool: Sequence[str], shares: Sequence[int], memo: Memo | None = None) -> list[int]:
    """Per open flag, the strongest formation `seat`'s side can become from its share of `pool`.

    `shares[i]` is a 64-bit mask (troop bits, then WILD_BIT) of the pool cards flag i may use:
    a hand cannot be at every flag at once, so in each world each card is open to each flag only
    by chance. A card already placed is certain where it is; one in hand is only likely anywhere,
    which is what makes completing a formation worth more than keeping its cards. Claimed flags
    and flags where both sides are still empty stay UNREACHABLE: nothing tells them apart yet.
    """
    troops = 0
    wild_bits = 0
    leader_ok = not game.leader_played[seat]
    for card in pool:
        bit = TROOP_BIT.get(card)
        if bit:
            troops |= bit
        elif card in WILD_BIT and (leader_ok or card not in LEADERS):
            wild_bits |= WILD_BIT[card]
    out = [UNREACHABLE] * 9
    for i, flag in enumerate(game.flags):
        if flag.claimed is not None:
            continue
        cards = flag.sides[seat]
        if not cards and not flag.sides[OTHER[seat]]:
            continue
        fog = flag.fog is not None
        if len(cards) >= flag.size:
            out[i] = strength_of(cards, fog).strength
            continue
        share = shares[i]
        open_troops = troops & share
        open_wilds = wild_bits & share
        key = (*cards, flag.size, fog, open_troops, open_wilds)
        found = memo.get(key) if memo is not None else None
        if found is None:
            wilds = [w for w, bit in WILD_BIT.items() if open_wilds & bit] if open_wilds else []
            best, _ = _best_with_wilds(cards, flag.size, fog, open_troops, wilds)
            found = UNREACHABLE if best is None else best.strength
            if memo is not None:
                memo[key] = found
        out[i] = found
    return out


class _Strength(NamedTuple):
    """Just the strength of a formation, where nothing else is needed."""

    strength: int


def _best_with_wilds(cards: list[str], size: int, fog: bool, mask: int,
                     wilds: list[str]) -> tuple[Formation | _Strength | None, str | None]:
    """The strongest completion from the troops in `mask`, trying each wild card in the pool once."""
    if not wilds and all(card in TROOP_INFO for card in cards):
        strength = troop_potential(cards, size, fog, mask)
        return (None if strength is None else _Strength(strength)), None
    best = best_formation(cards, size, fog, mask)
    used = None
    for wild in wilds:
        alt = best_formation([*cards, wild], size, fog, mask, best.strength if best else -1)
        if alt is not None:
            best, used = alt, wild
    return best, used


def flag_odds(game: Game, me: str, mine: list[int], theirs: list[int]) -> list[float]:
    """Each flag's chance of being ours in one world: 1, 0, or 0.5 where nothing tells them apart."""
    other = OTHER[me]
    odds = []
    for i, flag in enumerate(game.flags):
        if flag.claimed is not None:
            odds.append(1.0 if flag.claimed == me else 0.0)
            continue
        a, b = mine[i], theirs[i]
        if a != b:
            odds.append(1.0 if a > b else 0.0)
            continue
        if a == UNREACHABLE:
            odds.append(0.5)
            continue
        # Equal strength: whoever completes first wins (R18); a side complete now is first.
        size = flag.size
        mine_done = len(flag.sides[me]) >= size
        theirs_done = len(flag.sides[other]) >= size
        if mine_done and theirs_done:
            odds.append(1.0 if flag.first_complete == me else 0.0)
        elif mine_done != theirs_done:
            odds.append(1.0 if mine_done else 0.0)
        else:
            odds.append(0.5)
    return odds


def opponent_key(game: Game, me: str) -> tuple[object, ...]:
    """What the opponent's reach depends on besides their pool: their sides, Mud, Fog, claims, empties."""
    other = OTHER[me]
    sides = tuple((tuple(f.sides[other]), not f.sides[me], f.mud is not None, f.fog is not None,
                   f.claimed is None) for f in game.flags)
    return (*sides, game.leader_played[other])
