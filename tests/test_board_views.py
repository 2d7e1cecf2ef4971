"""The board's layers are views given what they draw (issue 60 items 1-2).

- the still layer is made stale in one place, its view (scenes.board_still.StillView): no other module writes its
  state (it used to be written in refresh, consume, restyled and a screenshot script);
- it is drawn again whole exactly when the model's version of the view changes, and not for a frame that shows
  the same view;
- the card preview's timing (ZoomView) runs on the values it is given, with no board at all;
- its place is keyed by a frozen value (`Place`) made from the model's versions and what is zoomed: a new view or
  a new layout moves it, and nothing in it is an object's identity;
- the banner is drawn by a view (BannerView) from a frozen value (Banner) the board makes, its panel kept while only
  its place and fade change; the banner keeps no drawn layer of its own.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pygame
import pytest
from ui_driver import board_on_show

from game.keep.settings import Settings
from game.ui.shell import App
from scenes import board_zoom
from scenes.board_banner import Banner, BannerView
from scenes.board_zoom_view import ZOOM_DELAY, Place, Rest, ZoomView

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

    place = Place(card, 2, 5, None, None, (), "en", ())
    assert zoom.place(place, lambda: spot("first", pygame.Rect(1, 2, 3, 4))) == pygame.Rect(1, 2, 3, 4)
    same = Place(card, 2, 5, None, None, (), "en", ())
    assert zoom.place(same, lambda: spot("again", None)) == pygame.Rect(1, 2, 3, 4), "kept while its key is"
    moved = dataclasses.replace(place, layout=6)
    assert zoom.place(moved, lambda: spot("moved", None)) is None and calls == ["first", "moved"]


def test_the_previews_place_is_keyed_by_a_frozen_value_from_the_model() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    card = next(t for t in board.targets if t[0] == "hand")
    board.model.focus = board.model.rested = card
    with app.active():
        board_zoom.draw(board, app.screen)  # the rest starts
        board.clock += ZOOM_DELAY + 0.1
        assert board_zoom.draw(board, app.screen) is not None, "the preview is shown"
    assert board.zoom.placed is not None
    place = board.zoom.placed[0]
    assert isinstance(place, Place) and dataclasses.is_dataclass(place), "the key is a value, not a loose tuple"
    with pytest.raises(dataclasses.FrozenInstanceError):  # the place's value cannot change once keyed
        place.version = 0  # type: ignore[misc]
    assert (place.shown[0], place.version, place.layout) == (card, board.model.version, board.model.layout)
    assert place.key() == dataclasses.replace(place).key(), "an equal value, an equal key"
    assert place.key() != dataclasses.replace(place, version=place.version + 1).key(), "a new view moves the key"
    assert not any(isinstance(part, int) and part == id(board.view) for part in place.key()), "no id() in the key"
    placed = board.zoom.placed
    with app.active():
        board_zoom.draw(board, app.screen)
        assert board.zoom.placed is placed, "the same frame's value: the place is kept"
        board.relayout()  # the board laid out again (a pick, a step back): the model's layout moves
        assert board_zoom.draw(board, app.screen) is not None
    assert board.zoom.placed is not placed and board.zoom.placed[0].layout == place.layout + 1, "placed again"
    board.table.close()


def test_the_banner_is_drawn_by_a_view_from_the_value_it_is_given() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    board.say(["Bot (hard) takes flag 9"], title="Flag 9", about=("flag", 9))
    with app.active():
        board.clock = board.toasts[-1].start
        app.draw(app.screen)
    view = board.banner_view
    assert isinstance(view, BannerView) and view.layer is not None and view.key is not None, "the board's banner"
    assert not hasattr(board.toasts[-1], "layers"), "the banner keeps no drawn layer of its own"
    board.table.close()
    surface = pygame.Surface((1920, 1080))
    banner = Banner(pygame.Rect(100, 400, 760, 120), "Flag 9", (200, 60, 60), "Bot takes flag 9",
                    ("Bot takes flag 9",), 30, 1.0, ("a look",))
    with pytest.raises(dataclasses.FrozenInstanceError):  # the banner's value cannot change once drawn
        banner.alpha = 0.5  # type: ignore[misc]
    view = BannerView()
    view.draw(surface, banner)
    layer = view.layer
    assert surface.get_at((110, 460)) != pygame.Color(0, 0, 0), "the panel is drawn at the banner's box"
    assert surface.get_at((90, 460)) == pygame.Color(0, 0, 0), "and nowhere else"
    view.draw(surface, dataclasses.replace(banner, box=banner.box.move(0, 300), alpha=0.5))
    assert view.layer is layer, "moved and fading: the same panel"
    assert layer is not None and layer.get_alpha() == 128
    view.draw(surface, dataclasses.replace(banner, words="Bot takes flag 8", lines=("Bot takes flag 8",)))
    assert view.layer is not layer, "new words: drawn again"
