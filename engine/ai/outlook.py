"""How each flag is likely to end, and what that is worth: the evaluation the normal and hard bots share.

In one world (a guess at the hidden cards, engine.ai.worlds) each player will complete their sides
from a pool: the cards in hand plus the troops they will draw. The pool is shared out greedily,
sides needing fewest cards first, each taking its strongest completion (formations.best_formation,
morale tactics as wild cards), so one card is never counted at two flags. Comparing the two sides
gives each flag's winner in that world; averaged over worlds, a chance per flag.

The chances turn into a game value by summing over all 512 ways the nine flags could fall, each
scored by who then holds a Breakthrough or an Envelopment (R38): that is why the flags next to a
held pair matter more than a lone flag at the edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from ..cards import LEADERS, TROOP_BIT
from ..claims import strength_of
from ..formations import WILD_MASK, best_formation
from ..game import Game
from ..rules import OTHER

UNREACHABLE = -1


def _outcome_table() -> list[float]:
    """+1 / -1 / 0 for each way the nine flags could fall (bit i set: flag i+1 is ours)."""
    table = []
    for mask in range(512):
        ours = [(mask >> i) & 1 for i in range(9)]
        our_bt = any(ours[i] and ours[i + 1] and ours[i + 2] for i in range(7))
        their_bt = any(not (ours[i] or ours[i + 1] or ours[i + 2]) for i in range(7))
        if our_bt != their_bt:
            table.append(1.0 if our_bt else -1.0)
        elif our_bt:
            table.append(0.0)  # both could break through: a race we cannot call
        else:
            table.append(1.0 if sum(ours) >= 5 else -1.0)
    return table


_OUTCOMES = _outcome_table()
#: Weight of the plain expected flag count beside the win/loss value: breaks ties between moves.
FLAG_WEIGHT = 0.15


def game_value(odds: Sequence[float]) -> float:
    """Expected result in [-1, 1] (plus a small flag-count term) from each flag's chance of being ours."""
    probs = [1.0]
    for p in odds:
        q = 1.0 - p
        probs = [x * q for x in probs] + [x * p for x in probs]
    value = sum(map(mul, probs, _OUTCOMES))
    return value + FLAG_WEIGHT * (sum(odds) - 4.5) / 4.5


def reach(game: Game, seat: str, pool: Sequence[str]) -> list[int]:
    """Per flag, the strength `seat`'s side ends with if completed from `pool` (UNREACHABLE if not).

    Flags are served fewest-missing-cards first; each takes its strongest completion and removes
    the cards it used from the pool. Claimed flags are left UNREACHABLE: their owner is known.
    """
    mask = 0
    wilds: list[str] = []
    leader_ok = not game.leader_played[seat]
    for card in pool:
        bit = TROOP_BIT.get(card)
        if bit:
            mask |= bit
        elif card in WILD_MASK and (leader_ok or card not in LEADERS):
            if card in LEADERS and any(w in LEADERS for w in wilds):
                continue  # only one Leader may ever be played (R27)
            wilds.append(card)
    out = [UNREACHABLE] * 9
    order = []
    for i, flag in enumerate(game.flags):
        if flag.claimed is None:
            order.append((flag.size - len(flag.sides[seat]), i))
    order.sort()
    for need, i in order:
        flag = game.flags[i]
        cards = flag.sides[seat]
        fog = flag.fog is not None
        if need <= 0:
            out[i] = strength_of(cards, fog).strength
            continue
        best = best_formation(cards, flag.size, fog, mask)
        used = None
        for wild in set(wilds):
            alt = best_formation([*cards, wild], flag.size, fog, mask, best.strength if best else -1)
            if alt is not None:
                best, used = alt, wild
        if best is None:
            continue
        out[i] = best.strength
        for card in best.added:
            mask &= ~TROOP_BIT[card]
        if used is not None:
            wilds.remove(used)
            if used in LEADERS:
                wilds = [w for w in wilds if w not in LEADERS]
    return out


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
    """What the opponent's reach depends on besides their pool: their sides, sizes, Fog and claims."""
    other = OTHER[me]
    sides = tuple((tuple(f.sides[other]), f.mud is not None, f.fog is not None, f.claimed is None)
                  for f in game.flags)
    return (*sides, game.leader_played[other])
