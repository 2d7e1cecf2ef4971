"""Settings: saved as soon as they change, applied at once where the window allows."""

from __future__ import annotations

from game.i18n import AUTO, LANGUAGES, N_, _, system_language
from game.keep.settings import ANIMATION_SPEEDS, HAND_ORDERS, TAKEBACKS, WINDOW_SIZES
from game.play.hand_order import ORDER_WORDS
from game.ui.widgets import Item, Menu

from . import screens
from .menu_base import MenuScene

#: setting values shown in words
WORDS = {"off": N_("off"), "on": N_("on"), "fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow")}
TAKEBACK_WORDS = {"off": N_("never"), "bots": N_("against bots"), "always": N_("also in hot-seat")}


def _said(value: str) -> str:
    return _(WORDS.get(value, value))


def _language_name(code: str) -> str:
    """Each language in its own name; 'auto' says which one the system gives."""
    if code == AUTO:
        return _("System: {language}", language=LANGUAGES[system_language()])
    return LANGUAGES[code]


class SettingsScene(MenuScene):
    name = "settings"
    title = N_("Settings")
    menu_top = 170  # twelve rows, the focused row's hint and the key hints under them fit a 1080-line screen
    row_h = 66

    def items(self) -> list[Item]:
        s = self.app.settings
        sizes = [f"{w}x{h}" for w, h in WINDOW_SIZES]
        current = f"{s.window_size[0]}x{s.window_size[1]}"
        if current not in sizes:
            sizes.insert(0, current)
        languages = (AUTO, *LANGUAGES)
        return [
            Item(_("Language"), choices=languages, index=languages.index(s.language) if s.language in languages else 0,
                 on_change=self._language, show=_language_name),
            Item(_("Fullscreen"), choices=("off", "on"), index=int(s.fullscreen), on_change=self._fullscreen,
                 show=_said),
            Item(_("Window size"), choices=sizes, index=sizes.index(current), on_change=self._size),
            Item(_("Animations"), choices=ANIMATION_SPEEDS, index=ANIMATION_SPEEDS.index(s.animation_speed),
                 on_change=self._speed, hint=_("Off shows every move at once"), show=_said),
            Item(_("Auto-claim"), choices=("off", "on"), index=int(s.auto_claim), on_change=self._auto,
                 hint=_("Claim every flag you can prove, as soon as you may"), show=_said),
            Item(_("Win estimate"), choices=("off", "on"), index=int(s.win_bar), on_change=self._win_bar,
                 hint=_("Against bots: a bar with the coach's estimate of your chance to win"), show=_said),
            Item(_("Take-backs"), choices=TAKEBACKS, index=TAKEBACKS.index(s.takebacks), on_change=self._takebacks,
                 show=lambda v: _(TAKEBACK_WORDS[v]),
                 hint=_("Undo your last move before your opponent has acted (never over LAN)")),
            Item(_("Hand order"), choices=HAND_ORDERS, index=HAND_ORDERS.index(s.hand_order), on_change=self._order,
                 show=lambda v: _(ORDER_WORDS[v]), hint=_("How the cards in your hand are laid out")),
            Item(_("Player names"), self._names, detail=lambda: "  \u00b7  ".join(self.app.settings.names),
                 hint=_("Choose to type a name: keyboard, controller or mouse")),
            Item(_("Sound and accessibility"), self._access,
                 hint=_("Volume, music, high contrast, text size, reduced motion")),
            Item(_("Internet servers"), self._servers, detail=self._servers_said,
                 hint=_("The mailbox server and transit relay for playing over the internet")),
            Item(_("Back"), self.back),
        ]

    def _language(self, v: str) -> None:
        """Switch at once: every menu on the stack is rebuilt in the new language, focus kept."""
        self.app.settings.language = v
        self.app.apply_settings()
        self.app.save_settings()
        for scene in self.app.stack:
            if isinstance(scene, MenuScene):
                focus = scene.menu.focus
                scene.menu = Menu(scene.items(), scene.menu.center_x, scene.menu.top, scene.menu.width)
                scene.menu.focus = min(focus, len(scene.menu.items) - 1)

    def _order(self, v: str) -> None:
        self.app.settings.hand_order = v
        self.app.save_settings()

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

    def _win_bar(self, v: str) -> None:
        self.app.settings.win_bar = v == "on"
        self.app.save_settings()

    def _takebacks(self, v: str) -> None:
        self.app.settings.takebacks = v
        self.app.save_settings()

    def _names(self) -> None:
        self.app.push(screens.names(self.app))

    def _servers(self) -> None:
        from .settings_servers import ServersScene

        self.app.push(ServersScene(self.app))

    def _servers_said(self) -> str:
        s = self.app.settings
        return _("your own") if s.wormhole_mailbox or s.wormhole_transit else _("public")

    def _access(self) -> None:
        self.app.push(screens.accessibility(self.app))

    @property
    def opaque(self) -> bool:  # type: ignore[override]

        return self.app.find(self.app.scene("board")) is None


screens.settings.opens(SettingsScene)
