"""Results: who won and how, the flags, the match score; then a rematch or the next game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.session import Session, Setup
from game.play.words import how_words, how_words3
from game.ui import art
from game.ui.text import fitted, shadowed, text
from game.ui.widgets import ROW_H, Item

from .board_draw import seat_word
from .lan_results import lan_follow, lan_items, lan_status
from .menu_base import MenuScene

HEAD_H = 242  # the panel's words above its buttons: headline, how, flags, status
HINT_H = 40  # one line of a focused item's hint ("The winner starts") under the buttons, inside the panel

if TYPE_CHECKING:
    from game.ui.shell import App

    from .board import BoardScene


class ResultsScene(MenuScene):
    name = "results"
    opaque = False
    menu_top = 790

    def __init__(self, app: App, board: BoardScene) -> None:
        self.board = board
        self.result = board.table.result or {}
        if board.session is not None and not getattr(board, "recorded", False):
            board.session.record(self.result)
            board.recorded = True  # type: ignore[attr-defined]
        super().__init__(app)
        self.menu.width = 640

    def items(self) -> list[Item]:
        lan = lan_items(self)
        if lan is not None:
            return lan
        session = self.board.session
        again = _("Next game") if session and session.setup.match and not session.match_over else _("Rematch")
        first = Item(again, self._again)
        if session is not None and session.setup.match:  # between a match's games: the scoreboard
            first = Item(_("Match summary") if session.match_over else _("Scoreboard"), self._scoreboard)
        review = [Item(_("Review"), self._review)] if getattr(self.board, "coach", None) is not None else []
        return [
            first,
            *review,
            Item(_("Look at the board"), self.look),
            Item(_("Main menu"), self._menu),
        ]

    def _review(self) -> None:
        """Against a bot: the moves that cost the player most, found by hard in its own process."""
        from game.play.table import LocalTable

        table = self.board.table
        if isinstance(table, LocalTable):
            self.app.push(self.app.open("review", table.game, self.board.viewer))

    def back(self) -> None:
        self.look()

    def look(self) -> None:
        """The board in full view; any press brings the results (and Rematch) back."""
        self.app.push(self.app.open("look"))

    def _again(self) -> None:
        session = self.board.session or Session(Setup(names=list(self.app.settings.names)))
        if session.match_over:  # a finished match: a rematch is a new match
            session = Session(session.setup, session.bot_pace, session.in_process_bots)
        elif not session.setup.match:
            session.next_first = None
        self.app.reset(self.app.open("board", session.new_table(), session))

    def _scoreboard(self) -> None:
        if self.board.session is not None:
            self.app.reset(self.app.open("scoreboard", self.board.session))

    def update(self, dt: float) -> None:
        lan_follow(self)  # a LAN guest moves on when the host starts the next game

    def _menu(self) -> None:
        self.app.reset(self.app.open("main_menu"))

    def status(self) -> str:
        """The score under the headline; nothing after a single game ("Games won 0-1" only repeats it)."""
        session = self.board.session
        if session is None:
            return lan_status(self) or ""
        if not session.setup.match and len(session.games) < 2:
            return ""
        return session.score_words()

    def draw(self, surface: pygame.Surface) -> None:
        if isinstance(self.app.top, self.app.scene("look")):  # stepped aside: the board is shown whole
            return
        # the panel grows upward with its buttons, so the last one (Main menu) is never cut at the bottom
        hint_h = HINT_H if any(item.hint for item in self.menu.items) else 0  # a focused item's hint, in the panel
        box = pygame.Rect(460, 0, 1000, HEAD_H + len(self.menu.items) * ROW_H + 14 + hint_h)
        box.bottom = 1068
        self.menu.top = box.y + HEAD_H
        surface.blit(art.shade((1920, 1080 - box.y + 8), 150), (0, box.y - 8))
        art.panel(surface, box, alpha=235, border=art.HILITE, fill=(16, 22, 22))
        y0 = box.y - 548  # the lines below were placed for a panel at y 548
        names = self.board.names
        winner = self.result.get("winner")
        headline = _("A drawn game") if winner is None else _("{name} wins!", name=names[winner])
        img = shadowed(headline, 84, art.HILITE, "serif", offset=4)
        surface.blit(img, img.get_rect(center=(960, y0 + 612)))
        three = len(flags_of := self.result.get("flags", {})) == 3
        how = (how_words3(self.result["how"]) if three else how_words(self.result["how"])) \
            if self.result.get("how") else ""
        img = text(how[0].upper() + how[1:] if how else "", 36, art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=(960, y0 + 680)))
        flags = flags_of
        if three:  # each player's flags, in turn order, each with its seat
            line = _("Flags: {scores}", scores="  \u00b7  ".join(
                f"{seat_word(s)}: {names[s]} {flags.get(s, 0)}" for s in ("south", "west", "east")))
        else:
            line = _("Flags: {south} {n_south}  \u00b7  {north} {n_north}", south=names["south"],
                     n_south=flags.get("south", 0), north=names["north"], n_north=flags.get("north", 0))
        img = fitted(line, 34, 960, art.CREAM)
        surface.blit(img, img.get_rect(center=(960, y0 + 728)))
        status = self.status()
        if getattr(self.board, "coach", None) is not None:  # a game against a bot: hints are counted
            hints = _("Hints used: {n}", n=self.board.hints_used)
            status = f"{status}  \u00b7  {hints}" if status else hints
        if status:
            img = text(status, 32, art.MUTED)
            surface.blit(img, img.get_rect(center=(960, y0 + 770)))
        self.menu.draw(surface)
