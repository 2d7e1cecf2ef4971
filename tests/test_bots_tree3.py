"""Hard's three-player tree search near the end (engine.ai.mcts3, R46-R53): every iteration passes one of
our plays, it is reproducible from its seed, a play that wins scores a certain win, and hard uses it
once the deck is short."""

from __future__ import annotations

import random

from builders import position3

from engine import Game, Rules, from_position
from engine.ai import hard3, make_bot
from engine.ai.hard import HardBot
from engine.ai.lean3 import Lean3
from engine.ai.mcts3 import results, search_tree3
from engine.ai.three_playout import lean_play
from engine.rulebook import OVER

THREE = Rules(tactics=False, players=3)


def _late(seed: int, deck: int) -> Game:
    """A random three-player game played until the deck holds `deck` troops or fewer, at a play step."""
    g = Game.new(THREE, seed)
    rng = random.Random(seed)
    while not g.over and (g.deck_sizes["troops"] > deck or g.phase != "play"):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _never() -> bool:
    return False


def test_r53_tree_counts_every_iteration_once_at_the_root_and_repeats_from_its_seed() -> None:
    checked = 0
    for seed in range(6):
        g = _late(seed, 9)
        if g.over:
            continue
        plays = [lean_play(a) for a in g.legal_actions()][:6]
        first = search_tree3(g, plays, random.Random(4), 150, None, _never)
        again = search_tree3(g, plays, random.Random(4), 150, None, _never)
        visits, means, done = first
        assert done == 150 and sum(visits) == 150
        assert all(v >= 1 for v in visits)  # each play is tried before any is tried twice
        assert all(-1.0 <= m <= 1.0 for m in means)
        assert again == first
        checked += 1
    assert checked >= 4


def test_r51_tree_results_credit_the_winner_alone() -> None:
    state = Lean3()
    state.phase, state.winner = OVER, 1
    assert results(state) == (-1.0, 1.0, -1.0)
    state.winner = -1
    assert results(state) == (0.0, 0.0, 0.0)


def test_r51_tree_scores_a_winning_play_as_a_certain_win() -> None:
    """South holds 1 and 2; r10 completes a straight flush on 3 that west cannot beat: a Breakthrough."""
    pos = position3(flags={3: {"south": "r8 r9", "west": "b1 y2"}, 4: {"south": "g5"}},
                    claimed={1: "south", 2: "south"}, hands={"south": "r10 g6 b9", "west": "o2 o3", "east": "y3"})
    g = from_position(pos)
    actions = [a for a in g.legal_actions() if a["card"] in ("r10", "g6")]
    visits, means, _ = search_tree3(g, [lean_play(a) for a in actions], random.Random(1), 60, None, _never)
    win = actions.index({"type": "play", "card": "r10", "flag": 3})
    assert means[win] == 1.0
    assert visits[win] == max(visits)


def test_r53_hard_three_searches_the_tree_once_the_deck_is_short() -> None:
    g = _late(11, hard3.ENDGAME_DECK)
    assert not g.over and g.deck_sizes["troops"] > 0
    bot = make_bot("hard", 2, iterations=90)
    assert isinstance(bot, HardBot)
    action = bot.choose(g.view(g.to_move))
    assert action in g.legal_actions()
    assert bot.last_search is not None and bot.last_search.get("tree") is True
    assert bot.last_search["iterations"] == 90
    assert action in [a for a, _ in bot.last_values]
