"""Frame and banner costs with a claim banner on show: `python tools/bench_banner.py [FRAMES]` from a checkout.

The busy board of `battleline bench render` (three cards and a pennant always moving) with one long claim banner
about flag 9 held on screen; prints one JSON line: the frames' wall and CPU times
(tools.workshop.bench_render's figures, prefixed banner_), the frames' median CPU, and the CPU of drawing the
banner alone (scenes.board_hud.draw_toasts, 400 times). It imports the game from the current directory, so
running it in an older checkout (a temporary `git worktree`) measures that version the same way: alternate the
two to compare them on a busy machine.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import time


def main(argv: list[str]) -> int:
    sys.path.insert(0, os.getcwd())
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    import tools.workshop.bench_render as bench
    from game.keep.settings import Settings
    from game.play.positions import busy, find
    from game.play.table import LocalTable
    from game.ui.shell import App
    from scenes import board_hud
    from scenes.board import BoardScene

    frames = int(argv[0]) if argv else 300
    pygame.display.init()
    pygame.font.init()
    shell = App(Settings(animation_speed="normal"), fixed_dt=1 / 60, size=(1920, 1080))
    with shell.active():
        board = BoardScene(shell, LocalTable(find(7, busy(34))))
        board.model.hidden, board.pending_pass = False, None
        board.refresh()
        shell.push(board)
    board.model.rested = board.model.focus
    board.say(["Bot (hard) takes flag 9 \u2014 Phalanx 24 beats the best Bot (easy) can still make"], title="Flag 9",
              about=("flag", 9))
    board.toasts[-1].until = board.clock + 1e9  # held on screen through every measured frame
    for _ in range(40):
        shell.step()
    gc.collect()
    gc.freeze()
    wall, cpu = bench._frames(shell, board, frames)
    cost = []
    for _ in range(400):
        start = time.thread_time()
        board_hud.draw_toasts(board, shell.screen)
        cost.append((time.thread_time() - start) * 1000)
    cost.sort()
    out = {"tree": os.getcwd(), **bench._figures("banner_", (wall, cpu)),
           "frame_p50_cpu_ms": round(statistics.median(cpu), 3),
           "draw_banner_p50_cpu_ms": round(statistics.median(cost), 3),
           "draw_banner_p99_cpu_ms": round(cost[int(len(cost) * 0.99) - 1], 3)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
