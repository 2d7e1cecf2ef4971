"""The real main loop under test: `App.run()` in its own thread, real wall-clock time, input posted from outside.

Every other UI test steps the app with a fixed dt, which hides what the real loop does between inputs:
it sleeps. This harness runs the loop as the window does (dummy video driver, `App.run()` with its
naps, clock and frame caps), posts keyboard events from the test's thread the way SDL delivers a
player's input, and keeps a copy of every frame the loop presents, with the app time and wall time
it was shown at.

The central check, `stale()`: once the loop has been stopped, the last frame it presented is
compared with what the app draws from its state now. A loop that moved its state on (a timer ran
out, an animation landed, an answer arrived) without showing it leaves a stale picture: exactly
what a player sees on a TV with nobody touching the mouse. Times in here are anti-hang guards
only, never speed requirements.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.shell import App

GUARD = 60.0  # seconds: the longest any wait may take before the test fails (a hang, not slowness)


@dataclass
class Frame:
    at: float  # wall-clock seconds since the loop started
    app_time: float
    surface: pygame.Surface


class RealLoop:
    """Builds an App with `make` inside the loop's own thread and runs `App.run()` there."""

    def __init__(self, make: Callable[[], App]) -> None:
        self._make = make
        self.app: App | None = None
        self.frames: list[Frame] = []
        self.error: BaseException | None = None
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="real-loop", daemon=True)
        self.started = 0.0

    # ---------------------------------------------------------------- the loop's thread
    def _run(self) -> None:
        import gc

        try:
            app = self._make()
            window = app.window
            assert window is not None, "the real loop needs a window (dummy video driver)"
            shown = window.present

            def present() -> None:
                with self._lock:
                    self.frames.append(Frame(time.perf_counter() - self.started, app.time, app.screen.copy()))
                shown()

            window.present = present  # type: ignore[method-assign]
            self.app = app
            self.started = time.perf_counter()
            self._ready.set()
            app.run()
        except BaseException as exc:
            self.error = exc
            self._ready.set()
        finally:
            gc.unfreeze()  # run() froze what was loaded; the rest of the test session collects normally

    # ---------------------------------------------------------------- the test's thread
    def __enter__(self) -> RealLoop:
        self._thread.start()
        assert self._ready.wait(GUARD), "the loop did not start"
        if self.error is not None:
            raise self.error
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Ask the loop to quit (a QUIT event, as closing the window does) and wait for run() to return."""
        if self._thread.is_alive():
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            self._thread.join(GUARD)
            assert not self._thread.is_alive(), "the loop did not quit"
        if self.error is not None:
            raise self.error

    def key(self, key: int) -> None:
        """A key pressed and released, posted from this thread (SDL's queue is thread-safe)."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))

    def now(self) -> float:
        return time.perf_counter() - self.started

    def wait_for(self, check: Callable[[], bool], what: str, guard: float = GUARD) -> None:
        """Wait, posting nothing, until `check()` holds (read from this thread: plain attribute reads)."""
        end = time.perf_counter() + guard
        while not check():
            if self.error is not None:
                raise self.error
            assert time.perf_counter() < end, f"gave up after {guard:.0f} s waiting for {what}"
            time.sleep(0.05)

    def idle(self, seconds: float) -> None:
        """Let wall-clock time pass with no input at all."""
        time.sleep(seconds)  # the duration is the point: time with no input is what `idle` is asked for

    def frame_count(self) -> int:
        with self._lock:
            return len(self.frames)

    def last_frame(self) -> Frame:
        with self._lock:
            assert self.frames, "the loop presented no frame"
            return self.frames[-1]

    def frame_at(self, seconds: float) -> Frame:
        """The frame on the screen at `seconds` after the start (the last one presented by then)."""
        with self._lock:
            shown = [f for f in self.frames if f.at <= seconds]
            assert shown, f"no frame had been presented {seconds:.2f} s after the start"
            return shown[-1]

    def stale(self) -> int:
        """After stop(): how many pixels of the last frame presented differ from the app's state drawn now."""
        assert not self._thread.is_alive(), "stop() the loop first: its state must hold still"
        app = self.app
        assert app is not None
        fresh = pygame.Surface(app.screen.get_size())
        fresh.blit(app.screen, (0, 0))  # overlays draw over whatever is below, as on the real screen
        app.draw(fresh)
        return differing(self.last_frame().surface, fresh)


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """The number of pixels that differ between two same-sized pictures (pygame only, no numpy)."""
    one, two = a, b
    if pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(two, "RGB"):
        return 0
    diff = pygame.Surface(a.get_size())
    diff.blit(one, (0, 0))
    diff.blit(two, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = pygame.Surface(a.get_size())
    other.blit(two, (0, 0))
    other.blit(one, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1, 255))
    return a.get_width() * a.get_height() - same.count()


def changed_in(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    """Pixels that differ between two frames inside `rect` (where something should have appeared)."""
    return differing(a.subsurface(rect), b.subsurface(rect))


def board_app(settings: dict[str, Any], seed: int = 5) -> Callable[[], App]:
    """A maker for an app showing a board against the easy bot (in this process), South to move first."""

    def make() -> App:
        from game.keep.settings import Settings
        from game.play.session import Session, Setup
        from scenes.board import BoardScene

        pygame.display.init()
        pygame.font.init()
        app = App(Settings(welcomed=True, **settings), size=(960, 540))
        session = Session(Setup(opponent="easy", seed=seed, starts="south", autosave=False), bot_pace=0.0,
                          in_process_bots=True)
        board = BoardScene(app, session.new_table(), session)
        app.push(board)
        return app

    return make


def close_boards(app: App | None) -> None:
    """The bots and coaches the boards opened (after stop(): the loop's thread is gone)."""
    from scenes import board_coach
    from scenes.board import BoardScene

    for scene in app.stack if app is not None else []:
        if isinstance(scene, BoardScene):
            scene.table.close()
            board_coach.close(scene.coach)
