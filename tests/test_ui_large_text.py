"""Large text and long words keep their room (issue 59, item 7): Settings' hint never runs into the keys' line,
a menu row's label is never smaller at large text than at normal (the value gives way first: the volume bars,
long Spanish and Hungarian values), and a board button's words keep clear of its edges (Romanian "Jurnalul
jocului  L" filled its button). Words are found where they land by tests/text_boxes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
import text_boxes

from scenes.board import BoardScene
from tools.workshop import screenshot


def _lines(app: Any) -> tuple[list[text_boxes.Line], list[str]]:
    """The lines of text on the screen as the app draws it now, and the collisions among them."""
    with text_boxes.recording():
        screen = pygame.Surface((1920, 1080))
        app.draw(screen)
        return list(text_boxes.lines_of(screen)), text_boxes.collisions(screen)


@pytest.mark.parametrize(("lang", "size"), [("en", "large"), ("hu", "large"), ("es", "normal")])
def test_the_settings_hint_never_runs_into_the_keys_line(lang: str, size: str) -> None:
    found = []
    with screenshot.staged("settings", lang=lang, text_size=size) as app:
        menu = app.top.menu
        for i, item in enumerate(menu.items):
            if not item.hint:
                continue
            menu.focus = i
            _, clashes = _lines(app)
            found += [f"{item.label}: {c}" for c in clashes]
    assert not found, "\n".join(found[:6])


@pytest.mark.parametrize("scene", ["settings", "accessibility"])
@pytest.mark.parametrize("lang", ["en", "es", "hu"])
def test_a_menu_label_is_not_smaller_at_large_text(scene: str, lang: str) -> None:
    heights: dict[str, dict[str, int]] = {}
    for size in ("normal", "large"):
        with screenshot.staged(scene, lang=lang, text_size=size) as app:
            labels = {item.label for item in app.top.menu.items if item.choices or item.detail is not None}
            lines, _ = _lines(app)
            heights[size] = {line.words: line.image.get_height() for line in lines if line.words in labels}
    smaller = [f"{w!r}: {heights['normal'][w]} px at normal, {h} px at large" for w, h in heights["large"].items()
               if w in heights["normal"] and h < heights["normal"][w]]
    assert heights["large"] and not smaller, "\n".join(smaller)


@pytest.mark.parametrize("lang", ["ro", "hu", "es", "cs"])
def test_a_board_buttons_words_keep_clear_of_its_edges(lang: str) -> None:
    with screenshot.staged("hint", lang=lang, text_size="large") as app:
        board = app.top
        assert isinstance(board, BoardScene)
        lines, _ = _lines(app)
        buttons = [r for t, r in board.targets.items() if t[0] == "button"]
        tight = []
        for rect in buttons:
            for line in lines:
                if rect.contains(line.ink) and min(line.ink.left - rect.left, rect.right - line.ink.right) < 10:
                    tight.append(f"{line.words!r} {tuple(line.ink)} in {tuple(rect)}")
        assert not tight, "\n".join(tight)
