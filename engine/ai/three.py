"""The normal bot's judgement in the three-player game (R46-R53): what each of my six flags can still become.

The same idea as the two-player forecast (engine.ai.forecast, engine.ai.outlook), with the table of
three fronts: a seat fights on the six flags of its line, each against the seat sharing that flag's
front. In each sampled world (the two hidden hands and the deck dealt at random from what this seat
cannot see, R49, R53) every player completes their sides from a pool: their hand plus the troops they
will draw, each pool card open to each flag only by chance. Comparing the two sides of a flag gives its
winner in that world; averaged over worlds, a chance per flag (the front between the two opponents
too: who wins there decides how close each of them is to a win). The chances turn into a value by
summing over the 512 ways the nine flags could fall, each scored by the three-player win conditions
(R51) for every seat: three in a row on one's own line or any four; failing both, the most flags.

Only troops exist in this game, so a pool is one troop mask and engine.potential answers every
completion directly.

The forecast sees where flags end, not who gets there first, so two things are read off the table
directly: each play is judged after the claims it allows (a play that wins now is a win, not one side
of a race), and with the chance that an opponent, moving before my next turn, holds a troop that wins
the game with their next play and claims (threat_cards): the block that a slow forecast misses.
"""

from __future__ import annotations

import random
from math import comb
from operator import mul

from ..cards import TROOP_BIT, TROOPS
from ..claims import strength_of
from ..game import Game
from ..notation_types import Action
from ..potential import troop_potential
from ..rulebook import ID, SIDE, TROOP_MASK, provable, win_of
from ..rules import FRONTS3, LINES3, SEATS3
from .forecast import random_mask
from .outlook import spread
from .three_playout import playout_values

UNREACHABLE = -1
#: (worlds, candidates kept) per screening stage, as in the two-player normal bot.
STAGES: tuple[tuple[int, int], ...] = ((3, 10), (10, 4), (40, 1))
#: Chance that a pool card is open to a given flag in a world.
FLAG_SHARE = 0.5
#: Weight of the expected share of my six flags beside the win/loss value: breaks ties between moves.
FLAG_WEIGHT = 0.15
#: My hand open to each of my flags (see Forecast3.odds); False: shared out like a draw (the old forecast).
HAND_OPEN = True
#: With at most this many troops left in the deck, the forecast only draws up a short list (its
#: screening stages) and playouts to the end choose from it (engine.ai.three_playout): near the end the
#: order of plays and who passes first decide, which the forecast does not see, and a playout is short.
ENDGAME_DECK = 15
SHORT_LIST: tuple[tuple[int, int], ...] = ((3, 10), (10, 5))
#: Sampled worlds in which every short-listed play is played out (0: the forecast alone, to the end).
PLAYOUT_WORLDS = 32
#: Weight of the forecast's value beside the playouts' mean score: breaks near-ties between plays.
FORECAST_WEIGHT = 0.1


def _wins(held: set[int], seat: str) -> bool:
    """R51 (engine.rulebook.win_of) on a set of flags (1-9)."""
    return win_of(sum(1 << (n - 1) for n in held), SEATS3.index(seat), 3) != ""


def outcome_table(me: str, draw: float = 0.0) -> list[float]:
    """The value for `me` of each way the nine flags could fall (bit i set: flag i+1 goes to the first
    seat of its front, FRONTS3, else to the second): +1 if only I reach a win (R51), -1 if only others
    do, 0 for a race; when nobody does, the most flags (a most I share, a drawn game: `draw`)."""
    table = []
    for mask in range(512):
        held: dict[str, set[int]] = {s: set() for s in SEATS3}
        for i in range(9):
            held[FRONTS3[i][0] if mask >> i & 1 else FRONTS3[i][1]].add(i + 1)
        winners = [s for s in SEATS3 if _wins(held[s], s)]
        reached = bool(winners)
        if not winners:
            most = max(len(h) for h in held.values())
            winners = [s for s in SEATS3 if len(held[s]) == most]
        if winners == [me]:
            table.append(1.0)
        elif me in winners:
            table.append(0.0 if reached else draw)
        else:
            table.append(-1.0)
    return table


#: Each seat's value of each way the nine flags could fall (outcome_table); hard3 reads it too.
OUTCOMES = {s: outcome_table(s) for s in SEATS3}


def game_value3(me: str, odds: list[float]) -> float:
    """Expected result for `me` from each flag's chance of going to the first seat of its front, plus
    a small term for my expected share of my six flags."""
    mine = sum(p if FRONTS3[i][0] == me else 1.0 - p for i, p in enumerate(odds) if me in FRONTS3[i])
    return sum(map(mul, spread(odds), OUTCOMES[me])) + FLAG_WEIGHT * (mine - 3.0) / 3.0


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

    def _reach(self, game: Game, seat: str, n: int, mask: int) -> int:
        """The strongest formation `seat`'s side of flag `n` can become from the troops in `mask`."""
        flag = game.flags[n - 1]
        cards = flag.sides[seat]
        fog = flag.fog is not None
        if len(cards) >= flag.size:
            return strength_of(cards, fog).strength
        key = (*cards, flag.size, fog, mask)
        found = self.memo.get(key)
        if found is None:
            best = troop_potential(cards, flag.size, fog, mask)
            found = self.memo[key] = UNREACHABLE if best is None else best
            if len(self.memo) > 200_000:
                self.memo.clear()
        return found

    def odds(self, state: Game, worlds: int) -> list[float]:
        """Each flag's chance of going to the first seat of its front (FRONTS3) in `state`.

        A troop still to be drawn is open to a flag only by chance (FLAG_SHARE), but one in my hand
        can go to any of my flags on this very turn: it is open to each (HAND_OPEN). The opponents'
        hands are guesses, and stay shared out like their draws."""
        hand = _mask(state.hand(self.me)) if HAND_OPEN else 0
        total = [0.0] * 9
        count = min(worlds, self.size)
        for w in range(count):
            pools, shares = self.pools[w], self.shares[w]
            if not HAND_OPEN:
                pools = dict(pools)
                pools[self.me] |= _mask(state.hand(self.me))
            for j, flag in enumerate(state.flags):
                n = j + 1
                me, other = flag.pair
                if flag.claimed is not None:
                    total[j] += flag.claimed == me
                    continue
                if not flag.sides[me] and not flag.sides[other]:
                    total[j] += 0.5
                    continue
                a = self._reach(state, me, n, pools[me] & shares[me][j] | (hand if me == self.me else 0))
                b = self._reach(state, other, n, pools[other] & shares[other][j] | (hand if other == self.me else 0))
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
        return [t / count for t in total] if count else [0.5] * 9

    def risk(self, state: Game) -> float:
        """The chance that one of the two opponents, both moving before my next turn, wins with their next
        play: each holds a troop that does it (threat_cards) with the chance that its hand, dealt from
        the cards I cannot see, has one of them. The forecast's flags end in a race it cannot call; this
        is the race lost before I move again."""
        if state.result is not None:
            return 0.0
        safe = 1.0
        hidden = sum(1 << ID[c] for c in self.hidden)
        unseen_count = len(self.hidden)
        for seat in self.others:
            cards = threat_cards(state, seat)
            if cards is None:
                return 1.0
            if cards:
                safe *= _none_in_hand(unseen_count, (cards & hidden).bit_count(), self.sizes[seat])
        return 1.0 - safe

    def value(self, state: Game, worlds: int) -> float:
        if state.result is not None:
            winner = state.result["winner"]
            return 2.0 if winner == self.me else (0.0 if winner is None else -2.0)
        return game_value3(self.me, self.odds(state, worlds))


def _none_in_hand(pool: int, wanted: int, hand: int) -> float:
    """Chance that a hand of `hand` cards dealt from `pool` holds none of `wanted` given cards."""
    if wanted <= 0:
        return 1.0
    if hand > pool - wanted:
        return 0.0
    return comb(pool - wanted, hand) / comb(pool, hand)


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


def _proves(mine: int, theirs: int, first_is_mine: bool, unseen: int) -> bool:
    """R20, R21 (engine.rulebook.provable; no Fog or Mud without tactics)."""
    return provable(mine, theirs, SIDE, False, first_is_mine, unseen)


def _wins_mask(held: int, s: int) -> bool:
    """R51 (engine.rulebook.win_of) on a mask of flags (bit f: flag f+1)."""
    return win_of(held, s, 3) != ""


def threat_cards(state: Game, seat: str) -> int | None:
    """The troops (a card mask) that would let `seat` win with its next play and the claims after it;
    None when it wins at its next claim step whatever it plays (a flag it can already prove).

    Proofs read only the table (R21), so whether a card wins depends on the card alone: playing it
    completes a side, and showing it may make another complete side provable."""
    s = SEATS3.index(seat)
    seen = 0
    for flag in state.flags:
        for side in flag.sides.values():
            for card in side:
                seen |= 1 << ID[card]
    for pile in state.discards.values():
        for card in pile:
            seen |= 1 << ID[card]
    unseen = TROOP_MASK & ~seen
    held = 0
    waiting: list[tuple[int, int, int, bool]] = []  # complete, not yet provable: (flag, mine, theirs, first)
    open_two: list[tuple[int, int, int, bool]] = []  # two cards: the next card completes it
    free = False
    for f, flag in enumerate(state.flags):
        if seat not in flag.pair:
            continue
        if flag.claimed is not None:
            held |= (flag.claimed == seat) << f
            continue
        other = flag.other(seat)
        mine = sum(1 << ID[c] for c in flag.sides[seat])
        theirs = sum(1 << ID[c] for c in flag.sides[other])
        count = mine.bit_count()
        if count >= SIDE:
            if _proves(mine, theirs, flag.first_complete == seat, unseen):
                held |= 1 << f
            else:
                waiting.append((f, mine, theirs, flag.first_complete == seat))
            continue
        free = True
        if count == SIDE - 1:
            open_two.append((f, mine, theirs, theirs.bit_count() < SIDE))
    if _wins_mask(held, s):
        return None
    if not free:
        return 0
    waiting_mask = sum(1 << w[0] for w in waiting)
    reach = [o[0] for o in open_two]
    if not _wins_mask(held | waiting_mask, s) and not any(_wins_mask(held | waiting_mask | 1 << f, s)
                                                           for f in reach):
        return 0  # no single card can finish a win: the usual case, answered without trying cards
    found = 0
    for troop in range(60):
        bit = 1 << troop
        if not unseen & bit:
            continue
        rest = unseen & ~bit
        shown = held
        for f, mine, theirs, first in waiting:
            if _proves(mine, theirs, first, rest):
                shown |= 1 << f
        if _wins_mask(shown, s):
            found |= bit
            continue
        for f, mine, theirs, first in open_two:
            if _proves(mine | bit, theirs, first, rest) and _wins_mask(shown | 1 << f, s):
                found |= bit
                break
    return found


def _claim_all(state: Game, seat: str) -> None:
    """Make every claim `seat` may make right after its play (R11's claim step, as the bot always does):
    a play whose claims win the game is then seen as won, not as a flag likely won in a race."""
    while state.result is None and state.phase == "claim" and state.to_move == seat:
        first = state.legal_actions()[0]
        if first["type"] != "claim":
            return
        state.apply(first)


def choose_three(game: Game, rng: random.Random, stages: tuple[tuple[int, int], ...] = STAGES) -> Action:
    """The normal bot's action in a three-player game: claims always, troops by the forecast; near the
    end of the deck, by playouts among the forecast's short list (ENDGAME_DECK)."""
    actions = game.legal_actions()
    if len(actions) == 1 or game.phase != "play":
        return actions[0]  # a claim while any is provable, the only draw, or the only play
    if not PLAYOUT_WORLDS or game.deck_sizes["troops"] > ENDGAME_DECK:
        return rank_three(game, actions, rng, stages)[0][1]
    short = rank_three(game, actions, rng, SHORT_LIST)
    if len(short) == 1:
        return short[0][1]
    means = playout_values(game, [a for _, a in short], rng, PLAYOUT_WORLDS)
    best = max(range(len(short)), key=lambda i: (means[i] + FORECAST_WEIGHT * short[i][0], -i))
    return short[best][1]


def rank_three(game: Game, actions: list[Action], rng: random.Random,
               stages: tuple[tuple[int, int], ...] = STAGES) -> list[tuple[float, Action]]:
    """Every play scored by successive screening on more and more worlds; best first."""
    forecast = Forecast3(game, game.to_move, rng)
    states = []
    for action in actions:
        state = game.copy()
        state.apply(action)
        _claim_all(state, game.to_move)
        states.append(state)
    risks = [forecast.risk(state) for state in states]
    alive = list(range(len(actions)))
    scored: list[tuple[float, int]] = []
    for worlds, keep in stages:
        if forecast.size < worlds:
            forecast.add_worlds(worlds - forecast.size)
        scored = sorted((((1.0 - risks[i]) * forecast.value(states[i], worlds) - risks[i], i) for i in alive),
                        key=lambda s: -s[0])
        alive = [i for _, i in scored[:max(keep, 1)]]
        if len(alive) == 1:
            break
    return [(v, actions[i]) for v, i in scored if i in alive]
