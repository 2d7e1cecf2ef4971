"""The look an app draws with: the palette's colours that high contrast changes, the text size, reduced
motion, how opaque panels are and how pale card faces are.

A `Theme` is a value, built from Settings (`Theme.from_settings`). The app owns one (`App.theme`), replaces
it when a setting changes, and binds it while its frame runs (`following`); drawing code asks `current()` at
the moment it draws, never at import. Outside any app (a picture drawn by a tool, a test) the normal theme
applies. Caches of drawn pictures are keyed by the theme values they used, so two apps with different
themes in one process never see each other's pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from game.keep.settings import TEXT_SIZES, Settings

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The palette entries and drawing values an accessibility setting may change."""

    cream: Colour = (240, 236, 224)  # text
    muted: Colour = (178, 184, 170)  # secondary text
    paper: Colour = (244, 236, 216)
    panel: Colour = (20, 28, 26)  # the fill of a panel that names none
    night: Colour = (18, 22, 30)  # the menus' field
    hilite: Colour = (255, 214, 102)  # focus, what is new
    good: Colour = (120, 220, 140)
    bad: Colour = (240, 110, 96)
    text_scale: float = 1.0  # every font this much larger (the text-size setting)
    still: bool = False  # reduced motion: glows hold steady instead of breathing
    panel_min_alpha: int = 0  # high contrast: panels go opaque so no busy table shows through text
    face_tint: float = 0.80  # how pale a troop's face is
    high_contrast: bool = False

    @classmethod
    def from_settings(cls, settings: Settings) -> Theme:
        """The theme these settings ask for."""
        base = HIGH_CONTRAST if settings.high_contrast else NORMAL
        return replace(base, text_scale=TEXT_SIZES.get(settings.text_size, 1.0), still=settings.reduced_motion)


NORMAL = Theme()
#: pure white text, brighter secondary text, black panels, paler card faces
HIGH_CONTRAST = Theme(cream=(255, 255, 255), muted=(232, 232, 226), paper=(255, 255, 255), panel=(0, 0, 0),
                      night=(0, 0, 0), hilite=(255, 230, 0), good=(110, 255, 150), bad=(255, 120, 110),
                      panel_min_alpha=250, face_tint=0.93, high_contrast=True)
#: the palette names (game.ui.art's) a theme decides, and the theme field each reads
PALETTE = {"CREAM": "cream", "MUTED": "muted", "PAPER": "paper", "PANEL": "panel", "NIGHT": "night",
           "HILITE": "hilite", "GOOD": "good", "BAD": "bad"}

#: where the running app keeps its theme (App binds a way to read its own); the normal theme outside any app
_bound: ContextVar[Callable[[], Theme] | None] = ContextVar("theme", default=None)


def current() -> Theme:
    """The theme being drawn with now: the running app's, else the normal one."""
    bound = _bound.get()
    return NORMAL if bound is None else bound()


@contextmanager
def following(source: Callable[[], Theme]) -> Iterator[None]:
    """While the block runs (in this thread only), draw with the theme `source()` gives when drawing:
    an app binds `lambda: app.theme`, so a setting changed mid-frame shows in the same frame."""
    token = _bound.set(source)
    try:
        yield
    finally:
        _bound.reset(token)


def using(theme: Theme) -> AbstractContextManager[None]:
    """Draw with `theme` while the block runs (in this thread only)."""
    return following(lambda: theme)
