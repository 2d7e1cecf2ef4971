"""A question before something that cannot be undone: quitting, leaving a game, replacing a save.

It is a small menu over the screen below, so the D-pad and A answer it as well as the mouse; B or
Esc is always "no". The safe answer is focused first, so a stray press never loses anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.text import MIN_READ, fitted, text, wrap
from game.ui.widgets import ROW_H, Item, Menu

from . import screens
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App

WIDTH = 1240


class ConfirmScene(MenuScene):
    name = "confirm"
    opaque = False

    def __init__(self, app: App, question: str, lines: list[str], answers: list[tuple[str, Callable[[], None]]],
                 ) -> None:
        """`answers` after the first (which is "no, go back" unless given) each close the question then run."""
        self.question = question
        self.lines = lines
        self.answers = answers
        self.menu_top = 520 + 23 * len(lines) - ROW_H * (len(answers) - 2) // 2
        super().__init__(app)
        self.menu = Menu(self.items(), 960, self.menu_top, 880)

    def items(self) -> list[Item]:
        return [Item(label, self._answer(run)) for label, run in self.answers]

    def _answer(self, run: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.app.pop(self)
            run()
        return go

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.BACK, Kind.MENU):
            self.app.pop(self)
            return
        self.menu.handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.shade((1920, 1080), 190), (0, 0))
        body: list[str] = []
        for line in self.lines:
            body += wrap(line, 32, WIDTH - 120)
        top = self.menu_top - 130 - 46 * len(body)
        bottom = self.menu_top + len(self.menu.items) * ROW_H + 70
        box = pygame.Rect(960 - WIDTH // 2, top, WIDTH, bottom - top)
        art.panel(surface, box, alpha=248, border=art.GOLD_DARK, radius=24, fill=(14, 20, 20))
        img = fitted(self.question, 48, WIDTH - 100, art.HILITE, "serif")
        surface.blit(img, img.get_rect(midtop=(960, top + 34)))
        y = top + 110
        for line in body:
            img = text(line, 32, art.CREAM)
            surface.blit(img, img.get_rect(midtop=(960, y)))
            y += 46
        self.menu.draw(surface)
        g = self.app.input.glyph
        words = _("{confirm} choose  \u00b7  {back} no", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        hint = fitted(words, MIN_READ, WIDTH - 60, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, box.bottom - 14)))


def ask(app: App, question: str, lines: list[str], yes: str, run: Callable[[], None], no: str = "") -> None:
    """Push a yes/no question; "no" is focused first and is also what B, Esc or right-click say."""
    app.push(ConfirmScene(app, question, lines, [(no or _("No, go back"), lambda: None), (yes, run)]))


screens.confirm.opens(ConfirmScene)
screens.ask_first.opens(ask)
