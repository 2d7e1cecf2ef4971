"""Accessibility settings applied to the drawing modules: text size, high contrast, reduced motion.

The drawing code reads a few module values at draw time (text.SCALE, art colours and
PANEL_MIN_ALPHA, card_art.FACE_TINT, tween.STILL); `apply` sets them from the settings and drops
every cached picture that was drawn with the old ones, so a change shows on the next frame.
Reduced motion also turns card moves, shakes and confetti off (Settings.speed is 0).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from game.keep.settings import TEXT_SIZES, Settings
from game.ui import art, card_art, text, tween

#: art colours high contrast changes: pure white text, brighter secondary text, black panels
HIGH_CONTRAST: dict[str, tuple[int, int, int]] = {
    "CREAM": (255, 255, 255), "MUTED": (232, 232, 226), "PAPER": (255, 255, 255), "PANEL": (0, 0, 0),
    "NIGHT": (0, 0, 0), "HILITE": (255, 230, 0), "GOOD": (110, 255, 150), "BAD": (255, 120, 110),
}
NORMAL: dict[str, tuple[int, int, int]] = {name: getattr(art, name) for name in HIGH_CONTRAST}
FACE_TINT = {False: 0.80, True: 0.93}


def _clear(module: ModuleType) -> None:
    for value in vars(module).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def apply(settings: Settings, app: Any = None) -> None:
    """Make the drawing modules follow `settings`; `app`'s scenes redraw their cached layers."""
    text.SCALE = TEXT_SIZES.get(settings.text_size, 1.0)
    tween.STILL = settings.reduced_motion
    for name, colour in (HIGH_CONTRAST if settings.high_contrast else NORMAL).items():
        setattr(art, name, colour)
    art.PANEL_MIN_ALPHA = 250 if settings.high_contrast else 0
    card_art.FACE_TINT = FACE_TINT[settings.high_contrast]
    for module in (text, art, card_art):
        _clear(module)
    if app is not None:
        for scene in app.stack:
            if hasattr(scene, "static_fresh"):  # the board's still layer holds old text and cards
                scene.static = None
                scene.static_fresh = False
        app.dirty = True
