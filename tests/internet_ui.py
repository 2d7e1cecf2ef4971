"""Driving the real screens in the internet tests: frames until something holds, random legal moves through the
keyboard (claims first)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ui_driver import Driver

from game.ui.shell import App
from scenes.board import BoardScene
from scenes.results import ResultsScene


def frames_until(driver: Driver, done: Callable[[], bool], seconds: float = 120.0) -> bool:
    """Frames until `done()`, under a generous wall-clock guard (the peers run at the loaded machine's pace)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        driver.frames(1)
        if done():
            return True
        time.sleep(0.002)
    return False


def play(app: App, driver: Driver, board: BoardScene, seed: int, until: Callable[[], bool] | None = None) -> None:
    """Random legal moves through the keyboard, claims first, until `until()` (default: the results show)."""
    done = until or (lambda: isinstance(app.top, ResultsScene))
    rng = random.Random(seed)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        driver.frames(1)
        if done():
            return
        legal = board.table.legal_actions()
        if not legal or app.top is not board:
            time.sleep(0.002)
            continue
        claims = [a for a in legal if a["type"] == "claim"]
        driver.play(board, claims[0] if claims else rng.choice(legal), "keyboard")
    raise AssertionError("timed out")
