"""Joining over the internet: type the wormhole code your friend's screen shows, then the LAN guest's wait.

The keyboard types the code straight in; a controller (or the arrow keys) builds it: up and down change
the number, then pick among the words that may come next (magic-wormhole's word list, as its own
completion does), right takes the word, left takes it back. A word not in the list is caught here, so a
typo never costs a try at the mailbox. Once the wormhole is through, the ordinary guest joins its local
end with the join code the wormhole carried (net.internet.link.TunnelledGuest).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, Scene
from game.ui.text import fit_size, fitted, shadowed
from game.ui.widgets import Item, Menu
from net.internet.words import WORMHOLE, completions, normal, parts_of, problem_of

from .internet_steps import draw_entry_foot, step_words, wormhole_options

if TYPE_CHECKING:
    from game.ui.shell import App
    from net.internet.link import Options, Tunnel

TYPED = "0123456789abcdefghijklmnopqrstuvwxyz- "
SHOWN = 6  # completions shown at once
BUTTONS = (N_("Join"), N_("Watch"), N_("Back"))  # said afresh at each frame: a scene made before its window's
# language is active (`battleline join --internet` pushes it at start) still shows them in that language


def kept_token(tunnel: Tunnel) -> tuple[str | None, str | None]:
    """The seat token kept for the game behind this wormhole, and the note's place if it is another's: the same
    code typed again after this window restarted, or a fresh code from a restarted host whose resumed game holds
    one of our tokens (the marks it told through the wormhole); (None, None) for a new game."""
    from game.keep.lan_store import guest_token, kept_for_marks
    here = f"{WORMHOLE}{tunnel.code}"
    token = guest_token(here)
    if token is not None:
        return token, None
    found = kept_for_marks(tunnel.seats)
    if found is None:
        return None, None
    place, token = found
    return token, place if place != here else None


class InternetJoinScene(Scene):
    """The code being typed, its completions, and then what the wormhole does."""

    name = "internet_join"
    takes_text = True
    heading = N_("Join over the internet")

    def __init__(self, app: App, typed: str = "", options: Options | None = None, token: str | None = None) -> None:
        super().__init__(app)
        self.options = options  # `battleline join --internet CODE --mailbox ...`; else Options.from_env
        self.token = token  # Continue's: the seat token kept for this game (else looked up once through)
        self.typed = typed
        self.pick = 0
        self.problem = ""
        self.tunnel: Tunnel | None = None
        self.watch = False
        self.buttons = Menu([Item(_(BUTTONS[0]), partial(self.go, False)), Item(_(BUTTONS[1]), partial(self.go, True)),
                             Item(_(BUTTONS[2]), self.back)], 960, 690, width=560)
        self.on_buttons = False

    # ------------------------------------------------------------------ typing
    @property
    def choices(self) -> list[str]:
        return completions(self.typed)

    def _word_done(self) -> None:
        """Take the highlighted word (or end the number) and go on to the next part."""
        parts = parts_of(self.typed)
        if len(parts) == 1:
            if parts[0].isdigit():
                self.typed = parts[0] + "-"
            return
        choices = self.choices
        if choices:
            parts[-1] = choices[self.pick % len(choices)]
            self.typed = "-".join(parts) + ("-" if len(parts) < 3 else "")
        self.pick = 0

    def _word_back(self) -> None:
        text = self.typed.rstrip("-")
        self.typed = text[: text.rfind("-") + 1] if "-" in text else ""
        self.pick = 0

    def _spin(self, step: int) -> None:
        if "-" not in self.typed:
            number = int(self.typed) if self.typed.isdigit() else 0
            self.typed = str(max(1, min(999, number + step)))
        elif self.choices:
            self.pick = (self.pick + step) % len(self.choices)

    def _type(self, chars: str) -> None:
        for ch in chars.lower():
            if ch in TYPED:
                self.typed = (self.typed + ("-" if ch == " " else ch))[:60]
        self.pick, self.problem = 0, ""

    def complete(self) -> bool:
        return problem_of(self.typed) is None

    # ------------------------------------------------------------------ going
    def go(self, watch: bool) -> None:
        problem = problem_of(self.typed)
        if problem is not None:
            kind, word, near = problem
            self.problem = _("A code is a number and two words, like 7-crossover-clockwork") if kind == "form" else \
                _("\u201c{word}\u201d is not a word of a code", word=word) + (
                    "  \u00b7  " + _("did you mean {words}?", words=", ".join(near)) if near else "")
            return
        from net.internet.link import guest_tunnel

        options = self.options or wormhole_options(self.app.settings)
        self.close_tunnel()
        self.watch = watch
        self.tunnel = guest_tunnel(normal(self.typed), options)
        self.problem = ""

    def close_tunnel(self) -> None:
        if self.tunnel is not None:
            self.tunnel.close()
            self.tunnel = None

    def back(self) -> None:
        self.app.pop(self)

    def leave(self) -> None:
        self.close_tunnel()

    def update(self, dt: float) -> None:
        tunnel = self.tunnel
        if tunnel is None:
            return
        tunnel.poll()
        self.app.dirty = True
        if tunnel.failure is not None:
            self.problem = step_words(tunnel)[0]
            self.close_tunnel()
        elif tunnel.port is not None and tunnel.join is not None:
            from net.internet.link import TunnelledGuest

            from .lan_join import GuestWaitScene

            names = self.app.settings.names or ["Guest"]
            token, kept_at = (self.token, None) if self.token is not None or self.watch else kept_token(tunnel)
            guest = TunnelledGuest(tunnel, name=str(names[0]), watch=self.watch, token=token)
            guest.kept_before = kept_at  # a note under an older code (the host restarted): moved once seated
            self.tunnel = None  # the guest owns it now, and ends it when it closes
            guest.connect()
            self.app.push(GuestWaitScene(self.app, guest, rejoin=token is not None))

    def activity(self) -> int:
        return AMBIENT

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k is Kind.BACK:
            self.back()
        elif self.tunnel is not None:
            return  # the wormhole is opening: Back only
        elif k is Kind.TEXT:
            self._type(intent.text)
        elif k is Kind.ERASE:
            self.typed, self.pick, self.problem = self.typed[:-1], 0, ""
        elif self.on_buttons:
            if k is Kind.UP and self.buttons.focus == 0:
                self.on_buttons = False
            else:
                self.buttons.handle(intent)
        elif k in (Kind.PRESS, Kind.RELEASE, Kind.POINT) and self.buttons.at(intent.pos) is not None:
            self.on_buttons = True
            self.buttons.handle(intent)
        elif k is Kind.CONFIRM:
            if self.complete():
                self.on_buttons, self.buttons.focus = True, 0
            else:
                self._word_done()
        elif k in (Kind.UP, Kind.DOWN):
            self._spin(1 if k is Kind.UP else -1)
        elif k is Kind.SCROLL:
            self._spin(intent.value)
        elif k is Kind.RIGHT:
            self._word_done()
        elif k is Kind.LEFT:
            self._word_back()
        elif k is Kind.FLAG:
            self._type(str(intent.value))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        heading = _(self.heading)
        title = shadowed(heading, fit_size(heading, 64, 1800, "serif"), art.HILITE, "serif", offset=3)
        surface.blit(title, title.get_rect(center=(960, 170)))
        helper = fitted(_("Type the code your friend's screen shows, e.g. 7-crossover-clockwork"), 30, 1800,
                        art.MUTED)
        surface.blit(helper, helper.get_rect(center=(960, 250)))
        field = pygame.Rect(360, 330, 1200, 130)
        art.panel(surface, field, alpha=230, border=art.HILITE if not self.on_buttons else None, radius=14)
        shown = self.typed + ("|" if self.tunnel is None else "")
        img = fitted(shown or "|", 72, field.width - 60, art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=field.center))
        y = field.bottom + 30
        if self.tunnel is not None:
            words, colour = step_words(self.tunnel)
            img = fitted(words, 40, 1600, colour, "bold")
            surface.blit(img, img.get_rect(midtop=(960, y + 40)))
        else:
            choices = self.choices
            if choices:
                start = (self.pick // SHOWN) * SHOWN
                row = choices[start:start + SHOWN]
                width = 1200 // max(1, len(row))
                for i, word in enumerate(row):
                    chosen = start + i == self.pick % len(choices)
                    cell = pygame.Rect(360 + i * width, y, width - 12, 64)
                    art.panel(surface, cell, alpha=200 if chosen else 120, border=art.HILITE if chosen else None,
                              radius=10)
                    img = fitted(word, 34, cell.width - 16, art.HILITE if chosen else art.CREAM)
                    surface.blit(img, img.get_rect(center=cell.center))
                if len(choices) > SHOWN:
                    more = fitted(_("{n} words fit here", n=len(choices)), 26, 600, art.MUTED)
                    surface.blit(more, more.get_rect(midtop=(960, y + 70)))
            if self.problem:
                img = fitted(self.problem, 34, 1700, art.BAD, "bold")
                surface.blit(img, img.get_rect(midtop=(960, y + 100)))
        for item, label in zip(self.buttons.items, BUTTONS, strict=True):
            item.label = _(label)
        g = self.app.input.glyph
        draw_entry_foot(surface, self.buttons, self.on_buttons,
                        _("type the code  \u00b7  {updown} number or word  \u00b7  {right} take the word  \u00b7  "
                          "{confirm} done  \u00b7  {back} back", updown="\u25b2\u25bc", right="\u25b6",
                          confirm=g(Kind.CONFIRM), back=g(Kind.BACK)))
