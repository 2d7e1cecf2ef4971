"""The game window: `battleline` (or `battleline play`) opens it on the title screen."""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Callable
from typing import Any

START = time.perf_counter()


def parse_size(value: str | None) -> tuple[int, int] | None:
    if not value:
        return None
    try:
        w, h = (int(v) for v in value.lower().split("x"))
    except ValueError as exc:
        raise SystemExit(f"--size: expected WIDTHxHEIGHT, got {value!r}") from exc
    return w, h


def run(args: argparse.Namespace, first: Callable[[Any], None] | None = None) -> int:
    """The window; `first` may push a scene over the title (`battleline host` / `join` without --headless)."""
    logging.basicConfig(level=logging.WARNING, format="battleline: %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.i18n import set_language
    from game.keep.settings import load_settings
    from game.ui.shell import App
    from scenes.title import TitleScene

    pygame.display.init()
    pygame.font.init()
    settings = load_settings()
    set_language(settings.language)  # for words said outside the app's frames (it has its own, app.tr)
    size = parse_size(getattr(args, "size", None))
    # --windowed wins; the TV started as the table opens fullscreen (`host --table`); else the settings say
    fullscreen = False if getattr(args, "windowed", False) else getattr(args, "fullscreen", None)
    app = App(settings, size=size, fullscreen=fullscreen)  # its theme and language from the saved settings
    with app.active():
        app.push(TitleScene(app))
        if first is not None:
            first(app)
    if os.environ.get("BATTLELINE_FIRST_FRAME"):
        app.step()
        shown = app.top.name if app.top is not None else "nothing"
        way = "fullscreen" if app.window is not None and app.window.fullscreen else "windowed"
        print(f"first frame after {time.perf_counter() - START:.3f} s, showing {shown}, {way}")
        return 0
    app.run()
    pygame.quit()
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    """`battleline watch FILE`: a game record straight in the replay viewer; closing it quits."""
    import sys
    from pathlib import Path

    from game.keep.files import BadFile
    from game.keep.records import read_record_file

    try:
        game = read_record_file(Path(args.record))
    except BadFile as exc:
        print(f"battleline watch: {args.record} cannot be shown: {exc}", file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.WARNING, format="battleline: %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.i18n import set_language
    from game.keep.settings import load_settings
    from game.ui.shell import App
    from scenes.replay_view import ReplayScene

    pygame.display.init()
    pygame.font.init()
    app = App(load_settings())
    set_language(app.settings.language)  # for words said outside the app's frames (it has its own, app.tr)
    with app.active():
        app.push(ReplayScene(app, game, Path(args.record).name, on_close=app.quit))
    if os.environ.get("BATTLELINE_FIRST_FRAME"):
        app.step()
        return 0
    app.run()
    pygame.quit()
    return 0
