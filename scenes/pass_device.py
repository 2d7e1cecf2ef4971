"""Hot-seat: a full screen that hides the hand until the next player says they hold the device."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.play.turn_words import turn_caption
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import blit_lines, fitted, line_step, shadowed, text, wrap

from . import screens
from .board_hud import story_words

if TYPE_CHECKING:
    from game.ui.shell import App

    from .board_roles import Passed


SUMMARY_BOX = pygame.Rect(360, 530, 1200, 150)


class PassScene(Scene):
    name = "pass"

    def __init__(self, app: App, board: Passed, seat: str) -> None:
        super().__init__(app)
        self.board = board
        self.seat = seat
        self.button = pygame.Rect(0, 0, 920, 96)
        self.button.center = (960, 790)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.CONFIRM or (intent.kind is Kind.RELEASE and self.button.collidepoint(intent.pos)):
            self.app.pop(self)
            self.board.reveal(self.seat)
        elif intent.kind in (Kind.MENU, Kind.BACK):
            self.app.push(screens.pause(self.app, self.board))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.backdrop((1920, 1080), 9, art.NIGHT), (0, 0))
        name = self.board.names[self.seat]
        title = shadowed(_("Pass to {name}", name=name), 96, art.HILITE, "serif", offset=4)
        surface.blit(title, title.get_rect(center=(960, 340)))
        if self.board.shown.three:  # the pass screen names the next of three; both others look away
            a, b = (self.board.names[s] for s in self.board.shown.seats if s != self.seat)
            words = _("{a} and {b}, please look away. {name}: your cards are hidden until you are ready.",
                      a=a, b=b, name=name)
        else:
            other = self.board.names[_other(self.seat)]
            words = _("{other}, please look away. {name}: your cards are hidden until you are ready.",
                      other=other, name=name)
        sub = fitted(words, 34, 1840, art.CREAM)
        surface.blit(sub, sub.get_rect(center=(960, 480)))
        self._summary(surface)
        art.panel(surface, self.button, alpha=240, border=art.HILITE, radius=20, fill=(60, 52, 24))
        glyph = self.app.input.glyph(Kind.CONFIRM)
        label = fitted(_("I am {name}: show my hand  ({button})", name=name, button=glyph), 36, 880, art.HILITE, "bold")
        surface.blit(label, label.get_rect(center=self.button.center))
        flags = self.board.shown.view["flags"]
        if self.board.shown.three:
            held = {s: sum(1 for f in flags if f["claimed"] == s) for s in self.board.shown.seats}
            parts = "  \u00b7  ".join(f"{self.board.names[s]} {held[s]}" for s in self.board.shown.seats)
            score = text(_("Flags held: {scores}", scores=parts), 30, art.MUTED)
            surface.blit(score, score.get_rect(center=(960, 910)))
            return
        held = {s: sum(1 for f in flags if f["claimed"] == s) for s in ("north", "south")}
        score = text(_("Flags held: {south} {n_south}  \u00b7  {north} {n_north}", south=self.board.names["south"],
                       n_south=held["south"], north=self.board.names["north"], n_north=held["north"]), 30, art.MUTED)
        surface.blit(score, score.get_rect(center=(960, 910)))

    def _summary(self, surface: pygame.Surface) -> None:
        """What the other player just did, in one sentence: the table changed while this player looked away.
        Only table moves and counts are said (the captions never name a card drawn), so no hand is shown."""
        last = self.board.model.last_turn
        if last is None:
            return
        seat = last[0]
        if self.board.shown.three:  # both turns since this player's own, each on its own line
            told = story_words(self.board.story(), self.board.names, not self.board.table.local_seats, True)
            lines = [line for part in told.split("\n")
                     for line in wrap(part, 32, SUMMARY_BOX.width - 40)]
        else:
            lines = wrap(turn_caption(seat, last[1], self.board.names), 32, SUMMARY_BOX.width - 40)
        box = SUMMARY_BOX.copy()
        box.height = min(box.height, 72 + len(lines) * line_step(32))
        art.panel(surface, box, alpha=200, radius=16, border=self.board.shown.tint(seat))
        head = fitted(_("While you looked away:"), 30, box.width - 40, art.MUTED, "bold")
        surface.blit(head, (box.x + 20, box.y + 12))
        blit_lines(surface, lines, 32, art.CREAM, (box.x + 20, box.y + 50), spacing=1.2)


def _other(seat: str) -> str:
    return "north" if seat == "south" else "south"


screens.pass_device.opens(PassScene)
