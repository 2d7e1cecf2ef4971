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

    from game.keep.settings import Settings
    from game.play.positions import busy, find
    from game.play.table import LocalTable
    from game.ui.shell import App
    from scenes.board import BoardScene

    seconds = float(getattr(args, "seconds", None) or 6.0)
    pygame.display.init()
    pygame.font.init()
    app = App(Settings(animation_speed="normal"), fixed_dt=1 / 60, size=(1920, 1080))
    game = find(7, busy(34))
    with app.active():  # the board is made in the app's theme and language
        board = BoardScene(app, LocalTable(game))
        board.model.hidden, board.pending_pass = False, None
        board.refresh()
        app.push(board)
    board.model.rested = board.model.focus  # the player rests on the focused card: its preview is up, as seen in play
    for _ in range(30):  # warm the caches (card faces, text) as the first seconds of a game would
        app.step()
    gc.collect()
    gc.freeze()
    frames = max(300, int(seconds * 60 * 0.35))
    quiet = _frames(app, board, frames)
    thinking = _while_bot_thinks(app, board, game, frames)
    idle = _idle_cpu(app, board, min(3.0, seconds / 3))
    out: dict[str, Any] = {"frames": len(quiet[0]), "resolution": "1920x1080", "driver": _driver(),
                           "present": app.window.way if app.window is not None else "none"}
    out.update(_figures("", quiet))
    out.update(_figures("thinking_", thinking[0]))
    out["thinking_bot"] = thinking[1]
    out["idle_cpu_percent"] = idle
    return out


def _driver() -> str:
    import pygame

    try:
        return str(pygame.display.get_driver())
    except pygame.error:
        return os.environ.get("SDL_VIDEODRIVER", "?")


def _figures(prefix: str, times: tuple[list[float], list[float]]) -> dict[str, float]:
    """Wall-clock frame times (what the eye sees), and the CPU the frame cost this process (what the
    game controls: other programs' load moves the first, not the second)."""
    wall, cpu = sorted(times[0]), sorted(times[1])

    def p99(values: list[float]) -> float:
        return round(values[max(0, int(len(values) * 0.99) - 1)], 3)

    return {f"{prefix}p50_ms": round(statistics.median(wall), 3), f"{prefix}p99_ms": p99(wall),
            f"{prefix}max_ms": round(wall[-1], 3), f"{prefix}p99_cpu_ms": p99(cpu)}


def _frames(app: Any, board: Any, frames: int, between: Any = None) -> tuple[list[float], list[float]]:
    """Frame times (wall, CPU) through App.step with three cards and a pennant always on the move."""
    from scenes.board_anim import Flight, Slide

    hand = [t for t in board.targets if t[0] == "hand"]
    slots = [k for k in board.rects if k[0] == "slot"]
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(frames):
        if i % 20 == 0:
            now = board.clock
            for j in range(3):
                src = board.targets[hand[(i // 20 + j) % len(hand)]]
                key = slots[(i // 20 * 3 + j) % len(slots)]
                board.anims.flights.append(Flight(key[3], src, board.rects[key], now, 0.45, "table", None, key))
            board.anims.flights.append(Flight("r5", board.targets[("deck", "troops")], src, now, 0.5, "hand",
                                              "troops", None))
            board.anims.slides.append(Slide(1 + (i // 20) % 9, 42, now, 0.6))
        if between is not None:
            between()
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.step()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    return wall, cpu


def _while_bot_thinks(app: Any, board: Any, game: Any, frames: int) -> tuple[tuple[list[float], list[float]], str]:
    """The same busy board while the `hard` bot searches in its own process (asked again as soon as it
    answers, so it thinks through every measured frame)."""
    from game.play.bot_client import open_bot

    bot = open_bot("hard", seed=1)
    position = game.view(game.to_move)
    bot.request(position)
    answers = 0

    def keep_busy() -> None:
        nonlocal answers
        if bot.poll() is not None:
            answers += 1
            bot.request(position)

    deadline = time.perf_counter() + 0.5  # let the worker start and be deep in its search
    while time.perf_counter() < deadline:
        keep_busy()
        time.sleep(0.01)
    try:
        times = _frames(app, board, frames, keep_busy)
    finally:
        bot.cancel()
        bot.close()
    return times, f"{type(bot).__name__}(hard), {answers} answers while measured"


def _idle_cpu(app: Any, board: Any, seconds: float) -> float:
    """CPU used by the real loop (sleeping on events) while nothing on the board moves."""
    import pygame

    board.anims.clear()
    board.toasts.clear()
    board.model.claimable = []
    app.fixed_dt = None
    app.dirty = True
    app.step()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.running = True
    app.run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return round(100 * cpu / max(wall, 1e-6), 2)
