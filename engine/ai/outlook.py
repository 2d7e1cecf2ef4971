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

The model's per-flag parts (each side's reach from its share, each flag's chance) are computed once,
on masks, in engine.ai.lean_eval; this module holds what turns chances into a value.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Final

from ..rulebook import breaks_through, envelops

#: A side that cannot be completed from its share (or a flag nothing tells apart yet).
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
#: The outcome table (+1 ours, -1 theirs, 0 a race) of each way the flags could fall, for the learnt models.
OUTCOMES: Final[list[float]] = _OUTCOMES
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
