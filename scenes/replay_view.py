"""The replay viewer: a finished game step by step, forward and backward or on its own, with the log
beside it and both hands face up (the game is over, nothing is hidden any more).

Each step is one action. The game is replayed once from its record and every position kept, so
stepping either way is instant.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine import Game
from engine.notation_types import View
from game.i18n import _
from game.ui import audio
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, IDLE, Scene

from . import replay_draw, screens
from .replay_coach import ReplayCoach, draw_bar
from .replay_model import Replay

if TYPE_CHECKING:
    from game.ui.shell import App

STEP_TIME = 0.9  # seconds per step when playing on its own, at normal animation speed


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: App, game: Game, when: str = "", on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.replay = Replay(game)
        self.game = game
        self.when = when
        self.on_close = on_close
        self.step = 0
        self.playing = False
        self.timer = 0.0
        self.clock = 0.0
        self.message = ""
        self.message_until = 0.0
        self.pressed: str | None = None
        #: The win-estimate bar's coach, started when the bar is on (Settings).
        self.coach: ReplayCoach | None = None

    def enter(self) -> None:
        audio.after_music(self.app)  # the calm piece of the screens after a game (silent before issue 59)

    @property
    def view(self) -> View:
        return self.replay.views[self.step]

    def go(self, step: int) -> None:
        self.step = max(0, min(self.replay.steps, step))
        if self.step == self.replay.steps:
            self.playing = False

    def control(self, name: str) -> None:
        if name == "start":
            self.playing = False
            self.go(0)
        elif name == "back":
            self.playing = False
            self.go(self.step - 1)
        elif name == "step":
            self.playing = False
            self.go(self.step + 1)
        elif name == "end":
            self.playing = False
            self.go(self.replay.steps)
        elif name == "play":
            if self.step >= self.replay.steps:
                self.go(0)
            self.playing = not self.playing
            self.timer = 0.0
        elif name == "export":
            self.export()
        elif name == "close":
            self.close()

    def export(self) -> None:
        from game.keep.records import export

        try:
            path = export(self.game)
        except OSError as exc:
            self.tell(_("Not exported: {reason}", reason=exc))
            return
        self.tell(_("Exported to {path}", path=path))

    def tell(self, words: str) -> None:
        self.message = words
        self.message_until = self.clock + 8.0

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            self.app.pop(self)

    def leave(self) -> None:
        if self.coach is not None:
            self.coach.close()
            self.coach = None

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        keys = {Kind.LEFT: "back", Kind.RIGHT: "step", Kind.UP: "start", Kind.DOWN: "end",
                Kind.CONFIRM: "play", Kind.MENU: "export", Kind.BACK: "close"}
        if k in keys:
            self.control(keys[k])
        elif k is Kind.SCROLL:
            self.control("back" if intent.value > 0 else "step")
        elif k is Kind.PRESS:
            self.pressed = replay_draw.control_at(intent.pos)
        elif k is Kind.RELEASE:
            hit = replay_draw.control_at(intent.pos)
            if hit is not None and hit == self.pressed:
                self.control(hit)
            self.pressed = None

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.app.settings.win_bar:
            if self.coach is None:
                self.coach = ReplayCoach(self)
            self.coach.tick()
        if not self.playing:
            return
        self.timer += dt
        pace = STEP_TIME * max(0.3, self.app.settings.speed or 0.3)
        if self.timer >= pace:
            self.timer -= pace
            self.go(self.step + 1)
            self.app.dirty = True

    def activity(self) -> int:
        thinking = self.coach is not None and self.coach.thinking
        return AMBIENT if self.playing or thinking or self.message_until > self.clock else IDLE

    def draw(self, surface: pygame.Surface) -> None:
        replay_draw.draw(self, surface)
        draw_bar(self, self.coach, surface)


screens.replay.opens(ReplayScene)
