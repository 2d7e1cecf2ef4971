"""Hard's three-player search (engine.ai.hard3, R46-R53): it searches rather than standing in with normal,
it is reproducible at fixed iterations, its leaf is normal's forecast made exact, its solver is exact."""

from __future__ import annotations

import random

from builders import position3

from engine import Game, Rules, from_position
from engine.ai import make_bot
from engine.ai.hard import HardBot
from engine.ai.hard3 import Solver3, leaf_values, settle, value3
from engine.ai.lean3 import Lean3
from engine.ai.three import game_value3
from engine.rulebook import OVER
from engine.rules import SEATS3

THREE = Rules(tactics=False, players=3)


def _midgame(seed: int, plies: int) -> Game:
    g = Game.new(THREE, seed)
    rng = random.Random(seed)
    while not g.over and len(g.actions) < plies:
        g.apply(rng.choice(g.legal_actions()))
    while g.phase != "play":
        g.apply(g.legal_actions()[0])
    return g


def test_r53_hard_searches_three_player_games_itself() -> None:
    g = _midgame(9, 30)
    bot = make_bot("hard", 1, iterations=60)
    action = bot.choose(g.view(g.to_move))
    assert action in g.legal_actions()
    assert isinstance(bot, HardBot) and bot.last_search is not None
    assert bot.last_search["iterations"] == 60 and bot.last_search["candidates"] >= 2
    assert 0.0 <= bot.last_search["win_chance"] <= 1.0
    assert action in [a for a, _ in bot.last_values]


def test_r53_hard_three_is_reproducible_at_fixed_iterations() -> None:
    for seed, plies in ((3, 12), (5, 60), (8, 100)):
        g = _midgame(seed, plies)
        if g.over:
            continue
        answers = []
        for _ in range(2):
            bot = make_bot("hard", 7, iterations=80)
            assert isinstance(bot, HardBot)
            answers.append((bot.choose(g.view(g.to_move)), bot.last_values))
        assert answers[0] == answers[1]


def test_r51_value3_is_normals_game_value_for_every_seat() -> None:
    rng = random.Random(2)
    for _ in range(20):
        odds = [rng.choice((0.0, 0.25, 0.5, 0.75, 1.0)) for _ in range(9)]
        for s, seat in enumerate(SEATS3):
            assert abs(value3(s, odds) - game_value3(seat, odds)) < 1e-9


def test_r51_leaf_of_a_decided_table_is_its_outcome() -> None:
    """Every flag but 3 is claimed and nobody has a win yet; south's complete straight flush on 3 beats
    whatever west can still become, so the leaf gives flag 3 to south: a Breakthrough on 1-2-3 (R51)."""
    claimed = {1: "south", 2: "south", 4: "south", 5: "east", 6: "east", 7: "west", 8: "east", 9: "west"}
    pos = position3(flags={3: {"south": "r8 r9 r10", "west": "b1 y2"}}, claimed=claimed,
                    hands={"south": "g1", "west": "g2", "east": "g3"})
    state = Lean3.from_game(from_position(pos))
    shares = [[[(1 << 60) - 1] * 9 for _ in range(3)]]
    values = leaf_values(state, shares)
    assert values[0] > 1.0 and values[1] < -1.0 and values[2] < -0.9
    # the same table with west's side the stronger: flag 3 is west's, and nobody reaches a win
    pos = position3(flags={3: {"south": "r1 o2 y4", "west": "b9 b10"}}, claimed=claimed,
                    hands={"south": "g1", "west": "b8", "east": "g3"})
    weaker = leaf_values(Lean3.from_game(from_position(pos)), shares)
    assert weaker[0] < 0.5 < values[0] and weaker[1] > values[1]


def _paranoid(state: Lean3, me: int) -> int:
    """The plain minimax the solver must agree with: no table, no pruning."""
    if state.phase == OVER:
        return 0 if state.winner < 0 else (1 if state.winner == me else -1)
    found = []
    for play in state.plays():
        after = state.copy()
        after.apply(play)
        settle(after)
        found.append(_paranoid(after, me))
    return max(found) if state.to_move == me else min(found)


def _free_slots(g: Game) -> int:
    return sum(3 - len(side) for f in g.flags if f.claimed is None for side in f.sides.values())


def test_r50_solver3_agrees_with_plain_minimax_once_the_deck_is_empty() -> None:
    checked = 0
    for seed in range(40):
        g = Game.new(THREE, seed)
        rng = random.Random(seed)
        while not g.over and (g.deck_sizes["troops"] or _free_slots(g) > 6 or g.phase != "play"):
            g.apply(rng.choice(g.legal_actions()))
        if g.over:
            continue
        state = Lean3.from_game(g)
        me = state.to_move
        assert Solver3(me, 10**6, None).value(state.copy()) == _paranoid(state, me)
        checked += 1
    assert checked >= 10


def test_r53_hard_three_takes_a_win_when_one_play_makes_it() -> None:
    """South holds 1 and 2; r10 completes a straight flush on 3 that west cannot beat: a Breakthrough."""
    pos = position3(flags={3: {"south": "r8 r9", "west": "b1 y2"}, 4: {"south": "g5"}},
                    claimed={1: "south", 2: "south"}, hands={"south": "r10 g6 b9", "west": "o2 o3", "east": "y3"})
    g = from_position(pos)
    bot = make_bot("hard", 3, iterations=40)
    assert bot.choose(g.view("south")) == {"type": "play", "card": "r10", "flag": 3}
