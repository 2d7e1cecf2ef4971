"""The easy bot plays games out legally (troop_potential, once checked here against best_formation, is now
checked against the brute force in tests/test_claims_bruteforce.py)."""

from __future__ import annotations

from engine.ai.simple import SimpleBot
from engine.game import Game


def test_easy_bot_finishes_games_legally() -> None:
    for seed in range(3):
        game = Game.new(seed=seed)
        bot = SimpleBot(seed)
        while game.result is None:
            action = bot.choose_in(game)
            assert action in game.legal_actions()
            game.apply(action)
