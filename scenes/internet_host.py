"""Hosting over the internet: the LAN lobby, reached through magic-wormhole codes (net.internet).

The same rules and the same lobby as a LAN game, but the game listens on this computer only and each
player from elsewhere gets a wormhole code, shown large with a Copy button; the lobby says what each
wormhole is doing (the mailbox, waiting, direct or relayed) and any failure in words. The game's port is on
this computer only; at a table the phone page is on the room's network too, so phones in the room take their
seats beside players from elsewhere (one code is shown for each seat; a phone needs none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.ui import art
from game.ui.text import balanced, fit_size, fitted, shadowed, wrap
from game.ui.widgets import Item

from .host_choices import lobby_status
from .internet_steps import FAILURES, step_words, wormhole_options
from .lan_host import HostLobbyScene
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App
    from net.internet.cli import Door
    from net.internet.link import Options


def copy_text(words: str) -> bool:
    """Put `words` on the system clipboard (SDL's); False where there is none."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(words)
    except (pygame.error, AttributeError, NotImplementedError):
        return False
    return True


def code_images(codes: list[str], size: int, width: int) -> list[pygame.Surface]:
    """The wormhole codes as drawn, every one at the same size: the largest up to `size` at which the longest
    fits `width` with its shadow (a code drawn smaller than its neighbour would look less important)."""
    size = min(fit_size(code, size, width - 4, "bold") for code in codes)
    return [shadowed(code, size, art.HILITE, "bold", offset=4) for code in codes]


class InternetHostScene(HostLobbyScene):
    """Rules first; then one wormhole code for each player from elsewhere, and the lobby's own status."""

    name = "internet_host"
    title = N_("Host over the internet")
    subtitle = N_("Choose the rules, then open the lobby")

    def __init__(self, app: App, table: bool = False, players: int = 2, options: Options | None = None,
                 phones_bind: str = "0.0.0.0") -> None:
        self.options = options  # `battleline host --internet --mailbox ... --transit ...`; else Options.from_env
        self.door: Door | None = None
        self.copied: str | None = None
        self._failed: str | None = None  # the door's failure the buttons were built for
        super().__init__(app, bind="127.0.0.1", advertise=False, port=0, table=table, players=players)
        self.phones_bind = phones_bind  # a table's phones in the room: the page on the room's network

    def items(self) -> list[Item]:
        door = getattr(self, "door", None)
        if self.host is not None and door is not None and door.failure is not None and not self.joined:
            return [Item(_("Retry"), self.retry, hint=_("Open the wormhole again: a new code")),
                    Item(_("Close the lobby"), self.back)]  # the failure is said on the panel, never "waiting"
        out = super().items()
        if self.host is not None and self.host.seen.join_request is None and door is not None and not self.joined:
            codes = [c for c in door.codes() if c]
            if codes:
                one = len(codes) == 1
                out.insert(0, Item(_("Copy the code") if one else _("Copy the codes"), self.copy,
                                   hint=_("Paste it in a message to your friend, or read it out") if one
                                   else _("Paste each code in a message to its friend, or read them out")))
        return out

    def open_lobby(self) -> None:
        super().open_lobby()
        self._open_door()

    def resume_saved(self, path: Any) -> None:
        super().resume_saved(path)
        self._open_door()

    def _open_door(self) -> None:
        if self.host is None:
            return
        from net.internet.cli import Door, marks_of

        options = self.options or wormhole_options(self.app.settings)
        self.host.internet = True  # its save says so: Continue reopens it here, with codes
        self.host.save()
        self.door = Door(self.host.port, self.host.seen.code, len(self.host.seen.remotes), options, marks_of(self.host))
        self.advertiser = self.door  # type: ignore[assignment]  # closed with the lobby, or by the board's host
        self.subtitle = self._say_whom()
        self.new_rows()

    def _say_whom(self) -> str:
        one = self.host is None or len(self.host.seen.remotes) == 1
        return N_("Tell your friend the wormhole code") if one else N_("Give each friend their own wormhole code")

    def offers_phones(self) -> bool:
        """At a table, the phone page for the players in the room (on the room's network, `phones_bind`; the
        game's own port stays on this computer); a player with a seat of their own has no phones to offer."""
        return self.table

    def retry(self) -> None:
        """The wormholes that failed open again (the mailbox may answer now); the lobby and its join code stay."""
        if self.door is not None:
            self.door.retry()
            self.copied = None
            self._failed = None
            self.new_rows()

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """The panel's last line: a failure in words when a wormhole failed (never "waiting" then), a guest
        asking, or the lobby's own status."""
        door, host = self.door, self.host
        if door is not None and door.failure is not None and not self.joined:
            return _(FAILURES.get(door.failure, FAILURES["broken"])), art.BAD
        if host is not None and host.seen.join_request is not None:
            return _("{name} wants to join: Accept or Refuse", name=host.seen.join_request), art.HILITE
        if host is None:
            return "", art.MUTED
        if self.qr is None and all(r.identity is None for r in host.seen.remotes.values()):
            return "", art.MUTED  # each code's own line says it waits for a friend: once is enough
        return lobby_status(host)

    def copy(self) -> None:
        if self.door is not None:
            words = "  ".join(c for c in self.door.codes() if c)
            self.copied = words if copy_text(words) else ""

    def update(self, dt: float) -> None:
        super().update(dt)
        door = self.door
        if door is None or self.host is None:
            return
        door.follow(self.host.seen.code)
        codes = door.codes()
        if door.poll() or codes != door.codes() or door.failure != self._failed:
            self._failed = door.failure
            self.subtitle = self._say_whom() if door.failure is None else N_("The wormhole could not open")
            self.new_rows()
        self.app.dirty = True

    def leave(self) -> None:
        super().leave()  # closes the door with the lobby (it sits where a LAN advertiser would)
        self.door = None

    def start(self) -> None:
        self.door = None  # the board's host owns the tunnels now (they end with it)
        super().start()

    def draw(self, surface: pygame.Surface) -> None:
        MenuScene.draw(self, surface)
        panel = pygame.Rect(1000, 300, 860, 600)
        art.panel(surface, panel, alpha=220, radius=18)
        x, y = panel.x + 40, panel.y + 30
        inner = panel.width - 80
        door, host = self.door, self.host
        if host is None or door is None:
            img = fitted(_("How internet play works"), 40, inner, art.HILITE, "bold")
            surface.blit(img, (x, y))
            y += img.get_height() + 14
            words = _("Your friend plays from their own home: this computer keeps the game and shows a code, a "
                      "number and two words. Your friend types it in Join over the internet. Nothing else to set "
                      "up, and each code works once.")
            for line in wrap(words, 30, inner):
                img = fitted(line, 30, inner, art.CREAM)
                surface.blit(img, (x, y))
                y += img.get_height() + 14
            return
        tunnels = door.tunnels
        size = 84 if len(tunnels) == 1 else 56
        centre = panel.centerx
        if self.qr is not None:  # a table's phone page: its QR code at the right, the codes beside it
            qr_box = self.qr.get_rect(topright=(panel.right - 30, panel.y + 30))
            surface.blit(self.qr, qr_box)
            qy = qr_box.bottom + 8
            for line in phones_caption(qr_box.width + 20):
                img = fitted(line, 24, qr_box.width + 20, art.MUTED)
                surface.blit(img, img.get_rect(midtop=(qr_box.centerx, qy)))
                qy += img.get_height() + 2
            img = fitted(self.phones_url.split("/?")[0].removeprefix("http://"), 22, qr_box.width + 20, art.CREAM)
            surface.blit(img, img.get_rect(midtop=(qr_box.centerx, qy)))
            inner -= qr_box.width + 20
            centre = x + inner // 2
        codes = [tunnel.code or ("\u2014" if tunnel.failure is not None else "\u2026") for tunnel in tunnels]
        for n, (tunnel, img) in enumerate(zip(tunnels, code_images(codes, size, inner), strict=True)):
            label = _("Wormhole code") if len(tunnels) == 1 else _("Wormhole code {n}", n=n + 1)
            surface.blit(fitted(label, 30, inner, art.MUTED), (x, y))
            y += 40
            surface.blit(img, img.get_rect(midtop=(centre, y)))
            y += img.get_bounding_rect().bottom + 26
            words, colour = step_words(tunnel)
            if tunnel.failure is not None and len(tunnels) == 1:  # the last line says the failure; here, where
                words, colour = _("Mailbox server: {url}", url=door.options.mailbox), art.MUTED
            img = fitted(words, 28, inner, colour)
            surface.blit(img, img.get_rect(midtop=(centre, y)))
            y += img.get_height() + 22
        inner = panel.width - 80  # the last lines span the panel, under the QR code too
        y = max(y, panel.y + 30 + (self.qr.get_height() + 70 if self.qr is not None else 0))
        if self.copied is not None:
            words = _("Copied") if self.copied else _("No clipboard here: read the code out")
            img = fitted(words, 26, inner, art.GOOD if self.copied else art.BAD)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
            y += img.get_height() + 14
        status, colour = self.status()
        lines = wrap(status, 32, inner, "bold")[:2] or [""]
        y = max(y + 10, panel.bottom - 30 - 46 * len(lines))
        for line in lines:
            img = fitted(line, 32, inner, colour, "bold")
            surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
            y += 46


def phones_caption(width: int) -> list[str]:
    """The words under the table's QR code, in as many even lines as the width needs: every word shown
    (two lines are too few in Hungarian, Romanian and Czech)."""
    return balanced(_("Phones in the room: scan, or open"), 24, width)
