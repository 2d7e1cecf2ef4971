"""The normal bot's judgement in the three-player game (R46-R53): what each of my six flags can still become.

The same idea as the two-player forecast (engine.ai.forecast, engine.ai.outlook), with the table of
three fronts: a seat fights on the six flags of its line, each against the seat sharing that flag's
front. In each sampled world (the two hidden hands and the deck dealt at random from what this seat
cannot see, R49, R53) every player completes their sides from a pool: their hand plus the troops they
will draw, each pool card open to each flag only by chance. Comparing the two sides of a flag gives its
winner in that world; averaged over worlds, a chance per flag. The chances turn into a value by summing
over the 64 ways my six flags could fall, each scored by the three-player win conditions (R51): three in
a row on my line or any four wins; losing a whole front hands that opponent three in a row on theirs.

Only troops exist in this game, so a pool is one troop mask and engine.ai.potential answers every
completion directly.
"""

from __future__ import annotations

import random
from operator import mul

from ..actions import Action
from ..cards import TROOP_BIT, TROOPS
from ..claims import strength_of
from ..game import Game
from ..rules import LINES3
from .forecast import random_mask
from .potential import troop_potential

UNREACHABLE = -1
#: (worlds, candidates kept) per screening stage, as in the two-player normal bot.
STAGES: tuple[tuple[int, int], ...] = ((3, 10), (10, 4), (28, 1))
#: Chance that a pool card is open to a given flag in a world.
FLAG_SHARE = 0.5
#: Weight of the expected share of my six flags beside the win/loss value: breaks ties between moves.
FLAG_WEIGHT = 0.15
#: Value of an outcome where nobody on my line has won: someone may still win elsewhere.
NEITHER = -0.4


def _outcome_table() -> list[float]:
    """The value of each way my six line flags could fall (bit j set: the j-th flag of my line is mine)."""
    table = []
    for mask in range(64):
        bits = [(mask >> j) & 1 for j in range(6)]
        win = any(bits[j] and bits[j + 1] and bits[j + 2] for j in range(4)) or sum(bits) >= 4
        # Each front is three flags in a row on the opponent's line too (R47): losing one whole is their win.
        lost = (mask & 0b000111) == 0 or (mask & 0b111000) == 0
        table.append(0.0 if win and lost else 1.0 if win else -1.0 if lost else NEITHER)
    return table


_OUTCOMES = _outcome_table()


def _spread(odds: list[float]) -> list[float]:
    probs = [1.0]
    for p in odds:
        q = 1.0 - p
        probs = [x * q for x in probs] + [x * p for x in probs]
    return probs


def line_value(odds: list[float]) -> float:
    """Expected result from my six line flags' chances (in line order), plus a small flag-count term."""
    return sum(map(mul, _spread(odds), _OUTCOMES)) + FLAG_WEIGHT * (sum(odds) - 3.0) / 3.0


class Forecast3:
    """Sampled worlds for one decision of `me`, and position values averaged over them."""

    def __init__(self, game: Game, me: str, rng: random.Random) -> None:
        self.me = me
        self.line = LINES3[me]
        self.rng = rng
        self.others = [s for s in game.seats if s != me]
        visible = set(game.hand(me))
        for flag in game.flags:
            for side in flag.sides.values():
                visible.update(side)
        for pile in game.discards.values():
            visible.update(pile)
        self.hidden = [c for c in TROOPS if c not in visible]
        self.sizes = {s: game.hand_sizes[s] for s in self.others}
        self.draws = {s: _future_draws(game, s) for s in game.seats}
        self.pools: list[dict[str, int]] = []
        self.shares: list[dict[str, list[int]]] = []
        self.memo: dict[tuple[object, ...], int] = {}

    @property
    def size(self) -> int:
        return len(self.pools)

    def add_worlds(self, count: int) -> None:
        for _ in range(count):
            cards = self.hidden[:]
            self.rng.shuffle(cards)
            pools: dict[str, int] = {}
            at = 0
            for s in self.others:
                pools[s] = _mask(cards[at:at + self.sizes[s]])
                at += self.sizes[s]
            deck = cards[at:]
            order = [self.me, *self.others]
            for k, s in enumerate(order):
                pools[s] = pools.get(s, 0) | _mask(deck[k::3][:self.draws[s]])
            self.pools.append(pools)
            self.shares.append({s: [random_mask(self.rng, FLAG_SHARE) for _ in range(9)] for s in order})

    def _reach(self, game: Game, seat: str, n: int, pool: int, share: int) -> int:
        flag = game.flags[n - 1]
        cards = flag.sides[seat]
        fog = flag.fog is not None
        if len(cards) >= flag.size:
            return strength_of(cards, fog).strength
        mask = pool & share
        key = (*cards, flag.size, fog, mask)
        found = self.memo.get(key)
        if found is None:
            best = troop_potential(cards, flag.size, fog, mask)
            found = self.memo[key] = UNREACHABLE if best is None else best
            if len(self.memo) > 200_000:
                self.memo.clear()
        return found

    def odds(self, state: Game, worlds: int) -> list[float]:
        """Each of my line's flags' chance of being mine in `state`, in line order."""
        me = self.me
        hand = _mask(state.hand(me))
        total = [0.0] * 6
        count = min(worlds, self.size)
        for w in range(count):
            pools, shares = self.pools[w], self.shares[w]
            mine_pool = hand | pools[me]
            for j, n in enumerate(self.line):
                flag = state.flags[n - 1]
                if flag.claimed is not None:
                    total[j] += flag.claimed == me
                    continue
                other = flag.other(me)
                if not flag.sides[me] and not flag.sides[other]:
                    total[j] += 0.5
                    continue
                a = self._reach(state, me, n, mine_pool, shares[me][n - 1])
                b = self._reach(state, other, n, pools[other], shares[other][n - 1])
                if a != b:
                    total[j] += a > b
                elif a != UNREACHABLE:
                    mine_done = len(flag.sides[me]) >= flag.size
                    theirs_done = len(flag.sides[other]) >= flag.size
                    if mine_done and theirs_done:
                        total[j] += flag.first_complete == me
                    elif mine_done != theirs_done:
                        total[j] += mine_done
                    else:
                        total[j] += 0.5
                else:
                    total[j] += 0.5
        return [t / count for t in total] if count else [0.5] * 6

    def value(self, state: Game, worlds: int) -> float:
        if state.result is not None:
            winner = state.result["winner"]
            return 2.0 if winner == self.me else (0.0 if winner is None else -2.0)
        return line_value(self.odds(state, worlds))


def _mask(cards: list[str]) -> int:
    mask = 0
    for card in cards:
        mask |= TROOP_BIT.get(card, 0)
    return mask


def _future_draws(game: Game, seat: str) -> int:
    """Troops `seat` is assumed to draw before the game is decided: the slots it must still fill."""
    need = sum(f.size - len(side) for f in game.flags if f.claimed is None
               for s, side in f.sides.items() if s == seat)
    return min(need, game.deck_sizes["troops"] // 3)


def choose_three(game: Game, rng: random.Random, stages: tuple[tuple[int, int], ...] = STAGES) -> Action:
    """The normal bot's action in a three-player game: claims always, troops by the forecast."""
    actions = game.legal_actions()
    if len(actions) == 1 or game.phase != "play":
        return actions[0]  # a claim while any is provable, the only draw, or the only play
    return rank_three(game, actions, rng, stages)[0][1]


def rank_three(game: Game, actions: list[Action], rng: random.Random,
               stages: tuple[tuple[int, int], ...] = STAGES) -> list[tuple[float, Action]]:
    """Every play scored by successive screening on more and more worlds; best first."""
    forecast = Forecast3(game, game.to_move, rng)
    states = []
    for action in actions:
        state = game.copy()
        state.apply(action)
        states.append(state)
    alive = list(range(len(actions)))
    scored: list[tuple[float, int]] = []
    for worlds, keep in stages:
        if forecast.size < worlds:
            forecast.add_worlds(worlds - forecast.size)
        scored = sorted(((forecast.value(states[i], worlds), i) for i in alive), key=lambda s: -s[0])
        alive = [i for _, i in scored[:max(keep, 1)]]
        if len(alive) == 1:
            break
    return [(v, actions[i]) for v, i in scored if i in alive]
