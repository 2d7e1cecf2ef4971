"""Draw time of a board frame with and without the zoomed card (1920x1080 logical, headless).

Run: `python tools/bench_zoom.py`. Prints the median and the worst of 200 frames each way.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def frames(app: object, n: int = 200) -> tuple[float, float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        app.draw(app.screen)  # type: ignore[attr-defined]
        out.append((time.perf_counter() - start) * 1000)
    return statistics.median(out), max(out)


def main() -> int:
    import pygame

    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes import board_zoom
    from tools.workshop import screenshot

    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    app.input.last_device = "keyboard"
    screenshot.SCENES["zoom"](app, 7)
    board = app.top
    with_zoom = frames(app)
    shown = board_zoom.draw(board, app.screen) is not None  # type: ignore[arg-type]
    board.model.focus = None  # type: ignore[union-attr]
    without = frames(app)
    print(f"zoom shown: {shown}; board frame ms (median / worst of 200): with the zoom {with_zoom[0]:.2f} / "
          f"{with_zoom[1]:.2f}, without {without[0]:.2f} / {without[1]:.2f}")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
