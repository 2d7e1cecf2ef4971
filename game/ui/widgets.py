"""A focusable list of options: the one widget every menu-like scene is built from.

Each item is an action (CONFIRM runs it) or a choice (LEFT/RIGHT or CONFIRM cycles its values).
The mouse hovers and clicks the same items, so menus work with every device alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui import art, theme
from game.ui.input import Intent, Kind
from game.ui.text import MIN_READ, fitted, font_for, wrap

ROW_H = 76
FONT = 40


@dataclass
class Item:
    label: str
    run: Callable[[], None] | None = None
    choices: Sequence[str] = ()
    index: int = 0
    on_change: Callable[[str], None] | None = None
    hint: str = ""
    show: Callable[[str], str] = field(default=lambda v: v)
    enabled: bool = True
    detail: Callable[[], str] | None = None  # an action's current value, shown on its right (a name)

    @property
    def value(self) -> str:
        return self.choices[self.index] if self.choices else ""

    def cycle(self, step: int) -> None:
        if not self.choices:
            return
        self.index = (self.index + step) % len(self.choices)
        if self.on_change is not None:
            self.on_change(self.value)


class Menu:
    """Items in a column centred on `center_x`, starting at `top`."""

    def __init__(self, items: list[Item], center_x: int, top: int, width: int = 1060) -> None:
        self.items = items
        self.focus = 0
        self.center_x, self.top, self.width = center_x, top, width
        self._pressed: int | None = None
        self.bottom = 1010  # where the focused item's hint must end (a menu scene's keys' line is below it)
        self.row_h = ROW_H  # a long menu (Settings' eleven rows) sits closer, so its hint has a line above the keys

    def rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.center_x - self.width // 2, self.top + i * self.row_h, self.width, self.row_h - 10)

    def at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.items)):
            if self.rect(i).collidepoint(pos):
                return i
        return None

    def handle(self, intent: Intent) -> bool:
        """True if the menu used the intent."""
        k = intent.kind
        item = self.items[self.focus] if self.items else None
        if k in (Kind.UP, Kind.DOWN):
            self.step_focus(-1 if k is Kind.UP else 1)
        elif k in (Kind.LEFT, Kind.RIGHT) and item and item.choices:
            item.cycle(-1 if k is Kind.LEFT else 1)
        elif k is Kind.CONFIRM and item:
            self._activate(item)
        elif k is Kind.POINT:
            hit = self.at(intent.pos)
            if hit is not None and self.items[hit].enabled:
                self.focus = hit
        elif k is Kind.PRESS:
            self._pressed = self.at(intent.pos)
        elif k is Kind.RELEASE:
            hit = self.at(intent.pos)
            if hit is not None and hit == self._pressed:
                self.focus = hit
                self._activate(self.items[hit], mouse_x=intent.pos[0])
            self._pressed = None
        else:
            return False
        return True

    def step_focus(self, step: int) -> None:
        """Move to the next item that can be used; disabled items are skipped. The ends do not wrap:
        Up on the first row stays there (it must never land on Quit at the bottom)."""
        i = self.focus + step
        while 0 <= i < len(self.items):
            if self.items[i].enabled:
                self.focus = i
                return
            i += step

    def _activate(self, item: Item, mouse_x: int | None = None) -> None:
        if not item.enabled:
            return
        if item.choices:
            step = 1
            if mouse_x is not None and mouse_x < self.center_x:
                step = -1
            item.cycle(step)
        elif item.run is not None:
            item.run()

    def draw(self, surface: pygame.Surface) -> None:
        for i, item in enumerate(self.items):
            focused = i == self.focus
            state = "disabled" if not item.enabled else (
                "pressed" if i == self._pressed else ("focus" if focused else "idle"))
            r = art.plaque(surface, self.rect(i), state)
            colour = art.HILITE if focused else (art.CREAM if item.enabled else art.MUTED)
            if item.choices or item.detail is not None:  # the value, then the label, shrink to fit
                shown = item.detail() if item.detail is not None else f"\u2039  {item.show(item.value)}  \u203a"
                lit = focused and item.enabled
                # the value gives up room the label needs at its smallest size (large text, a long Hungarian label)
                floor = math.ceil(MIN_READ / theme.current().text_scale)  # as small as fitted may go (large text)
                least = font_for(item.label, floor, "bold").size(item.label)[0]
                full = font_for(item.label, FONT, "bold").size(item.label)[0]
                smallest = font_for(shown, floor, "bold").size(shown)[0]
                if least + smallest <= r.width - 80:  # the value shrinks first (a volume bar), then the label
                    room = max(smallest, r.width - 80 - full)
                else:
                    room = max(r.width // 4, r.width - 80 - least)
                val = fitted(shown, FONT, room, art.CREAM if lit else art.MUTED, "bold", MIN_READ)
                label = fitted(item.label, FONT, r.width - 80 - val.get_width(), colour, "bold", MIN_READ)
                surface.blit(label, (r.x + 28, r.centery - label.get_height() // 2))
                surface.blit(val, (r.right - 28 - val.get_width(), r.centery - val.get_height() // 2))
            else:
                label = fitted(item.label, FONT, r.width - 40, colour, "bold", MIN_READ)
                surface.blit(label, label.get_rect(center=r.center))
        if self.items and self.items[self.focus].hint:
            # under the column: as wide as the screen when centred, else as wide as the column (a panel
            # beside it must not be overdrawn, nor the screen's left edge cut), in two lines at most
            width = 1840 if self.center_x == 960 else self.width
            y = self.top + len(self.items) * self.row_h + 12
            words = self.items[self.focus].hint
            floor = math.ceil(MIN_READ / theme.current().text_scale)
            sizes = [size for size in (30, 28, 26, 24, 22) if size >= floor] or [floor]
            size = next((size for size in sizes if y + len(wrap(words, size, width, probe=True)[:2])
                         * font_for(words, size).get_height() <= self.bottom), sizes[-1])  # above the keys' line
            for line in wrap(words, size, width)[:2]:
                hint = fitted(line, size, width, art.MUTED, "regular", MIN_READ)
                surface.blit(hint, hint.get_rect(midtop=(self.center_x, y)))
                y += hint.get_height() + 2


def chance_bar(surface: pygame.Surface, bar: pygame.Rect, chance: float) -> None:
    """A win estimate (0-1) as a filled bar: the board's and the replay's look the same."""
    pygame.draw.rect(surface, (70, 40, 36), bar, border_radius=7)
    filled = bar.copy()
    filled.width = max(4, round(bar.width * chance))
    pygame.draw.rect(surface, art.GOOD, filled, border_radius=7)
    pygame.draw.rect(surface, art.CREAM, bar, 2, border_radius=7)
