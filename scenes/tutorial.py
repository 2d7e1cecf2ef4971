"""The tutorial: the board with a lesson panel on top, one prepared position per lesson.

The table offers only the lesson's move, so the board's own glows light the targets; the panel
explains, a ring marks them, and once the move (and the draw) is made Continue leads to the next
lesson. It is played with any device, like the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine import OTHER
from engine.notation_types import Action
from game.i18n import N_, _
from game.play.flow import Target
from game.play.table import LocalTable
from game.play.tutorial import LESSONS, TutorialTable, build
from game.ui import art, cover, layout
from game.ui.input import Intent, Kind
from game.ui.text import blit_lines, fitted, line_step, text, wrap
from game.ui.tween import pulse

from . import screens
from .board import BoardScene

if TYPE_CHECKING:
    from game.ui.shell import App

PANEL = pygame.Rect(330, 6, 1260, 0)  # height follows the words
LEARNT = N_("You have learnt the five formations, how to claim a flag with proof, the Leaders and the Deserter, "
            "and the two ways to win. The rules are one key away on the board, at any time.")
SIZE = 28


def _wrapped(words: str, width: int) -> list[str]:
    """No note, no line (wrap gives one empty line for empty words)."""
    return wrap(words, SIZE, width, "bold") if words else []


class TutorialScene(BoardScene):
    name = "tutorial"

    def __init__(self, app: App, index: int = 0, then_game: bool = False) -> None:
        self.index = index
        self.then_game = then_game  # opened from the welcome ("then a game"): the last lesson leads to one
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
        if self.last:  # a closing step: what was learnt, and the next thing (the welcome promised a game)
            self.app.pop(self)
            self.app.push(screens.confirm(self.app, _("The tutorial is done"), [_(LEARNT)], [
                (_("Play a game against the easy bot"), self.play_easy), (_("Main menu"), lambda: None)]))
        else:
            self.app.replace(TutorialScene(self.app, self.index + 1, self.then_game))

    def play_easy(self) -> None:
        """The first game after the lessons: against the easy bot."""
        from game.play.session import Setup

        screens.start(self.app, Setup(opponent="easy", names=list(self.app.settings.names)))

    def rules_legal(self) -> list[Action]:
        """What the rules allow here (not only the lesson's move): the board's R9 prompts read this."""
        return LocalTable.legal_actions(self.tutorial) if self.my_turn else []

    def prompt(self) -> list[str]:
        if self.my_turn and self.table.phase == "claim" and not self.tutorial.made:
            return [_("Claim the glowing flag.")]  # the lesson offers no Done claiming
        return super().prompt()

    def submit(self, action: Action) -> None:
        self.note = ([], art.CREAM)  # an earlier "Not in this lesson" is answered by the right move
        super().submit(action)

    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False, about: Target | None = None) -> None:
        """Claims' proofs and refusals go into the lesson panel, not over it."""
        words = " ".join(w for w in (f"{title}." if title else "", *lines) if w)
        self.note = ([words], art.BAD if bad else art.GOOD)

    def buttons(self) -> list[str]:
        """The board's buttons without Take back: a lesson is one move, made again by Continue."""
        cands = self.model.flow.candidates()
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

    def panel_words(self) -> tuple[str, str, str]:
        """Title, body and footer of the panel, before wrapping (the width depends on where it goes)."""
        lesson = self.lesson
        g = self.app.input.glyph
        if self.tutorial.finished:
            key = _("{key} to finish", key=g(Kind.CONFIRM)) if self.last else _("{key} to continue",
                                                                                 key=g(Kind.CONFIRM))
            return _(lesson.title), _(lesson.after), key
        if self.tutorial.made:
            words = _(lesson.after)
            if self.table.phase == "draw" and self.index > 0:
                words += " " + _("Now draw a card from either deck.")
        else:
            words = _(lesson.text)
        return _(lesson.title), words, _("Lesson {n} of {total}", n=self.index + 1, total=len(LESSONS))

    def keep_clear(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """Rings the panel must never cover, and the flag columns they belong to, best left visible."""
        rings, columns = [], []
        for target in self.model.flow.candidates():
            rect = self.highlight(target)
            if rect is None:
                continue
            rings.append(rect.inflate(24, 24))
            n = (rect.centerx - layout.COL_X0) // layout.COL_W + 1
            if rect.bottom < layout.HAND_TOP and 1 <= n <= 9:
                columns.append(layout.column(n))
        # the flags the lesson's move goes to (or takes from) are named in its words before they glow
        flags = self.named_flags()
        columns += [layout.column(n) for n in flags if layout.column(n) not in columns]
        return rings + self.named_cards(), columns

    def named_flags(self) -> list[int]:
        """The flags the lesson's words point at: its move's, the ones it names, the ones its move used."""
        goal = self.lesson.goal
        named: set[Any] = {a.get(k) for a in self.rules_legal() if goal(a) for k in ("flag", "from_flag", "to_flag")}
        named.update(self.lesson.named, self.tutorial.flags_used)
        return sorted(f for f in named if isinstance(f, int) and 1 <= f <= 9)

    def named_cards(self) -> list[pygame.Rect]:
        """Once the move is made (or a proof is in the panel) the words speak of the cards at the named flags:
        nothing covers them, the panel and the card preview included (game.ui.cover)."""
        if not (self.tutorial.made or self.note[0]):
            return []
        flags = self.named_flags()
        return [r for key, r in self.rects.items() if key[0] == "slot" and key[1] in flags]

    def info_right(self) -> int:
        """Where the other side's name and "Flags · in hand" line end in the top strip: the panel starts
        right of it, so the count stays readable in every language."""
        them = OTHER[self.model.viewer]
        size = self.view["hand_sizes"][them]
        held = sum(1 for f in self.view["flags"] if f["claimed"] == them)
        info = fitted(_("Flags: {n}  \u00b7  in hand: {hand}", n=held, hand=size), 28, layout.OPP_HAND_X - 44,
                      art.MUTED)
        return 30 + info.get_width() + 16

    def info_left(self) -> int:
        """Where the viewer's own name and "Flags" line begin in the top strip's right end: a panel at the top
        ends left of them."""
        from .board_names import name_img as _name_img

        name = _name_img(self.names[self.model.viewer], self.shown.tint(self.model.viewer))
        held = sum(1 for f in self.view["flags"] if f["claimed"] == self.model.viewer)
        info = fitted(_("Flags: {n}", n=held), 28, layout.NAME_W, art.MUTED)
        return layout.W - 28 - max(name.get_width(), info.get_width()) - 16

    def panel_box(self, body: str, note: str) -> tuple[pygame.Rect, list[str], list[str]]:
        """Where the panel goes: never over a ring, preferably off the lit flag's column, else as usual.

        Tried at the top and under the flag row, full width or beside the column; the first place that
        hides least of the column wins, so the usual place is kept whenever it hides nothing."""
        rings, columns = self.keep_clear()
        spans = [(PANEL.x, PANEL.right)]
        for col in columns:
            spans += [(col.right + 10, min(PANEL.right + 180, layout.W - 150)), (150, col.x - 10)]
        best: tuple[int, pygame.Rect, list[str], list[str]] | None = None
        for top in (True, False):
            for left, right in spans:
                if top:
                    left, right = max(left, self.info_right()), min(right, self.info_left())
                width = min(PANEL.width, right - left)
                if width < 500:
                    continue
                lines, notes = wrap(body, SIZE, width - 40, "bold"), _wrapped(note, width - 40)
                height = 24 + 44 + (len(lines) + len(notes)) * line_step(SIZE) + 40
                y = PANEL.y if top else max(layout.FLAG_ROW[0], min(layout.BOTTOM_AREA[0] + 8,
                                                                    layout.HAND_TOP - 8 - height))
                box = pygame.Rect(left, y, width, height)
                if box.collidelist(rings) >= 0:
                    continue
                hidden = sum(box.clip(col).width * box.clip(col).height for col in columns)
                if best is None or hidden < best[0]:
                    best = (hidden, box, lines, notes)
        if best is None:  # nowhere clear: the usual place
            left = max(PANEL.x, self.info_right())
            width = PANEL.right - left - 40
            lines, notes = wrap(body, SIZE, width, "bold"), _wrapped(note, width)
            height = 24 + 44 + (len(lines) + len(notes)) * line_step(SIZE) + 40
            return pygame.Rect(left, PANEL.y, width + 40, height), lines, notes
        return best[1], best[2], best[3]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        now = self.clock
        if not self.tutorial.finished:
            for target in self.model.flow.candidates():  # a ring on every place the lesson asks for
                rect = self.highlight(target)
                if rect is not None:
                    width = 4 + round(3 * pulse(now, 1.0))
                    pygame.draw.rect(surface, art.HILITE, rect.inflate(16, 16), width, border_radius=16)
        title, body, foot = self.panel_words()
        note, colour = self.note
        box, lines, notes = self.panel_box(body, " ".join(note))
        border = art.GOOD if self.tutorial.finished else art.HILITE
        cover.overlay("the lesson panel", box)
        art.panel(surface, box, alpha=242, border=border, radius=18, fill=(12, 18, 18))
        head = fitted(title, 34, box.width - 40, art.HILITE, "bold", SIZE)  # a narrow panel keeps its title inside
        surface.blit(head, (box.x + 20, box.y + 12))
        y = blit_lines(surface, lines, SIZE, art.CREAM, (box.x + 20, box.y + 56), "bold")
        y = blit_lines(surface, notes, SIZE, colour, (box.x + 20, y), "bold")
        tail = text(foot, SIZE, art.GOOD if self.tutorial.finished else art.MUTED, "bold")
        surface.blit(tail, (box.right - 20 - tail.get_width(), y + 2))


screens.tutorial.opens(TutorialScene)
