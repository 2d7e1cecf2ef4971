"""A whole game against the easy bot, which thinks in its own process, played through the UI."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_driver import Driver

from engine import from_record
from game.keep.settings import Settings
from game.play.session import Session, Setup
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.results import ResultsScene


@pytest.fixture
def app(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)


def test_game_against_easy_bot_to_the_end(app: App) -> None:
    session = Session(Setup(opponent="easy", seed=5), bot_pace=0.0)
    table = session.new_table()
    board = BoardScene(app, table, session)
    app.push(board)
    driver = Driver(app)
    rng = random.Random(3)
    devices = ("keyboard", "mouse", "controller")
    moves = 0
    saw_thinking = False
    for _ in range(20000):
        driver.frames(1)
        if isinstance(app.top, ResultsScene):
            break
        saw_thinking |= table.thinking == "north"
        legal = table.legal_actions()
        if not legal or app.top is not board:
            continue
        assert board.model.viewer == "south" and not board.model.hidden
        claims = [a for a in legal if a["type"] == "claim"]
        action = claims[0] if claims else rng.choice(legal)
        driver.play(board, action, devices[moves % 3])
        moves += 1
    else:
        raise AssertionError("the game did not finish")
    game = table.game
    assert game.over and moves > 5 and saw_thinking
    assert sum(1 for a in game.actions) > moves, "the bot played its own moves"
    replay = from_record(table.record())
    assert replay.result == game.result
    table.close()
