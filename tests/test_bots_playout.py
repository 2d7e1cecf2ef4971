"""The fast formation estimate agrees with best_formation (R13-R15, R30, R31); the easy bot plays games out legally."""

from __future__ import annotations

import random

from engine.ai.simple import SimpleBot
from engine.cards import TROOP_BIT, TROOPS
from engine.formations import best_formation
from engine.game import Game
from engine.potential import troop_potential


def test_troop_potential_matches_best_formation() -> None:
    rng = random.Random(11)
    for _ in range(4000):
        size = rng.choice((3, 4))
        fog = rng.random() < 0.2
        cards = rng.sample(TROOPS, rng.randint(0, size))
        rest = [c for c in TROOPS if c not in cards]
        mask = 0
        for card in rng.sample(rest, rng.randint(0, 25)):
            mask |= TROOP_BIT[card]
        expected = best_formation(cards, size, fog, mask)
        assert troop_potential(cards, size, fog, mask) == (None if expected is None else expected.strength), \
            (cards, size, fog)


def test_easy_bot_finishes_games_legally() -> None:
    for seed in range(3):
        game = Game.new(seed=seed)
        bot = SimpleBot(seed)
        while game.result is None:
            action = bot.choose_in(game)
            assert action in game.legal_actions()
            game.apply(action)
