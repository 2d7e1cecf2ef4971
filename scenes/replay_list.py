"""The replay library: every finished game, newest first; choose one to watch it. Import from here.

A long list scrolls: the focused row stays in view, with every device.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.keep.records import Kept, import_dir, import_inbox, library
from game.play.words import how_words
from game.ui import art
from game.ui.input import Clicks, Intent, Kind
from game.ui.scene import Scene
from game.ui.text import fitted, shadowed, text, wrap

from . import screens
from .continue_scene import show_notices

if TYPE_CHECKING:
    from game.ui.shell import App

ROW_H = 84
VISIBLE = 8
TOP = 200


class ReplayListScene(Scene):
    name = "replays"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games: list[Kept] = []
        self.focus = 0
        self.first = 0
        self.clicks: Clicks[int] = Clicks()
        self.status = ""
        self.reload()

    def reload(self) -> None:
        self.games = library()
        self.focus = min(self.focus, len(self.rows()) - 1)

    def enter(self) -> None:
        show_notices(self.app)

    def rows(self) -> list[str]:
        """Game ids, then the two actions."""
        return [k.id for k in self.games] + ["import", "back"]

    def rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(160, TOP + (i - self.first) * ROW_H, 1600, ROW_H - 12)

    def at(self, pos: tuple[int, int]) -> int | None:
        for i in range(self.first, min(len(self.rows()), self.first + VISIBLE)):
            if self.rect(i).collidepoint(pos):
                return i
        return None

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        n = len(self.rows())
        if k is Kind.UP:
            self.move((self.focus - 1) % n)
        elif k is Kind.DOWN:
            self.move((self.focus + 1) % n)
        elif k is Kind.SCROLL:
            self.first = max(0, min(n - VISIBLE, self.first - intent.value))
        elif k is Kind.CONFIRM:
            self.choose(self.focus)
        elif k is Kind.BACK:
            self.app.pop(self)
        elif k in (Kind.POINT, Kind.PRESS, Kind.RELEASE):
            focus, clicked = self.clicks.handle(intent, self.at)
            if focus is not None:
                self.focus = focus
            if clicked is not None:
                self.choose(clicked)

    def move(self, i: int) -> None:
        self.focus = i
        if i < self.first:
            self.first = i
        elif i >= self.first + VISIBLE:
            self.first = i - VISIBLE + 1

    def choose(self, i: int) -> None:
        row = self.rows()[i]
        if row == "back":
            self.app.pop(self)
        elif row == "import":
            taken, bad = import_inbox()
            self.reload()
            imported = ngettext("Imported {n} record", "Imported {n} records", taken)
            self.status = _("{imported}; {bad} could not be read and were set aside.", imported=imported, bad=bad) \
                if bad else _("{imported}.", imported=imported)
            show_notices(self.app)
        else:

            kept = self.games[i]
            self.app.push(screens.replay(self.app, kept.game, kept.when))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        img = shadowed(_("Replays"), 72, art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 80)))
        count = len(self.games)
        if not count:
            sub = _("No finished games yet: every game you finish is kept here.")
        else:
            sub = _("1 finished game") if count == 1 else \
                ngettext("{n} finished game, newest first", "{n} finished games, newest first", count)
        img = fitted(sub, 30, 1800, art.MUTED)
        surface.blit(img, img.get_rect(center=(960, 148)))
        rows = self.rows()
        for i in range(self.first, min(len(rows), self.first + VISIBLE)):
            self._row(surface, i, rows[i])
        if self.first > 0:
            surface.blit(fitted(_("\u25b2 more"), 28, 136, art.MUTED), (1776, TOP))
        if self.first + VISIBLE < len(rows):
            surface.blit(fitted(_("\u25bc more"), 28, 136, art.MUTED), (1776, TOP + (VISIBLE - 1) * ROW_H + 30))
        lines = [self.status] if self.status else []
        lines += wrap(_("To import records, put their .json files in {folder} and choose Import records.",
                        folder=import_dir()), 28, 1600)
        for j, line in enumerate(lines[:3]):
            img = text(line, 28, art.CREAM if j == 0 and self.status else art.MUTED)
            surface.blit(img, img.get_rect(center=(960, 900 + j * 40)))
        g = self.app.input.glyph
        hint = fitted(_("{confirm} watch  \u00b7  {back} back", confirm=g(Kind.CONFIRM), back=g(Kind.BACK)), 28,
                      1840, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, 1050)))

    def _row(self, surface: pygame.Surface, i: int, row: str) -> None:
        r = self.rect(i)
        focused = i == self.focus
        art.panel(surface, r, alpha=235 if focused else 150, border=art.HILITE if focused else None, radius=14)
        colour = art.HILITE if focused else art.CREAM
        if row in ("import", "back"):
            label = _("Import records") if row == "import" else _("Back")
            img = fitted(label, 40, r.width - 40, colour, "bold")
            surface.blit(img, img.get_rect(center=r.center))
            return
        kept = self.games[i]
        game = kept.game
        names = game.players
        when = fitted(kept.when, 30, 290, art.MUTED)  # large text: the date stays left of the names
        surface.blit(when, when.get_rect(midleft=(r.x + 24, r.centery)))
        img = fitted(" \u2013 ".join(names[s] for s in ("south", "north", "west", "east") if s in names), 36, 560,
                     colour, "bold")
        surface.blit(img, (r.x + 330, r.centery - img.get_height() // 2))
        result = game.result
        if result is None:
            words = ngettext("unfinished, {n} move", "unfinished, {n} moves", len(game.actions))
        elif result["winner"] is None:
            words = _("a drawn game")
        else:
            words = _("{name}: {how}", name=names[result["winner"]], how=how_words(result["how"], short=True))
        img = fitted(words, 32, r.right - 24 - (r.x + 330 + 580), colour if result else art.MUTED)
        surface.blit(img, img.get_rect(midright=(r.right - 24, r.centery)))


screens.replay_list.opens(ReplayListScene)
