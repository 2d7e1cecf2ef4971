"""Sound and accessibility: effect and music volume, high contrast, text size, reduced motion.

Every change is saved at once and shown at once (the app makes a new theme from the settings);
moving the effects slider plays a sound at the new level.
"""

from __future__ import annotations

from game.i18n import _
from game.keep.settings import TEXT_SIZES
from game.ui import audio
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene

LEVELS = tuple(str(v) for v in range(0, 101, 10))


def slider(value: str) -> str:
    """A volume as a bar of ten blocks and a percentage."""
    filled = int(value) // 10
    return "\u25a0" * filled + "\u25a1" * (10 - filled) + f"  {value}%"


def _level(volume: float) -> int:
    return min(10, max(0, round(volume * 10)))


class AccessibilityScene(MenuScene):
    name = "accessibility"
    menu_top = 300

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Sound and accessibility")

    def items(self) -> list[Item]:
        s = self.app.settings
        on_off = ("off", "on")

        def show(v: str) -> str:
            return {"off": _("off"), "on": _("on"), "normal": _("normal"), "large": _("large")}.get(v, v)
        return [
            Item(_("Effects volume"), choices=LEVELS, index=_level(s.volume), on_change=self._effects, show=slider,
                 hint=_("Cards, claims, refusals and victory")),
            Item(_("Music volume"), choices=LEVELS, index=_level(s.music_volume), on_change=self._music,
                 show=slider, hint=_("A quiet loop in the menus and at the table")),
            Item(_("High contrast"), choices=on_off, index=int(s.high_contrast), on_change=self._contrast, show=show,
                 hint=_("White text on solid black panels, paler card faces")),
            Item(_("Text size"), choices=tuple(TEXT_SIZES), index=list(TEXT_SIZES).index(s.text_size),
                 on_change=self._text, show=show, hint=_("Larger letters on every screen")),
            Item(_("Reduced motion"), choices=on_off, index=int(s.reduced_motion), on_change=self._motion,
                 show=show, hint=_("No flying cards, shaking, confetti or pulsing glows")),
            Item(_("Back"), self.back),
        ]

    def _changed(self) -> None:
        self.app.apply_settings()
        self.app.save_settings()

    def _effects(self, v: str) -> None:
        self.app.settings.volume = int(v) / 100
        self.app.save_settings()
        audio.cue(self.app, "draw")  # hear the new level

    def _music(self, v: str) -> None:
        self.app.settings.music_volume = int(v) / 100
        self.app.save_settings()
        audio.music(self.app)

    def _contrast(self, v: str) -> None:
        self.app.settings.high_contrast = v == "on"
        self._changed()

    def _text(self, v: str) -> None:
        self.app.settings.text_size = v
        self._changed()

    def _motion(self, v: str) -> None:
        self.app.settings.reduced_motion = v == "on"
        self._changed()

    @property
    def opaque(self) -> bool:  # type: ignore[override]

        return self.app.find(self.app.scene("board")) is None


screens.accessibility.opens(AccessibilityScene)
