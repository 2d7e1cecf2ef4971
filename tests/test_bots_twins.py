"""The Game-side bots answer as they did when they computed on `Game` beside their bit-mask twins.

tests/data/bot_twins.json was written by tools/record_bot_twins.py from the code before the twins
became one (the normal bot's forecast over engine.ai.outlook and its deck choice, the easy bot over
engine.ai.simple): now they ask the mask code (lean_eval, lean_policy), and these are the old answers
it must give.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.ai.normal import choose_deck
from engine.ai.simple import SimpleBot
from engine.game import Game
from engine.position import from_position
from engine.rules import Rules
from tools.record_bot_twins import forecast_odds

DATA: dict[str, Any] = json.loads((Path(__file__).resolve().parent / "data" / "bot_twins.json").read_text())


@pytest.mark.parametrize("case", DATA["forecast"], ids=[f"seed{c['seed']}" for c in DATA["forecast"]])
def test_forecast_odds_match_the_recorded_ones(case: dict[str, Any]) -> None:
    assert forecast_odds(from_position(case["view"]), case["seed"]) == case["odds"]


@pytest.mark.parametrize("record", DATA["easy"], ids=[f"game{g['seed']}" for g in DATA["easy"]])
def test_easy_bot_plays_the_recorded_games(record: dict[str, Any]) -> None:
    game = Game.new(Rules(**record["rules"]), seed=record["seed"])
    bots = {s: SimpleBot(record["seed"] * 10 + i) for i, s in enumerate(game.seats)}
    for n, step in enumerate(record["steps"]):
        seat = game.to_move
        seen = from_position(game.view(seat))
        if step["ranked"] is not None:
            assert bots[seat].ranked(seen.copy(), seen.legal_actions()) == step["ranked"], n
        action = bots[seat].choose_in(seen)
        assert action == step["action"], n
        game.apply(action)
    assert game.result is not None


def test_normal_deck_choices_match_the_recorded_ones() -> None:
    assert len(DATA["decks"]) >= 100
    for n, case in enumerate(DATA["decks"]):
        seen = from_position(case["view"])
        assert choose_deck(seen, seen.legal_actions()) == case["action"], n
