"""The tutorial never names a button that is not on screen, and closes with a step of its own (issue 59, item 8):
lessons 4 and 7 said "choose Done claiming" with no such button; after lesson 7 the game dropped straight into
an easy-bot game."""

from __future__ import annotations

import pytest

from game.play.tutorial import LESSONS
from scenes import board_hud
from scenes.confirm import ConfirmScene
from scenes.tutorial import TutorialScene
from tools.workshop import screenshot


def _open(app: object, index: int) -> TutorialScene:
    scene = TutorialScene(app, index)  # type: ignore[arg-type]
    app.push(scene)  # type: ignore[attr-defined]
    return scene


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_a_lesson_names_no_button_that_is_not_on_screen(index: int) -> None:
    with screenshot.staged("menu") as app:
        lesson = _open(app, index)
        words = " ".join(board_hud.prompt_fit(lesson)[0])
        if "Done claiming" in words:
            assert "done" in lesson.buttons(), f"lesson {index + 1} says {words!r} with no Done claiming button"


def test_the_last_lesson_closes_with_what_was_learnt_and_the_next_thing() -> None:
    with screenshot.staged("menu") as app:
        lesson = _open(app, len(LESSONS) - 1)
        goal = next(a for a in lesson.tutorial.legal_actions() if lesson.lesson.goal(a))
        lesson.submit(goal)
        assert lesson.tutorial.finished
        lesson.advance()
        closing = app.top
        assert isinstance(closing, ConfirmScene), f"after the last lesson: {type(closing).__name__}"
        labels = [item.label for item in closing.menu.items]
        assert "Play a game against the easy bot" in labels and "Main menu" in labels
        closing.menu.focus = labels.index("Main menu")
        closing.menu.items[closing.menu.focus].run()  # type: ignore[misc]
        assert not isinstance(app.top, (ConfirmScene, TutorialScene)), "the menu again"
