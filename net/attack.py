"""`battleline bench attack`: what a stranger on the LAN can do to a host, measured.

Each attack runs against a headless host in its own process on 127.0.0.1 (the way a real one
runs), for a few seconds, and reports figures as JSON:

- `guess`: many connections pipelining hellos with every code from 0000 up. Reports how many codes
  the host actually compared, the pace that allows, and what the admission policy makes of it: the
  expected time to guess a code (net/admission.py, docs/PROTOCOL.md).
- `flood`: many connections sending frames just under (and over) the size limits as fast as they
  can; `churn`: thousands of new connections, each pipelining hellos. Reports the host's peak
  resident memory (Linux: VmHWM), against the bound in PROTOCOL.md.
The tests use the same functions (tests/test_net_attacks.py), bounded to a few seconds each.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import zmq

from . import admission
from .protocol import MAX_FRAME, MAX_GUEST_FRAME, PROTOCOL_VERSION, pack, unpack
from .version import program_version


def start_host(tmp: Path, code: str, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """A headless host process (a bot plays its seat); returns it and its port."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "net.cli", "host", "--headless", "--bot", "random", "--bind", "127.0.0.1",
         "--port", "0", "--code", code, "--save", str(tmp / "attack-save.json"), "--timeout", "120", *extra],
        stdout=subprocess.PIPE, stderr=(tmp / "attack-host.log").open("a"), text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError(f"the host did not start: {(tmp / 'attack-host.log').read_text()[-500:]}")
    return proc, int(json.loads(line)["listening"])


def _hello(code: str) -> bytes:
    return pack({"t": "hello", "protocol": PROTOCOL_VERSION, "program": program_version(), "name": "Mallory",
                 "code": code})


def guess(port: int, seconds: float, connections: int = 32) -> dict[str, Any]:
    """Guess the code of the host on `port` for `seconds`, as fast as the host answers: hellos with
    0000, 0001, ... round-robin over `connections` connections, each replaced by a fresh one once the
    host says it has used its tries. Counts the host's answers by kind."""
    context = zmq.Context()
    answers: Counter[str] = Counter()
    sent = 0

    def fresh() -> zmq.Socket[bytes]:
        s = context.socket(zmq.DEALER)
        s.setsockopt(zmq.LINGER, 0)
        s.setsockopt(zmq.SNDHWM, 16)
        s.connect(f"tcp://127.0.0.1:{port}")
        return s

    sockets = [fresh() for _ in range(connections)]
    start = time.monotonic()
    try:
        while time.monotonic() < start + seconds:
            for i, s in enumerate(sockets):
                try:
                    s.send(_hello(f"{sent % 10000:04d}"), zmq.NOBLOCK)
                    sent += 1
                except zmq.Again:  # its queue is full: the host is busy, or turned the connection away
                    pass
                if _drain(s, answers):
                    s.close(0)
                    sockets[i] = fresh()
        until = time.monotonic() + 0.5
        while time.monotonic() < until:
            for s in sockets:
                _drain(s, answers)
            time.sleep(0.01)
    finally:
        for s in sockets:
            s.close(0)
        context.term()
    return {"hellos_sent": sent, "seconds": round(time.monotonic() - start, 2), "answers": dict(answers),
            "codes_compared": sum(answers[k] for k in COMPARED)}


#: answers that mean the host compared the code (the rest refused without looking at it)
COMPARED = ("wrong join code", "welcome", "asking", "the host turned you away", "this game already has a guest")


def _drain(s: zmq.Socket[bytes], answers: Counter[str]) -> bool:
    """Count the answers waiting on `s`; True once the host says this connection used its tries."""
    spent = False
    while s.poll(0):
        try:
            message = unpack(s.recv(zmq.NOBLOCK))
        except Exception:
            answers["unreadable"] += 1
            continue
        if message["t"] == "refused":
            reason = str(message["reason"])
            answers["too many wrong join codes" if reason.startswith("too many wrong join codes") else reason] += 1
            spent = spent or reason == "too many tries on this connection"
        else:
            answers[str(message["t"])] += 1
    return spent


def flood(port: int, seconds: float, connections: int = 40) -> dict[str, Any]:
    """Frames just under the guest limit (garbage to the host: `bad_message`), and just under the
    old 256 KiB limit (now over the limit: the host drops the connection and ZeroMQ reconnects),
    sent as fast as `connections` connections can for `seconds`."""
    context = zmq.Context()
    small = os.urandom(MAX_GUEST_FRAME - 64)
    large = os.urandom(MAX_FRAME - 64)
    sockets = []
    for _ in range(connections):
        s = context.socket(zmq.DEALER)
        s.setsockopt(zmq.LINGER, 0)
        s.setsockopt(zmq.SNDHWM, 64)  # the attacker's own memory
        s.connect(f"tcp://127.0.0.1:{port}")
        sockets.append(s)
    sent = {"small": 0, "large": 0}
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            for i, s in enumerate(sockets):
                kind = "large" if i % 2 else "small"
                try:
                    s.send(large if kind == "large" else small, zmq.NOBLOCK, copy=False)
                    sent[kind] += 1
                except zmq.Again:
                    pass
                while s.poll(0):
                    s.recv()
    finally:
        for s in sockets:
            s.close(0)
        context.term()
    return {"connections": connections, "seconds": seconds, "frames_sent": sent,
            "bytes_sent": sent["small"] * len(small) + sent["large"] * len(large)}


def churn(port: int, seconds: float, hellos: int = 50, open_at_once: int = 64) -> dict[str, Any]:
    """New connections as fast as they open, each pipelining `hellos` hellos, the oldest closed
    once `open_at_once` are open: what a host must not hold on to (queued messages, connections)."""
    context = zmq.Context()
    context.set(zmq.MAX_SOCKETS, 8192)  # closed sockets are reaped in the background
    sockets: list[zmq.Socket[bytes]] = []
    opened = sent = 0
    frame = _hello("0000")
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            try:
                s = context.socket(zmq.DEALER)
            except zmq.ZMQError:  # out of sockets or files for a moment: the reaper catches up
                time.sleep(0.01)
                continue
            s.setsockopt(zmq.LINGER, 0)
            s.connect(f"tcp://127.0.0.1:{port}")
            opened += 1
            for _ in range(hellos):
                try:
                    s.send(frame, zmq.NOBLOCK)
                except zmq.Again:
                    break
                sent += 1
            sockets.append(s)
            if len(sockets) > open_at_once:
                sockets.pop(0).close(0)
    finally:
        for s in sockets:
            s.close(0)
        context.term()
    return {"connections_opened": opened, "hellos_sent": sent, "seconds": seconds}


def rss_mb(pid: int) -> dict[str, float]:
    """The process's resident memory now and at its peak (Linux /proc), in MB."""
    out: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = round(int(value.split()[0]) / 1024, 1)
    except OSError:
        pass
    return out


def _against_a_fresh_host(attack: Any, seconds: float) -> dict[str, Any]:
    """One attack against a new headless host; its figures and the host's memory before and at peak."""
    with tempfile.TemporaryDirectory() as tmp:
        host, port = start_host(Path(tmp), "7777")
        try:
            before = rss_mb(host.pid)
            out: dict[str, Any] = attack(port, seconds)
            after = rss_mb(host.pid)
            out.update(host_rss_mb_before=before.get("VmRSS"), host_rss_mb_peak=after.get("VmHWM"),
                       host_alive=host.poll() is None)
        finally:
            host.kill()
            host.wait(10)
    return out


def bench_attack(args: argparse.Namespace) -> dict[str, Any]:
    seconds = args.seconds or 3.0
    expected = admission.expected_seconds_to_guess()
    return {
        "guess": _against_a_fresh_host(guess, seconds),
        "policy": {"tries_per_connection": admission.TRIES_PER_LINK, "first_delay_s": admission.FIRST_DELAY_S,
                   "max_delay_s": admission.MAX_DELAY_S, "new_code_after": admission.NEW_CODE_AFTER,
                   "seconds_per_guess": admission.seconds_per_guess(),
                   "expected_guesses": round(admission.expected_guesses(), 1),
                   "expected_seconds_to_guess": round(expected), "expected_days_to_guess": round(expected / 86400, 2)},
        "flood": _against_a_fresh_host(flood, seconds),
        "churn": _against_a_fresh_host(churn, seconds),
    }
