"""The win-estimate bar in the replay viewer (Settings, off by default), as on the board against bots.

The coach (game.play.coach: `hard` in its own process) is shown South's own view at each of South's plays,
exactly what the bar on the board would have been shown at the table: never the other hand or the
decks' order, though the replay shows them. Between South's plays the bar holds the last estimate.
Answers are kept per step, so stepping back is instant; a newer question replaces an older one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.notation_types import View
from engine.position import from_position
from game.i18n import _
from game.play.coach import Coach
from game.ui import art
from game.ui.text import fitted
from game.ui.widgets import chance_bar

if TYPE_CHECKING:
    from .replay_model import Replaying

SEAT = "south"  # the bottom hand, named first in the replay's header


class ReplayCoach:
    """Estimates of South's win chance at South's plays, asked one at a time."""

    def __init__(self, scene: Replaying, in_process: bool = False) -> None:
        self.scene = scene
        self.coach = Coach(seed=17, in_process=in_process)
        self.chances: dict[int, float | None] = {}  # None: answered without an estimate (a forced play)
        self.plays = [i for i, view in enumerate(scene.replay.views)
                      if view["to_move"] == SEAT and view["phase"] == "play" and i < scene.replay.steps]

    def wanted(self) -> int | None:
        """South's latest play step at or before the step shown, if it has no estimate yet."""
        earlier = [i for i in self.plays if i <= self.scene.step]
        return earlier[-1] if earlier and earlier[-1] not in self.chances else None

    def tick(self) -> None:
        advice = self.coach.poll()
        if advice is not None:
            self.chances[advice.actions] = advice.win_chance
            self.scene.app.dirty = True
        step = self.wanted()
        if step is not None:  # the coach ignores a question it is already thinking about
            self.coach.ask(self.question(step), step, hint=False)

    def question(self, step: int) -> View:
        """South's own view at `step`: what South saw at the table then, and nothing more."""
        return from_position(self.scene.replay.views[step]).view(SEAT)

    def chance(self) -> float | None:
        """The estimate the bar shows: from South's latest answered play at or before the step shown."""
        known = [i for i, c in self.chances.items() if i <= self.scene.step and c is not None]
        return self.chances[max(known)] if known else None

    @property
    def thinking(self) -> bool:
        return self.coach.thinking

    def close(self) -> None:
        self.coach.close()


def draw_bar(scene: Replaying, coach: ReplayCoach | None, surface: pygame.Surface) -> None:
    """Top right, above the log: 'Win estimate for Ana: 62%' and the bar (from the screen's coach, when on)."""
    chance = coach.chance() if coach is not None else None
    if chance is None:
        return
    label = fitted(_("Win estimate for {name}: {percent}%", name=scene.replay.players[SEAT],
                     percent=round(100 * chance)), 28, 584, art.MUTED)
    surface.blit(label, label.get_rect(topleft=(1316, 14)))
    bar = pygame.Rect(1316, 58, 584, 14)
    chance_bar(surface, bar, chance)
