"""`battleline bench net`: the round trip of a guest's action on loopback, host in its own process.

Timed from sending an action to receiving the host's state that shows it applied: framing, the
engine's checks, the host's save to disk, the per-seat view and the redacted events included.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.ai.random_bot import RandomBot
from net.guest import Guest


def bench_net(args: argparse.Namespace) -> dict[str, Any]:
    if getattr(args, "internet", False):  # through a wormhole tunnel (tools.workshop.bench_internet)
        from .bench_internet import bench_internet

        return bench_internet(args)
    games = args.games or 5
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(games):
            samples.extend(_one_game(Path(tmp), seed))
    samples.sort()
    return {"games": games, "actions": len(samples),
            "rtt_ms_p50": round(statistics.median(samples), 3),
            "rtt_ms_p99": round(samples[min(len(samples) - 1, int(len(samples) * 0.99))], 3),
            "rtt_ms_max": round(samples[-1], 3)}


def timed_step(guest: Guest, bot: RandomBot, samples: list[float], sent_at: float) -> float:
    """After a poll: the round trip of an action just answered goes to `samples` (ms), and on our turn the bot's
    action is sent. Returns when the action awaiting its answer was sent (0.0: none)."""
    if guest.seen.pending is None and sent_at:
        samples.append((time.perf_counter() - sent_at) * 1000)
        sent_at = 0.0
    if guest.seen.my_turn() and guest.seen.game is not None:
        action = bot.choose_in(guest.seen.game)
        sent_at = time.perf_counter()
        guest.send_action(action)
    return sent_at


def _one_game(tmp: Path, seed: int) -> list[float]:
    host = subprocess.Popen(
        [sys.executable, "-m", "net.cli", "host", "--headless", "--bot", "random", "--bind", "127.0.0.1",
         "--port", "0", "--code", "0000", "--accept-any", "--seed", str(seed), "--save", str(tmp / "bench-save.json")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert host.stdout is not None
    port = json.loads(host.stdout.readline())["listening"]
    guest = Guest(f"127.0.0.1:{port}", code="0000", name="bench")
    bot = RandomBot(seed)
    samples: list[float] = []
    guest.connect()
    sent_at = 0.0
    try:
        while guest.seen.record is None:
            guest.poll(1)
            sent_at = timed_step(guest, bot, samples, sent_at)
    finally:
        guest.close()
        host.wait(30)
    return samples
