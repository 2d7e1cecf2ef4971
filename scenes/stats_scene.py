"""The statistics screen: one player at a time (left and right to switch), games and matches won,
lost and drawn against each kind of opponent, and wins by Breakthrough and Envelopment."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.keep.stats import KINDS, load_stats
from game.play.session import OPPONENT_NAMES
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import fitted, shadowed, text

from . import screens
from .continue_scene import show_notices

THREE_ROW = N_("Three-player games")

if TYPE_CHECKING:
    from game.ui.shell import App

COLUMNS = ((N_("Won"), 820), (N_("Lost"), 970), (N_("Drawn"), 1120), (N_("Won"), 1320), (N_("Lost"), 1470),
           (N_("Drawn"), 1620))
COLUMN_W = 146  # room for "Döntetlen" and "Câștigate" at the smallest size used
ROW_H = 64


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.stats = load_stats()
        self.names = sorted(self.stats.players, key=lambda n: (-sum(self.stats.players[n].totals("games")), n))
        self.index = 0

    def enter(self) -> None:
        show_notices(self.app)

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k in (Kind.LEFT, Kind.RIGHT) and self.names:
            self.index = (self.index + (1 if k is Kind.RIGHT else -1)) % len(self.names)
        elif k is Kind.SCROLL and self.names:
            self.index = (self.index - intent.value) % len(self.names)
        elif k is Kind.RELEASE and self.names:
            self.index = (self.index + (1 if intent.pos[0] >= 960 else -1)) % len(self.names)
        elif k in (Kind.BACK, Kind.CONFIRM, Kind.MENU):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        img = shadowed(_("Statistics"), 72, art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 80)))
        if not self.names:
            img = fitted(_("No games counted yet: finish a game and it shows here."), 36, 1800, art.CREAM)
            surface.blit(img, img.get_rect(center=(960, 480)))
            self._hint(surface)
            return
        name = self.names[self.index]
        p = self.stats.players[name]
        img = shadowed(f"\u2039  {name}  \u203a", 60, art.SEAT_TINT["bottom"], "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 190)))
        img = text(_("player {n} of {count}", n=self.index + 1, count=len(self.names)), 28, art.MUTED)
        surface.blit(img, img.get_rect(center=(960, 250)))
        box = pygame.Rect(180, 290, 1560, 120 + ROW_H * (len(KINDS) + 1))
        art.panel(surface, box, alpha=210, border=art.GOLD_DARK, radius=18)
        for label, x in ((_("Games"), 970), (_("Matches"), 1470)):
            img = fitted(label, 32, 380, art.HILITE, "bold")
            surface.blit(img, img.get_rect(midtop=(x + 30, box.y + 14)))
        for label, x in COLUMNS:
            img = fitted(_(label), 28, COLUMN_W, art.MUTED, "bold", floor=24)
            surface.blit(img, img.get_rect(midtop=(x + 30, box.y + 58)))
        surface.blit(fitted(_("Against"), 28, 740 - 40 - box.x, art.MUTED, "bold"), (box.x + 40, box.y + 58))
        rows = [(_(OPPONENT_NAMES.get(k, THREE_ROW)), p.games.get(k, [0, 0, 0]), p.matches.get(k, [0, 0, 0]))
                for k in KINDS]
        rows.append((_("All opponents"), p.totals("games"), p.totals("matches")))
        for r, (label, games, matches) in enumerate(rows):
            y = box.y + 110 + r * ROW_H
            total = r == len(rows) - 1
            if total:
                pygame.draw.line(surface, art.GOLD_DARK, (box.x + 30, y - 8), (box.right - 30, y - 8), 2)
            played = sum(games) + sum(matches) > 0
            colour = art.HILITE if total else (art.CREAM if played else art.MUTED)
            face = "bold" if total else "regular"
            surface.blit(fitted(label, 34, 740 - (box.x + 40), colour, face), (box.x + 40, y))
            for (_label, x), value in zip(COLUMNS, [*games, *matches], strict=True):
                img = text(str(value), 34, colour, face)
                surface.blit(img, img.get_rect(midtop=(x + 30, y)))
        y = box.bottom + 40
        line = _("Won by Breakthrough: {breakthroughs}   \u00b7   Won by Envelopment: {envelopments}",
                 breakthroughs=p.breakthroughs, envelopments=p.envelopments)
        img = fitted(line, 36, 1800, art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=(960, y + 20)))
        self._hint(surface)

    def _hint(self, surface: pygame.Surface) -> None:
        g = self.app.input.glyph
        words = _("{leftright} another player  \u00b7  {back} back", leftright="\u2190 \u2192", back=g(Kind.BACK))
        hint = fitted(words, 28, 1840, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, 1050)))


screens.stats.opens(StatsScene)
