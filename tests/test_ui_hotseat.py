"""A whole hot-seat game played through synthetic mouse, keyboard and controller events only."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest
from ui_driver import Driver, game_of

from engine import from_record
from engine.notation_types import Action
from game.keep.settings import Settings
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.menu_base import MenuScene
from scenes.pass_device import PassScene
from scenes.results import ResultsScene
from scenes.title import TitleScene

DEVICES = ("mouse", "keyboard", "controller")


@pytest.fixture
def app(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    app.push(TitleScene(app))
    yield app  # pygame stays initialised: cached fonts live as long as the font module


def start_from_title(driver: Driver, app: App) -> None:
    """Title -> main menu -> setup -> start, by keyboard: the first game of the evening."""
    driver.key(pygame.K_RETURN)  # title
    driver.key(pygame.K_RETURN)  # New game
    driver.key(pygame.K_LEFT)  # Opponent: from the easy bot ...
    driver.key(pygame.K_LEFT)  # ... to a person here
    assert isinstance(app.top, MenuScene)
    for _ in range(len(app.top.menu.items) - 1):
        driver.key(pygame.K_DOWN)  # the menu does not wrap: down to "Start the game"
    driver.key(pygame.K_RETURN)
    assert isinstance(app.find(BoardScene), BoardScene)


def choose_action(rng: random.Random, legal: list[Action]) -> Action:
    claims = [a for a in legal if a["type"] == "claim"]
    if claims:
        return claims[0]
    plays = [a for a in legal if a["type"] != "pass"] or legal
    return rng.choice(plays)


def test_hotseat_game_to_the_end_with_every_device(app: App) -> None:
    random.seed(2024)  # the setup screen deals from a random seed: make it this one
    driver = Driver(app)
    start_from_title(driver, app)
    board = app.find(BoardScene)
    assert isinstance(board, BoardScene)
    rng = random.Random(11)
    turn = 0
    passes_seen = 0
    actions_made = 0
    for _ in range(3000):
        driver.frames(2)
        top = app.top
        if isinstance(top, ResultsScene):
            break
        device = DEVICES[turn % 3]
        if isinstance(top, PassScene):
            assert board.model.hidden, "the hand is hidden while the device is passed"
            passes_seen += 1
            if device == "mouse":
                driver.click(top.button.center)
            else:
                driver.confirm(device)
            assert not board.model.hidden and board.model.viewer == board.table.to_move
            turn += 1
            continue
        assert top is board
        legal = board.table.legal_actions()
        assert legal, "a local player to move always has a choice"
        action = choose_action(rng, legal)
        before = len(game_of(board.table).actions)
        driver.play(board, action, device)
        assert len(game_of(board.table).actions) == before + 1, f"{action} was not played through the UI"
        actions_made += 1
    else:
        raise AssertionError("the game did not finish")
    game = game_of(board.table)
    assert game.over and game.result == board.table.result
    assert passes_seen >= 10
    assert all(n > 0 for n in driver.used.values()), driver.used
    assert actions_made == len(game.actions)
    replay = from_record(board.table.record())
    assert replay.result == game.result
    assert replay.view(None) == game.view(None)
