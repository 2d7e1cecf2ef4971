"""The game window: `battleline` (or `battleline play`) opens it on the title screen."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from app import desktop, forward, startup

if TYPE_CHECKING:
    from game.ui.shell import App

START = time.perf_counter()


def parse_size(value: str | None) -> tuple[int, int] | None:
    if not value:
        return None
    try:
        w, h = (int(v) for v in value.lower().split("x"))
    except ValueError as exc:
        raise SystemExit(f"--size: expected WIDTHxHEIGHT, got {value!r}") from exc
    return w, h


def run(args: argparse.Namespace, first: Callable[[App], object] | None = None) -> int:
    """The window; `first` may push a scene over the title (`battleline host` / `join` without --headless)."""
    logging.basicConfig(level=logging.WARNING, format="battleline: %(message)s")
    startup.quiet()
    import pygame

    from game.i18n import set_language
    from game.keep.files import data_dir
    from game.keep.settings import load_settings
    from game.ui.shell import App, wake
    from scenes.title import TitleScene

    if not window_up():
        return 1
    lock = startup.WindowLock(data_dir())
    if first is None and not lock.acquire():  # the plain game: one window on one user's saves and settings
        already_open(lock)
        pygame.display.quit()
        return 1
    pygame.font.init()
    settings = load_settings()
    set_language(settings.language)  # for words said outside the app's frames (it has its own, app.tr)
    size = parse_size(getattr(args, "size", None))
    # --windowed wins; the TV started as the table opens fullscreen (`host --table`); else the settings say
    fullscreen = False if getattr(args, "windowed", False) else getattr(args, "fullscreen", None)
    app = App(settings, size=size, fullscreen=fullscreen)  # its theme and language from the saved settings
    desktop.set_window_icon(app.window)
    ahead = forward.Forward()
    if lock.file is not None:  # this start holds the lock: a second one asks it to come forward
        lock.advertise(ahead.start(wake), ahead.token)
        app.on_frame = lambda dt: ahead.done(bring_forward(app)) if ahead.due() else None
    with app.active():
        app.push(TitleScene(app))
        if first is not None:
            first(app)
    if os.environ.get("BATTLELINE_FIRST_FRAME"):
        app.step()
        shown = app.top.name if app.top is not None else "nothing"
        way = "fullscreen" if app.window is not None and app.window.fullscreen else "windowed"
        print(f"first frame after {time.perf_counter() - START:.3f} s, showing {shown}, {way}")
        lock.release()
        return 0
    app.run()
    ahead.close()
    pygame.quit()
    lock.release()
    return 0


def already_open(lock: startup.WindowLock) -> None:
    """A second start: the open window is asked to come forward; one line says what happened."""
    holder = lock.holder()
    where = f" (process {holder})" if holder else ""
    asked = forward.read_ask_line(lock.path)
    answer = forward.ask(*asked) if asked else "it gave no way to ask"
    if answer == "ok":
        print(f"battleline: Battle Line is already open{where}: its window was brought forward", file=sys.stderr)
        return
    print(f"battleline: Battle Line is already open{where}; switch to its window (it could not be brought "
          f"forward: {answer}; this start opens no second one on the same saves and settings)", file=sys.stderr)
    startup.message_box("Battle Line", "Battle Line is already open: switch to its window.")


def bring_forward(app: App) -> bool:
    """The game's window raised and given the keyboard (restored first when minimised in a window)."""
    import pygame

    try:
        display = app.window
        window = display.window if display is not None and display.window is not None \
            else pygame.Window.from_display_module()
        if display is None or not display.fullscreen:
            window.restore()
        window.focus()
        if pygame.display.get_driver() == "x11":
            window.focus(input_only=True)  # no window manager to pass the focus on: ask X for it too
    except (pygame.error, AttributeError) as exc:
        logging.getLogger(__name__).info("the window could not be brought forward: %s", exc)
        return False
    return True


def window_up() -> bool:
    """The display started with the game's window class and icon, or one line said why there is none."""
    desktop.name_the_window()
    try:
        startup.open_display()
    except startup.NoDisplay as exc:
        print(exc, file=sys.stderr)
        return False
    desktop.set_window_icon()
    return True


def cmd_watch(args: argparse.Namespace) -> int:
    """`battleline watch FILE`: a game record straight in the replay viewer; closing it quits."""
    from pathlib import Path

    from game.keep.files import BadFile
    from game.keep.records import read_record_file

    try:
        game = read_record_file(Path(args.record))
    except BadFile as exc:
        print(f"battleline watch: {args.record} cannot be shown: {exc}", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.WARNING, format="battleline: %(message)s")
    startup.quiet()
    import pygame

    from game.i18n import set_language
    from game.keep.settings import load_settings
    from game.ui.shell import App
    from scenes.replay_view import ReplayScene

    if not window_up():
        return 1
    pygame.font.init()
    app = App(load_settings())
    desktop.set_window_icon(app.window)
    set_language(app.settings.language)  # for words said outside the app's frames (it has its own, app.tr)
    with app.active():
        app.push(ReplayScene(app, game, Path(args.record).name, on_close=app.quit))
    if os.environ.get("BATTLELINE_FIRST_FRAME"):
        app.step()
        return 0
    app.run()
    pygame.quit()
    return 0
