"""A scripted player for the real game loop: `BATTLELINE_SCRIPT=script.json python tests/scripted.py`.

Tests start the real game window (`battleline play`, through its own `app.main.run`) in a subprocess,
headless, and this driver plays it the way a person would, through posted keyboard and mouse events
only: through the title and menus (Continue when there is a save, else a new game with the script's
setup), then every move by clicks on the board.
Moves are chosen from the position alone (seeded by the script and the number of actions so far),
so a game killed at any moment and continued plays on exactly as it would have.

Script (a file, or the JSON itself):
`{"setup": {"seed": 5, "starts": "south"}, "policy": 7, "once": true, "settle": 2}`
- `setup`: fields of game.play.session.Setup set on the setup screen before it starts.
- `policy`: seed of the move choice. `once`: quit instead of starting a second game.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pygame

from engine.notation_types import Action
from game.play.flow import Target, picks_of


class ScriptDriver:
    def __init__(self, app: Any, script: dict[str, Any]) -> None:
        self.app = app
        self.script = script
        self.wait = 0
        self.picks: list[Target] = []
        self.planned_at = -1

    # ---------------------------------------------------------------- posting input
    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def menu_choice(self, scene: Any, label: str) -> bool:
        """Move the menu's focus to `label` with the arrow keys and press Enter."""
        labels = [item.label for item in scene.menu.items]
        if label not in labels:
            return False
        steps = labels.index(label) - scene.menu.focus  # menus do not wrap: up or down, straight to it
        for _ in range(abs(steps)):
            self.key(pygame.K_DOWN if steps > 0 else pygame.K_UP)
        self.key(pygame.K_RETURN)
        return True

    def quit(self) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    # ---------------------------------------------------------------- each frame
    def __call__(self, dt: float) -> None:
        self.app.dirty = True  # keep the loop awake: an idle loop would sleep between scripted frames
        if self.wait > 0:
            self.wait -= 1
            return
        self.wait = int(self.script.get("settle", 1))
        top = self.app.top
        kind = type(top).__name__
        if kind in ("TitleScene", "NoticeScene", "PassScene"):
            self.key(pygame.K_RETURN)
        elif kind == "WelcomeScene":  # the first launch's welcome: "not now"
            self.key(pygame.K_ESCAPE)
        elif kind == "MainMenuScene":
            self.main_menu(top)
        elif kind == "ContinueScene":
            self.menu_choice(top, "Resume")
        elif kind == "SetupScene":
            for field, value in self.script.get("setup", {}).items():
                setattr(top.setup, field, value)
            self.menu_choice(top, "Start the game")
        elif kind == "BoardScene":
            self.board(top)
        elif kind == "ResultsScene":
            if self.script.get("once", True):
                self.quit()
            else:
                self.key(pygame.K_RETURN)
        elif kind == "ScoreboardScene":
            if top.over and self.script.get("once", True):
                self.quit()
            else:
                self.key(pygame.K_RETURN)

    def main_menu(self, menu: Any) -> None:
        if self.menu_choice(menu, "Continue"):
            return
        from game.keep.records import games_dir

        if self.script.get("once", True) and games_dir().is_dir() and any(games_dir().glob("*.json")):
            self.quit()  # the game was finished before a kill: nothing left to play
            return
        self.menu_choice(menu, "New game")

    def board(self, board: Any) -> None:
        if not board.my_turn or board.anims.busy(board.clock):
            self.picks = []
            return
        count = len(board.table.record()["actions"])
        if self.planned_at != count or not self.picks:
            if board.model.flow.picked:  # a half-made move from an earlier plan: start it again
                self.key(pygame.K_ESCAPE)
                return
            self.picks = list(picks_of(self.choose(board.table.legal_actions(), count), board.model.viewer))
            self.planned_at = count
        target = self.picks.pop(0)
        rect = board.targets[target]
        self.click((rect.centerx, rect.y + min(20, rect.height // 2)))

    def choose(self, legal: list[Action], count: int) -> Action:
        """The same position always gets the same move: seeded by the policy and the move number."""
        rng = random.Random(f"{self.script.get('policy', 0)}-{count}")
        claims = [a for a in legal if a["type"] == "claim"]
        if claims:
            return claims[0]
        plays = [a for a in legal if a["type"] != "pass"] or legal
        return rng.choice(plays)


def attach(app: Any, source: str) -> ScriptDriver:
    """Read the script (a path, or JSON text) and let it drive `app` from the next frame on."""
    from engine.jsonfile import parse_json, read_json_file

    driver = ScriptDriver(app, parse_json(source) if source.lstrip().startswith("{") else read_json_file(Path(source)))
    app.settings.animation_speed = "off"
    app.fixed_dt = 1 / 60  # no frame cap: the script plays as fast as the machine draws
    app.on_frame = driver
    return driver


def main() -> int:
    """The game window exactly as `battleline play` opens it, played by the script in BATTLELINE_SCRIPT. It lives
    with the tests, so the installed game carries no scripted player."""
    from app.cli import build_parser
    from app.main import run

    def playing(app: Any) -> None:
        attach(app, os.environ["BATTLELINE_SCRIPT"])

    return run(build_parser().parse_args(["play"]), first=playing)


if __name__ == "__main__":
    raise SystemExit(main())
