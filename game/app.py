"""The game window: `battleline` (or `battleline play`) opens it on the title screen."""

from __future__ import annotations

import argparse
import logging
import os
import time

START = time.perf_counter()


def parse_size(value: str | None) -> tuple[int, int] | None:
    if not value:
        return None
    try:
        w, h = (int(v) for v in value.lower().split("x"))
    except ValueError as exc:
        raise SystemExit(f"--size: expected WIDTHxHEIGHT, got {value!r}") from exc
    return w, h


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="battleline: %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from scenes.title import TitleScene

    from .settings import load_settings
    from .shell import App

    pygame.display.init()
    pygame.font.init()
    settings = load_settings()
    size = parse_size(getattr(args, "size", None))
    fullscreen = False if getattr(args, "windowed", False) else None
    app = App(settings, size=size, fullscreen=fullscreen)
    app.push(TitleScene(app))
    if os.environ.get("BATTLELINE_FIRST_FRAME"):
        app.step()
        print(f"first frame after {time.perf_counter() - START:.3f} s")
        return 0
    app.run()
    pygame.quit()
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    print("battleline watch: the replay viewer is not built yet")
    return 2
