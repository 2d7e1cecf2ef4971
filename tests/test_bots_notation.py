"""Bots answer positions written in NOTATION.md with a legal action, and never read hidden cards."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.ai import LEVELS, make_bot
from engine.ai.worlds import hidden_of, sample_world
from engine.game import Game
from engine.position import from_position

EMPTY_FLAG: dict[str, Any] = {"north": [], "south": [], "fog": None, "mud": None, "first_complete": None,
                              "claimed": None}


def notation_example() -> dict[str, Any]:
    """NOTATION.md's position example, its other eight flags empty and its deck count made to add up.

    The example shows one flag only; with nine flags and these cards the troop deck holds 42.
    """
    flags = [{"north": ["r5", "r6", "r7"], "south": ["b8"], "fog": None, "mud": None,
              "first_complete": None, "claimed": None}] + [dict(EMPTY_FLAG) for _ in range(8)]
    return {
        "format": "battleline-position/1",
        "rules": {"tactics": True, "claim_timing": "standard"},
        "to_move": "south",
        "flags": flags,
        "discards": {"north": ["scout", "g3"], "south": []},
        "hands": {"south": ["r1", "b2", "y9", "g4", "o6", "p2", "traitor"], "north": None},
        "hand_sizes": {"north": 7, "south": 7},
        "decks": {"troops": 42, "tactics": 8},
    }


@pytest.mark.parametrize("level", LEVELS)
def test_bot_answers_the_notation_example_legally(level: str) -> None:
    position = notation_example()
    game = from_position(position)
    action = make_bot(level, 3, move_time=0.1, iterations=20).choose(copy.deepcopy(position))
    assert action in game.legal_actions()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("phase", ["claim", "draw", "scout_draw", "scout_return"])
def test_bot_answers_every_phase(level: str, phase: str) -> None:
    game = _game_in_phase(phase)
    view = game.view(game.to_move)
    action = make_bot(level, 4, move_time=0.1, iterations=20).choose(view)
    assert action in game.legal_actions()


def _game_in_phase(phase: str) -> Game:
    """The first position of a random game that reaches `phase`."""
    for seed in range(200):
        game = Game.new(seed=seed)
        bot = make_bot("random", seed)
        while game.result is None:
            if game.phase == phase:
                return game
            game.apply(bot.choose_in(game))
    raise AssertionError(f"no game reached {phase}")


def test_a_bot_never_depends_on_hidden_cards() -> None:
    """The same view with the hidden cards dealt differently gets the same answer."""
    game = Game.new(seed=31)
    bot = make_bot("random", 1)
    for _ in range(30):
        game.apply(bot.choose_in(game))
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    seat = game.to_move
    other = game.copy()
    world = sample_world(hidden_of(game, seat), __import__("random").Random(5))
    other.hands["north" if seat == "south" else "south"] = world.opp_hand
    other.decks = {"troops": world.troop_deck, "tactics": world.tactics_deck}
    for level in ("easy", "normal"):
        assert make_bot(level, 9).choose_in(game) == make_bot(level, 9).choose_in(other)


def test_hidden_cards_split_by_the_view_counts() -> None:
    game = from_position(notation_example())
    hidden = hidden_of(game, "south")
    assert len(hidden.troops) == 49 and len(hidden.tactics) == 8
    assert hidden.opp_troops == 7 and hidden.opp_tactics == 0
    world = sample_world(hidden, __import__("random").Random(1))
    assert len(world.opp_hand) == 7 and len(world.troop_deck) == 42 and len(world.tactics_deck) == 8
