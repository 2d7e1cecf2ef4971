"""The card preview shows the card under the pointer, even when the hand changed under a mouse that did not move
(issue 59, item 4: Mud played, a Traitor drawn into the slot the mouse rested on, and the click showed Mud)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.keep.settings import Settings
from game.play.bot_client import IdleBot
from game.play.positions import find, holding
from game.play.table import LocalTable
from game.ui.input import Intent, Kind
from game.ui.shell import App
from scenes import board_zoom
from scenes.board import BoardScene


def _rest(app: App, board: BoardScene) -> tuple[object, str] | None:
    """Draw until the preview's delay has passed; the (target, card) it shows then."""
    surface = pygame.Surface((1920, 1080))
    with app.active():
        app.draw(surface)
        board.clock += board_zoom.ZOOM_DELAY + 0.1
        app.draw(surface)
        return board_zoom.rest(board).shown if board.preview_box is not None else None


def test_the_preview_follows_the_card_that_came_under_a_still_mouse(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 30)
    try:
        game = find(3, holding("mud"))
        board = BoardScene(app, LocalTable(game, {"north": IdleBot()}))
        board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
        board.refresh()
        app.push(board)
        app.input.last_device = "mouse"
        pos = board.targets[("hand", "mud")].center
        with app.active():
            board.handle(Intent(Kind.POINT, "mouse", pos=pos))
        shown = _rest(app, board)
        assert shown is not None and shown[1] == "mud", "resting on Mud previews Mud"
        mud = next(a for a in board.model.legal if a.get("card") == "mud")
        with app.active():
            board.submit(mud)  # played without moving the mouse (the keyboard, say)
            while board.table.phase == "claim" or board.table.phase == "play":
                board.submit(next(a for a in board.model.legal if a["type"] in ("done", "claim")))
            board.submit({"type": "draw", "deck": "tactics"})
        hand = board.view["hands"]["south"] or []
        assert "mud" not in hand
        under = [t for t, r in board.targets.items() if t[0] == "hand" and r.collidepoint(pos)]
        assert under, "a card lies under the mouse again"
        aimed = board_zoom.rest(board).shown
        assert aimed is not None and aimed[1] != "mud", "the mouse rests on the card now in the slot, not on Mud"
        with app.active():  # the click, where the mouse still is
            board.handle(Intent(Kind.PRESS, "mouse", pos=pos))
            board.handle(Intent(Kind.RELEASE, "mouse", pos=pos))
        shown = _rest(app, board)
        assert shown is not None, "the card under the mouse is previewed"
        assert shown[1] != "mud" and shown[1] in hand, f"the preview shows {shown[1]}, not a card in the hand"
        assert shown[0] == under[-1], "the card under the mouse"
    finally:
        app.close()
