"""`battleline bench net --internet`: a guest's action round trip through a wormhole tunnel, direct and relayed.

Starts its own mailbox and transit relay on 127.0.0.1 (`python -m twisted wormhole-mailbox` and
`transitrelay`, from the test extra), a headless host with `--internet` in its own process, and a guest
here whose tunnel offers direct paths on loopback only, or none (`--force-relay`: every byte through the
relay). Timed as `bench net` times the LAN: from sending an action to the state that shows it applied.
Also says how long typing the code takes to reach the board, and the tunnels' memory.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.ai.random_bot import RandomBot
from net.guest import Guest
from net.internet.link import Options, guest_tunnel

from .bench_net import timed_step


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def _servers(tmp: Path) -> Iterator[tuple[str, str]]:
    """A mailbox and a transit relay on 127.0.0.1: (mailbox URL, transit hint)."""
    mailbox, relay = _free_port(), _free_port()
    procs = [subprocess.Popen([sys.executable, "-m", "twisted", plugin, f"--port=tcp:{port}:interface=127.0.0.1",
                               *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp)
             for plugin, port, extra in (("wormhole-mailbox", mailbox, ["--channel-db=:memory:"]),
                                         ("transitrelay", relay, []))]
    try:
        for port in (mailbox, relay):
            deadline = time.monotonic() + 60
            while True:
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) == 0:
                        break
                if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
                    raise SystemExit("bench net --internet: the mailbox or relay server did not start "
                                     "(pip install magic-wormhole-mailbox-server magic-wormhole-transit-relay)")
                time.sleep(0.1)
        yield f"ws://127.0.0.1:{mailbox}/v1", f"tcp:127.0.0.1:{relay}"
    finally:
        for p in procs:
            p.kill()
            p.wait(10)


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            return next((int(line.split()[1]) for line in fh if line.startswith("VmRSS:")), 0)
    except OSError:
        return 0


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as fh:
            return [int(x) for x in fh.read().split()]
    except OSError:
        return []


def _one_game(tmp: Path, options: Options, seed: int) -> dict[str, Any]:
    relay = ["--force-relay"] if options.force_relay else []
    host = subprocess.Popen(
        [sys.executable, "-m", "net.cli", "host", "--headless", "--internet", "--bot", "random", "--accept-any",
         "--seed", str(seed), "--save", str(tmp / "bench-save.json"), "--mailbox", options.mailbox,
         "--transit", options.transit, "--loopback-only", *relay],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert host.stdout is not None
    code = json.loads(host.stdout.readline())["wormholes"][0]
    typed = time.perf_counter()
    tunnel = guest_tunnel(code, options)
    samples: list[float] = []
    figures: dict[str, Any] = {}
    guest: Guest | None = None
    try:
        if not tunnel.wait(lambda t: t.port is not None, 120):
            raise SystemExit(f"bench net --internet: the tunnel failed ({tunnel.failure})")
        guest = Guest(f"127.0.0.1:{tunnel.port}", code=tunnel.join or "", name="bench")
        bot = RandomBot(seed)
        guest.connect()
        sent_at = 0.0
        while guest.seen.record is None:
            guest.poll(1)
            if "board_s" not in figures and guest.seen.view is not None:
                figures["board_s"] = time.perf_counter() - typed
                figures["path"] = (tunnel.poll() and tunnel.path) or tunnel.path
                figures["tunnel_kb"] = (tunnel.memory_kb() or 0) + sum(_rss_kb(c) for c in _children(host.pid))
            sent_at = timed_step(guest, bot, samples, sent_at)
    finally:
        if guest is not None:
            guest.close()
        tunnel.close()
        try:
            host.wait(30)
        except subprocess.TimeoutExpired:
            host.kill()
            host.wait(10)
    figures["samples"] = samples
    return figures


def _summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    samples = sorted(s for g in games for s in g["samples"])
    return {"games": len(games), "actions": len(samples), "paths": sorted({str(g.get("path")) for g in games}),
            "rtt_ms_p50": round(statistics.median(samples), 3),
            "rtt_ms_p99": round(samples[min(len(samples) - 1, int(len(samples) * 0.99))], 3),
            "rtt_ms_max": round(samples[-1], 3),
            "code_to_board_s_median": round(statistics.median(g["board_s"] for g in games), 3),
            "tunnels_rss_mb": round(max(g["tunnel_kb"] for g in games) / 1024, 1)}


def bench_internet(args: argparse.Namespace) -> dict[str, Any]:
    games = args.games or 3
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp, _servers(Path(tmp)) as (mailbox, transit):
        for name, force in (("direct", False), ("relayed", True)):
            options = Options(mailbox=mailbox, transit=transit, force_relay=force, loopback_only=True)
            out[name] = _summary([_one_game(Path(tmp), options, seed) for seed in range(games)])
    return out
