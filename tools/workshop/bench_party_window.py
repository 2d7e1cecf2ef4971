"""`battleline bench party --window`: the TV as the table in a real window, scripted phones, and for each phone's
action the time from the phone's send to the first frame that shows it, and to the end of its animation.

The window is the game's own (`App`, its real main loop, woken by the host's messages as at a party); the
phones are the scripted WebSocket phones of `battleline bench party`, on a thread of their own, through the
real bridge. Times come from the window's own frames: each presented frame is stamped right after it reached
the window, with how many actions the board had taken in by then and whether anything still moved. A frame
"shows" action n once the board took in n+1 actions; its animation has ended at the first frame after that
with nothing moving. Needs a display (Xvfb in tests and CI); everything runs in this process, so other load on
the machine counts too.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import threading
import time
from typing import Any

from engine import Rules
from engine.notation_types import Event
from scenes import screens


def bench_party_window(args: argparse.Namespace) -> dict[str, Any]:
    """One JSON-able result: per action p50/p99/max of send -> first frame, and send -> animation's end."""
    import pygame

    import scenes  # noqa: F401  # registers the scenes by name (the board opens as "board_for")
    from game.keep.settings import Settings
    from game.ui.shell import App

    players = getattr(args, "players", 2) or 2
    games = args.games or 1
    with tempfile.TemporaryDirectory(prefix="battleline-bench-") as data:
        os.environ["BATTLELINE_DATA_DIR"] = data  # the table keeps its finished games: not in the player's library
        pygame.display.init()
        pygame.font.init()
        app = App(Settings(welcomed=True, language="en"), size=(1280, 720), fullscreen=False)
        first: list[float] = []
        settled: list[float] = []
        frames = 0
        try:
            for seed in range(games):
                shown, ended, drawn = _one_game(app, seed, players)
                first += shown
                settled += ended
                frames += drawn
        finally:
            app.close()
            pygame.quit()
    from tools.workshop.bench_party import percentiles

    return {"games": games, "players": players, "actions": len(first), "frames": frames,
            "driver": os.environ.get("SDL_VIDEODRIVER", "") or "default",
            "to_first_frame_ms": percentiles(first), "to_animation_end_ms": percentiles(settled),
            "note": "the window's own frame times; host, bridge, phones and window share this process"}


def _one_game(app: Any, seed: int, players: int) -> tuple[list[float], list[float], int]:
    from game.play.lan_watch import TableHostTable
    from net.host import Host
    from net.web.bridge import PhoneBridge
    from tools.workshop.bench_party import CODE, _phones

    class Shown(TableHostTable):
        """The TV's table, noting how many actions the board has taken in (what its next frame shows)."""

        consumed = 0

        def poll_events(self) -> list[Event]:
            events = super().poll_events()
            if events:
                self.consumed = len(self.host.seen.game.actions)
            return events

    rules = Rules(True, "standard") if players == 2 else Rules(False, "standard", players)
    host = Host.new(rules=rules, seed=seed, code=CODE, host_name="Table", host_seat=None, port=0,
                    bind="127.0.0.1", accept_any=True)
    bridge = PhoneBridge(f"127.0.0.1:{host.port}", port=0, bind="127.0.0.1")
    bridge.start()
    sent: dict[int, float] = {}
    seen: dict[str, dict[int, float]] = {s: {} for s in rules.seats}
    movers: dict[int, str] = {}
    still = threading.Event()  # the TV shows everything so far: a player who watches it moves now
    phones = threading.Thread(target=lambda: asyncio.run(
        _phones(bridge.port, random.Random(seed), sent, seen, movers, players, still.is_set)),
        name="bench-phones", daemon=True)
    phones.start()
    stamps: list[tuple[float, int, float]] = []  # (when presented, actions taken in, the board's clock)
    ends: dict[int, float] = {}  # actions taken in -> the board's clock when their animation is over
    try:
        deadline = time.monotonic() + 60
        while not all(r.alive() for r in host.seen.remotes.values()):  # the lobby: the phones join
            if time.monotonic() > deadline:
                raise OSError("the scripted phones did not join")
            host.poll(20)
        host.start()
        table = Shown(host)
        app.reset(screens.lan_board(app, table))
        counted = app.frames

        def on_frame(dt: float) -> None:
            nonlocal counted
            if app.frames == counted:
                return
            counted = app.frames  # a frame reached the window just now
            now = time.perf_counter()
            board = _board(app, table)
            clock = float(getattr(board, "clock", app.time))
            anims = getattr(board, "anims", None)
            if table.consumed not in ends:  # the actions just taken in: when their moves are over
                moving = [(a.start + a.duration) for a in (anims.flights + anims.slides)] if anims else []
                ends[table.consumed] = max([clock, *moving])
            stamps.append((now, table.consumed, clock))
            if clock >= ends[table.consumed]:
                still.set()
            else:
                still.clear()
            if host.seen.game.over and not phones.is_alive():
                app.quit()

        app.on_frame = on_frame
        app.running = True
        end = time.monotonic() + 600
        while app.running and time.monotonic() < end:
            if app.nap() > 1 / 60:
                _nap(app)
            else:
                app.step()
    finally:
        app.on_frame = None
        bridge.stop()
        host.close()
        phones.join(5)
    return (*_timings(sent, stamps, ends), len(stamps))


def _nap(app: Any) -> None:
    """As App.run: sleep on the event queue until an event (the host's wake) or the next deadline."""
    import pygame

    nap = app.nap()
    event = pygame.event.wait(max(1, int(nap * 1000)))
    events = [event, *pygame.event.get()] if event.type != pygame.NOEVENT else []
    app.step(events, slept=True)


def _board(app: Any, table: Any) -> Any:
    """The scene showing `table` (the board, under the results once the game is over)."""
    return next((s for s in reversed(app.stack) if getattr(s, "table", None) is table), None)


def _timings(sent: dict[int, float], stamps: list[tuple[float, int, float]],
             ends: dict[int, float]) -> tuple[list[float], list[float]]:
    """For each action a phone sent: ms to the first frame showing it, and to the first frame at or after the
    end of the moves it started (by the board's clock)."""
    shown: list[float] = []
    ended: list[float] = []
    for n, when in sorted(sent.items()):
        after = [(t, consumed, clock) for t, consumed, clock in stamps if consumed > n and t >= when]
        if not after:
            continue
        shown.append((after[0][0] - when) * 1000)
        over = ends.get(after[0][1], after[0][2])
        done = next((t for t, _consumed, clock in after if clock >= over), None)
        if done is not None:
            ended.append((done - when) * 1000)
    return shown, ended
