"""Results: who won and how, the flags, the match score; then a rematch or the next game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.play.session import Session, Setup
from game.play.words import how_words, how_words3
from game.ui import art, audio
from game.ui.text import fit_size, fitted, shadowed
from game.ui.widgets import ROW_H, Item

from . import screens
from .board_still import seat_word
from .lan_results import lan_follow, lan_items, lan_status
from .menu_base import MenuScene

HEAD_H = 242  # the panel's words above its buttons: headline, how, flags, status
HINT_H = 40  # one line of a focused item's hint ("The winner starts") under the buttons, inside the panel

if TYPE_CHECKING:
    from game.ui.shell import App

    from .board_roles import Ended


def stack_lines(surface: pygame.Surface, lines: list[pygame.Surface], room: pygame.Rect, gap: int = 10) -> None:
    """Lines centred one under the other, their letters `gap` px apart, the block centred in `room` (its top
    kept when it is taller): each line is placed by its ink, so large text pushes the next down, not into it."""
    inks = [img.get_bounding_rect() for img in lines]
    total = sum(ink.height for ink in inks) + gap * (len(lines) - 1)
    y = max(room.y, room.centery - total // 2)
    for img, ink in zip(lines, inks, strict=True):
        surface.blit(img, (room.centerx - img.get_width() // 2, y - ink.y))
        y += ink.height + gap


class ResultsScene(MenuScene):
    name = "results"
    opaque = False
    menu_top = 790

    def __init__(self, app: App, board: Ended) -> None:
        self.board = board
        result = board.table.result
        self.result: Mapping[str, Any] = result or {}
        board.record_result()
        super().__init__(app)
        self.menu.width = 640
        self.music_waits = True  # the calm piece after the game starts once the ending's sting is over

    def items(self) -> list[Item]:
        lan = lan_items(self)
        if lan is not None:
            return lan
        session = self.board.session
        again = _("Next game") if session and session.setup.match and not session.match_over else _("Rematch")
        first = Item(again, self._again)
        if session is not None and session.setup.match:  # between a match's games: the scoreboard
            first = Item(_("Match summary") if session.match_over else _("Scoreboard"), self._scoreboard)
        review = [Item(_("Review"), self._review)] if self.board.coach is not None else []
        return [
            first,
            *review,
            Item(_("Look at the board"), self.look),
            Item(_("Main menu"), self.main_menu),
        ]

    def _review(self) -> None:
        """Against a bot: the moves that cost the player most, found by hard in its own process."""
        local = self.board.table.local
        if local is not None:
            self.app.push(screens.review(self.app, local.game, self.board.model.viewer))

    def back(self) -> None:
        self.look()

    def look(self) -> None:
        """The board in full view; any press brings the results (and Rematch) back."""
        self.app.push(screens.look(self.app))

    def _again(self) -> None:
        session = self.board.session or Session(Setup(names=list(self.app.settings.names)))
        if session.match_over:  # a finished match: a rematch is a new match
            session = Session(session.setup, session.bot_pace, session.in_process_bots)
        elif not session.setup.match:
            session.next_first = None
        self.app.reset(screens.board(self.app, session.new_table(), session))

    def _scoreboard(self) -> None:
        if self.board.session is not None:
            self.app.reset(screens.scoreboard(self.app, self.board.session))

    def update(self, dt: float) -> None:
        lan_follow(self)  # a LAN guest moves on when the host starts the next game
        if self.music_waits:  # no silence after the game (issue 59): the results, review and replay have music
            self.music_waits = not audio.after_music(self.app)

    def wake_in(self) -> float | None:
        """While the sting plays, look a few times a second whether the music may start."""
        return 0.25 if self.music_waits else None

    def main_menu(self) -> None:
        """Leave the game for the main menu (the last row of this menu and of the LAN one, scenes.lan_results)."""
        self.app.reset(screens.main_menu(self.app))

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
        names = self.board.names
        winner = self.result.get("winner")
        headline = _("A drawn game") if winner is None else _("{name} wins!", name=names[winner])
        lines = [shadowed(headline, fit_size(headline, 84, 940, "serif"), art.HILITE, "serif", offset=4)]
        three = len(flags_of := self.result.get("flags", {})) == 3
        how = (how_words3(self.result["how"]) if three else how_words(self.result["how"])) \
            if self.result.get("how") else ""
        if how:  # fitted: "Breakthrough: three flags in a row on their own line" stuck out of the panel
            lines.append(fitted(how[0].upper() + how[1:], 36, 940, art.CREAM, "bold"))
        flags = flags_of
        if three:  # each player's flags, in turn order, each with its seat
            line = _("Flags: {scores}", scores="  \u00b7  ".join(
                f"{seat_word(s)}: {names[s]} {flags.get(s, 0)}" for s in ("south", "west", "east")))
        else:
            line = _("Flags: {south} {n_south}  \u00b7  {north} {n_north}", south=names["south"],
                     n_south=flags.get("south", 0), north=names["north"], n_north=flags.get("north", 0))
        lines.append(fitted(line, 34, 940, art.CREAM))
        status = self.status()
        if self.board.coach is not None:  # a game against a bot: hints are counted
            hints = _("Hints used: {n}", n=self.board.model.hints_used)
            status = f"{status}  \u00b7  {hints}" if status else hints
        if status:
            lines.append(fitted(status, 32, 940, art.MUTED))
        hint_h = HINT_H if any(item.hint for item in self.menu.items) else 0  # a focused item's hint, in the panel
        # the words above the buttons take the room they need (large text needs more than HEAD_H)
        head_h = max(HEAD_H, sum(img.get_bounding_rect().height + 10 for img in lines) + 20)
        box = pygame.Rect(460, 0, 1000, head_h + len(self.menu.items) * ROW_H + 14 + hint_h)
        box.bottom = 1068
        self.menu.top = box.y + head_h
        surface.blit(art.shade((1920, 1080 - box.y + 8), 150), (0, box.y - 8))
        art.panel(surface, box, alpha=235, border=art.HILITE, fill=(16, 22, 22))
        stack_lines(surface, lines, pygame.Rect(box.x, box.y + 10, box.width, head_h - 20))
        self.menu.draw(surface)


screens.results.opens(ResultsScene)
