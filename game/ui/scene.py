"""What a screen is: something on the app's stack that takes intents and draws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Intent

if TYPE_CHECKING:
    from game.ui.shell import App

IDLE, AMBIENT, MOVING = 0, 1, 2


class Scene:
    """A screen. `opaque = False` makes it an overlay: the scenes below it are drawn first."""

    name = "scene"
    opaque = True
    takes_text = False  # True: keys type letters (TEXT, ERASE) instead of acting as shortcuts

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Popped off the stack."""

    def resume(self) -> None:
        """The scene above was popped: this one is on top again."""

    def handle(self, intent: Intent) -> None:
        """An intent from the player; only the top scene receives them."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds; every scene on the stack is updated."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def activity(self) -> int:
        """IDLE (nothing moves: the loop may sleep), AMBIENT (slow glows) or MOVING (animations)."""
        return IDLE

    def wake_in(self) -> float | None:
        """Seconds until this scene needs a frame though nothing was input (a delay ends, a fade starts,
        a poll is due); None: nothing timed. The sleeping loop wakes then (App.run); 0 means now."""
        return None
