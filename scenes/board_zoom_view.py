"""The card preview's own state and timing (its drawing: scenes.board_zoom): which card rests under the focus, since
when and in which view, and where the preview was last placed. It is given what it needs each frame (a `Rest`)
and asks nothing of the board."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from game.play.flow import Target

ZOOM_DELAY = 0.5  # seconds the focus or the mouse rests on a card before it is shown large


@dataclass(frozen=True)
class Rest:
    """What the preview waits on this frame: the card under the focus or the mouse that the viewer can see (its
    target and card, or None), the version of the view on show (BoardModel.version) and the board's clock."""

    shown: tuple[Target, str] | None
    version: int
    clock: float


class ZoomView:
    """The card preview's rest and place. `since` is (target, since when, view version): the preview waits
    ZOOM_DELAY after the focus came to rest, and a change on the table (either player's move) puts it away until
    the focus moves again, so it never stands over the board while the opponent plays. `placed` is (key, box):
    where it last went and what that place depended on."""

    def __init__(self) -> None:
        self.since: tuple[Target, float, int] | None = None
        self.placed: tuple[Hashable, pygame.Rect | None] | None = None

    def pending(self, rest: Rest) -> bool:
        """A card is under the focus but not yet shown: the loop must keep drawing until it is."""
        state = self.since
        if rest.shown is None:
            return False
        if state is None or state[0] != rest.shown[0]:
            return True
        return state[2] == rest.version and state[1] != float("inf") and rest.clock - state[1] < ZOOM_DELAY

    def wake_in(self, rest: Rest) -> float | None:
        """Seconds until the preview is due (0: a frame must start its delay now); None: nothing is waiting."""
        if not self.pending(rest):
            return None
        state = self.since
        if state is None or rest.shown is None or state[0] != rest.shown[0]:
            return 0.0
        return max(0.0, state[1] + ZOOM_DELAY - rest.clock)

    def due(self, rest: Rest) -> bool:
        """This frame's rest noted; True once the preview of `rest.shown` is due."""
        state = self.since
        if rest.shown is None:
            self.since = None
            return False
        if state is None or state[0] != rest.shown[0]:
            self.since = (rest.shown[0], rest.clock, rest.version)
            return False
        if state[2] != rest.version:
            self.since = (rest.shown[0], float("inf"), rest.version)
            return False
        return rest.clock - state[1] >= ZOOM_DELAY

    def place(self, key: Hashable, spot: Callable[[], pygame.Rect | None]) -> pygame.Rect | None:
        """`spot()`, worked out again only when `key` (what the place depends on) changed: the preview stays up
        every frame while cards fly, and placing it each frame cost the render benchmark's p99 (issue 46)."""
        if self.placed is not None and self.placed[0] == key:
            return self.placed[1]
        box = spot()
        self.placed = (key, box)
        return box
