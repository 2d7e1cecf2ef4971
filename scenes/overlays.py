"""Overlays on the board: the game log, and the discard piles opened for inspection."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine import OTHER
from engine.notation_types import Event, View
from game.i18n import _
from game.play.words import card_words, event_words
from game.ui import art, card_art
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import blit_lines, fitted, line_step, text, wrap

from . import screens

if TYPE_CHECKING:
    from game.ui.shell import App


class LogScene(Scene):
    """Every action of the game in words, newest at the bottom; scroll with arrows or the wheel."""

    name = "log"
    opaque = False

    @property
    def ROWS(self) -> int:  # a property (it was a constant): large text fits fewer lines in the panel
        """As many lines as fit between the title and the hint line, at the current text size."""
        return (960 - 100 - 70) // line_step(28, 1.4)

    def __init__(self, app: App, events: list[Event], names: dict[str, str]) -> None:
        super().__init__(app)
        # worded now, in the language chosen now: a switch mid-game rewords the whole log
        self.log = [line for line in (event_words(e, names) for e in events) if line]
        self.lines: list[str] = []
        for i, entry in enumerate(self.log, start=1):
            wrapped = wrap(f"{i}. {entry}", 28, 1040)
            self.lines += [wrapped[0]] + ["     " + w for w in wrapped[1:]]
        self.scroll = max(0, len(self.lines) - self.ROWS)

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        top = max(0, len(self.lines) - self.ROWS)
        if k in (Kind.UP, Kind.DOWN, Kind.SCROLL):
            step = -1 if k is Kind.UP or (k is Kind.SCROLL and intent.value > 0) else 1
            self.scroll = min(top, max(0, self.scroll + step * 3))
        elif k in (Kind.BACK, Kind.LOG, Kind.CONFIRM, Kind.RELEASE, Kind.MENU):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.shade((1920, 1080), 150), (0, 0))
        box = pygame.Rect(360, 60, 1200, 960)
        art.panel(surface, box, alpha=240, border=art.GOLD_DARK, fill=(16, 22, 22))
        title = text(_("Game log"), 48, art.HILITE, "bold")
        surface.blit(title, (box.x + 40, box.y + 24))
        shown = self.lines[self.scroll:self.scroll + self.ROWS] or [_("Nothing has happened yet.")]
        blit_lines(surface, shown, 28, art.CREAM, (box.x + 40, box.y + 100), spacing=1.4)
        g = self.app.input.glyph
        hint = text(_("Up/Down scroll  \u00b7  {back} close", back=g(Kind.BACK)), 28, art.MUTED)
        surface.blit(hint, hint.get_rect(bottomright=(box.right - 30, box.bottom - 18)))


class InspectScene(Scene):
    """Both discard piles face up: played guile tactics and discarded cards (R37, R45)."""

    name = "inspect"
    opaque = False

    def __init__(self, app: App, view: View, viewer: str, names: dict[str, str]) -> None:
        super().__init__(app)
        self.view, self.viewer, self.names = view, viewer, names

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.BACK, Kind.CONFIRM, Kind.RELEASE, Kind.MENU):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.shade((1920, 1080), 170), (0, 0))
        box = pygame.Rect(120, 80, 1680, 920)
        art.panel(surface, box, alpha=242, border=art.GOLD_DARK, fill=(16, 22, 22))
        y = box.y + 30
        for seat in (OTHER[self.viewer], self.viewer):
            pile = self.view["discards"][seat]
            words = _("{name}'s discards and played tactics ({n})", name=self.names[seat], n=len(pile))
            title = fitted(words, 40, box.width - 80, art.HILITE, "bold")
            surface.blit(title, (box.x + 40, y))
            y += 64
            if not pile:
                surface.blit(text(_("Empty."), 30, art.MUTED), (box.x + 40, y))
            for i, card in enumerate(pile[:9]):
                surface.blit(card_art.face(card, "hand"), (box.x + 40 + i * 178, y))
            if len(pile) > 9:
                rest = ", ".join(card_words(c) for c in pile[9:])
                also = wrap(_("Also: {cards}", cards=rest), 28, 1560)
                blit_lines(surface, also, 28, art.CREAM, (box.x + 40, y + 250))
            y += 330
        hint = text(_("{back} close", back=self.app.input.glyph(Kind.BACK)), 28, art.MUTED)
        surface.blit(hint, hint.get_rect(bottomright=(box.right - 30, box.bottom - 18)))


screens.log.opens(LogScene)
screens.inspect.opens(InspectScene)
