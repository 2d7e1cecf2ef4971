"""The card preview's own state and timing (its drawing: scenes.board_zoom): which card rests under the focus, since
when and in which view, and where the preview was last placed. It is given what it needs each frame (a `Rest`, and
a `Place` when it is shown) and asks nothing of the board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.play.flow import Target

if TYPE_CHECKING:
    from game.play.coach import Advice

ZOOM_DELAY = 0.5  # seconds the focus or the mouse rests on a card before it is shown large


@dataclass(frozen=True)
class Rest:
    """What the preview waits on this frame: the card under the focus or the mouse that the viewer can see (its
    target and card, or None), the version of the view on show (BoardModel.version) and the board's clock."""

    shown: tuple[Target, str] | None
    version: int
    clock: float


@dataclass(frozen=True)
class Place:
    """What the preview's place depends on, besides the card: the model's versions of the view and of the board's
    layout (BoardModel.version, BoardModel.layout: where targets lie and which are lit, the claims offered, whose
    turn it is), and what the preview must leave in sight that those do not version: the coach's hint (the model's),
    what the banner on show is about, the cards the words on screen name (the tutorial's), and the language and look
    the box is drawn in (its size)."""

    shown: tuple[Target, str]  # the target and card zoomed
    version: int
    layout: int
    hint: Advice | None
    about: Target | None  # what the banner on show is about (it is kept in sight)
    named: tuple[tuple[int, int, int, int], ...]
    lang: str
    look: tuple[object, ...]

    def key(self) -> tuple[object, ...]:
        """The place is worked out again exactly when this changes (every field: nothing here is kept by identity)."""
        return (self.shown, self.version, self.layout, self.hint, self.about, self.named, self.lang, self.look)


class ZoomView:
    """The card preview's rest and place. `since` is (target, since when, view version): the preview waits
    ZOOM_DELAY after the focus came to rest, and a change on the table (either player's move) puts it away until
    the focus moves again, so it never stands over the board while the opponent plays. `placed` is (key, box):
    where it last went and what that place depended on."""

    def __init__(self) -> None:
        self.since: tuple[Target, float, int] | None = None
        self.placed: tuple[Place, pygame.Rect | None] | None = None

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

    def place(self, place: Place, spot: Callable[[], pygame.Rect | None]) -> pygame.Rect | None:
        """`spot()`, worked out again only when `place.key()` (what the place depends on) changed: the preview
        stays up every frame while cards fly, and placing it each frame cost the render benchmark's p99 (issue 46)."""
        if self.placed is not None and self.placed[0].key() == place.key():
            return self.placed[1]
        box = spot()
        self.placed = (place, box)
        return box
