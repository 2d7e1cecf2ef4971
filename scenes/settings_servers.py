"""Settings -> Internet servers: the mailbox and the transit relay that internet play meets through.

Empty means the public magic-wormhole servers. A club's own (docs/INTERNET.md) are typed in magic-wormhole's
forms, `ws://HOST:PORT/v1` and `tcp:HOST:PORT`; anything else is refused on the spot in words that show the
form, and nothing is saved. Host and Join over the internet read both (net.internet.link.Options.from_env).
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.keep.settings import _checked
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import fit_size, fitted, shadowed, wrap
from game.ui.widgets import Item, Menu
from net.internet.tunnel import PUBLIC_MAILBOX, PUBLIC_TRANSIT

from .internet_steps import draw_entry_foot
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App

#: setting -> (its row's label, the public default, the form expected)
SERVERS = {
    "wormhole_mailbox": (N_("Mailbox server"), PUBLIC_MAILBOX, "ws://HOST:PORT/v1"),
    "wormhole_transit": (N_("Transit relay"), PUBLIC_TRANSIT, "tcp:HOST:PORT"),
}
TYPED = re.compile(r"[\x21-\x7e]")  # an address is printable ASCII, no spaces
LONGEST = 200


def server_problem(key: str, value: str) -> str | None:
    """Why `value` cannot be this server's address, in the player's words (None: it may be; "" is the public one)."""
    if value == "":
        return None
    _label, public, form = SERVERS[key]
    words = _("Expected {form}, for example {public}", form=form, public=public)
    try:
        _checked(key, value)
    except (TypeError, ValueError):
        return words
    if key == "wormhole_mailbox" and not re.fullmatch(r"wss?://[^/:\s]+(:\d{1,5})?(/\S*)?", value):
        return words
    port = re.search(r":(\d+)(?:/|$)", value.split("//", 1)[-1])
    if port is not None and not 1 <= int(port.group(1)) <= 65535:
        return _("The port must be from 1 to 65535")
    return None


def shown(value: str) -> str:
    """A server as its row shows it: the address, or "public"."""
    return value or _("public")


class ServersScene(MenuScene):
    """Two rows, one for each server; choosing one opens its entry."""

    name = "settings_servers"
    title = N_("Internet servers")
    subtitle = N_("Where internet play meets: empty means the public magic-wormhole servers")

    def items(self) -> list[Item]:
        s = self.app.settings
        rows = [Item(_(label), partial(self.edit, key), detail=partial(lambda k: shown(getattr(s, k)), key),
                     hint=_("Both players must use the same one"))
                for key, (label, _public, _form) in SERVERS.items()]
        return [*rows, Item(_("Back"), self.back)]

    def edit(self, key: str) -> None:
        self.app.push(ServerEntry(self.app, key))


class ServerEntry(Scene):
    """One server's address typed on the keyboard; Save checks it (a bad one is said, and stays unsaved),
    Public server empties it, Cancel (or Esc) keeps what was there."""

    name = "server_entry"
    takes_text = True

    def __init__(self, app: App, key: str) -> None:
        super().__init__(app)
        self.key = key
        self.typed = str(getattr(app.settings, key, "") or "")
        self.problem = ""
        self.buttons = Menu([Item(_("Save"), self.save), Item(_("Public server"), self.public),
                             Item(_("Cancel"), self.cancel)], 960, 640, width=640)
        self.on_buttons = False

    def save(self) -> None:
        value = self.typed.strip()
        problem = server_problem(self.key, value)
        if problem is not None:
            self.problem, self.on_buttons = problem, False
            return
        setattr(self.app.settings, self.key, value)
        self.app.save_settings()
        self.app.pop(self)

    def public(self) -> None:
        self.typed = ""
        self.save()

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k is Kind.BACK:
            self.cancel()
        elif k is Kind.TEXT:
            self.typed = (self.typed + "".join(c for c in intent.text if TYPED.fullmatch(c)))[:LONGEST]
            self.problem = ""
        elif k is Kind.ERASE:
            self.typed, self.problem = self.typed[:-1], ""
        elif k in (Kind.PRESS, Kind.RELEASE, Kind.POINT) and self.buttons.at(intent.pos) is not None:
            self.on_buttons = True
            self.buttons.handle(intent)
        elif self.on_buttons:
            if k is Kind.UP and self.buttons.focus == 0:
                self.on_buttons = False
            else:
                self.buttons.handle(intent)
        elif k is Kind.CONFIRM:
            self.save()
        elif k is Kind.DOWN:
            self.on_buttons, self.buttons.focus = True, 0

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        label, public, form = SERVERS[self.key]
        heading = _(label)
        title = shadowed(heading, fit_size(heading, 64, 1800, "serif"), art.HILITE, "serif", offset=3)
        surface.blit(title, title.get_rect(center=(960, 170)))
        helper = _("Type the address, like {form}. Empty: the public one, {public}", form=form, public=public)
        for n, line in enumerate(wrap(helper, 30, 1700)[:2]):
            img = fitted(line, 30, 1700, art.MUTED)
            surface.blit(img, img.get_rect(center=(960, 250 + 40 * n)))
        field = pygame.Rect(260, 340, 1400, 120)
        art.panel(surface, field, alpha=230, border=None if self.on_buttons else art.HILITE, radius=14)
        img = fitted((self.typed or "") + "|", 48, field.width - 60, art.CREAM, "bold")
        surface.blit(img, img.get_rect(midleft=(field.x + 30, field.centery)))
        if self.problem:
            img = fitted(self.problem, 32, 1700, art.BAD, "bold")
            surface.blit(img, img.get_rect(midtop=(960, field.bottom + 30)))
        g = self.app.input.glyph
        draw_entry_foot(surface, self.buttons, self.on_buttons,
                        _("type the address  \u00b7  {confirm} save  \u00b7  \u25bc buttons  \u00b7  {back} cancel",
                          confirm=g(Kind.CONFIRM), back=g(Kind.BACK)))
