"""The hard bot: determinized search over the hidden cards, guided by the normal bot's evaluation.

The normal bot's screening picks sixteen candidate plays. Then, until the time budget is
spent, the search deals a world (engine.ai.worlds: the opponent's hand and both deck orders drawn
from the unseen cards under the view's exact counts; tactics not yet seen may be in the opponent's
hand or the tactics deck) and plays every surviving candidate in it:

- in the middle game, we finish our turn (claims, draw) and the opponent answers: of the troop and
  morale plays the playout policy likes best, the one that leaves us worst off (a small minimax
  step, which sees threats a static look misses; guile and environment replies are left out, since
  a Deserter dealt to the opponent would strike our best side in every world that deals it). Then
  we answer that reply with the best of our own favourite plays (HardBot.follow_ups), so a threat
  we can meet at once does not count against the line. The line ends in the normal evaluation,
  made exact by the world: both pools are the real hands and the troops each player would draw
  next. Our pool's cards are credited with more reach than the opponent's (HardBot.search_shares):
  our hand is ours to place, the opponent's every possible formation is not;
- once the troop deck is empty (HardBot.endgame_troops), the line is played out to the end of the
  game by the playout policy on both sides: the last turns are forced plays the evaluation misses;
- once nothing at all is left to draw (without tactics: the troop deck is empty), every card is
  known and the search gives way to an exact solver (engine.ai.endgame), which proves each play won,
  drawn or lost; the search only breaks ties between equal plays.

Every candidate meets the same worlds (and the same playout luck), so candidates are compared in
pairs, fairly; every few worlds the weaker half is dropped. Tactics cards are held back by the
normal bot's hold values.

Every line is played on engine.ai.lean, the rules of engine.Game on bit masks (checked against Game
move by move in tests/test_bots_lean.py), which makes a line several times cheaper than on Game.

Win estimate: `last_search["win_chance"]` is the one chance the players are shown (engine.ai.chance:
the learnt game model over sampled worlds of the position, calibrated on self-played games), or the
solver's exact result when nothing is left to draw; the chosen play's own search value, read as a
chance ((value + 1) / 2), is kept as `last_search["line_chance"]`.

The clock: a move's budget (`move_time`) covers all of it: reading the position, the screening (at
most SCREEN_SHARE of the budget, then the search takes what it has ranked), the search, the endgame
solver (half the budget) and the win estimate (CHANCE_TIME kept back for it). With `iterations`
set the search stops after exactly that many lines, nothing reads the clock, and the bot is
deterministic from its seed (tests/test_bots_decisions.py holds it to recorded decisions). With only
a time budget (the default, 1 s) how far it searches, and occasionally its choice, depends on the
machine's speed and load.

docs/BOTS.md has the measurements behind these choices and the commands that reproduce them.
"""


from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from ..game import Game
from ..notation_types import Action
from ..rulebook import SHIELD, LeanAction, from_action, to_action
from ..rules import SEATS
from .base import Bot
from .chance import win_chance
from .endgame import OverBudget, Solver
from .flag_model2 import use_flags2
from .forecast import Forecast, deal_masks
from .lean import Lean
from .lean_eval import Memo, Shares, leaf_value
from .lean_policy import LeanPolicy
from .lean_search import follow_up, line_value
from .learnt import WEIGHTS2, use_learnt2
from .normal import choose_deck, choose_return, hold_value, rank_plays
from .worlds import determinize, hidden_of, sample_world

#: Screening stages used to pick the candidates searched (worlds, candidates kept). Sixteen candidates
#: rather than eight give the search more room to overrule the screening (docs/BOTS.md, "Hard's settings").
SCREEN: tuple[tuple[int, int], ...] = ((2, 32), (8, 16))
#: Worlds after which the weaker half of the candidates is dropped.
HALVINGS = (16, 48, 120)
#: Part of the budget kept back for the answer's own overhead.
SAFETY = 0.04
#: Part of the budget kept back for the win estimate read after the search (engine.ai.chance's 32 leaves;
#: its cost: docs/BOTS.md, "Hard's settings").
CHANCE_TIME = 0.04
#: Part of the budget the screening may use before the search takes over with what it has ranked.
SCREEN_SHARE = 0.5
#: The line's settings in the reference code (6d7b182), where today's differ (HardBot.leaf_shares). The
#: decisions recorded from that code (tests/test_bots_decisions.py) and `battleline bench bots`'s
#: comparable speed (`hard_iterations_per_s`) use them: the same line, so the same work per line.
REFERENCE_LINE: dict[str, int] = {"follow_ups": 4, "leaf_shares": 2, "solve_troops": -1}


class HardBot(Bot):
    name = "hard"

    def __init__(self, seed: int = 0, move_time: float = 1.0, iterations: int | None = None) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.policy = LeanPolicy(seed)
        #: The last search's size, speed and estimate: {"iterations", "seconds", "candidates",
        #: "worlds", "win_chance"}, and "positions" and "proven" when the endgame solver decided;
        #: None when the decision needed no search.
        self.last_search: dict[str, Any] | None = None
        self._asked: float | None = None
        self.last_values: list[tuple[Action, float]] = []

    @classmethod
    def reference(cls, seed: int = 0, move_time: float = 1.0, iterations: int | None = None) -> HardBot:
        """A hard bot whose line has the reference code's settings (REFERENCE_LINE)."""
        bot = cls(seed, move_time, iterations)
        for name, value in REFERENCE_LINE.items():
            setattr(bot, name, value)
        return bot

    def choose(self, position: Mapping[str, object]) -> Action:
        self._asked = time.perf_counter()  # reading the position is on the move's clock too
        try:
            return super().choose(position)
        finally:
            self._asked = None

    def deadline(self, started: float, share: float = 1.0) -> float | None:
        """When this part of the move must end (`share` of the budget, less SAFETY and CHANCE_TIME); None with fixed
        iterations, which make the bot's answer independent of the clock."""
        if self.iterations is not None:
            return None
        return started + max(0.0, self.move_time - SAFETY - CHANCE_TIME) * share

    def choose_in(self, game: Game) -> Action:
        self.last_search = None
        action = self._choose_in(game)
        self._report(game)
        return action

    def _report(self, game: Game) -> None:
        """After a search: the chance shown to players (engine.ai.chance) in last_search["win_chance"];
        the search's own chance for its choice stays as "line_chance". Where the search reads the game
        to its end (a proof, or two players with the troop deck empty: proofs in dealt worlds and
        playouts to the end), its chance is shown instead: the static model does not see a forced end."""
        if self.last_search is None:
            return
        self.last_search["line_chance"] = self.last_search["win_chance"]
        to_the_end = len(game.seats) == 2 and game.deck_sizes["troops"] <= self.endgame_troops
        if not self.last_search.get("proven") and not to_the_end:
            self.last_search["win_chance"] = win_chance(game)

    def _choose_in(self, game: Game) -> Action:
        started = self._asked if self._asked is not None else time.perf_counter()
        if len(game.seats) == 3:  # the three-player game (R46-R53) has its own search
            from .hard3 import choose_hard3

            return choose_hard3(self, game, started)
        use_learnt2(WEIGHTS2 if self.learnt else None)
        use_flags2(self.flags2)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if game.phase == "claim":
            return actions[0]
        if game.phase in ("draw", "scout_draw"):
            return choose_deck(game, actions)
        forecast = Forecast(game, game.to_move, self.rng, SCREEN[0][0])
        if game.phase == "scout_return":
            return choose_return(game, actions, forecast)
        solved = self._solve(game, started)
        if solved is not None:
            return solved
        screen_end = self.deadline(started, SCREEN_SHARE)
        ranked = rank_plays(game, actions, forecast, SCREEN,
                            None if screen_end is None else lambda: time.perf_counter() > screen_end)
        if len(ranked) == 1:
            return ranked[0][1]
        return self._search(game, [a for _, a in ranked], started)

    #: Positions the endgame solver may visit per decision before the bot falls back to its search
    #: (about 0.5 s; how large the solves were: docs/BOTS.md, "Hard's settings"). The review, which is not
    #: in a hurry, allows more (engine.run.review).
    solve_nodes = 40_000

    def _solve(self, game: Game, started: float, candidates: list[Action] | None = None) -> Action | None:
        """Nothing left to draw: every card is known, so prove each play (or each candidate) won,
        drawn or lost (engine.ai.endgame) and play a best one; among equals, the one the search
        prefers. While something is left to draw, proofs in dealt worlds (_solve_dealt); None when
        the solver runs out of budget."""
        if game.deck_sizes["troops"] or game.deck_sizes["tactics"]:
            return self._solve_dealt(game, started, candidates)  # something is hidden: proofs in dealt worlds
        me = game.to_move
        state = Lean.from_game(determinize(game, me, sample_world(hidden_of(game, me), self.rng)))
        plays = state.plays() if candidates is None else [from_action(c) for c in candidates]
        deadline = self.deadline(started, 0.5)
        solver = Solver(state.to_move, self.solve_nodes, deadline)
        try:
            values = solver.values(state, plays)
        except OverBudget:
            return None
        best = max(values)
        tied = [to_action(p) for p, v in zip(plays, values, strict=True) if v == best]
        chosen = tied[0] if len(tied) == 1 else self._search(game, tied, started)
        self.last_values = [(to_action(p), _chance(float(v))) for p, v in zip(plays, values, strict=True)]
        self.last_search = {"iterations": 0, "positions": solver.nodes, "seconds": time.perf_counter() - started,
                            "candidates": len(plays), "worlds": 1,
                            "win_chance": _chance(float(best)), "proven": True}
        return chosen

    #: With this many troops or fewer left to draw and something still to draw (with tactics, the tactics
    #: deck), each play is proven won, drawn or lost in each of up to `solve_worlds` dealt worlds, where
    #: every card is known, and the proven values summed choose (_solve_dealt). The easy playouts it
    #: replaces there only sample how the game could end. -1: never.
    solve_troops = 0
    #: Dealt worlds solved per decision at most (fewer when the budget or `solve_nodes` per world ends first).
    solve_worlds = 12

    def _solve_dealt(self, game: Game, started: float, candidates: list[Action] | None = None) -> Action | None:
        """Few troops left to draw: prove each play (or each candidate) in dealt worlds, play the best total.

        Once dealt, a world is a game of perfect information, solved exactly (engine.ai.endgame); what
        is hidden is which unseen cards the opponent holds and the decks' order, so the values are
        summed over several deals. None above `solve_troops`, or when the first world's proof runs out
        of budget (the search decides then); later worlds that run out are left out.
        """
        if game.deck_sizes["troops"] > self.solve_troops:
            return None
        me = game.to_move
        hidden = hidden_of(game, me)
        deadline = self.deadline(started, 0.5)
        plays = [from_action(c) for c in candidates] if candidates is not None else None
        totals: list[int] = []
        solved: dict[tuple[object, ...], list[int]] = {}  # a world dealt twice is proven once
        worlds = nodes = 0
        for _ in range(self.solve_worlds):
            world = sample_world(hidden, self.rng)
            key = (tuple(sorted(world.opp_hand)), tuple(world.troop_deck), tuple(world.tactics_deck))
            values = solved.get(key)
            if values is None:
                state = Lean.from_game(determinize(game, me, world))
                if plays is None:
                    plays = state.plays()
                solver = Solver(state.to_move, self.solve_nodes, deadline)
                try:
                    values = solver.values(state, plays)
                except OverBudget:
                    break
                nodes += solver.nodes
                solved[key] = values
            totals = [t + v for t, v in zip(totals or [0] * len(values), values, strict=True)]
            worlds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        if not worlds or plays is None:
            return None
        best = max(totals)
        tied = [to_action(p) for p, t in zip(plays, totals, strict=True) if t == best]
        chosen = tied[0] if len(tied) == 1 else self._search(game, tied, started)
        self.last_values = [(to_action(p), _chance(t / worlds)) for p, t in zip(plays, totals, strict=True)]
        self.last_search = {"iterations": 0, "positions": nodes, "seconds": time.perf_counter() - started,
                            "candidates": len(plays), "worlds": worlds,
                            "win_chance": _chance(best / worlds), "proven": False}
        return chosen

    def candidates(self, game: Game) -> list[Action]:
        """The plays the search would compare at a play step (the normal screening's best)."""
        if len(game.seats) == 3:
            from .hard3 import candidates3

            return candidates3(self, game)
        forecast = Forecast(game, game.to_move, self.rng, SCREEN[0][0])
        return [a for _, a in rank_plays(game, game.legal_actions(), forecast, SCREEN)]

    def search(self, game: Game, candidates: list[Action]) -> Action:
        """Search exactly these candidates (the review adds the move actually played); solved outright
        when nothing is left to draw, so the review's cost of an endgame move is exact."""
        started = time.perf_counter()
        if len(game.seats) == 3:
            from .hard3 import search_given

            chosen = search_given(self, game, candidates, started)
            self._report(game)
            return chosen
        use_learnt2(WEIGHTS2 if self.learnt else None)
        use_flags2(self.flags2)
        solved = self._solve(game, started, candidates)
        chosen = solved if solved is not None else self._search(game, candidates, started)
        self._report(game)
        return chosen

    def _search(self, game: Game, candidates: list[Action], started: float) -> Action:
        me = game.to_move
        seat = SEATS.index(me)
        hidden = hidden_of(game, me)
        deadline = self.deadline(started)
        moves = [from_action(c) for c in candidates]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        memo: Memo = {}
        endgame = game.deck_sizes["troops"] <= self.endgame_troops
        done = worlds = 0
        search_start = time.perf_counter()
        while True:
            base = Lean.from_game(determinize(game, me, sample_world(hidden, self.rng)))
            shares = self._shares(*self.search_shares[game.rules.tactics])
            stop = False
            rollout_seed = self.rng.getrandbits(32)
            for k in alive:
                state = base.copy()
                state.apply(moves[k])
                if endgame:
                    self.policy.rng.seed(rollout_seed)  # the same playout luck for every candidate
                    totals[k] += self.policy.rollout(state, seat)
                else:
                    totals[k] += self._line_value(state, seat, shares, memo)
                counts[k] += 1
                done += 1
                if self._out_of_budget(done, deadline):
                    stop = True
                    break
            worlds += 1
            if stop or self.should_stop():
                break
            if worlds in HALVINGS and len(alive) > 2:
                alive.sort(key=lambda k: -totals[k] / counts[k])
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        scored = [k for k in alive if counts[k]] or [alive[0]]  # a tight budget may stop mid-world
        best = max(scored, key=lambda k: totals[k] / max(counts[k], 1) - hold_value(game, candidates[k]))
        #: Each candidate searched, with its estimated win chance (engine.run.review reads these).
        self.last_values = [(candidates[k], _chance(totals[k] / counts[k])) for k in range(len(candidates))
                            if counts[k]]
        value = totals[best] / max(counts[best], 1)
        self.last_search = {"iterations": done, "seconds": time.perf_counter() - search_start,
                            "candidates": len(candidates), "worlds": worlds, "win_chance": _chance(value)}
        return candidates[best]

    def estimate(self, game: Game, worlds: int = 64) -> float:
        """The normal evaluation of the position for the player to move, averaged over sampled worlds
        and read as (value + 1) / 2 (no search). Not the chance shown to players, which is
        engine.ai.chance.win_chance; kept for the recorded decisions (tests/test_bots_decisions.py)."""
        if len(game.seats) == 3:
            from .hard3 import estimate3

            return estimate3(game, self.rng, worlds)
        use_learnt2(WEIGHTS2 if self.learnt else None)
        use_flags2(self.flags2)
        me = game.to_move
        seat = SEATS.index(me)
        hidden = hidden_of(game, me)
        memo: Memo = {}
        total = 0.0
        for _ in range(worlds):
            state = Lean.from_game(determinize(game, me, sample_world(hidden, self.rng)))
            shares = self._shares(0.5, 0.5)
            total += leaf_value(state, seat, shares, memo)
        return _chance(total / worlds)

    #: Lines searched per decision at most, whatever the budget: past it more lines did not play better
    #: (docs/BOTS.md, "Hard's settings"); on a slower machine the clock ends a move first. Bench and review set None.
    max_lines: int | None = 1600

    def _shares(self, mine: float, theirs: float) -> Shares:
        """One world's ways of sharing the pools among flags: each card of our pool open to a flag with
        chance `mine`, each of theirs with `theirs`."""
        return [(ours, others) for ours, others in deal_masks(self.rng, [mine, theirs], self.leaf_shares,
                                                                 self.antithetic)]

    def _out_of_budget(self, done: int, deadline: float | None) -> bool:
        """Whether the search must stop after `done` lines: the line cap, the fixed iterations, or the clock."""
        if self.max_lines is not None and done >= self.max_lines:
            return True
        if deadline is None:
            return self.iterations is not None and done >= self.iterations
        return time.perf_counter() >= deadline

    #: With this few troops left to draw, lines are played to the end by the playout policy instead of
    #: being judged; that policy is far weaker than the evaluation, so only the very last turns
    #: (docs/BOTS.md, "Hard's settings").
    endgame_troops = 0
    #: Ways of sharing the pools among flags averaged at each leaf (docs/BOTS.md, "Hard's settings").
    leaf_shares = 4
    #: The leaf's shares in antithetic pairs (forecast.antithetic_masks: the second of a pair opens a card
    #: where the first's uniform draw was high), for a world's leaf that varies less; off (issue 61's
    #: eighth round: not shown to make the choice steadier, docs/BOTS.md).
    antithetic = False
    #: Judge the leaves by the learnt two-player evaluation (engine.ai.learnt, issue 61) instead of the
    #: normal game value, on the same chances per flag. Off: it was not shown stronger (docs/BOTS.md).
    learnt = False
    #: Judge the leaves by the two-player per-flag model (engine.ai.flag_model2.flag_value2, learnt_flags2.json:
    #: each flag's chance re-read from the flag, then the game on those chances; issue 61, fourth round).
    #: Off: not shown stronger in paired games, at equal lines nor at equal time, nor in troops-only games
    #: alone (issue 61's fourth to sixth rounds, docs/BOTS.md).
    flags2 = False
    #: Chance that a card of our pool, and of the opponent's, is open to a given flag at a leaf, by rule
    #: set (tactics off, on): our hand is ours to place, so our pool is credited with more reach
    #: (docs/BOTS.md, "Hard's settings"). The normal screening that picks the candidates keeps its even shares.
    search_shares: dict[bool, tuple[float, float]] = {False: (0.85, 0.5), True: (0.7, 0.5)}
    #: How many of the playout policy's favourite replies the opponent chooses among (troops and morale
    #: tactics only, see _line_value; docs/BOTS.md, "Hard's settings").
    replies = 8

    def _line_value(self, state: Lean, me: int, shares: Shares, memo: Memo) -> float:
        """Value of our play in one world: we finish the turn, the opponent answers as well as it can.

        The opponent's reply is the one, among the playout policy's favourites, that leaves us worst
        off by the evaluation in this world (it knows its own hand there, and, as in every
        determinized search, guesses ours too well): a small minimax step that sees threats a static
        look misses. The reply is a troop or a morale tactic, never a guile or environment card: in
        every world that deals the opponent a Deserter, the worst reply would spend it at once on our
        best side; leaving such replies out won more games (docs/BOTS.md, "Hard's settings").
        """
        return line_value(self.policy, state, me, shares, memo, self.replies, self.follow_ups)

    #: How many of the playout policy's favourite plays we answer the opponent's reply with (a line then
    #: costs about three times as much; docs/BOTS.md, "Hard's settings").
    follow_ups = 8

    def _follow_up(self, state: Lean, me: int, shares: Shares, memo: Memo, worst: float) -> float:
        """Value after the opponent's reply: the best of our own favourite answers (a max step).

        The leaf right after the reply sees the opponent's threat but not our answer to it. Once
        one answer reaches `worst` (the lowest value of the opponent's other replies so far), this
        reply cannot be the opponent's choice, so the rest are not tried.
        """
        return follow_up(self.policy, state, me, shares, memo, worst, self.follow_ups)


def _plain(plays: list[LeanAction]) -> list[LeanAction]:
    """Troop and morale plays (and a pass), or every play if there is none: see HardBot._line_value."""
    return [p for p in plays if p[1] <= SHIELD] or plays


def _chance(value: float) -> float:
    """A line value read as a chance of winning: (value + 1) / 2, clipped to 0-1."""
    return round(min(1.0, max(0.0, (value + 1.0) / 2.0)), 3)


__all__ = ["Forecast", "HardBot"]
