"""Joining a LAN game: pick a game found on the network (or enter an address), enter its code, wait.

Entry is by "wheels" (up/down changes the character under the cursor, left/right moves it), so a
controller alone can type an address; the keyboard's digit keys and the mouse work too.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, Scene
from game.ui.text import fit_size, fitted, shadowed, text
from game.ui.widgets import Item, Menu
from net.roles import MAX_WATCHERS

from . import screens
from .host_choices import TIMING_SHORT
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App
    from net.discovery import Browser
    from net.guest import Guest

DIGITS = "0123456789"
ADDRESS_CHARS = "0123456789.:abcdefghijklmnopqrstuvwxyz-"


class JoinListScene(MenuScene):
    """Games advertised on the LAN, refreshed as they appear, plus typing an address by hand."""

    name = "join_list"
    title = N_("Join a LAN game")
    subtitle = N_("Games found on this network")
    menu_top = 300

    def __init__(self, app: App, interfaces: list[str] | None = None) -> None:
        from net.discovery import Browser

        self.browser: Browser | None = Browser(interfaces=interfaces)
        self.shown: list[tuple[str, str, int, bool]] = []
        self.watch = False  # Join -> Watch: see the table, hold no seat
        super().__init__(app)

    def items(self) -> list[Item]:
        out = [Item(_("Join as"), choices=("player", "watcher"), index=int(self.watch),
                    show=lambda v: _("a player") if v == "player" else _("a watcher"),
                    on_change=lambda v: setattr(self, "watch", v == "watcher"),
                    hint=_("A watcher sees the table and no hand; up to {n} may watch a game", n=MAX_WATCHERS))]
        for name, address, port, ok in self.shown:
            game = _("{name}'s game", name=name)  # the host sends its player's name: worded in our language
            label = f"{game}  \u00b7  {address}:{port}" if ok else _("{name} (another version)", name=game)
            out.append(Item(label, partial(self.pick, f"{address}:{port}"), enabled=ok))
        out.append(Item(_("Enter an address"), self._by_hand, hint=_("HOST:PORT, as the host's lobby shows it")))
        out.append(Item(_("Back"), self.back))
        return out

    def pick(self, address: str) -> None:
        self.app.push(CodeEntryScene(self.app, address, watch=self.watch))

    def _by_hand(self) -> None:
        self.app.push(AddressEntryScene(self.app, watch=self.watch))

    def update(self, dt: float) -> None:
        if self.browser is None:
            return
        found = [(g.name, g.address, g.port, g.compatible) for g in self.browser.games()]
        if found != self.shown:
            self.shown = found
            focus = self.menu.focus
            self.menu.items = self.items()
            self.menu.focus = min(focus, len(self.menu.items) - 1)
            self.app.dirty = True

    def activity(self) -> int:
        return AMBIENT

    def leave(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.shown:
            words = _("Searching\u2026") if self.browser and not self.browser.error else _("LAN search unavailable")
            img = fitted(words, 30, 1800, art.MUTED)
            surface.blit(img, img.get_rect(midbottom=(960, self.menu_top - 14)))


class WheelEntry:
    """A row of characters edited with directions: works with pad, keys and mouse alike."""

    def __init__(self, value: str, charset: str, length: int, center: tuple[int, int], size: int = 96,
                 pad: str | None = None) -> None:
        self.charset, self.length, self.center, self.size = charset, length, center, size
        self.chars = list(value.ljust(length, pad or charset[0])[:length])
        self.cursor = 0

    @property
    def value(self) -> str:
        return "".join(self.chars)

    def cell(self, i: int) -> pygame.Rect:
        w = int(self.size * 0.8)
        left = self.center[0] - (w * self.length) // 2
        return pygame.Rect(left + i * w, self.center[1] - self.size // 2, w - 8, self.size)

    def spin(self, step: int) -> None:
        c = self.chars[self.cursor]
        i = self.charset.index(c) if c in self.charset else 0
        self.chars[self.cursor] = self.charset[(i + step) % len(self.charset)]

    def type(self, char: str) -> None:
        if char in self.charset:
            self.chars[self.cursor] = char
            self.cursor = min(self.cursor + 1, self.length - 1)

    def handle(self, intent: Intent) -> bool:
        k = intent.kind
        if k is Kind.LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif k is Kind.RIGHT:
            self.cursor = min(self.length - 1, self.cursor + 1)
        elif k is Kind.UP:
            self.spin(1)
        elif k is Kind.DOWN:
            self.spin(-1)
        elif k is Kind.FLAG:
            self.type(str(intent.value))
        elif k is Kind.SCROLL:
            self.spin(intent.value)
        elif k is Kind.RELEASE:
            for i in range(self.length):
                r = self.cell(i)
                if r.collidepoint(intent.pos):
                    self.cursor = i
                    self.spin(1 if intent.pos[1] < r.centery else -1)  # upper half up, lower half down
                    return True
            return False
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        for i, ch in enumerate(self.chars):
            r = self.cell(i)
            focused = i == self.cursor
            art.panel(surface, r, alpha=230, border=art.HILITE if focused else None, radius=12)
            img = text(ch, int(self.size * 0.6), art.HILITE if focused else art.CREAM, "bold")
            surface.blit(img, img.get_rect(center=r.center))
            if focused:
                for dy, arrow in ((-self.size // 2 - 24, "\u25b2"), (self.size // 2 + 24, "\u25bc")):
                    a = text(arrow, 28, art.MUTED)
                    surface.blit(a, a.get_rect(center=(r.centerx, r.centery + dy)))


class _EntryScene(Scene):
    """A title, one wheel entry and two buttons (go on, back)."""

    heading = ""
    help = ""

    def __init__(self, app: App, entry: WheelEntry, go_label: str) -> None:
        super().__init__(app)
        self.entry = entry
        self.buttons = Menu([Item(go_label, self.go), Item(_("Back"), self.back)], 960, 760, width=560)
        self.on_buttons = False

    def go(self) -> None:
        raise NotImplementedError

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k is Kind.BACK:
            self.back()
        elif self.on_buttons:
            if k is Kind.UP and self.buttons.focus == 0:
                self.on_buttons = False
            else:
                self.buttons.handle(intent)
        elif k is Kind.CONFIRM or (k is Kind.DOWN and self.entry.cursor == self.entry.length - 1):
            self.on_buttons = True
            self.buttons.focus = 0
        elif k in (Kind.PRESS, Kind.RELEASE, Kind.POINT) and self.buttons.at(intent.pos) is not None:
            self.on_buttons = True
            self.buttons.handle(intent)
        else:
            self.entry.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        heading = _(self.heading)
        title = shadowed(heading, fit_size(heading, 64, 1800, "serif"), art.HILITE, "serif", offset=3)
        surface.blit(title, title.get_rect(center=(960, 170)))
        helper = fitted(_(self.help), 30, 1800, art.MUTED)
        surface.blit(helper, helper.get_rect(center=(960, 250)))
        self.entry.draw(surface)
        focus = self.buttons.focus
        if not self.on_buttons:
            self.buttons.focus = -1  # no button looks chosen while the wheels are
        self.buttons.draw(surface)
        self.buttons.focus = focus
        g = self.app.input.glyph
        words = _("{updown} change  \u00b7  {leftright} move  \u00b7  {confirm} done  \u00b7  {back} back",
                  updown="\u25b2\u25bc", leftright="\u25c0\u25b6", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        hint = fitted(words, 28, 1840, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, 1050)))


class AddressEntryScene(_EntryScene):
    heading = N_("The host's address")
    help = N_("As the host's lobby shows it, e.g. 192.168.1.20:47110")

    def __init__(self, app: App, watch: bool = False) -> None:
        self.watch = watch
        super().__init__(app, WheelEntry("192.168.1.", ADDRESS_CHARS + " ", 21, (960, 500), size=72, pad=" "),
                         _("Next: the join code"))

    def go(self) -> None:
        address = self.entry.value.replace(" ", "")
        if ":" not in address:
            address += ":47110"
        self.app.push(CodeEntryScene(self.app, address, watch=self.watch))


class CodeEntryScene(_EntryScene):
    heading = N_("Join code")
    help = N_("The four digits on the host's screen")

    def __init__(self, app: App, address: str, watch: bool = False) -> None:
        self.address = address
        self.watch = watch
        super().__init__(app, WheelEntry("0000", DIGITS, 4, (960, 500), size=150), _("Watch") if watch else _("Join"))
        self.help = _("The four digits on the host's screen  \u00b7  {address}", address=address)

    def go(self) -> None:
        from game.keep.lan_store import guest_token
        from net.guest import Guest

        names = self.app.settings.names or ["Guest"]
        token = None if self.watch else guest_token(self.address)  # a watcher holds no seat to rejoin
        guest = Guest(self.address, code=self.entry.value, name=str(names[0]), token=token, watch=self.watch)
        try:
            guest.connect()
        except Exception as exc:  # zmq refuses a malformed address at once
            guest.close()
            self.help = _("Cannot reach {address}: {reason}", address=self.address, reason=exc)
            return
        self.app.push(GuestWaitScene(self.app, guest))


class GuestWaitScene(Scene):
    """Connecting, then the host's rules while the host has not started; a refusal says why."""

    name = "guest_wait"

    def __init__(self, app: App, guest: Guest, rejoin: bool = False) -> None:
        super().__init__(app)
        self.guest: Guest | None = guest
        self.rejoin = rejoin  # from Continue: the host must be hosting this very game
        self.waited = 0.0
        self.remembered = ""  # the token last noted
        self.menu = Menu([Item(_("Back"), self.back)], 960, 820, width=480)

    def back(self) -> None:
        self.app.pop(self)

    def leave(self) -> None:
        if self.guest is not None:
            self.guest.close()
            self.guest = None

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.BACK:
            self.back()
        else:
            self.menu.handle(intent)

    def update(self, dt: float) -> None:
        guest = self.guest
        if guest is None:
            return
        self.waited += dt
        guest.poll(0)
        self.app.dirty = True
        if guest.seen.token and guest.seen.seat is not None and self.remembered != guest.seen.token:
            from game.keep.lan_store import note_guest

            self.remembered = guest.seen.token  # a host that continued a kept game sends its saved token
            note_guest(guest)
        if guest.seen.started and guest.seen.view is not None and guest.seen.refused is None:
            from game.play.lan_tables import RemoteTable
            from game.play.lan_watch import WatchTable

            self.guest = None  # the board's table owns it now
            self.app.reset(screens.lan_board(self.app, WatchTable(guest) if guest.seen.watch else RemoteTable(guest)))

    def activity(self) -> int:
        return AMBIENT

    def status(self) -> tuple[str, list[str], tuple[int, int, int]]:
        guest = self.guest
        if guest is None:
            return "", [], art.MUTED
        if guest.seen.refused:
            from game.i18n.refusals import refusal_words

            if self.rejoin:
                return _("The host is not hosting this game now"), [
                    _("Ask them to continue it from their Continue list, then try again"),
                    _("Your note of the game is kept")], art.BAD
            code, fields = guest.seen.refused_as or (None, {})
            return _("The host refused"), [refusal_words(code, fields, guest.seen.refused)], art.BAD
        if guest.seen.asking:
            return _("Asking the host to let you in\u2026"), [_("The host's player accepts or refuses you")], \
                art.MUTED
        if not guest.seen.welcomed:
            address = guest.address.removeprefix("tcp://")
            if self.rejoin and self.waited > 5:
                return _("The host does not answer"), [
                    _("{address} must be hosting this game: ask them to continue it", address=address),
                    _("Your note of the game is kept")], art.BAD
            line = _("to {address} (is the address right?)", address=address) if self.waited > 5 else \
                _("to {address}", address=address)
            return _("Connecting\u2026"), [line], art.MUTED
        rules = guest.seen.rules
        three = rules.get("players") == 3
        tactics = _("Three players play troops only: no tactics cards") if three else \
            _("Tactics cards: {value}", value=_("on") if rules.get("tactics", True) else _("off"))
        if guest.seen.seat is None:  # a watcher: the players, then the rules
            players = guest.seen.players
            names = _("{south}, {west} and {east}", south=players.get("south", ""), west=players.get("west", ""),
                      east=players.get("east", "")) if three else \
                _("{south} and {north}", south=players.get("south", ""), north=players.get("north", ""))
            return _("Watching: waiting for the game to start…"), [names, tactics], art.GOOD
        if three:  # the host's own seat is the one no guest holds (the lobby names the guests' seats)
            own = [s for s in ("south", "west", "east") if s not in guest.seen.seats]
            host = guest.seen.players.get(own[0], "") if len(own) == 1 and guest.seen.seats else ""
        else:
            host = guest.seen.players.get("south" if guest.seen.seat == "north" else "north", "")
        host = host or _("the host")
        if guest.seen.table:  # table mode: the screen in the room starts the game, not the other player
            host = _("the table")
        timing = TIMING_SHORT.get(str(rules.get("claim_timing")))
        lines = [tactics, _("Claims: {timing}", timing=_(timing) if timing else "?"),
                 _("You play as {name}", name=guest.seen.players.get(guest.seen.seat, "") or _("Guest"))]
        return _("Waiting for {name} to start\u2026", name=host), lines, art.GOOD

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        title = shadowed(_("Join a LAN game"), 64, art.HILITE, "serif", offset=3)
        surface.blit(title, title.get_rect(center=(960, 170)))
        heading, lines, colour = self.status()
        img = fitted(heading, 44, 1800, colour, "bold")
        surface.blit(img, img.get_rect(center=(960, 360)))
        y = 450
        for line in lines:
            img = fitted(line, 34, 1800, art.CREAM)
            surface.blit(img, img.get_rect(center=(960, y)))
            y += 56
        self.menu.draw(surface)


screens.join_list.opens(JoinListScene)
screens.guest_wait.opens(GuestWaitScene)
