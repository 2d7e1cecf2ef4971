"""Settings: saved as soon as they change, applied at once where the window allows."""

from __future__ import annotations

from game.settings import ANIMATION_SPEEDS, TAKEBACKS, WINDOW_SIZES
from game.widgets import Item

from .menu_base import MenuScene


class SettingsScene(MenuScene):
    name = "settings"
    title = "Settings"
    menu_top = 300

    def items(self) -> list[Item]:
        s = self.app.settings
        sizes = [f"{w}x{h}" for w, h in WINDOW_SIZES]
        current = f"{s.window_size[0]}x{s.window_size[1]}"
        if current not in sizes:
            sizes.insert(0, current)
        return [
            Item("Fullscreen", choices=("off", "on"), index=int(s.fullscreen), on_change=self._fullscreen),
            Item("Window size", choices=sizes, index=sizes.index(current), on_change=self._size),
            Item("Animations", choices=ANIMATION_SPEEDS, index=ANIMATION_SPEEDS.index(s.animation_speed),
                 on_change=self._speed, hint="Off shows every move at once"),
            Item("Auto-claim", choices=("off", "on"), index=int(s.auto_claim), on_change=self._auto,
                 hint="Claim every flag you can prove, as soon as you may"),
            Item("Take-backs", choices=TAKEBACKS, index=TAKEBACKS.index(s.takebacks), on_change=self._takebacks,
                 show=lambda v: {"off": "never", "bots": "against bots", "always": "also in hot-seat"}[v],
                 hint="Undo your last move before your opponent has acted (never over LAN)"),
            Item("Sound and accessibility", self._access,
                 hint="Volume, music, high contrast, text size, reduced motion"),
            Item("Back", self.back),
        ]

    def _fullscreen(self, v: str) -> None:
        self.app.settings.fullscreen = v == "on"
        self.app.set_fullscreen(self.app.settings.fullscreen)
        self.app.save_settings()

    def _size(self, v: str) -> None:
        w, h = (int(x) for x in v.split("x"))
        self.app.settings.window_size = (w, h)
        if not self.app.settings.fullscreen:
            self.app.resize((w, h))
        self.app.save_settings()

    def _speed(self, v: str) -> None:
        self.app.settings.animation_speed = v
        self.app.save_settings()

    def _auto(self, v: str) -> None:
        self.app.settings.auto_claim = v == "on"
        self.app.save_settings()

    def _takebacks(self, v: str) -> None:
        self.app.settings.takebacks = v
        self.app.save_settings()

    def _access(self) -> None:
        from .accessibility_scene import AccessibilityScene

        self.app.push(AccessibilityScene(self.app))

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        from .board import BoardScene

        return self.app.find(BoardScene) is None
