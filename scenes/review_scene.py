"""Review after a game against a bot: `hard` finds the three moves that cost the player most win chance.

The review runs in its own process (engine.run.review.ReviewProcess) with a progress bar; Back
cancels it. When it is done, each marked move opens the replay at that move, with what hard preferred.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine import Game
from engine.notation_types import Record, View
from engine.run.review import KeptReview, ReviewProcess
from game.i18n import _
from game.play.coach import move_words, why_words
from game.ui import art, audio
from game.ui.text import fitted, text
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene
from .replay_view import ReplayScene

if TYPE_CHECKING:
    from game.ui.shell import App

PROGRESS_POLL = 0.2  # seconds between looks at the review's progress


def mark_words(mark: dict[str, Any], turn: int | None = None, view: View | None = None,
               seat: str = "south") -> tuple[str, str]:
    """('Your turn 12: you chose to play red 5 at flag 3 (-17% win chance)', 'Better: play blue 9 at flag 7: it ...').

    Named by the player's own turn number (not the count of actions), with one line of why hard's move
    was better, read from the player's view at that moment."""
    percent = round(100 * mark["cost"])
    played = move_words(mark["played"])
    if turn is None:
        label = _("Move {n}: \u2212{percent}% win chance", n=mark["index"] + 1, percent=percent)
    else:
        label = _("Your turn {turn}: you chose to {played} (\u2212{percent}% win chance)", turn=turn, played=played,
                  percent=percent)
    preferred = move_words(mark["preferred"])
    why = why_words(mark["preferred"], view, seat) if view is not None else ""
    if why:
        return label, _("Better: {move}: {why}.", move=preferred, why=why)
    return label, _("Better: {move}.", move=preferred)


def turns_and_views(game: Game, seat: str) -> dict[int, tuple[int, View]]:
    """Action index -> (the player's turn number, the player's view then), for each of the player's plays."""
    replay = Game.new(game.rules, game.seed or 0, game.first, game.players)
    out: dict[int, tuple[int, View]] = {}
    turn = 0
    for i, action in enumerate(game.actions):
        if replay.to_move == seat and replay.phase == "play":
            turn += 1
            out[i] = (turn, replay.view(seat))
        replay.apply(action)
    return out


class ReviewScene(MenuScene):
    name = "review"
    title = ""
    menu_top = 520

    def __init__(self, app: App, game: Game, seat: str, process: ReviewProcess | KeptReview | None = None) -> None:
        self.game = game
        self.seat = seat
        self.process = process if process is not None else ReviewProcess(_record(game), seat)
        self.marked: list[dict[str, Any]] | None = None
        super().__init__(app)
        self.menu.width = 1500

    def items(self) -> list[Item]:
        if self.marked is None:
            return [Item(_("Cancel"), self.back)]
        out = []
        turns = turns_and_views(self.game, self.seat)
        for mark in self.marked:  # the costliest first
            turn, view = turns.get(int(mark["index"]), (None, None))
            label, hint = mark_words(mark, turn, view, self.seat)
            out.append(Item(label, partial(self._open, mark), hint=hint))
        return [*out, Item(_("Back"), self.back)]

    def enter(self) -> None:
        audio.after_music(self.app)  # the calm piece of the screens after a game (silent before issue 59)

    def _open(self, mark: dict[str, Any]) -> None:
        scene = screens.replay(self.app, self.game)
        assert isinstance(scene, ReplayScene)
        scene.go(int(mark["index"]))
        self.app.push(scene)

    def update(self, dt: float) -> None:
        if self.marked is not None:
            return
        shown = (self.process.done, self.process.total)
        if self.process.poll():
            marked = (self.process.result or {}).get("marked", [])
            self.marked = sorted(marked, key=lambda m: (-m["cost"], m["index"]))
            self.menu.items = self.items()
            self.menu.focus = 0
            self.app.dirty = True
        elif shown != (self.process.done, self.process.total):
            self.app.dirty = True  # the progress bar moved: drawn now, not at the next key

    def wake_in(self) -> float | None:
        """While the review runs, look at its progress a few times a second (the loop sleeps in between)."""
        return PROGRESS_POLL if self.marked is None else None

    def back(self) -> None:
        self.process.cancel()
        super().back()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        img = text(_("Review"), 72, art.HILITE, "serif")
        surface.blit(img, img.get_rect(center=(960, 260)))
        if self.marked is None:
            done, total = self.process.done, max(1, self.process.total)
            bar = pygame.Rect(560, 380, 800, 28)
            pygame.draw.rect(surface, (40, 44, 44), bar, border_radius=12)
            filled = bar.copy()
            filled.width = max(8, round(bar.width * done / total)) if self.process.total else 8
            pygame.draw.rect(surface, art.GOOD, filled, border_radius=12)
            line = _("The coach is looking at your moves: {done} of {total}", done=done, total=self.process.total)
        elif self.process.error:
            line = _("The review could not be made: {error}", error=self.process.error)
        elif not self.marked:
            line = _("No move cost you much win chance in this game.")
        else:
            line = _("The moves that cost you most, by the hard bot: choose one to see it.")
        img = fitted(line, 34, 1700, art.CREAM)
        surface.blit(img, img.get_rect(center=(960, 450)))


def _record(game: Game) -> Record:
    from engine import to_record

    return to_record(game)


screens.review.opens(ReviewScene)
