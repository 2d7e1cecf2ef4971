"""A decision's sampled worlds, and the value of a position averaged over them.

For each world the forecast fixes what each player's pool will be: the opponent's hand plus the
troops they will draw, and the troops we will draw (our hand is read from the position judged, so
one forecast scores every candidate move with the same worlds, common random numbers that keep
the comparison between moves fair). The opponent's reach depends only on the table, so it is
cached by the opponent's sides: most candidate moves do not touch it. The numbers are the hard
bot's (engine.ai.lean_eval), asked of the position's table read into masks (Lean.from_table).
"""

from __future__ import annotations

import random

from ..game import Game
from ..rulebook import ID, mask_of
from ..rules import OTHER, SEATS
from .lean import Lean
from .lean_eval import Memo, flag_odds, future_draws, reach_key, reaches
from .outlook import game_value
from .worlds import Hidden, hidden_of, sample_world

#: Chance that a card of a pool is open to a given flag in a world (engine.ai.lean_eval.reach).
FLAG_SHARE = 0.5


def random_mask(rng: random.Random, chance: float) -> int:
    """A 64-bit mask whose bits are set independently with `chance` (rounded to 1/256).

    Built from whole random words, least significant binary digit of `chance` first: a 1 digit
    ORs in a fresh word (p -> 1/2 + p/2), a 0 digit ANDs one (p -> p/2).
    """
    digits = round(chance * 256)
    if digits >= 256:
        return (1 << 64) - 1
    mask = 0
    for _ in range(8):
        word = rng.getrandbits(64)
        mask = (word | mask) if digits & 1 else (word & mask)
        digits >>= 1
    return mask


def antithetic_masks(rng: random.Random, chance: float) -> tuple[int, int]:
    """Two 64-bit masks whose bits are each set with `chance`, as random_mask draws them, the
    second from the complement of the first's words: the bit's uniform draw u becomes 1 - u, so a card open
    in one is less likely open in the other (never both at 1/2, both with chance 2 * chance - 1 above)."""
    digits = round(chance * 256)
    if digits >= 256:
        return (1 << 64) - 1, (1 << 64) - 1
    full = (1 << 64) - 1
    mask = other = 0
    for _ in range(8):
        word = rng.getrandbits(64)
        if digits & 1:
            mask, other = word | mask, (word ^ full) | other
        else:
            mask, other = word & mask, (word ^ full) & other
        digits >>= 1
    return mask, other


def deal_masks(rng: random.Random, chances: list[float], count: int, antithetic: bool) -> list[list[list[int]]]:
    """`count` ways of sharing pools among nine flags ([way][pool][flag] -> mask), pool i's cards each open with
    chances[i]; with `antithetic`, the ways come in antithetic pairs (an odd last one drawn afresh). The two
    searches' leaves (hard and hard3) deal their shares here."""
    ways: list[list[list[int]]] = []
    while len(ways) < count:
        if not antithetic or len(ways) + 1 == count:
            ways.append([[random_mask(rng, chance) for _ in range(9)] for chance in chances])
            continue
        pairs = [[antithetic_masks(rng, chance) for _ in range(9)] for chance in chances]
        ways.append([[a for a, _ in pool] for pool in pairs])
        ways.append([[b for _, b in pool] for pool in pairs])
    return ways


class Forecast:
    """Worlds for one decision of `me`, and position values averaged over them."""

    def __init__(self, game: Game, me: str, rng: random.Random, worlds: int, extra: int = 2,
                 hidden: Hidden | None = None) -> None:
        self.me = me
        self.other = OTHER[me]
        self._seat = SEATS.index(me)
        self.hidden = hidden or hidden_of(game, me)
        self.rng = rng
        #: Per world: the troops we draw (ids, top first), the opponent's pool (a mask), and each
        #: pool's share open to each flag.
        self.my_draws: list[list[int]] = []
        self.my_shares: list[list[int]] = []
        self.opp_pools: list[int] = []
        self.opp_shares: list[list[int]] = []
        self.extra = extra
        table, left = Lean.from_table(game), game.deck_sizes["troops"]
        self._mine_count = future_draws(table, self._seat, left)
        self._theirs_count = future_draws(table, 1 - self._seat, left)
        # Who draws next: we do, unless it is already the opponent's turn.
        self._we_first = game.to_move == me
        self._opp_cache: dict[tuple[object, ...], list[list[int]]] = {}
        self._memo: Memo = {}
        self.add_worlds(worlds)

    def add_worlds(self, count: int) -> None:
        """Sample `count` more worlds (cached opponent reaches are dropped)."""
        for _ in range(count):
            world = sample_world(self.hidden, self.rng)
            deck = world.troop_deck[::-1]  # top first
            ours, theirs = (deck[0::2], deck[1::2]) if self._we_first else (deck[1::2], deck[0::2])
            self.my_draws.append([ID[c] for c in ours[:self._mine_count + self.extra]])
            self.my_shares.append(self._shares())
            self.opp_pools.append(mask_of(world.opp_hand + theirs[:self._theirs_count]))
            self.opp_shares.append(self._shares())
        self._opp_cache.clear()

    def _shares(self) -> list[int]:
        """Nine random 64-bit masks, each bit set with chance FLAG_SHARE (to 1/256)."""
        return [random_mask(self.rng, FLAG_SHARE) for _ in range(9)]

    @property
    def size(self) -> int:
        return len(self.my_draws)

    def odds(self, state: Game, extra: int = 0, worlds: int | None = None) -> list[float]:
        """Each flag's chance of being ours in `state`, averaged over the first `worlds` worlds.

        `extra` gives us that many more drawn troops (Scout's look at the decks).
        """
        count = self.size if worlds is None else min(worlds, self.size)
        table = Lean.from_table(state)
        me, other = self._seat, 1 - self._seat
        key = reach_key(table, other)
        theirs_all = self._opp_cache.get(key)
        if theirs_all is None or len(theirs_all) < count:
            theirs_all = reaches(table, other, self.opp_pools[:count], self.opp_shares, self._memo)
            self._opp_cache[key] = theirs_all
        hand = mask_of(state.hand(self.me))
        take = self._mine_count + extra
        pools = [hand | sum(1 << c for c in draws[:take]) for draws in self.my_draws[:count]]
        mine_all = reaches(table, me, pools, self.my_shares, self._memo)
        total = [0.0] * 9
        for w in range(count):
            for i, p in enumerate(flag_odds(table, me, mine_all[w], theirs_all[w])):
                total[i] += p
        return [t / count for t in total]

    def value(self, state: Game, extra: int = 0, worlds: int | None = None) -> float:
        """The game value of `state` for us (engine.ai.outlook.game_value of `odds`)."""
        if state.result is not None:
            winner = state.result["winner"]
            return 0.0 if winner is None else (2.0 if winner == self.me else -2.0)
        return game_value(self.odds(state, extra, worlds))
