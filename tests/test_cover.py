"""Nothing covers what the player must choose, a card a message names, or a player's name (issue 46).

Every screenshot scene is drawn while game.ui.cover records what each frame kept in sight and what it laid
over the screen (the card preview, banners, the lesson panel); on a board, each card in the hand is then
rested on, with the keyboard and with the mouse, until its preview opens, and drawn again.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pygame
import pytest

from game.keep.settings import Settings
from game.play.flow import Target
from game.ui import cover
from game.ui.shell import App
from scenes import board_zoom
from scenes.board import BoardScene
from scenes.board_input import Focus, Hover
from tools.workshop import screenshot


def _rest(app: object, board: BoardScene, target: tuple[object, ...], device: str) -> list[str]:
    """Rest on `target` as the player would, long enough for its preview; the clashes of the frame then."""
    app.input.last_device = device  # type: ignore[attr-defined]
    if device == "mouse":
        board.perform(board_input_hover(board, target))
    else:
        board.perform(Focus(target))
    surface = pygame.Surface((1920, 1080))
    app.draw(surface)  # type: ignore[attr-defined]  # the rest starts
    board.clock += board_zoom.ZOOM_DELAY + 0.1
    with cover.watch() as frame:
        app.draw(surface)  # type: ignore[attr-defined]
    return frame.clashes()


def board_input_hover(board: BoardScene, target: tuple[object, ...]) -> Hover:
    return Hover(cast(Target, target), board.targets[cast(Target, target)].center)


SCENES = sorted(screenshot.SCENES)


@pytest.mark.parametrize("chunk", range(4))
def test_no_overlay_covers_a_choice_a_named_card_or_a_name(chunk: int) -> None:
    clashes: dict[str, list[str]] = {}
    for name in SCENES[chunk::4]:
        with screenshot.staged(name) as app:
            with cover.watch() as frame:
                app.draw(app.screen)
            found = frame.clashes()
            board = app.top
            if isinstance(board, BoardScene) and not board.model.hidden:
                hand = [t for t in board.targets if t[0] == "hand"]
                for target in hand:
                    for device in ("keyboard", "mouse"):
                        found += [f"{device} on {target[1]}: {c}" for c in _rest(app, board, target, device)]
                refused = [t for t in hand if t not in board.model.playable()][:1]
                for target in refused:  # chosen anyway: the refusal's banner joins the open preview
                    _rest(app, board, target, "keyboard")
                    board.activate(target)
                    with cover.watch() as frame:
                        app.draw(pygame.Surface((1920, 1080)))
                    found += [f"{target[1]} refused: {c}" for c in frame.clashes()]
            if found:
                clashes[name] = sorted(set(found))
    assert not clashes, "\n".join(f"{name}: {c}" for name, cs in clashes.items() for c in cs[:4])


def test_the_preview_waits_for_a_rest_not_for_a_key_that_changed_the_phase(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """D draws a card and the turn passes: the game puts the focus in the hand, and no preview opens there by
    itself (it covered four or five flags); the player resting on the card opens it."""
    from ui_driver import Driver

    from game.play.bot_client import InProcessBot
    from game.play.positions import find, in_phase
    from game.play.table import LocalTable
    from scenes.board import BoardScene as Board

    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 30)
    try:
        board = Board(app, LocalTable(find(7, in_phase("draw")), {"north": InProcessBot("easy", 7, 0.0)}))
        board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
        board.refresh()
        app.push(board)
        driver = Driver(app)
        driver.frames(2)
        driver.key(pygame.K_d)
        for _ in range(300):  # the card flies in, the easy bot plays: at most ten seconds of frames
            driver.frames(1)
            if board.my_turn and board.table.phase == "play" and not board.anims.busy(board.clock):
                break
        driver.frames(30)  # a second more: a preview would be open by now
        assert board.table.phase != "draw" and board.model.focus is not None and board.model.focus[0] == "hand"
        assert board_zoom.draw(board, app.screen) is None, "a focus the game put there opens no preview"
        driver.direction("keyboard", "right")
        driver.frames(30)
        assert board_zoom.draw(board, app.screen) is not None, "a card the player rests on does"
    finally:
        app.close()
