"""`battleline bench party`: a table host with its phone bridge, and two scripted phones playing whole games
(three with `--players 3`: a three-player table, R46).

The phones are WebSocket clients speaking the page's JSON (net/web/page/phone.js), on loopback. For every
action a phone sends, two round trips are timed: to the host applying it (what the table shows), and to
every other phone receiving the state that shows it. The host and the bridge run on threads of this process,
as they do in the TV's window; the phones run on this process's event loop, so all three share one
interpreter (and its lock), which a real party does not: the figures are an upper bound on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

from engine import Rules
from net.host import Host
from net.web.bridge import PhoneBridge

CODE = "2468"


def bench_party(args: argparse.Namespace) -> dict[str, Any]:
    games = args.games or 1
    players = getattr(args, "players", 2) or 2
    to_table: list[float] = []
    to_phone: list[float] = []
    for seed in range(games):
        table, phone = _one_game(seed, players)
        to_table += table
        to_phone += phone
    return {"games": games, "players": players, "actions": len(to_table),
            "to_table_ms": percentiles(to_table), "to_other_phone_ms": percentiles(to_phone),
            "note": "host, bridge and every phone share this process; other load on the machine counts too"}


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    if not ordered:
        return {}
    return {"p50": round(statistics.median(ordered), 2),
            "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
            "max": round(ordered[-1], 2)}


def _note_applied(host: Host, applied: dict[int, float]) -> None:
    """Note when each action was applied (the moment the table's screen can show it: its poll returned)."""
    now = time.perf_counter()
    for n in range(len(host.seen.game.actions), 0, -1):
        if n in applied:
            break
        applied[n] = now


def _one_game(seed: int, players: int = 2) -> tuple[list[float], list[float]]:
    rules = Rules(True, "standard") if players == 2 else Rules(False, "standard", players)
    host = Host.new(rules=rules, seed=seed, code=CODE, host_name="Table", host_seat=None, port=0, bind="127.0.0.1",
                    accept_any=True)
    applied: dict[int, float] = {}
    stop = threading.Event()

    def serve() -> None:  # as the headless table host: wakes on each message
        while not stop.is_set():
            host.poll(50)
            _note_applied(host, applied)
            if not host.seen.started and all(r.alive() for r in host.seen.remotes.values()):
                host.start()

    server = threading.Thread(target=serve, name="bench-host", daemon=True)
    server.start()
    bridge = PhoneBridge(f"127.0.0.1:{host.port}", port=0, bind="127.0.0.1")
    try:
        bridge.start()
        sent: dict[int, float] = {}  # action number -> when the phone sent it
        seen: dict[str, dict[int, float]] = {s: {} for s in rules.seats}  # seat -> action count -> first seen
        movers: dict[int, str] = {}
        asyncio.run(_phones(bridge.port, random.Random(seed), sent, seen, movers, players))
    finally:
        stop.set()
        server.join(5)
        bridge.stop()
        host.close()
    to_table = [(applied[n + 1] - t) * 1000 for n, t in sent.items() if n + 1 in applied]
    to_phone = []
    for n, t in sent.items():
        for other in rules.seats:
            if other == movers[n]:
                continue
            arrived = min((when for count, when in seen[other].items() if count > n), default=None)
            if arrived is not None:
                to_phone.append((arrived - t) * 1000)
    return to_table, to_phone


async def _phones(port: int, rng: random.Random, sent: dict[int, float], seen: dict[str, dict[int, float]],
                  movers: dict[int, str], players: int = 2, ready: Callable[[], bool] | None = None) -> None:
    """The scripted phones of one game; `ready`, when given, holds each move until it says yes (the window
    bench: a player who watches the TV moves once it has shown the last move)."""
    from websockets.asyncio.client import connect

    url = f"ws://127.0.0.1:{port}/ws"
    async with contextlib.AsyncExitStack() as stack:
        phones = [await stack.enter_async_context(connect(url)) for _ in range(players)]
        over = asyncio.Event()
        await asyncio.gather(*(_phone(ws, name, rng, sent, seen, movers, over, ready)
                               for ws, name in zip(phones, ("Ana", "Ben", "Cleo"), strict=False)))


async def _phone(ws: Any, name: str, rng: random.Random, sent: dict[int, float], seen: dict[str, dict[int, float]],
                 movers: dict[int, str], over: asyncio.Event, ready: Callable[[], bool] | None = None) -> None:
    """One scripted phone: joins, then plays a legal action (claims first) whenever it is its turn."""
    await ws.send(json.dumps({"t": "join", "code": CODE, "name": name, "token": None}))
    acted = -1
    last: dict[str, Any] | None = None
    deadline = time.monotonic() + 300
    while not over.is_set() and time.monotonic() < deadline:
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
        except TimeoutError:
            continue
        now = time.perf_counter()
        if message["t"] == "record":
            over.set()
            return
        if message["t"] == "error" and last is not None:  # faster than the bridge lets a thumb be: wait, again
            sent.pop(acted, None)
            await asyncio.sleep(0.3)
            message, acted = last, -1
        if message["t"] != "state":
            continue
        last = message
        seat, count = message["seat"], message["actions"]
        seen[seat].setdefault(count, now)
        if message["legal"] and message["started"] and count != acted:
            claims = [a for a in message["legal"] if a["type"] == "claim"]
            action = claims[0] if claims else rng.choice(message["legal"])
            acted = count
            while ready is not None and not ready() and not over.is_set():
                await asyncio.sleep(0.005)
            sent[count], movers[count] = time.perf_counter(), seat
            await ws.send(json.dumps({"t": "action", "action": action}))
