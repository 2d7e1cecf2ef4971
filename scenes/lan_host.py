"""Hosting a LAN game: pick the rules, open the lobby, wait for a guest, start.

The lobby shows what a guest needs to find the game (this machine's name and address, the port)
and the 4-digit join code; it also advertises the game with zeroconf so most guests never type
anything. The game's rules are fixed once a guest has joined, so the guest always sees the rules
it will play before play starts. A guest with the right code is not seated at once: the lobby asks
"NAME wants to join" with two buttons, Accept and Refuse (the admission policy, net/admission.py),
and shows the fresh code the host draws after too many wrong guesses or a refusal."""

from __future__ import annotations

import io
import logging
import socket
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from engine import Rules
from game.i18n import N_, _
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.text import balanced, fitted, shadowed, wrap
from game.ui.widgets import ROW_H, Item

from . import screens
from .host_choices import (
    DEFAULT_PORT,
    PLAYERS,
    SCREEN_WORDS,
    SCREENS,
    STARTS,
    STARTS_WORDS,
    TIMING_SHORT,
    TIMING_WORDS,
    TIMINGS,
    guests_of,
    host_address,
    hosted_saves,
    how_lan_works,
    lobby_status,
    match_option,
    open_host,
)
from .menu_base import MenuScene
from .setup import PLAY_CHOICES, PLAY_WORDS

if TYPE_CHECKING:
    from game.keep.lan_saved import LanSaved
    from game.ui.shell import App
    from net.discovery import Advertiser
    from net.host import Host
    from net.web.bridge import PhoneBridge

log = logging.getLogger(__name__)
class HostLobbyScene(MenuScene):
    """Rules first; then the lobby panel with the code, until a guest joins and the host starts."""

    name = "host_lobby"
    title = N_("Host a LAN game")
    subtitle = N_("Choose the rules, then open the lobby")
    menu_top = 300

    def __init__(self, app: App, bind: str = "0.0.0.0", advertise: bool = True, port: int = DEFAULT_PORT,
                 table: bool = False, players: int = 2) -> None:
        self.table = table
        self.players = players  # 3: south, west and east, troops only (R46)
        self.tactics = True
        self.timing = "standard"
        self.starts = "random"
        self.play = "single"
        self.bind = bind
        self.phones_bind = bind  # where the phone page listens (an internet table: the room's network)
        self.port = port
        self.advertise = advertise
        self.host: Host | None = None
        self.advertiser: Advertiser | None = None
        self._shown: tuple[bool, str | None, str, int] = (False, None, "", 0)
        self.phones: PhoneBridge | None = None  # the phone page: a phone may take the guest's seat
        self.phones_url = ""
        self.qr: pygame.Surface | None = None
        self.phones_port = 0  # the phone page's port when no saved game names one (`host --phones PORT`)
        self.phones_busy: int | None = None  # the saved phone port was taken: the phones must scan anew
        self.qr_path: Path | None = None  # `host --phones-qr PATH`: also write PATH.png and PATH.txt
        self.kept: LanSaved | None = None  # the unfinished game kept with the guest asking, if any
        self.resumed = False  # a saved table game reopened: it goes on by itself once every seat is back
        self.offer: LanSaved | None = None  # `host --table` found a table game kept: asked once, Enter / Esc
        super().__init__(app)
        self.menu.center_x, self.menu.width = 560, 820

    @property
    def player_name(self) -> str:
        names = self.app.settings.names or ["Host"]
        return str(names[0])

    def items(self) -> list[Item]:
        if self.host is None and self.offer is not None and self.offer.path is not None:
            return [Item(_("Continue the game"), partial(self.resume_saved, self.offer.path),
                         hint=_("Saved {when}: flags {n_south} \u2013 {n_north}", when=self.offer.when,
                                n_south=self.offer.flags.get("south", 0), n_north=self.offer.flags.get("north", 0))),
                    Item(_("New game"), self.decline_offer, hint=_("The saved game stays in Continue"))]
        if self.host is None:
            resume = [Item(_("Resume the game with {name}", name=" & ".join(guests_of(saved))),
                           partial(self.resume_saved, saved.path),
                           hint=_("Saved {when}; the players rejoin it from their phones or Join", when=saved.when)
                           if saved.table else
                           _("Saved {when}; the guest rejoins it from Continue or Join", when=saved.when))
                      for saved in hosted_saves() if saved.path is not None]
            return [
                *resume,
                Item(_("On this screen"), choices=SCREENS, index=SCREENS.index("table" if self.table else "player"),
                     show=lambda v: _(SCREEN_WORDS[v]), on_change=self._set_table,
                     hint=_("As the table: three players join from their own screens; the room watches here")
                     if self.players == 3 else
                     _("As the table: two players join from their own screens; the room watches here")),
                Item(_("Players"), choices=PLAYERS, index=PLAYERS.index(str(self.players)),
                     on_change=lambda v: self._set_players(int(v)),
                     hint=_("Three players play troops only: no tactics cards")),
                Item(_("Tactics cards"), choices=("off",), show=lambda v: _("off (three players)"),
                     hint=_("Three players play troops only: no tactics cards")) if self.players == 3 else
                Item(_("Tactics cards"), choices=("on", "off"), index=0 if self.tactics else 1,
                     show=lambda v: _("on") if v == "on" else _("off"),
                     on_change=lambda v: setattr(self, "tactics", v == "on")),
                Item(_("Claims"), choices=TIMINGS, index=TIMINGS.index(self.timing),
                     show=lambda v: _(TIMING_WORDS[v]), on_change=lambda v: setattr(self, "timing", v)),
                Item(_("Play"), choices=PLAY_CHOICES, index=PLAY_CHOICES.index(self.play),
                     show=lambda v: _(PLAY_WORDS[v]), on_change=lambda v: setattr(self, "play", v),
                     hint=_("A match scores each game; the winner starts the next")),
                *([] if self.table or self.players == 3 else [
                    Item(_("Who starts"), choices=STARTS, index=STARTS.index(self.starts),
                         show=lambda v: _(STARTS_WORDS[v]), on_change=lambda v: setattr(self, "starts", v))]),
                Item(_("Open the lobby"), self.open_lobby, hint=_("Guests find this game on the LAN")),
                Item(_("Back"), self.back),
            ]
        asker = self.host.seen.join_request
        saved = self.kept = self._saved_with(asker) if asker is not None else None
        if asker is not None and saved is not None and saved.path is not None:
            path = saved.path
            return [  # an unfinished game with this peer is kept: never replaced unasked
                Item(_("Continue the saved game with {name}", name=asker), partial(self.continue_with, path),
                     hint=_("Saved {when}: flags {n_south} \u2013 {n_north}", when=saved.when,
                            n_south=saved.flags["south"], n_north=saved.flags["north"])),
                Item(_("Start a new game (the saved one is lost)"), partial(self.start_anew, path),
                     hint=_("{name} takes the other seat", name=asker)),
                Item(_("Refuse"), lambda: self.answer(False), hint=_("A new join code is drawn")),
            ]
        if asker is not None:
            return [
                Item(_("Accept"), lambda: self.answer(True),
                     hint=_("{name} takes a seat", name=asker) if self.host.seen.table
                     else _("{name} takes the other seat", name=asker)),
                Item(_("Refuse"), lambda: self.answer(False), hint=_("A new join code is drawn")),
            ]
        joined = self.joined
        waiting = (_("Waiting for three players to join") if len(self.host.seen.remotes) == 3
                   else _("Waiting for two players to join") if len(self.host.seen.remotes) == 2
                   else _("Waiting for a guest to join"))
        return [
            Item(_("Start the game"), self.start, enabled=joined, hint="" if joined else waiting),
            Item(_("Close the lobby"), self.back),
        ]

    def offer_kept(self) -> bool:
        """The TV started again as the table (`host --table`) while a table game of as many players is kept
        unfinished, the latest first: ask once "Continue the game with Ana & Ben?" (Enter continues it on
        its own code and port, so the phones find their seats with nothing to tap; Esc opens a new lobby)."""
        kept = [s for s in hosted_saves() if s.path is not None and s.table and len(s.names) == self.players]
        if not kept:
            return False
        self.offer = kept[0]
        self.title = _("Continue the game with {name}?", name=" & ".join(guests_of(self.offer)))
        self.subtitle = ""
        self.new_rows()
        return True

    def decline_offer(self) -> None:
        """Esc (or New game) at the question: the kept game stays for Continue; a new lobby opens."""
        self.offer = None
        self.title, self.subtitle = HostLobbyScene.title, HostLobbyScene.subtitle
        self.open_lobby()

    def _set_table(self, value: str) -> None:
        """The table has no seat, so "Who starts" leaves the list (the seed chooses, R5)."""
        self.table = value == "table"
        self._refresh_items()

    def _set_players(self, value: int) -> None:
        """Three players: the tactics choice says "off" (R46) and "Who starts" leaves (a random seat starts)."""
        self.players = value
        self._refresh_items()

    def _refresh_items(self) -> None:
        focus = self.menu.focus
        self.menu.items = self.items()
        self.menu.focus = focus

    @property
    def joined(self) -> bool:
        """Every seat played from elsewhere is connected: one guest, or both players of a table."""
        return self.host is not None and all(r.identity is not None for r in self.host.seen.remotes.values())

    def open_lobby(self) -> None:
        """A new game; it is saved (one save per peer) once its guests have joined, and a guest with whom
        an unfinished game is kept brings the question "continue it, or start anew?" first."""
        first = None if self.table or self.players == 3 else \
            {"random": None, "host": "south", "guest": "north"}[self.starts]
        from game.keep.lan_store import host_save_for

        rules = Rules(self.tactics and self.players == 2, self.timing, self.players)
        self.host = open_host(rules, first, self.player_name, self.bind, self.port,
                              match_option(self.play), table=self.table)
        self.host.save_path_for = host_save_for
        if self.advertise:
            from net.discovery import Advertiser

            self.advertiser = Advertiser(self.player_name, self.host.port)
        self._open_phones()
        self.subtitle = N_("Tell the players the join code") if self.table else N_("Tell your guest the join code")
        if self.port and self.host.port != self.port:  # the asked port was busy: another one is open, say which
            self.subtitle = _("Port {asked} is in use: guests join on port {port}", asked=self.port,
                              port=self.host.port)
        self._shown = self._state()
        self.new_rows()

    def start_anew(self, kept: Path) -> None:
        """The host's player let the guest in for a new game, dropping the game kept with them."""
        kept.unlink(missing_ok=True)
        self.answer(True)

    def answer(self, accept: bool) -> None:
        """The host's player answered "NAME wants to join"."""
        if self.host is not None:
            self.host.answer(accept)
            self._sync()

    def _state(self) -> tuple[bool, str | None, str, int]:
        """What the lobby's buttons depend on: joined, who asks, the code, how many watch."""
        assert self.host is not None
        return self.joined, self.host.seen.join_request, self.host.seen.code, self.host.seen.watchers.count()

    def _sync(self) -> None:
        """Rebuild the buttons when a guest asked, joined or left, the code changed, or a watcher came.

        The game stays advertised once its seats are taken: watchers may still come."""
        if self.host is None:
            return
        state = self._state()
        if state != self._shown:
            if state[2] != self._shown[2]:
                self.draw_phone_code()  # a fresh join code: the QR code carries it
            self._shown = state
            self.new_rows()
            self.app.dirty = True

    def offers_phones(self) -> bool:
        """Whether this lobby serves the phone page (a LAN host's always does; net.internet's only at a table)."""
        return True

    def _open_phones(self) -> None:
        """Serve the phone page beside the host and draw its QR code; the lobby works on without it."""
        if (host := self.host) is None or not self.offers_phones():
            return
        try:
            from net.web.cli import open_bridge

            # a saved game's phones come back to the port they knew (the same QR, their tokens); else `--phones
            # PORT`; else this TV's own port, kept from one evening to the next (so are the phones' names and tokens)
            remembered = self.app.settings.phones_port
            wanted = host.phones_port or self.phones_port or remembered
            self.phones, fell_back = open_bridge(f"127.0.0.1:{host.port}", wanted, self.phones_bind,
                                                 host_alive=lambda: not host.router.context.closed,
                                                 vouch_key=host.bridge_key)
            self.phones_busy = wanted if fell_back else None
            if wanted in (0, remembered) and self.phones.port != remembered:  # chosen once; anew only when taken
                self.app.settings.phones_port = self.phones.port
                self.app.save_settings()
            host.phones_port = self.phones.port
            host.save()
            self.draw_phone_code()
        except Exception as exc:  # a missing library or a busy port: no phones this time
            log.warning("no phone page: %s", exc)
            self.phones, self.qr = None, None

    def draw_phone_code(self) -> None:
        """The phone page's address with the current join code, and its QR code."""
        if self.phones is None or self.host is None:
            return
        from net.web.qr import phone_url, qr_png

        bind = self.phones_bind
        self.phones_url = phone_url(self.phones.port, self.host.seen.code, None if bind == "0.0.0.0" else bind)
        self.qr = pygame.image.load(io.BytesIO(qr_png(self.phones_url, 240)), "qr.png")
        if self.qr_path is not None:
            from net.web.qr import write_qr

            write_qr(self.phones_url, self.qr_path.with_suffix(".png"), self.qr_path.with_suffix(".txt"))

    def _saved_with(self, asker: str) -> LanSaved | None:
        """The unfinished game kept with the guest asking (at a table: with the pair, once one sits)."""
        from game.keep.lan_saved import hosted_with

        assert self.host is not None
        seated = {s: r.name for s, r in self.host.seen.remotes.items() if r.token is not None and r.name}
        free = [s for s in self.host.seen.remotes if s not in seated]
        if not free or (self.host.seen.table and not seated):
            return None
        return hosted_with({**seated, free[0]: asker}, self.host.seen.table, self.host.seen.shown_tokens())

    def continue_with(self, path: Path) -> None:
        """The host's player chose to continue the kept game with the guest asking: this lobby takes it."""
        from engine import IllegalAction, NotationError

        if self.host is None:
            return
        try:
            self.host.adopt(path)
        except (NotationError, IllegalAction, ValueError, KeyError, TypeError) as exc:
            from game.keep.files import set_aside

            set_aside(path, str(exc)[:120], _("The saved LAN game"))  # the question goes; Accept is left
            self.subtitle = _("Cannot reopen the saved game: {reason}", reason=str(exc)[:80])
            self.new_rows()
            return
        self._shown = self._state()
        self.new_rows()

    def resume_saved(self, path: Path) -> None:
        from net.host import Host

        if self.offer is not None:
            self.offer = None
            self.title, self.subtitle = HostLobbyScene.title, HostLobbyScene.subtitle

        try:
            self.host = Host.resume(path, started=False, port=self.port, bind=self.bind)  # its rules shown again
        except Exception as exc:  # a bad save or a busy port: say so, keep the menu
            self.subtitle = _("Cannot reopen the saved game: {reason}", reason=str(exc)[:80])
            self.host = None
            self.new_rows()
            return
        self.host.forget_connections()  # the guests (and watchers) must say hello again
        if self.advertise:
            from net.discovery import Advertiser

            self.advertiser = Advertiser(self.player_name, self.host.port)
        self._open_phones()
        names = " & ".join(r.name or "?" for r in self.host.seen.remotes.values())
        self.subtitle = _("Waiting for {name} to rejoin", name=names)
        # the table goes on by itself; a host with a seat starts it (its player is here)
        self.resumed = self.host.seen.table
        self._shown = self._state()
        self.new_rows()

    def start(self) -> None:
        """The host's player starts; at a table a phone may start it too, once both players are in."""
        if self.host is None or not (self.joined or self.host.seen.started):
            return
        from game.play.lan_tables import HostTable
        from game.play.lan_watch import TableHostTable

        host, self.host = self.host, None  # the board's table owns it now (and the phone page follows it)
        self.phones = None
        host.advertiser, self.advertiser = self.advertiser, None  # still found during play: watchers may come
        if not host.seen.started:
            host.start()
        self.app.reset(screens.lan_board(self.app, TableHostTable(host) if host.seen.table else HostTable(host)))

    def back(self) -> None:
        self.app.pop(self)  # leave() closes the lobby

    def _stop_advertising(self) -> None:
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None

    def leave(self) -> None:
        self._stop_advertising()
        if self.phones is not None:
            self.phones.stop()
            self.phones = None
        if self.host is not None:
            self.host.close()
            self.host = None

    def update(self, dt: float) -> None:
        self.say_rows_again()
        if self.host is None:
            return
        self.host.poll(0)
        if self.host is not None and self.host.seen.started and self.host.seen.table:  # a phone started it
            self.start()
            return
        if self.host is not None and self.resumed:
            if self.joined:  # every seat is back: play on, nobody taps Start
                self.start()
                return
            missing = " & ".join(r.name or "?" for r in self.host.seen.remotes.values() if r.identity is None)
            self.subtitle = _("Waiting for {name} to rejoin", name=missing)  # only those still away
        self._sync()

    def activity(self) -> int:
        from game.ui.scene import AMBIENT, IDLE

        return AMBIENT if self.host is not None else IDLE

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.BACK and self.host is None and self.offer is not None:
            self.decline_offer()  # Esc at "Continue the game with ...?": a new game, the kept one stays
            return
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
            for line in wrap(how_lan_works(self.table, self.players), 30, inner):
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
                             (_("Address"), host_address(self.advertiser)),
                             (_("Port"), str(host.port))):
            row(label, value, 34)
            y += 56
        rules = host.seen.game.rules
        row(_("Rules"), _("tactics {tactics} \u00b7 claims {timing}", tactics=_("on") if rules.tactics else _("off"),
                          timing=_(TIMING_SHORT[rules.claim_timing])))
        y += 56
        if host.seen.match is not None:
            row(_("Play"), _(PLAY_WORDS[self.play]))
            y += 56
        if host.seen.table:
            row(_("Screen"), _(SCREEN_WORDS["table"]))
            y += 56
        fresh = host.seen.admission.fresh_codes > 0
        label = _("New join code: tell your guest") if fresh else _("Join code")
        surface.blit(fitted(label, 30, inner, art.HILITE if fresh else art.MUTED), (x, y + 10))
        code = shadowed(" ".join(host.seen.code), 120, art.HILITE, "bold", offset=4)
        code_x = panel.centerx if self.qr is None else x + (inner - 230) // 2
        surface.blit(code, code.get_rect(midtop=(code_x, y + 50)))
        below_code = y + 50 + code.get_bounding_rect().bottom + 8  # large text: the code is taller
        if self.qr is not None:
            surface.blit(self.qr, self.qr.get_rect(topright=(panel.right - 30, y + 4)))
            hint_y = max(y + 200, below_code)
            for line in balanced(_("Or a phone: scan the code, or open this address"), 24, inner - 250)[:2]:
                img = fitted(line, 24, inner - 250, art.MUTED)
                surface.blit(img, img.get_rect(midtop=(code_x, hint_y)))
                hint_y += img.get_height() + 2
            img = fitted(self.phones_url.split("/?")[0], 26, inner - 250, art.CREAM, "bold")
            surface.blit(img, img.get_rect(midtop=(code_x, hint_y + 2)))
            below_code = hint_y + 2 + img.get_height() + 8
        y = max(y + (210 if self.qr is None else 300), below_code)
        if host.seen.join_request is not None:
            status, colour = _("{name} wants to join: Accept or Refuse", name=host.seen.join_request), art.HILITE
            if self.kept is not None:
                status = _("{name} wants to join: your unfinished game with them is kept", name=host.seen.join_request)
        else:
            status, colour = lobby_status(self.host)
        img = fitted(status, 32, inner, colour, "bold")
        surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
        watching = host.seen.watchers.count()
        if watching:
            img = fitted(_("Watchers: {n}", n=watching), 28, inner, art.MUTED)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, y + 50)))
        warnings = []
        if self.advertiser is not None and self.advertiser.error:
            warnings.append(_("Not visible on the LAN: guests type the address"))
        if self.phones_busy is not None:
            warnings.append(_("The phones' port {port} was busy: phones scan the new code", port=self.phones_busy))
        # below the menu, in the left column: below the panel they would run into the footer's key hints
        warn_y = self.menu.top + len(self.menu.items) * ROW_H + 90  # under the focused item's hint
        for words in warnings:
            for line in wrap(words, 28, self.menu.width):
                warn = fitted(line, 28, self.menu.width, art.BAD)
                surface.blit(warn, warn.get_rect(midtop=(self.menu.center_x, warn_y)))
                warn_y += warn.get_height() + 8
            warn_y += 12


screens.host_lobby.opens(HostLobbyScene)
