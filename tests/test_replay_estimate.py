"""The win-estimate bar in the replay viewer: hard's estimate from South's own view, at South's plays."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver
from waiting import wait_until

from game.keep.files import take_notices
from game.keep.settings import Settings
from game.play.positions import find
from game.ui.shell import App
from scenes.replay_view import ReplayScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    take_notices()
    return App(Settings(animation_speed="normal"), fixed_dt=1 / 60)


def test_no_coach_is_started_while_the_bar_is_off(app: App) -> None:
    scene = ReplayScene(app, find(3, lambda g: g.over, limit=600))
    app.push(scene)
    Driver(app).frames(3)
    assert scene.coach is None


def test_the_replay_bar_asks_hard_about_souths_own_view_and_holds_it_between_souths_plays(app: App) -> None:
    app.settings.win_bar = True
    game = find(3, lambda g: g.over, limit=600)
    scene = ReplayScene(app, game)
    app.push(scene)
    driver = Driver(app)
    driver.frames(1)
    coach = scene.coach
    assert coach is not None and coach.chance() is None, "no estimate before South's first play"
    step = coach.plays[3]
    question = coach.question(step)
    assert question["to_move"] == "south" and question["hands"]["south"]
    assert not isinstance(question["hands"]["north"], list), "never the other hand"
    assert not isinstance(question["decks"]["troops"], list), "never the decks' order"
    scene.go(step)
    # a real bot process: start-up and one second of thought
    wait_until(lambda: coach.chance() is not None, 120, "the coach's win chance", step=lambda: driver.frames(1))
    chance = coach.chance()
    assert chance is not None and 0.0 <= chance <= 1.0 and step in coach.chances
    scene.go(step + 1)  # North's turn: the bar holds South's latest estimate
    driver.frames(1)
    assert coach.chance() == chance
    app.draw()
    assert coach.coach.bot is not None
    app.pop(scene)
    assert scene.coach is None and coach.coach.bot is None, "the bot process is closed with the viewer"
