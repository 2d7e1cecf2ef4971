"""Play over the LAN: host a game on this computer or join one on another (kept off the main menu's
list so that list fits the screen with Continue)."""

from __future__ import annotations

from game.i18n import N_, _
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene


class LanMenuScene(MenuScene):
    name = "lan_menu"
    title = N_("Play over the LAN")
    subtitle = N_("Two computers on the same home network")
    menu_top = 380

    def items(self) -> list[Item]:
        return [
            Item(_("Host a LAN game"), self._host, hint=_("This computer keeps the game; a guest joins it")),
            Item(_("Join a LAN game"), self._join, hint=_("Join a game hosted on this network")),
            Item(_("Host over the internet"), self._host_far, hint=_("A friend in another home joins with a code")),
            Item(_("Join over the internet"), self._join_far, hint=_("Type the code your friend's screen shows")),
            Item(_("Back"), self.back),
        ]

    def _host(self) -> None:
        self.app.push(screens.host_lobby(self.app))

    def _join(self) -> None:
        self.app.push(screens.join_list(self.app))

    def _host_far(self) -> None:
        from .internet_host import InternetHostScene

        self.app.push(InternetHostScene(self.app))

    def _join_far(self) -> None:
        from .internet_join import InternetJoinScene

        self.app.push(InternetJoinScene(self.app))


screens.lan_menu.opens(LanMenuScene)
