"""Typing a player's name: with the keyboard, or letter by letter on an on-screen keyboard.

The keyboard types straight into the field (TEXT intents from SDL's text input, so accents and
any layout work). A controller walks the on-screen keys with the D-pad and types with A; the mouse
clicks them. Every device can finish (Done) or cancel, so no one needs a second device to name a
player from the sofa.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, ngettext
from game.ui import art
from game.ui.input import DIRECTIONS, Clicks, Intent, Kind
from game.ui.scene import Scene
from game.ui.text import fit_size, fitted, shadowed, text
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App

MAX_LEN = 16
SHIFT, SPACE, ERASE, DONE = N_("Shift"), N_("Space"), N_("Erase"), N_("Done")
TITLES = (N_("First player's name"), N_("Second player's name"))
#: rows of the on-screen keyboard; each entry is (key, width in columns)
ROWS: list[list[tuple[str, int]]] = [
    [(c, 1) for c in "1234567890"],
    [(c, 1) for c in "ABCDEFGHIJ"],
    [(c, 1) for c in "KLMNOPQRST"],
    [(c, 1) for c in "UVWXYZ-'.&"],
    [(SHIFT, 2), (SPACE, 4), (ERASE, 2), (DONE, 2)],
]
KEY_W, KEY_H, GAP = 118, 86, 12
GRID_X = 960 - (10 * KEY_W + 9 * GAP) // 2
GRID_Y = 400


def name_title(seat_index: int) -> str:
    return _(TITLES[seat_index])


def seat_name_scene(app: App, seat_index: int, name: str, done: Callable[[str], None]) -> NameScene:
    """The keyboard for one seat's name, titled for that seat (setup opens it by name: "seat_name")."""
    return NameScene(app, name_title(seat_index), name, done)


def key_rects() -> dict[tuple[int, int], tuple[str, pygame.Rect]]:
    """(row, index) -> (key, rectangle): the keyboard's geometry, shared by drawing and clicking."""
    out: dict[tuple[int, int], tuple[str, pygame.Rect]] = {}
    for r, row in enumerate(ROWS):
        col = 0
        for i, (key, span) in enumerate(row):
            x = GRID_X + col * (KEY_W + GAP)
            rect = pygame.Rect(x, GRID_Y + r * (KEY_H + GAP), span * KEY_W + (span - 1) * GAP, KEY_H)
            out[(r, i)] = (key, rect)
            col += span
    return out


class NameScene(Scene):
    """Edits one name; `done(name)` is called with the new name, nothing on cancel."""

    name = "names"
    takes_text = True

    def __init__(self, app: App, title: str, current: str, done: Callable[[str], None]) -> None:
        super().__init__(app)
        self.title = title
        self.value = current[:MAX_LEN]
        self.done = done
        self.keys = key_rects()
        self.focus = (1, 0)  # "A": where a pad starts spelling
        self.shift = False
        self.clicks: Clicks[tuple[int, int]] = Clicks()
        self.warning = ""

    # ------------------------------------------------------------------ editing
    def upper_next(self) -> bool:
        """Names start with a capital, as does each part after a space or hyphen; Shift flips it."""
        start = not self.value or self.value[-1] in " -"
        return start != self.shift

    def type(self, chars: str) -> None:
        chars = "".join(c for c in chars if c.isprintable())
        room = MAX_LEN - len(self.value)
        if room <= 0 or not chars:
            self.warning = ngettext("A name has at most {n} letter.", "A name has at most {n} letters.", MAX_LEN) \
                if chars else self.warning
            return
        self.value += chars[:room]
        self.shift = False
        self.warning = ""

    def erase(self) -> None:
        self.value = self.value[:-1]
        self.warning = ""

    def finish(self) -> None:
        name = " ".join(self.value.split())
        if not name:
            self.warning = _("A name needs at least one letter.")
            return
        self.app.pop(self)
        self.done(name)

    def press(self, key: str) -> None:
        if key == SHIFT:
            self.shift = not self.shift
        elif key == SPACE:
            self.type(" ")
        elif key == ERASE:
            self.erase()
        elif key == DONE:
            self.finish()
        else:
            self.type(key if self.upper_next() else key.lower())

    # ------------------------------------------------------------------ input
    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k is Kind.TEXT:
            self.type(intent.text)
        elif k is Kind.ERASE:
            self.erase()
        elif k in DIRECTIONS and intent.device != "keyboard":
            self.move(k)
        elif k is Kind.CONFIRM:
            # the keyboard types into the field directly, so its Enter always means Done
            self.press(DONE if intent.device == "keyboard" else self.keys[self.focus][0])
        elif k is Kind.BACK:
            if intent.device == "controller" and self.value:
                self.erase()  # B erases on a pad, like a phone's keyboard; on an empty field it cancels
            else:
                self.app.pop(self)
        elif k is Kind.MENU:
            self.finish()
        elif k is Kind.DRAW:
            self.press(SPACE)
        elif k is Kind.CLAIM:
            self.press(SHIFT)
        elif k in (Kind.POINT, Kind.PRESS, Kind.RELEASE):
            focus, clicked = self.clicks.handle(intent, self.key_at)
            if focus is not None:
                self.focus = focus
            if clicked is not None:
                self.press(self.keys[clicked][0])

    def key_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for where, (_key, rect) in self.keys.items():
            if rect.collidepoint(pos):
                return where
        return None

    def move(self, kind: Kind) -> None:
        """Up and down keep the column as near as the wide keys allow; left and right wrap in a row."""
        row, index = self.focus
        if kind in (Kind.LEFT, Kind.RIGHT):
            size = len(ROWS[row])
            self.focus = (row, (index + (1 if kind is Kind.RIGHT else -1)) % size)
            return
        x = self.keys[self.focus][1].centerx
        row = (row + (1 if kind is Kind.DOWN else -1)) % len(ROWS)
        best = min(range(len(ROWS[row])), key=lambda i: abs(self.keys[(row, i)][1].centerx - x))
        self.focus = (row, best)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        title = shadowed(self.title, fit_size(self.title, 72, 1800, "serif"), art.HILITE, "serif", offset=3)
        surface.blit(title, title.get_rect(center=(960, 110)))
        field = pygame.Rect(0, 0, 1000, 110)
        field.center = (960, 270)
        art.panel(surface, field, alpha=235, border=art.HILITE, radius=18, fill=(16, 22, 22))
        shown = text(self.value, 64, art.CREAM, "bold") if self.value else None
        x = field.x + 36
        if shown is not None:
            surface.blit(shown, (x, field.centery - shown.get_height() // 2))
            x += shown.get_width() + 6
        pygame.draw.rect(surface, art.HILITE, (x, field.y + 22, 5, field.height - 44))
        count = text(f"{len(self.value)}/{MAX_LEN}", 28, art.MUTED)
        surface.blit(count, count.get_rect(midright=(field.right - 24, field.centery)))
        upper = self.upper_next()
        device = self.app.input.last_device
        for where, (key, rect) in self.keys.items():
            focused = where == self.focus and device == "controller"
            hovered = where == self.focus and device == "mouse"
            special = len(key) > 1
            fill = (60, 52, 24) if focused else ((40, 50, 46) if hovered else art.PANEL)
            border = art.HILITE if focused else ((220, 220, 210) if hovered else (90, 120, 110))
            if key == SHIFT and self.shift:
                fill = (70, 90, 60)
            art.panel(surface, rect, alpha=235, border=border, radius=12, fill=fill)
            colour = art.HILITE if focused else art.CREAM
            if special:
                img = fitted(_(key), 34, rect.width - 16, colour, "bold")
            else:
                img = text(key if upper else key.lower(), 44, colour, "bold")
            surface.blit(img, img.get_rect(center=rect.center))
        bottom = GRID_Y + len(ROWS) * (KEY_H + GAP) + 16
        if self.warning:
            img = text(self.warning, 32, art.BAD, "bold")
            surface.blit(img, img.get_rect(midtop=(960, bottom)))
        hint = fitted(self.hint(device), 30, 1840, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, 1050)))

    def hint(self, device: str) -> str:
        if device == "controller":
            return _("(A) type the letter  \u00b7  (B) erase  \u00b7  (Y) Shift  \u00b7  (X) space  \u00b7  Start done")
        if device == "mouse":
            return _("Click the letters, then Done  \u00b7  Right-click cancels")
        return _("Type the name  \u00b7  Enter done  \u00b7  Backspace erases  \u00b7  Esc cancels")


class NamesScene(MenuScene):
    """Settings: the two names the next game starts with, each typed in a NameScene."""

    name = "names-menu"
    title = N_("Player names")
    menu_top = 380

    def items(self) -> list[Item]:
        names = self.app.settings.names
        return [
            Item(_("First player"), lambda: self.edit(0), detail=lambda: f"{names[0]}  \u270e",
                 hint=_("Choose to type a name: keyboard, controller or mouse")),
            Item(_("Second player"), lambda: self.edit(1), detail=lambda: f"{names[1]}  \u270e",
                 hint=_("Choose to type a name: keyboard, controller or mouse")),
            Item(_("Back"), self.back),
        ]

    def edit(self, i: int) -> None:
        self.app.push(seat_name_scene(self.app, i, self.app.settings.names[i], lambda v: self.keep(i, v)))

    def keep(self, i: int, name: str) -> None:
        self.app.settings.names[i] = name
        self.app.save_settings()

    @property
    def opaque(self) -> bool:  # type: ignore[override]

        return self.app.find(self.app.scene("board")) is None


screens.seat_name.opens(seat_name_scene)
screens.names.opens(NamesScene)
