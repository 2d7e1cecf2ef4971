"""The tutorial played to its end through the real loop, by keyboard alone, controller alone and mouse."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pygame
import pytest
from ui_driver import Driver

from engine.notation_types import Action
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
        assert any(lesson.goal(cast(Action, a)) for a in game.legal_actions()), lesson.title


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
        wrong = next((t for t in scene.targets if t[0] == "hand" and t not in scene.model.flow.candidates()), None)
        if wrong is not None and not scene.tutorial.made:
            scene.activate(wrong)  # a card the lesson does not ask for: refused, explained in the panel
            assert scene.note[0] and scene.table.legal_actions() == legal
        driver.play(scene, legal[0], device)
    else:
        raise AssertionError("the tutorial did not end")
    assert sorted(set(seen)) == list(range(len(LESSONS)))
    from scenes.confirm import ConfirmScene

    assert isinstance(app.top, ConfirmScene), "the last Continue leads to the closing step"
    driver.key(pygame.K_ESCAPE)  # "Main menu" is the way back
    assert isinstance(app.top, MainMenuScene), "and from it back to the menu"


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
                picks = sorted(scene.model.flow.candidates(), key=lambda t: (t[0] == "button", str(t)))
                if not picks:  # the draw: the decks are chosen by the board's own draw step
                    driver.play(scene, scene.table.legal_actions()[0], "keyboard")
                    continue
                rings, _columns = scene.keep_clear()
                _title, body, _foot = scene.panel_words()
                box, lines, _notes = scene.panel_box(body, "")
                assert box.collidelist(rings) < 0, f"lesson {index + 1} step {steps} in {lang}: a ring is covered"
                where = f"lesson {index + 1} step {steps} in {lang}"
                assert not box.colliderect(_their_count(scene)), f"{where}: the other side's hand count is covered"
                assert not box.colliderect(_my_count(scene)), f"{where}: the viewer's own name or flags are covered"
                named = {a.get(k) for a in scene.rules_legal() if scene.lesson.goal(a)
                         for k in ("flag", "from_flag", "to_flag")}
                named |= set(scene.lesson.named)  # lesson 7: "You hold flags 4 and 5" (Ben's cards there)
                hidden = [key for key, r in scene.rects.items() if key[0] == "slot" and key[1] in named
                          and box.colliderect(r)]
                assert not hidden, f"{where}: the panel hides {hidden}, at a flag the lesson's words name"
                assert pygame.Rect(0, 0, 1920, 1080).contains(box) and lines
                scene.activate(picks[0])
                steps += 1
            assert scene.tutorial.finished, f"lesson {index + 1} ends"
            app.pop(scene)
    finally:
        set_language("en")


def _their_count(scene: TutorialScene) -> pygame.Rect:
    """Where the top strip says the other side's flags and hand count (as scenes.board_draw draws it)."""
    from engine import OTHER
    from game.i18n import _
    from game.ui import art, layout
    from game.ui.text import fitted

    them = OTHER[scene.model.viewer]
    words = _("Flags: {n}  \u00b7  in hand: {hand}", n=0, hand=scene.view["hand_sizes"][them])
    info = fitted(words, 28, layout.OPP_HAND_X - 44, art.MUTED)
    return pygame.Rect(30, 62, info.get_width(), info.get_height())


def _my_count(scene: TutorialScene) -> pygame.Rect:
    """Where the top strip's right end names the viewer and their flags (as scenes.board_draw draws it)."""
    left = scene.info_left() + 16
    return pygame.Rect(left, 16, 1920 - 28 - left, 80)


def lesson_scene(index: int) -> tuple[App, TutorialScene]:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 30, window=False)
    scene = TutorialScene(app, index)
    app.push(scene)
    Driver(app).frames(2)
    return app, scene


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_r9_a_lessons_prompt_says_only_what_the_rules_say(index: int) -> None:
    """A lesson offers one move, but its prompt speaks of the rules: a hand of troops never hears
    "No troop can be played" (R9), and no Done claiming is asked for where none is shown."""
    _app, scene = lesson_scene(index)
    words = " ".join(scene.prompt())
    troops = [c for c in scene.view["hands"]["south"] or [] if c[:1] in "roygbp"]
    if troops and scene.table.phase == "play":
        assert "No troop can be played" not in words, (index, words)
    if "Done claiming" in words:
        assert "done" in scene.buttons(), (index, words)


def test_the_right_move_clears_a_refusal_from_the_lesson_panel() -> None:
    app, scene = lesson_scene(0)
    wrong = next(t for t in scene.targets if t[0] == "hand" and t not in scene.model.flow.candidates())
    scene.activate(wrong)
    assert "Not in this lesson" in " ".join(scene.note[0])
    Driver(app).play(scene, scene.table.legal_actions()[0], "keyboard")
    assert scene.tutorial.made
    assert "Not in this lesson" not in " ".join(scene.note[0]), "the refusal does not outlive the right move"


def test_the_tutorial_from_the_welcome_ends_in_a_game_as_it_promised() -> None:
    from scenes.board import BoardScene
    from scenes.welcome import WelcomeScene

    app = App(Settings(animation_speed="off"), fixed_dt=1 / 30, window=False)
    app.push(MainMenuScene(app))
    app.push(WelcomeScene(app))
    driver = Driver(app)
    driver.confirm("keyboard")  # "New here? The tutorial", whose hint says "then a game"
    for _ in range(40):
        scene = app.top
        if not isinstance(scene, TutorialScene):
            break
        if scene.tutorial.finished:
            driver.confirm("keyboard")
            continue
        driver.play(scene, scene.table.legal_actions()[0], "keyboard")
    from scenes.confirm import ConfirmScene

    assert isinstance(app.top, ConfirmScene), "a closing step: what was learnt, and the game first among the answers"
    driver.confirm("keyboard")
    board = app.top
    assert isinstance(board, BoardScene) and not isinstance(board, TutorialScene), app.top
    assert board.coach is not None, "a game against the easy bot (it has a coach)"
    board.table.close()
