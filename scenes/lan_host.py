"""Hosting a LAN game: pick the rules, open the lobby, wait for a guest, start.

The lobby shows what a guest needs to find the game (this machine's name and address, the port)
and the 4-digit join code; it also advertises the game with zeroconf so most guests never type
anything. The game's rules are fixed once a guest has joined, so the guest always sees the rules
it will play before play starts.
"""

from __future__ import annotations

import logging
import secrets
import socket
from typing import TYPE_CHECKING, Any

import pygame

from engine import Rules
from game import art
from game.i18n import N_, _
from game.input import Intent, Kind
from game.text import fitted, shadowed, wrap
from game.widgets import Item

from .menu_base import MenuScene
from .setup import PLAY_CHOICES, PLAY_WORDS

if TYPE_CHECKING:
    from game.shell import App
    from net.discovery import Advertiser
    from net.host import Host

log = logging.getLogger(__name__)
DEFAULT_PORT = 47110
TIMINGS = ("standard", "advanced", "end")
TIMING_WORDS = {"standard": N_("after playing (standard)"), "advanced": N_("at turn start"),
                "end": N_("after drawing")}
#: the same, shortest, for the lobby's rules line and the guest's waiting screen
TIMING_SHORT = {"standard": N_("after playing"), "advanced": N_("at turn start"), "end": N_("after drawing")}
STARTS_WORDS = {"random": N_("random"), "host": N_("you"), "guest": N_("the guest")}
STARTS = ("random", "host", "guest")


def match_option(play: str) -> dict[str, Any] | None:
    """A setup "Play" choice ("single", "games:3", "hungarian", ...) as Match options (R41)."""
    if play == "single":
        return None
    end, _, limit = play.partition(":")
    return {"end": end, "limit": int(limit) if limit else None}


def open_host(rules: Rules, first: str | None, name: str, bind: str = "0.0.0.0",
              port: int = DEFAULT_PORT, match: dict[str, Any] | None = None) -> Host:
    """A Host on the usual port, or on any free port if that one is taken."""
    from net.host import Host

    code = f"{secrets.randbelow(10000):04d}"
    seed = secrets.randbits(63)
    options: dict[str, Any] = {"rules": rules, "seed": seed, "code": code, "host_name": name, "first": first,
                               "bind": bind, "match": match}
    try:
        return Host.new(port=port, **options)
    except Exception as exc:  # zmq.ZMQError: address in use
        log.info("port %d unavailable (%s); using any free port", port, exc)
        return Host.new(port=0, **options)


class HostLobbyScene(MenuScene):
    """Rules first; then the lobby panel with the code, until a guest joins and the host starts."""

    name = "host_lobby"
    title = N_("Host a LAN game")
    subtitle = N_("Choose the rules, then open the lobby")
    menu_top = 300

    def __init__(self, app: App, bind: str = "0.0.0.0", advertise: bool = True, port: int = DEFAULT_PORT) -> None:
        self.tactics = True
        self.timing = "standard"
        self.starts = "random"
        self.play = "single"
        self.bind = bind
        self.port = port
        self.advertise = advertise
        self.host: Host | None = None
        self.advertiser: Advertiser | None = None
        super().__init__(app)
        self.menu.center_x, self.menu.width = 560, 820

    @property
    def player_name(self) -> str:
        names = getattr(self.app.settings, "names", None) or ["Host"]
        return str(names[0])

    def items(self) -> list[Item]:
        if self.host is None:
            resume = [Item(_("Resume the saved LAN game"), self.resume_saved,
                           hint=_("The guest rejoins it from their Join screen"))] if _saved_game_waiting() else []
            return [
                *resume,
                Item(_("Tactics cards"), choices=("on", "off"), index=0 if self.tactics else 1,
                     show=lambda v: _("on") if v == "on" else _("off"),
                     on_change=lambda v: setattr(self, "tactics", v == "on")),
                Item(_("Claims"), choices=TIMINGS, index=TIMINGS.index(self.timing),
                     show=lambda v: _(TIMING_WORDS[v]), on_change=lambda v: setattr(self, "timing", v)),
                Item(_("Play"), choices=PLAY_CHOICES, index=PLAY_CHOICES.index(self.play),
                     show=lambda v: _(PLAY_WORDS[v]), on_change=lambda v: setattr(self, "play", v),
                     hint=_("A match scores each game; the winner starts the next")),
                Item(_("Who starts"), choices=STARTS, index=STARTS.index(self.starts),
                     show=lambda v: _(STARTS_WORDS[v]), on_change=lambda v: setattr(self, "starts", v)),
                Item(_("Open the lobby"), self.open_lobby, hint=_("Guests find this game on the LAN")),
                Item(_("Back"), self.back),
            ]
        joined = self.host.guest_identity is not None
        return [
            Item(_("Start the game"), self.start, enabled=joined,
                 hint="" if joined else _("Waiting for a guest to join")),
            Item(_("Close the lobby"), self.back),
        ]

    def open_lobby(self) -> None:
        if _saved_game_waiting() and not getattr(self, "replace_ok", False):  # never replaced unasked
            from .confirm import ConfirmScene

            self.app.push(ConfirmScene(self.app, _("An unfinished LAN game is saved"),
                                       [_("A new game would replace it.")],
                                       [(_("Resume the saved LAN game"), self.resume_saved),
                                        (_("Start a new game (the old one is lost)"), self._open_anyway),
                                        (_("Back"), lambda: None)]))
            return
        first = {"random": None, "host": "south", "guest": "north"}[self.starts]
        from game.lan_store import host_save_path

        self.host = open_host(Rules(self.tactics, self.timing), first, self.player_name, self.bind, self.port,
                              match_option(self.play))
        self.host.save_path = host_save_path()
        if self.advertise:
            from net.discovery import Advertiser

            self.advertiser = Advertiser(self.player_name, self.host.port)
        self.subtitle = N_("Tell your guest the join code")
        self._rebuild()

    def _open_anyway(self) -> None:
        self.replace_ok = True
        self.open_lobby()

    def resume_saved(self) -> None:
        from game.lan_store import host_save_path
        from net.host import Host

        try:
            self.host = Host.resume(host_save_path(), port=self.port, bind=self.bind)
        except Exception as exc:  # a bad save or a busy port: say so, keep the menu
            self.subtitle = _("Cannot reopen the saved game: {reason}", reason=str(exc)[:80])
            self.host = None
            self._rebuild()
            return
        self.host.guest_identity = None  # the guest must say hello again
        self.host.started = False
        if self.advertise:
            from net.discovery import Advertiser

            self.advertiser = Advertiser(self.player_name, self.host.port)
        self.subtitle = _("Waiting for {name} to rejoin", name=self.host.guest_name)
        self._rebuild()

    def _rebuild(self) -> None:
        """New items (the lobby opened, a guest joined): the focus goes to the first, the likely next step."""
        self.menu.items = self.items()
        self.menu.focus = 0

    def start(self) -> None:
        if self.host is None or self.host.guest_identity is None:
            return
        from game.lan_tables import HostTable

        from .board import BoardScene

        host, self.host = self.host, None  # the board's table owns it now
        self._stop_advertising()
        host.start()
        self.app.reset(BoardScene(self.app, HostTable(host)))

    def back(self) -> None:
        self.app.pop(self)  # leave() closes the lobby

    def _stop_advertising(self) -> None:
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None

    def leave(self) -> None:
        self._stop_advertising()
        if self.host is not None:
            self.host.close()
            self.host = None

    def update(self, dt: float) -> None:
        if self.host is None:
            return
        was_joined = self.host.guest_identity is not None
        self.host.poll(0)
        if not was_joined and self.host.guest_identity is not None:
            self._stop_advertising()  # the game is full
            self._rebuild()

    def activity(self) -> int:
        from game.scene import AMBIENT, IDLE

        return AMBIENT if self.host is not None else IDLE

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.BACK:
            self.back()
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        panel = pygame.Rect(1000, 300, 860, 600)
        art.panel(surface, panel, alpha=220, radius=18)
        x, y = panel.x + 40, panel.y + 30
        inner = panel.width - 80
        if self.host is None:
            img = fitted(_("How LAN play works"), 40, inner, art.HILITE, "bold")
            surface.blit(img, (x, y))
            y += img.get_height() + 14
            words = _("This computer hosts: it keeps the game and the decks. Your guest joins from another "
                      "computer on this network and never sees your hand.")
            for line in wrap(words, 30, inner):
                img = fitted(line, 30, inner, art.CREAM)
                surface.blit(img, (x, y))
                y += img.get_height() + 14
            return
        host = self.host
        label_w, value_x = 190, x + 200
        value_w = panel.right - 40 - value_x

        def row(label: str, value: str, size: int = 30) -> None:
            surface.blit(fitted(label, 30, label_w, art.MUTED), (x, y))
            surface.blit(fitted(value, size, value_w, art.CREAM, "bold"), (value_x, y - (size - 30) // 2))

        for label, value in ((_("Computer"), socket.gethostname()[:24]),
                             (_("Address"), _address(self.advertiser)),
                             (_("Port"), str(host.port))):
            row(label, value, 34)
            y += 56
        rules = host.game.rules
        row(_("Rules"), _("tactics {tactics} \u00b7 claims {timing}", tactics=_("on") if rules.tactics else _("off"),
                          timing=_(TIMING_SHORT[rules.claim_timing])))
        y += 56
        if host.match is not None:
            row(_("Play"), _(PLAY_WORDS[self.play]))
            y += 56
        surface.blit(fitted(_("Join code"), 30, inner, art.MUTED), (x, y + 10))
        code = shadowed(" ".join(host.code), 120, art.HILITE, "bold", offset=4)
        surface.blit(code, code.get_rect(midtop=(panel.centerx, y + 50)))
        y += 210
        if host.guest_identity is None:
            status = _("Waiting for a guest to join\u2026")
            colour = art.MUTED
        else:
            status = _("{name} has joined: ready to start", name=host.guest_name)
            colour = art.GOOD
        img = fitted(status, 32, inner, colour, "bold")
        surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
        if self.advertiser is not None and self.advertiser.error:
            warn = fitted(_("Not visible on the LAN: guests type the address"), 28, inner, art.BAD)
            surface.blit(warn, warn.get_rect(midtop=(panel.centerx, y + 56)))


def _address(advertiser: Advertiser | None) -> str:
    if advertiser is not None:
        return advertiser.address
    from net.discovery import local_address

    return local_address()


def _saved_game_waiting() -> bool:
    """A LAN game saved unfinished (the host left or crashed) can be reopened."""
    import json

    from game.lan_store import host_save_path

    try:
        data = json.loads(host_save_path().read_text(encoding="utf-8"))
        return "result" not in data["record"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
