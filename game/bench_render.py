"""`battleline bench render`: frame times of a busy board with animations running, and idle CPU.

Signature: `bench_render(args) -> dict`, where `args` may carry `seconds` (a rough time budget).
Frames are timed from input to flip through the real loop (App.step) at 1920x1080 on whatever
SDL video driver is set (headless: dummy).
"""

from __future__ import annotations

import gc
import os
import statistics
import time
from typing import Any


def bench_render(args: Any = None) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from scenes.board import BoardScene
    from scenes.board_anim import Flight, Slide

    from .positions import busy, find
    from .settings import Settings
    from .shell import App
    from .table import LocalTable

    seconds = float(getattr(args, "seconds", None) or 6.0)
    pygame.display.init()
    pygame.font.init()
    app = App(Settings(animation_speed="normal"), fixed_dt=1 / 60, size=(1920, 1080))
    game = find(7, busy(34))
    board = BoardScene(app, LocalTable(game))
    board.hidden, board.pending_pass = False, None
    board.refresh()
    app.push(board)
    hand = [t for t in board.targets if t[0] == "hand"]
    slots = [k for k in board.rects if k[0] == "slot"]
    for _ in range(30):  # warm the caches (card faces, text) as the first seconds of a game would
        app.step()
    gc.collect()
    gc.freeze()
    times: list[float] = []
    frames = max(300, int(seconds * 60 * 0.7))
    for i in range(frames):
        if i % 20 == 0:  # keep three cards and a pennant moving at all times
            now = board.clock
            for j in range(3):
                src = board.targets[hand[(i // 20 + j) % len(hand)]]
                key = slots[(i // 20 * 3 + j) % len(slots)]
                board.anims.flights.append(Flight(key[3], src, board.rects[key], now, 0.45, "table", None, key))
            board.anims.flights.append(Flight("r5", board.targets[("deck", "troops")], src, now, 0.5, "hand",
                                              "troops", None))
            board.anims.slides.append(Slide(1 + (i // 20) % 9, 42, now, 0.6))
        start = time.perf_counter()
        app.step()
        times.append((time.perf_counter() - start) * 1000)
    raw = list(times)
    times.sort()
    if os.environ.get("BATTLELINE_BENCH_DEBUG"):
        slow = sorted(range(len(raw)), key=lambda i: -raw[i])[:12]
        print(sorted((i, i % 20, round(raw[i], 1)) for i in slow))
    idle = _idle_cpu(app, board, min(3.0, seconds / 2))
    return {
        "frames": len(times), "resolution": "1920x1080", "driver": pygame.display.get_driver(),
        "p50_ms": round(statistics.median(times), 3),
        "p99_ms": round(times[int(len(times) * 0.99) - 1], 3),
        "max_ms": round(times[-1], 3),
        "idle_cpu_percent": idle,
    }


def _idle_cpu(app: Any, board: Any, seconds: float) -> float:
    """CPU used by the real loop (sleeping on events) while nothing on the board moves."""
    import pygame

    board.anims.clear()
    board.toasts.clear()
    board.claimable = []
    app.fixed_dt = None
    app.dirty = True
    app.step()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.running = True
    app.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return round(100 * cpu / max(wall, 1e-6), 2)
