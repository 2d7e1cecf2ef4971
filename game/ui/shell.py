"""The shell: the window, the scene stack and the main loop.

The loop redraws only when something changed or moves; otherwise it sleeps on the event queue,
so an idle board costs almost no CPU. A scene that will need a frame later without any input
(a zoom after its delay, a banner's fade, an answer it polls for) says so with `wake_in`: the
loop sleeps until that deadline or the next event, whichever comes first, and the time slept
counts as time. Any thread may wake the loop with `wake()` (a WAKE event). Tests drive `step()`
with a fixed timestep, or the real `run()` (tests/real_loop.py).
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from game import i18n
from game.keep.settings import Settings, save_settings
from game.ui import theme
from game.ui.display import LOGICAL, Display
from game.ui.input import InputMapper, Intent, Kind
from game.ui.scene import AMBIENT, IDLE, MOVING, Scene

log = logging.getLogger(__name__)
FPS = {MOVING: 60, AMBIENT: 30}
MAX_SLEEP = 1.0  # seconds: the longest nap with nothing due (a safety net for anything polled)
#: posted by `wake()` from any thread: the loop wakes at once, updates every scene and draws a frame
WAKE = pygame.event.custom_type()
DEVICE_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED)
#: scene name -> "module:attribute", filled by the scenes package (scenes/__init__.py): a scene opens another
#: by name through the app, so scenes do not import each other and this toolkit imports none of them
SCENES: dict[str, str] = {}


def register_scenes(names: dict[str, str]) -> None:
    SCENES.update(names)


def scene_named(name: str) -> Any:
    """The scene class (or scene-making function) registered as `name`, its module imported when first asked for."""
    if name not in SCENES:
        raise KeyError(f"no scene registered as {name!r}")
    module, _, attribute = SCENES[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


def wake() -> None:
    """Wake the main loop now, from any thread (a network reader, a worker that finished).

    The loop updates every scene (which poll what they listen to) and draws one frame. Posting to
    SDL's queue is thread-safe; before the display exists, or after it closed, it does nothing.
    """
    with contextlib.suppress(pygame.error):  # no event queue (video not initialised, or quit): nobody to wake
        pygame.event.post(pygame.event.Event(WAKE))


class App:
    """Owns the display surface (1920x1080 logical, pygame SCALED), the stack of scenes, and what the
    scenes draw and speak with: `theme` (game.ui.theme) and `tr` (a game.i18n.Translator), both made from
    `settings` and replaced by `apply_settings`. While the app works (a step, a draw, an intent, a scene
    opened or pushed) they are bound (`active`), so the drawing code and `_()` below use this app's."""

    def __init__(self, settings: Settings, *, fixed_dt: float | None = None, window: bool = True,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        self.settings = settings
        self.theme = theme.Theme.from_settings(settings)
        self.tr = i18n.Translator(settings.language)
        self.fixed_dt = fixed_dt
        self.input = InputMapper()
        self.stack: list[Scene] = []
        self.running = True
        self.dirty = True
        self.time = 0.0
        self.deadline: float | None = None  # app time at which a scene asked for its next frame
        self.frames = 0
        self.clock = pygame.time.Clock()
        self.on_frame: Callable[[float], None] | None = None
        self.quit_hooks: list[Callable[[], None]] = []
        self.window: Display | None = None
        if window:
            on = settings.fullscreen if fullscreen is None else fullscreen
            self.window = Display(size or settings.window_size, on)
            self.screen = self.window.surface
            self.input.start_controllers()
        else:
            self.screen = pygame.Surface(LOGICAL)

    # ---------------------------------------------------------------- window
    def resize(self, size: tuple[int, int]) -> None:
        """The logical 1920x1080 picture is scaled to whatever window size is asked for."""
        if self.window is not None:
            self.window.resize(size)
        self.dirty = True

    def set_fullscreen(self, on: bool) -> None:
        if self.window is not None:
            self.window.set_fullscreen(on)
            if not on:
                self.window.resize(self.settings.window_size)
        self.dirty = True

    def save_settings(self) -> None:
        save_settings(self.settings)

    # ---------------------------------------------------------------- theme and language
    def apply_settings(self) -> None:
        """The settings changed: a new theme and translator made from them, shown on the next frame (what a scene
        keeps drawn is keyed by the theme and language it was drawn with: the board's still layer)."""
        self.theme = theme.Theme.from_settings(self.settings)
        if i18n.resolve(self.settings.language) != self.tr.lang:
            self.tr = i18n.Translator(self.settings.language)
        self.dirty = True

    @contextlib.contextmanager
    def active(self) -> Iterator[App]:
        """This app's theme and translator are the ones drawn and spoken with while the block runs
        (read afresh each time, so a change made inside the block shows at once)."""
        with theme.following(lambda: self.theme), i18n.following(lambda: self.tr):
            yield self

    # ---------------------------------------------------------------- stack
    def scene(self, name: str) -> Any:
        """The scene class (or scene-making function) registered as `name`, imported when first asked for."""
        return scene_named(name)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """The scene `name` made for this app: `scene(name)(app, *args, **kwargs)` (pushing it is the caller's)."""
        with self.active():
            return self.scene(name)(self, *args, **kwargs)

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        with self.active():
            scene.enter()
        self.dirty = True

    def pop(self, scene: Scene | None = None) -> None:
        """Pop the top scene (or `scene` and everything above it)."""
        if not self.stack:
            return
        target = scene if scene in self.stack else self.stack[-1]
        with self.active():
            while self.stack:
                gone = self.stack.pop()
                gone.leave()
                if gone is target:
                    break
            if self.stack:
                self.stack[-1].resume()
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        with self.active():
            if self.stack:
                self.stack.pop().leave()
            self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to one scene (back to the menu, a new game)."""
        with self.active():
            while self.stack:
                self.stack.pop().leave()
            self.push(scene)

    def find(self, cls: type) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, cls):
                return scene
        return None

    # ---------------------------------------------------------------- loop
    def quit(self) -> None:
        self.running = False

    def dispatch(self, intent: Intent) -> None:
        if intent.kind is Kind.QUIT:
            self.quit()
            return
        if self.top is not None:
            with self.active():
                self.top.handle(intent)
            self.dirty = True
        self._sync_typing()

    def _sync_typing(self) -> None:
        """Keys type letters only while the top scene asks for text (a name being entered)."""
        want = bool(self.top is not None and self.top.takes_text)
        if want == self.input.typing:
            return
        self.input.typing = want
        if self.window is None:
            return
        try:
            if want:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        except pygame.error as exc:  # no window to type into (headless): typed events still work
            log.info("text input not switched: %s", exc)

    def activity(self) -> int:
        return max((s.activity() for s in self.stack), default=IDLE)

    def wake_in(self) -> float | None:
        """Seconds until some scene needs a frame with no input (None: only input, or WAKE, will)."""
        times = [t for t in (s.wake_in() for s in self.stack) if t is not None]
        return max(0.0, min(times)) if times else None

    def draw(self, surface: pygame.Surface | None = None) -> None:
        target = surface or self.screen
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        with self.active():
            for scene in self.stack[start:]:
                scene.draw(target)

    def step(self, events: list[pygame.event.Event] | None = None, slept: bool = False) -> bool:
        """One turn of the main loop: input, update, draw if needed. Returns False once quitting.

        `slept`: the loop napped before this step (run()); the whole nap counts as time, so every
        timer keeps its promise. A busy frame's time is capped at 0.1 s (a stall never jumps an animation).
        A frame is drawn when something changed (dirty, a WAKE), while anything moves, on the step
        where it stops moving (the last position is shown, never one from before), and at a deadline.
        """
        with self.active():
            return self._step(events, slept)

    def _step(self, events: list[pygame.event.Event] | None, slept: bool) -> bool:
        for event in pygame.event.get() if events is None else events:
            if event.type == WAKE:
                self.dirty = True
                continue
            if event.type in DEVICE_EVENTS:
                self.dirty = True  # a pad came or went: prompts may name other buttons
            for intent in self.input.translate(event):
                self.dispatch(intent)
                if not self.running:
                    return False
        if self.fixed_dt is not None:
            dt = self.fixed_dt
        elif slept:
            dt = self.clock.tick() / 1000.0
        else:
            dt = min(self.clock.tick(FPS.get(self.activity(), 60)) / 1000.0, 0.1)
        moving = self.activity() != IDLE
        due = self.deadline is not None and self.time + dt >= self.deadline - 0.001
        self.time += dt
        for scene in list(self.stack):
            scene.update(dt)
        if self.dirty or moving or due or self.activity() != IDLE:
            self.draw()
            if self.window is not None:
                self.window.present()
            self.frames += 1
            self.dirty = False
        wait = self.wake_in()
        self.deadline = None if wait is None else self.time + wait
        if self.on_frame is not None:
            self.on_frame(dt)
        return self.running

    def nap(self) -> float:
        """How long run() may sleep now: until the next deadline, at most MAX_SLEEP; 0 if a frame is due."""
        if self.fixed_dt is not None or self.dirty or self.activity() != IDLE:
            return 0.0
        if self.deadline is None:
            return MAX_SLEEP
        return min(MAX_SLEEP, max(0.0, self.deadline - self.time))

    def run(self) -> None:
        """The real main loop: sleeps on the event queue until an event or a scene's deadline."""
        import gc

        gc.collect()
        gc.freeze()  # what was loaded at start stays put: collections stay short during play
        while self.running and self.stack:
            nap = self.nap()
            if nap > 1 / 60:  # nothing due within a frame: sleep until an event or the deadline
                event = pygame.event.wait(max(1, int(nap * 1000)))
                events = [event, *pygame.event.get()] if event.type != pygame.NOEVENT else []
                if not self.step(events, slept=True):
                    break
                continue
            if not self.step():
                break
        self.close()

    def close(self) -> None:
        """Run the quit hooks once (sockets, advertisers, bot processes the scenes opened)."""
        hooks, self.quit_hooks = self.quit_hooks, []
        for hook in hooks:
            hook()
