"""The tutorial played to its end through the real loop, by keyboard alone, controller alone and mouse."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from app.ui_driver import Driver
from game.keep.settings import Settings
from game.play.tutorial import LESSONS, build
from game.ui.shell import App
from scenes.main_menu import MainMenuScene
from scenes.tutorial import TutorialScene


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()


def test_every_lesson_is_a_legal_position_with_its_move() -> None:
    for lesson in LESSONS:
        game = build(lesson, {"south": "Ana", "north": "Ben"})
        assert any(lesson.goal(a) for a in game.legal_actions()), lesson.title


@pytest.mark.parametrize("device", ["keyboard", "controller", "mouse"])
def test_tutorial_played_through_from_the_main_menu(device: str) -> None:
    app = App(Settings(animation_speed="normal", welcomed=True), fixed_dt=1 / 30, window=False)
    app.push(MainMenuScene(app))
    driver = Driver(app)
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    for _ in range([i.label for i in menu.menu.items].index("Tutorial")):
        driver.direction("keyboard" if device == "mouse" else device, "down")
    driver.confirm("keyboard" if device == "mouse" else device)
    seen = []
    for _ in range(200):
        scene = app.top
        if not isinstance(scene, TutorialScene):
            break
        seen.append(scene.index)
        driver.frames(40)  # animations settle
        if scene.tutorial.finished:
            if device == "mouse":
                driver.click((960, 60))
            else:
                driver.confirm(device)
            continue
        legal = scene.table.legal_actions()
        assert legal, f"lesson {scene.index + 1} offers a move"
        wrong = next((t for t in scene.targets if t[0] == "hand" and t not in scene.flow.candidates()), None)
        if wrong is not None and not scene.tutorial.made:
            scene.activate(wrong)  # a card the lesson does not ask for: refused, explained in the panel
            assert scene.note[0] and scene.table.legal_actions() == legal
        driver.play(scene, legal[0], device)
    else:
        raise AssertionError("the tutorial did not end")
    assert sorted(set(seen)) == list(range(len(LESSONS)))
    assert isinstance(app.top, MainMenuScene), "the last Continue leads back to the menu"


@pytest.mark.parametrize("lang", ["en", "hu", "zh", "ro", "es", "cs"])
def test_the_lesson_panel_never_hides_a_place_the_lesson_asks_for(lang: str) -> None:
    from game.i18n import set_language

    set_language(lang)
    try:
        app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 30, window=False)
        surface = pygame.Surface((1920, 1080))
        for index in range(len(LESSONS)):
            scene = TutorialScene(app, index)
            app.push(scene)
            steps = 0
            driver = Driver(app)
            while not scene.tutorial.finished and steps < 12:  # every pick of the lesson's move, and the draw
                scene.draw(surface)  # fills the targets' rectangles
                picks = sorted(scene.flow.candidates(), key=lambda t: (t[0] == "button", str(t)))
                if not picks:  # the draw: the decks are chosen by the board's own draw step
                    driver.play(scene, scene.table.legal_actions()[0], "keyboard")
                    continue
                rings, _columns = scene.keep_clear()
                _title, body, _foot = scene.panel_words()
                box, lines, _notes = scene.panel_box(body, "")
                assert box.collidelist(rings) < 0, f"lesson {index + 1} step {steps} in {lang}: a ring is covered"
                assert pygame.Rect(0, 0, 1920, 1080).contains(box) and lines
                scene.activate(picks[0])
                steps += 1
            assert scene.tutorial.finished, f"lesson {index + 1} ends"
            app.pop(scene)
    finally:
        set_language("en")
