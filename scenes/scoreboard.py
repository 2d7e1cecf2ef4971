"""The match scoreboard between games, and the match summary once it ends (R40, R41).

Every game of the match with its winner, how it was won and the points it scored, the running
score, how close the end condition is, and who starts the next game (R5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.match import HUNGARIAN_BREAKTHROUGHS, HUNGARIAN_LEAD, HUNGARIAN_STREAK, points_of
from game.i18n import N_, _, ngettext
from game.play.saves import match_words
from game.play.words import shown_names
from game.ui import art
from game.ui.text import fit_size, fitted, shadowed, text
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.shell import App

HOW_SHORT = {"breakthrough": N_("Breakthrough"), "envelopment": N_("Envelopment"), "flags": N_("More flags"),
             "draw": N_("Drawn")}
ROWS = 7
COLUMNS = ((N_("Game"), 250), (N_("Winner"), 400), (N_("How"), 740), (N_("Flags"), 1080), (N_("Points"), 1290),
           (N_("Score"), 1520))
RIGHT = 1700  # the table's last column ends here


class ScoreboardScene(MenuScene):
    name = "scoreboard"
    menu_top = 890

    def __init__(self, app: App, session: Session) -> None:
        self.session = session
        super().__init__(app)
        self.menu.width = 720

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats as the score reads: south first, then north, or west and east (R46)."""
        return ("south", "north") if self.session.setup.players == 2 else ("south", "west", "east")

    @property
    def over(self) -> bool:
        return self.session.match_over

    def items(self) -> list[Item]:
        label = _("New match") if self.over else _("Start game {n}", n=len(self.session.games) + 1)
        return [Item(label, self._next), Item(_("Main menu"), self.main_menu)]

    def back(self) -> None:
        self.main_menu()

    def _next(self) -> None:
        from game.play.session import Session

        session = self.session
        if self.over:
            session = Session(session.setup, session.bot_pace, session.in_process_bots)
        self.app.reset(screens.board(self.app, session.new_table(), session))

    def main_menu(self) -> None:
        self.app.reset(screens.main_menu(self.app))

    # ------------------------------------------------------------------ words
    def progress(self) -> str:
        """How near the end condition is (R41), in one line."""
        s = self.session
        match: Any = s.match
        names = shown_names(s.names)
        if match is None:
            return ""
        if self.over:
            winner = match.winner
            return _("{name} wins the match", name=names[winner]) if winner else _("The match ends level")
        if match.end == "games":
            return _("{n} of {limit} games played", n=len(match.games), limit=match.limit)
        if match.end == "points":
            lead = max(self.seats, key=lambda seat: match.scores[seat])
            need = match.limit - match.scores[lead]
            if need == 1:
                return _("First to {limit}: {name} needs 1 more point", limit=match.limit, name=names[lead])
            return ngettext("First to {limit}: {name} needs {n} more point",
                            "First to {limit}: {name} needs {n} more points", need, limit=match.limit, name=names[lead])
        seat, wins, breaks = match.streak()
        top, second = sorted((match.scores[seat] for seat in self.seats), reverse=True)[:2]
        lead = top - second
        words = _("Lead {n} of {limit}", n=lead, limit=HUNGARIAN_LEAD)
        if seat is not None:
            words += " \u00b7 " + _("{name}: {n} of {limit} wins in a row", name=names[seat], n=wins,
                                     limit=HUNGARIAN_STREAK)
            if breaks:
                words += ", " + _("{n} of {limit} Breakthroughs", n=breaks, limit=HUNGARIAN_BREAKTHROUGHS)
        return words

    def rows(self) -> list[tuple[str, ...]]:
        names = shown_names(self.session.names)
        total = {seat: 0 for seat in self.seats}
        out: list[tuple[str, ...]] = []
        for i, result in enumerate(self.session.games, start=1):
            pts = points_of(result)
            for seat in total:
                total[seat] += pts[seat]
            winner = result["winner"]
            how = result["how"]
            def dashed(values: dict[str, int]) -> str:
                return " \u2013 ".join(str(values[seat]) for seat in self.seats)
            out.append((str(i), names[winner] if winner else "\u2014", _(HOW_SHORT[how]) if how in HOW_SHORT else how,
                        dashed(result["flags"]), dashed(pts), dashed(total)))
        return out

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        s = self.session
        names = shown_names(s.names)
        scores = s.match.scores if s.match is not None else s.wins
        title = _("Match summary") if self.over else _("Scoreboard")
        img = shadowed(title, fit_size(title, 72, 1800, "serif"), art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 80)))
        points = _("5 points a win, 1 a flag to the loser") if len(self.seats) == 2 else \
            _("5 points a win, 1 a flag to each other player")  # R40 for three
        words = match_words(s.setup) + "  \u00b7  " + points
        img = fitted(words, 30, 1800, art.MUTED)
        surface.blit(img, img.get_rect(center=(960, 146)))
        self._score(surface, names, scores)
        box = pygame.Rect(200, 300, 1520, 90 + ROWS * 54)
        art.panel(surface, box, alpha=200, border=art.GOLD_DARK, radius=18)
        edges = [x for _label, x in COLUMNS[1:]] + [RIGHT]
        for (label, x), right in zip(COLUMNS, edges, strict=True):
            surface.blit(fitted(_(label), 30, right - x - 16, art.HILITE, "bold"), (x, box.y + 22))
        rows = self.rows()
        shown = rows[-ROWS:]
        if len(rows) > ROWS:
            more = text(ngettext("and {n} earlier game", "and {n} earlier games", len(rows) - ROWS), 28, art.MUTED)
            surface.blit(more, more.get_rect(topright=(box.right - 24, box.y + 24)))
        for r, row in enumerate(shown):
            y = box.y + 80 + r * 54
            last = r == len(shown) - 1
            for (_label, x), right, cell in zip(COLUMNS, edges, row, strict=True):
                img = fitted(cell, 32, right - x - 16, art.CREAM if last else art.MUTED, "bold" if last else "regular")
                surface.blit(img, (x, y))
        if not rows:
            surface.blit(text(_("No game finished yet."), 32, art.MUTED), (COLUMNS[0][1], box.y + 80))
        img = fitted(self.progress(), 36, 1800, art.HILITE if self.over else art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=(960, 790)))
        if not self.over:
            nxt = s.next_first
            words = _("{name} starts the next game", name=names[nxt]) if nxt else \
                _("A random player starts the next game")
            img = fitted(words, 30, 1800, art.MUTED)
            surface.blit(img, img.get_rect(center=(960, 842)))
        self.menu.draw(surface)

    def _score(self, surface: pygame.Surface, names: dict[str, str], scores: dict[str, int]) -> None:
        if len(self.seats) == 3:  # three players: each name and score in its seat's colour, side by side
            imgs = [shadowed(f"{names[seat]}  {scores[seat]}", 64, art.SEAT_COLOURS[seat], "serif", offset=3)
                    for seat in self.seats]
            width = sum(img.get_width() for img in imgs) + 120 * 2
            scale = min(1.0, 1800 / width)
            x = 960 - int(width * scale) // 2
            for img in imgs:
                if scale < 1.0:
                    img = pygame.transform.smoothscale_by(img, scale)
                surface.blit(img, img.get_rect(midleft=(x, 232)))
                x += img.get_width() + int(120 * scale)
            return
        left = shadowed(f"{names['south']}  {scores['south']}", 76, art.SEAT_TINT["bottom"], "serif", offset=3)
        right = shadowed(f"{scores['north']}  {names['north']}", 76, art.SEAT_TINT["top"], "serif", offset=3)
        dash = shadowed("\u2013", 76, art.CREAM, "serif", offset=3)
        surface.blit(dash, dash.get_rect(center=(960, 232)))
        surface.blit(left, left.get_rect(midright=(920, 232)))
        surface.blit(right, right.get_rect(midleft=(1000, 232)))


screens.scoreboard.opens(ScoreboardScene)
