"""The tutorial: the board with a lesson panel on top, one prepared position per lesson.

The table offers only the lesson's move, so the board's own glows light the targets; the panel
explains, a ring marks them, and once the move (and the draw) is made Continue leads to the next
lesson. It is played with any device, like the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import art
from game.flow import Target
from game.i18n import _
from game.input import Intent, Kind
from game.text import blit_lines, text, wrap
from game.tutorial import LESSONS, TutorialTable, build
from game.tween import pulse

from .board import BoardScene

if TYPE_CHECKING:
    from game.shell import App

PANEL = pygame.Rect(330, 6, 1260, 0)  # height follows the words
SIZE = 28


class TutorialScene(BoardScene):
    name = "tutorial"

    def __init__(self, app: App, index: int = 0) -> None:
        self.index = index
        self.lesson = LESSONS[index]
        names = {"south": app.settings.names[0], "north": "Ben"}  # the lessons speak of Ben
        self.note: tuple[list[str], tuple[int, int, int]] = ([], art.CREAM)
        self.tutorial = TutorialTable(build(self.lesson, names), self.lesson)
        super().__init__(app, self.tutorial)
        self.results_shown = True  # the last lesson's own panel says who won

    @property
    def last(self) -> bool:
        return self.index == len(LESSONS) - 1

    def advance(self) -> None:
        if self.last:
            self.app.pop(self)
        else:
            self.app.replace(TutorialScene(self.app, self.index + 1))

    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False) -> None:
        """Claims' proofs and refusals go into the lesson panel, not over it."""
        words = " ".join(w for w in (f"{title}." if title else "", *lines) if w)
        self.note = (wrap(words, SIZE, PANEL.width - 40, "bold"), art.BAD if bad else art.GOOD)

    def buttons(self) -> list[str]:
        """The board's buttons without Take back: a lesson is one move, made again by Continue."""
        cands = self.flow.candidates()
        return ["menu", "log", *(n for n in ("pass", "done") if ("button", n) in cands)]

    def handle(self, intent: Intent) -> None:
        if self.tutorial.finished and intent.kind in (Kind.CONFIRM, Kind.RELEASE):
            self.advance()
            return
        super().handle(intent)

    def refusal_for(self, target: Target) -> str:
        if self.tutorial.finished:
            return _("Lesson done: choose Continue.")
        if self.table.phase == "draw":
            return _("Draw a card: choose the troop or the tactics deck.")
        return _("Not in this lesson: do what the panel says; the glowing places are the ones to choose.")

    def panel_lines(self) -> tuple[str, list[str], str]:
        lesson = self.lesson
        g = self.app.input.glyph
        if self.tutorial.finished:
            key = _("{key} to finish", key=g(Kind.CONFIRM)) if self.last else _("{key} to continue",
                                                                                 key=g(Kind.CONFIRM))
            return _(lesson.title), wrap(_(lesson.after), SIZE, PANEL.width - 40, "bold"), key
        if self.tutorial.made:
            words = _(lesson.after)
            if self.table.phase == "draw" and self.index > 0:
                words += " " + _("Now draw a card from either deck.")
        else:
            words = _(lesson.text)
        step = _("Lesson {n} of {total}", n=self.index + 1, total=len(LESSONS))
        return _(lesson.title), wrap(words, SIZE, PANEL.width - 40, "bold"), step

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        now = self.clock
        if not self.tutorial.finished:
            for target in self.flow.candidates():  # a ring on every place the lesson asks for
                rect = self.highlight(target)
                if rect is not None:
                    width = 4 + round(3 * pulse(now, 1.0))
                    pygame.draw.rect(surface, art.HILITE, rect.inflate(16, 16), width, border_radius=16)
        title, lines, foot = self.panel_lines()
        box = PANEL.copy()
        note, colour = self.note
        box.height = 24 + 44 + (len(lines) + len(note)) * int(SIZE * 1.2) + 40
        border = art.GOOD if self.tutorial.finished else art.HILITE
        art.panel(surface, box, alpha=242, border=border, radius=18, fill=(12, 18, 18))
        head = text(title, 34, art.HILITE, "bold")
        surface.blit(head, (box.x + 20, box.y + 12))
        y = blit_lines(surface, lines, SIZE, art.CREAM, (box.x + 20, box.y + 56), "bold")
        y = blit_lines(surface, note, SIZE, colour, (box.x + 20, y), "bold")
        tail = text(foot, SIZE, art.GOOD if self.tutorial.finished else art.MUTED, "bold")
        surface.blit(tail, (box.right - 20 - tail.get_width(), y + 2))
