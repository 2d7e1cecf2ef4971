"""The board's layers are views given what they draw (issue 60 items 1-2).

- the still layer is made stale in one place, its view (scenes.board_still.StillView): no other module writes its
  state (it used to be written in refresh, consume, restyled and a screenshot script);
- it is drawn again whole exactly when the model's version of the view changes, and not for a frame that shows
  the same view;
- the card preview's timing (ZoomView) runs on the values it is given, with no board at all.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
from ui_driver import board_on_show

from game.keep.settings import Settings
from game.ui.shell import App
from scenes.board_zoom_view import ZOOM_DELAY, Rest, ZoomView

ROOT = Path(__file__).resolve().parent.parent
STILL_STATE = {"static", "static_fresh", "static_hidden"}  # the names the board kept the layer under


def still_writes() -> list[str]:
    """Every assignment to the still layer's state outside scenes/board_still.py: an old name on any object, or
    an attribute of the board's `still` view."""
    found = []
    for package in ("scenes", "game", "tools"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name == "board_still.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)):
                    continue
                owner = node.value
                if node.attr in STILL_STATE or (isinstance(owner, ast.Attribute) and owner.attr == "still"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_still_layer_is_made_stale_in_one_place() -> None:
    assert still_writes() == [], "only StillView decides its layer is stale"


def test_the_still_layer_follows_the_models_version_of_the_view() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    app.draw(app.screen)
    edit, version = board.still.edit, board.model.version
    app.draw(app.screen)
    assert board.still.edit == edit, "the same view: the layer is kept"
    board.refresh()
    assert board.model.version == version + 1, "reading the table again is a new version"
    app.draw(app.screen)
    assert board.still.edit == edit + 1 and board.still.edits_since(edit) is None, "drawn again whole"
    assert board.still.key is not None and board.still.key[0] == board.model.version
    board.table.close()


def test_the_preview_waits_its_delay_and_a_new_view_puts_it_away() -> None:
    zoom = ZoomView()
    card = (("hand", "r5"), "r5")
    assert zoom.pending(Rest(card, 1, 0.0)) and zoom.wake_in(Rest(card, 1, 0.0)) == 0.0
    assert not zoom.due(Rest(card, 1, 0.0)), "the rest starts"
    assert zoom.wake_in(Rest(card, 1, 0.2)) == ZOOM_DELAY - 0.2
    assert not zoom.due(Rest(card, 1, ZOOM_DELAY / 2))
    assert zoom.due(Rest(card, 1, ZOOM_DELAY)), "due after its delay"
    assert not zoom.due(Rest(card, 2, ZOOM_DELAY + 1)), "the table changed: put away"
    assert not zoom.due(Rest(card, 2, ZOOM_DELAY + 9)) and not zoom.pending(Rest(card, 2, ZOOM_DELAY + 9)), \
        "until the focus moves again"
    assert not zoom.due(Rest(None, 2, 10.0)) and zoom.since is None
    calls: list[str] = []

    def spot(name: str, box: pygame.Rect | None) -> pygame.Rect | None:
        calls.append(name)
        return box

    assert zoom.place("k", lambda: spot("first", pygame.Rect(1, 2, 3, 4))) == pygame.Rect(1, 2, 3, 4)
    assert zoom.place("k", lambda: spot("again", None)) == pygame.Rect(1, 2, 3, 4), "kept while its key is"
    assert zoom.place("k2", lambda: spot("moved", None)) is None and calls == ["first", "moved"]
