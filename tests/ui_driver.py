"""Drive the real game loop with synthetic device events: the tests play through the UI.

It lives with the tests, outside the installed game (which only the tests drive this way).

Every move is made the way a person would: a mouse click on the target, arrow keys and Enter, or
the controller's D-pad and A, posted with pygame.event.post and read by the real main loop.
"""

from __future__ import annotations

from typing import Any, cast

import pygame

from engine import Game
from engine.notation_types import Action
from game.play.flow import Target, picks_of
from game.play.positions import busy, find
from game.play.table import LocalTable, Table
from scenes import board_input
from scenes.board import BoardScene

PAD = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
       "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN}
KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


class Driver:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.used = {"mouse": 0, "keyboard": 0, "controller": 0}

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step()

    # ---------------------------------------------------------------- raw devices
    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.used["keyboard"] += 1
        self.frames()

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.used["mouse"] += 1
        self.frames()

    def pad(self, button: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=button))
        self.used["controller"] += 1
        self.frames()

    def confirm(self, device: str) -> None:
        if device == "controller":
            self.pad(pygame.CONTROLLER_BUTTON_A)
        else:
            self.key(pygame.K_RETURN)

    def direction(self, device: str, name: str) -> None:
        if device == "controller":
            self.pad(PAD[name])
        else:
            self.key(KEYS[name])

    # ---------------------------------------------------------------- on the board
    def choose(self, board: Any, target: Target, device: str) -> None:
        """Pick one target on the board with one device."""
        if device == "mouse":
            self.click(_click_point(board, target))
            return
        if device == "keyboard" and target[0] == "flag" and target in board.model.flow.candidates():
            self.key(pygame.K_0 + int(target[1]))
            return
        for _ in range(60):
            if board.model.focus == target:
                self.confirm(device)
                return
            ring = board_input.ordered_candidates(board.situation())
            if board.model.flow.picked and target in ring and board.model.focus in ring:
                self.direction(device, "right")
            else:
                self.direction(device, _towards(board, target))
        raise AssertionError(f"could not move the focus to {target} (stuck at {board.model.focus})")

    def play(self, board: Any, action: Action | dict[str, Any], device: str) -> None:
        """Make one action through the UI, pick by pick (the engine's plain dict, or the table's typed one)."""
        for target in picks_of(cast(Action, action), board.model.viewer):
            self.choose(board, target, device)


def _click_point(board: Any, target: Target) -> tuple[int, int]:
    rect = board.targets[target]
    return rect.centerx, rect.y + min(20, rect.height // 2)


def _towards(board: Any, target: Target) -> str:
    here = board.targets[board.model.focus].center if board.model.focus in board.targets else (960, 540)
    there = board.targets[target].center
    dx, dy = there[0] - here[0], there[1] - here[1]
    if abs(dy) > 60 and (abs(dy) >= abs(dx) * 0.4 or abs(dx) < 60):
        return "down" if dy > 0 else "up"
    return "right" if dx > 0 else "left"


def game_of(table: Table) -> Game:
    """The engine's game behind a table run on this screen (`table.local`), for a test to look into."""
    local = table.local
    assert local is not None, "a LAN table: its game is on the host"
    return local.game


def board_on_show(app: Any) -> BoardScene:
    """A BoardScene on the busy mid-game position the board's tests share (seed 7, 34 actions in), its cover
    lifted, refreshed and pushed on `app`."""
    board = BoardScene(app, LocalTable(find(7, busy(34))))
    board.model.hidden, board.pending_pass = False, None
    board.refresh()
    app.push(board)
    return board


def marked(board: BoardScene) -> list[pygame.Rect]:
    """The places the board rings for the last turns told, as it would draw them now (none while the hand is
    turned away), from the board's parts (scenes.board_marks)."""
    from scenes.board_marks import mark_rects

    if board.model.hidden:
        return []
    return mark_rects(board.shown, board.rects, board.anims.hidden(), board.story())
