"""The hard bot's search for three players (R46-R53): sampled worlds, both opponents' replies, an exact end.

The normal bot's three-player forecast (engine.ai.three) screens every play and keeps a short list.
Then, until the move's budget is spent, the search deals a world (engine.ai.three_playout.lean_world:
the two hidden hands and the deck's order dealt from the troops this seat cannot see) and plays every
surviving candidate in it on the lean three-player state (engine.ai.lean3):

- in the middle game a *line*: we finish our turn (claims, draw); the next opponent plays the one of
  its four favourite troop plays (the easy rules' placement scores, `Ranker`) that is worst for us by
  the evaluation in this world, then the other opponent the same on the table the first one left
  (PARANOID, as the two-player hard bot's opponent; each opponent playing for itself, max-n, did no
  better); then we answer with the best of our own favourites. The line ends in the three-player
  forecast made exact by the world (`leaf_values`): every player's pool is its real hand and the
  troops it would draw next, each pool card open to a flag by chance (shares), our pool credited
  with more reach than theirs, as in the two-player hard bot;
- near the end of the deck (ENDGAME_DECK troops or fewer) the line is played to the end of the game
  by the easy rules for every seat (three_playout.Policy3), since the order of plays and who passes
  first decide there, which a static look does not see;
- once the deck is empty every card is in sight or in an opponent's hand: in each of a few worlds
  (which opponent holds which of the unseen troops) an alpha-beta solver (`Solver3`) proves each play
  won, drawn or lost against both opponents playing against us (paranoid: the only sound proof with
  two opponents); the proven values summed over the worlds choose, the search breaks ties.

Every candidate meets the same worlds and the same playout luck, and the weaker half is dropped after
HALVINGS worlds. With `iterations` nothing reads the clock and the bot is reproducible from its seed.
The line and its leaf are in engine.ai.lean_search3, which the optional compiled core covers (the same
answers either way). docs/BOTS.md has the measurements behind the settings.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from ..game import Game
from ..notation_types import Action
from ..rulebook import OVER, PLAY, TROOP_MASK, LeanAction
from ..rules import SEATS3
from .forecast import deal_masks, random_mask
from .lean3 import Lean3
from .lean_search3 import Ranker, leaf_values, line3, settle, values3
from .three import rank_three
from .three_playout import Policy3, lean_play, lean_world, playout_score

if TYPE_CHECKING:
    from .hard import HardBot

#: Screening by the normal forecast: (worlds, candidates kept) per stage; the search takes the rest.
SCREEN3: tuple[tuple[int, int], ...] = ((3, 16), (10, 8))
#: Worlds after which the weaker half of the candidates is dropped.
HALVINGS3 = (12, 36, 90)
#: Each opponent's favourite plays it chooses its reply among, and our answers to the two replies.
REPLIES3 = 4
FOLLOW_UPS3 = 4
#: Ways of sharing the pools among the flags averaged at a leaf.
LEAF_SHARES3 = 2
#: Chance a card of our pool, and of an opponent's, is open to a given flag at a leaf.
SHARES3 = (0.7, 0.5)
#: True: the leaf's shares come in antithetic pairs (the second of a pair opens a card to a flag where the
#: first's uniform draw was high, `antithetic_masks`), so that the pair's average varies less from world to
#: world (issue 61's eighth round); False: every share drawn afresh.
ANTITHETIC3 = False
#: With this many troops or fewer in the deck, lines are played to the end by the easy rules.
ENDGAME_DECK = 15
#: True: each opponent replies with the play worst for us (as the two-player hard bot's opponent); False:
#: with the play best for itself (max-n).
PARANOID = True
#: Weight of the forecast's value beside the search's mean (three.FORECAST_WEIGHT for normal's playouts).
PRIOR_WEIGHT = 0.1
#: The learnt evaluation (engine.ai.learnt, issue 61) at the middle game's leaf instead of the forecast:
#: 0 (or False) off, 1 (or True) the model on the leaf's chances, 2 the per-flag model's chances read on,
#: 3 the per-flag model without the pools' features (learnt.ceiling_values3, issue 61's seventh round).
LEARNT3: int = 0
#: In the endgame's playouts, this many plays (of all seats together) by the easy rules and then the
#: learnt evaluation, instead of playing to the game's end; 0: to the end (issue 61).
CUTOFF3 = 0
#: True: the search counts a drawn game (and, at the leaf, a most of flags shared with us) as a loss, so it
#: plays for its own win alone; False: a draw is worth 0, between a win (+1) and a loss (-1). The screening
#: (normal's forecast) and the learnt leaves are unchanged either way (issue 61's ninth round).
WIN_ONLY3 = False
#: 0: each opponent's reply is chosen as PARANOID says. Otherwise it is drawn among its REPLIES3 favourites,
#: the same uniform numbers for every candidate in a world (lean_search3.drawn_reply): > 0, with chance in
#: proportion to exp(the replier's own value / REPLY_TEMPERATURE3); < 0, evenly, no leaf read. The normal
#: bot's real plays are the Ranker's first in 13% of its decisions and among its four first in 34%, and most
#: often among the plays the leaf values best for it, not the best (issue 61's ninth round, docs/BOTS.md).
REPLY_TEMPERATURE3 = 0.0
#: True (with PARANOID and no REPLY_TEMPERATURE3): the opponent who moves just before us replies with the
#: play worst for us after our best answer (a min over its favourites of our max, as the two-player line);
#: False: with the play worst for us at once, then we answer (issue 61's ninth round).
MINIMAX3 = False
#: The endgame playouts' opponents add up to this many points, drawn evenly, to each placement's score
#: (three_playout.Policy3's `noise`; a card more on a side is 8), so they play near-best placements as the
#: normal bots do; 0: the easy rules exactly (issue 61's ninth round).
PLAYOUT_NOISE3 = 0.0
#: Lines (candidate x world) per decision at most, whatever the budget.
MAX_LINES3 = 1200
#: Worlds the endgame solver proves at most, and positions it may visit in all (about half a second).
SOLVE_WORLDS = 8
SOLVE_NODES = 20_000

def draw_value() -> int:
    """What a drawn game is worth to the search: 0, or -1 (a loss) with WIN_ONLY3."""
    return -1 if WIN_ONLY3 else 0


class OverBudget3(Exception):
    """The solver visited its budget of positions before it proved a value."""


def value3(seat: int, odds: list[float]) -> float:
    """three.game_value3 for a seat index."""
    return values3(odds)[seat]


class Solver3:
    """Proves the result for seat `me` once nothing is left to draw, both opponents playing against it
    (a paranoid search: WIN 1, DRAW `draw` (0, or -1 with WIN_ONLY3), LOSS -1), within a budget of positions."""

    def __init__(self, me: int, nodes: int, deadline: float | None, draw: int = 0) -> None:
        self.me, self.budget, self.deadline, self.draw = me, nodes, deadline, draw
        self.nodes = 0
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}

    def value(self, state: Lean3, alpha: int = -2, beta: int = 2) -> int:
        if state.phase == OVER:
            return self.draw if state.winner < 0 else (1 if state.winner == self.me else -1)
        self.nodes += 1
        if self.nodes > self.budget:
            raise OverBudget3
        if self.deadline is not None and not self.nodes & 127 and time.perf_counter() > self.deadline:
            raise OverBudget3
        key = (tuple(state.sides), tuple(state.hands), tuple(state.claimed), tuple(state.first),
               state.to_move, state.passes)
        low, high = self.table.get(key, (-1, 1))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        ours = state.to_move == self.me
        best = -2 if ours else 2
        for play in state.plays():
            after = state.copy()
            after.apply(play)
            settle(after)
            found = self.value(after, alpha, beta)
            if ours:
                best = max(best, found)
                alpha = max(alpha, best)
            else:
                best = min(best, found)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= start_alpha:
            self.table[key] = (low, best)
        elif best >= start_beta:
            self.table[key] = (best, high)
        else:
            self.table[key] = (best, best)
        return best


def choose_hard3(bot: HardBot, game: Game, started: float) -> Action:
    """The hard bot's action in a three-player game (module docstring)."""
    actions = game.legal_actions()
    if len(actions) == 1 or game.phase != "play":
        return actions[0]  # a claim while any is provable, the only draw, or the only play
    deadline = bot.deadline(started)
    if not game.deck_sizes["troops"]:
        solved = _solve(bot, game, [lean_play(a) for a in actions], actions, started)
        if solved is not None:
            return solved
    ranked = rank_three(game, actions, bot.rng, SCREEN3)
    if len(ranked) == 1:
        return ranked[0][1]
    return search3(bot, game, [a for _, a in ranked], deadline, [v for v, _ in ranked])


def search3(bot: HardBot, game: Game, candidates: list[Action], deadline: float | None,
            prior: list[float] | None = None) -> Action:
    """The best of `candidates` by lines over sampled worlds, the forecast's values (`prior`) breaking
    near-ties (PRIOR_WEIGHT); sets the bot's last_search and last_values."""
    me = SEATS3.index(game.to_move)
    rng = bot.rng
    moves = [lean_play(a) for a in candidates]
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    alive = list(range(len(candidates)))
    endgame = game.deck_sizes["troops"] <= ENDGAME_DECK
    ranker = Ranker()
    policy: Policy3 | None = None
    cap = MAX_LINES3 if bot.max_lines is not None else None
    limit = bot.iterations if bot.iterations is not None else cap
    if bot.iterations is not None and cap is not None:
        limit = min(bot.iterations, cap)
    done = worlds = 0
    search_start = time.perf_counter()
    while True:
        base = lean_world(game, game.to_move, rng)
        if endgame and policy is None:
            policy = Policy3(random.Random(0), TROOP_MASK & ~base.seen, PLAYOUT_NOISE3, me)
        shares = deal_shares(rng, me)
        rollout_seed = rng.getrandbits(32)
        draws = (rng.random(), rng.random()) if REPLY_TEMPERATURE3 else (0.0, 0.0)
        stop = False
        for k in alive:
            state = base.copy()
            state.apply(moves[k])
            if policy is not None:
                policy.rng.seed(rollout_seed)  # the same playout luck for every candidate
                if CUTOFF3 > 0:
                    totals[k] += short_playout(policy, state, me, shares, CUTOFF3)
                else:
                    policy.rollout(state)
                    totals[k] += playout_score(state, me, draw_value())
            else:
                totals[k] += line3(state, me, shares, ranker, REPLIES3, FOLLOW_UPS3, PARANOID, LEARNT3, WIN_ONLY3,
                                   REPLY_TEMPERATURE3, draws, MINIMAX3)
            counts[k] += 1
            done += 1
            if (limit is not None and done >= limit) or (deadline is not None and time.perf_counter() >= deadline):
                stop = True
                break
        worlds += 1
        if stop or bot.should_stop():
            break
        if worlds in HALVINGS3 and len(alive) > 2:
            alive.sort(key=lambda k: -totals[k] / counts[k])
            alive = alive[:max(2, (len(alive) + 1) // 2)]
    scored = [k for k in alive if counts[k]] or [alive[0]]
    weights = [PRIOR_WEIGHT * p for p in prior] if prior is not None else [0.0] * len(candidates)
    best = max(scored, key=lambda k: totals[k] / counts[k] + weights[k])
    bot.last_values = [(candidates[k], _chance(totals[k] / counts[k])) for k in range(len(candidates)) if counts[k]]
    bot.last_search = {"iterations": done, "seconds": time.perf_counter() - search_start,
                       "candidates": len(candidates), "worlds": worlds,
                       "win_chance": _chance(totals[best] / max(counts[best], 1))}
    return candidates[best]


def deal_shares(rng: random.Random, me: int) -> list[list[list[int]]]:
    """The leaf's LEAF_SHARES3 ways of sharing each seat's pool among the flags for one world ([share][seat]
    [flag] -> the cards open there): ours with SHARES3[0], the opponents' with SHARES3[1]; with ANTITHETIC3
    in antithetic pairs (an odd last share drawn afresh)."""
    mine, theirs = SHARES3
    return deal_masks(rng, [mine if s == me else theirs for s in range(3)], LEAF_SHARES3, ANTITHETIC3)


def short_playout(policy: Policy3, state: Lean3, me: int, shares: list[list[list[int]]], plays: int) -> float:
    """`plays` plays by the easy rules for every seat (claims and draws between them), then the learnt
    evaluation of the world reached; a game that ends sooner scores as a playout does."""
    made = 0
    while state.phase != OVER:
        if state.phase == PLAY:
            if made >= plays:
                return leaf_values(state, shares, LEARNT3 or 1, WIN_ONLY3)[me]
            made += 1
            state.apply(policy.play(state))
        else:
            state.apply(state.legal()[0])  # a claim while any is provable, else the draw
    return playout_score(state, me, draw_value())


def _solve(bot: HardBot, game: Game, plays: list[LeanAction], actions: list[Action],
           started: float) -> Action | None:
    """Nothing left to draw: each play proven in up to SOLVE_WORLDS deals of the opponents' hands; the
    plays with the best total, the search choosing among them. None when the solver runs out of budget."""
    me = SEATS3.index(game.to_move)
    deadline = bot.deadline(started, 0.5)
    solver_nodes = 0
    totals = [0] * len(plays)
    seen_hands: set[tuple[int, ...]] = set()
    for _ in range(SOLVE_WORLDS):
        world = lean_world(game, game.to_move, bot.rng)
        if tuple(world.hands) in seen_hands:
            continue
        seen_hands.add(tuple(world.hands))
        solver = Solver3(me, SOLVE_NODES - solver_nodes, deadline, draw_value())
        try:
            for i, play in enumerate(plays):
                after = world.copy()
                after.apply(play)
                settle(after)
                totals[i] += solver.value(after)
        except OverBudget3:
            return None
        solver_nodes += solver.nodes
    best = max(totals)
    tied = [a for a, t in zip(actions, totals, strict=True) if t == best]
    worlds = len(seen_hands)
    if len(tied) == 1:
        chosen = tied[0]
        bot.last_values = [(a, _chance(t / worlds)) for a, t in zip(actions, totals, strict=True)]
        bot.last_search = {"iterations": 0, "positions": solver_nodes, "seconds": time.perf_counter() - started,
                           "candidates": len(plays), "worlds": worlds, "win_chance": _chance(best / worlds),
                           "proven": worlds == 1 and best == 1}  # paranoid: only a win is a proof
        return chosen
    return search3(bot, game, tied, bot.deadline(started))


def candidates3(bot: HardBot, game: Game) -> list[Action]:
    """The plays the search would compare at a play step (the forecast's short list), for the review."""
    return [a for _, a in rank_three(game, game.legal_actions(), bot.rng, SCREEN3)]


def search_given(bot: HardBot, game: Game, candidates: list[Action], started: float) -> Action:
    """Search exactly these candidates (the review adds the move actually played); proven first when
    the deck is empty, so the review's cost of an endgame move is the solver's."""
    if not game.deck_sizes["troops"]:
        solved = _solve(bot, game, [lean_play(a) for a in candidates], candidates, started)
        if solved is not None:
            return solved
    return search3(bot, game, candidates, bot.deadline(started))


def estimate3(game: Game, rng: random.Random, worlds: int) -> float:
    """The chance that the player to move wins, from the evaluation alone (no search): for decisions
    the search does not make (claims, draws, a forced play), the forecast made exact in sampled worlds."""
    me = SEATS3.index(game.to_move)
    total = 0.0
    for _ in range(worlds):
        state = lean_world(game, game.to_move, rng)
        shares = [[[random_mask(rng, 0.5) for _ in range(9)] for _ in range(3)]]
        total += leaf_values(state, shares)[me]
    return _chance(total / max(worlds, 1))


def _chance(value: float) -> float:
    """A value from -1 (another seat wins) to +1 (we win) read as a chance: (value + 1) / 2, clipped."""
    return round(min(1.0, max(0.0, (value + 1.0) / 2.0)), 3)


def describe() -> dict[str, Any]:
    """The search's settings, for the bench and the docs."""
    return {"screen": SCREEN3, "replies": REPLIES3, "follow_ups": FOLLOW_UPS3, "leaf_shares": LEAF_SHARES3,
            "shares": SHARES3, "endgame_deck": ENDGAME_DECK, "max_lines": MAX_LINES3, "learnt": LEARNT3,
            "cutoff": CUTOFF3, "win_only": WIN_ONLY3, "reply_temperature": REPLY_TEMPERATURE3,
            "minimax": MINIMAX3, "playout_noise": PLAYOUT_NOISE3}


__all__ = ["Solver3", "candidates3", "choose_hard3", "deal_shares", "estimate3", "leaf_values",
           "line3", "search3", "search_given", "short_playout"]
