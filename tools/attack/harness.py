"""`battleline bench attack`: what a stranger on the LAN can do to a host, measured.

Each attack runs against a headless host in its own process on 127.0.0.1 (the way a real one
runs), for a few seconds, and reports figures as JSON:

- `guess`: many connections pipelining hellos with every code from 0000 up. Reports how many codes
  the host actually compared, the pace that allows, and what the admission policy makes of it: the
  expected time to guess a code (net/admission.py, docs/PROTOCOL.md).
- `hold`, `hold_raw`: ZeroMQ connections that never say hello, raw TCP sockets that never speak, from
  other loopback addresses; `block`: a stranger sending 50 wrong codes a second. Each reports how long a
  real guest with the right code waited to get in meanwhile.
- `flood`: many connections sending frames just under (and over) the size limits as fast as they
  can; `churn`: thousands of new connections, each pipelining hellos. Reports the host's peak
  resident memory (Linux: VmHWM), against the bound in PROTOCOL.md.
The tests use the same functions (tests/test_net_attacks.py), bounded to a few seconds each.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import zmq

from net import admission
from net.protocol import MAX_FRAME, MAX_GUEST_FRAME, PROTOCOL_VERSION, pack, unpack
from net.session import GuestExchange, by_code
from net.version import program_version


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
    """A hello in the clear, as protocol 2 sent it (a version-3 host answers `not_joined`)."""
    return pack({"t": "hello", "protocol": PROTOCOL_VERSION, "program": program_version(), "name": "Mallory",
                 "code": code})


def _pake(code: str) -> tuple[GuestExchange, bytes]:
    exchange = GuestExchange(by_code(code))
    return exchange, pack({"t": "pake", "protocol": PROTOCOL_VERSION, "program": program_version(),
                           "msg": exchange.message, "ref": None})


def guess(port: int, seconds: float, connections: int = 32, answers_wanted: int | None = None) -> dict[str, Any]:
    """Guess the code of the host on `port` for `seconds` (or until it gave `answers_wanted` answers),
    as fast as the host answers: key exchanges
    keyed by 0000, 0001, ... (each one guess: SPAKE2 lets nothing be tested offline), one at a time on
    each of `connections` connections, each replaced by a fresh one once the host says it has used its
    tries. Counts the host's answers by kind; a `pake` answer is a compared code, right or wrong by
    whether the host's proof checks."""
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
    waiting: list[GuestExchange | None] = [None] * connections
    start = time.monotonic()
    try:
        while time.monotonic() < start + seconds and sum(answers.values()) < (answers_wanted or math.inf):
            for i, s in enumerate(sockets):
                if waiting[i] is None:
                    waiting[i], frame = _pake(f"{sent % 10000:04d}")
                    try:
                        s.send(frame, zmq.NOBLOCK)
                        sent += 1
                    except zmq.Again:
                        waiting[i] = None
                if s.poll(1):
                    spent = _answer(s, waiting[i], answers)
                    waiting[i] = None
                    if spent:
                        s.close(0)
                        sockets[i] = fresh()
    finally:
        for s in sockets:
            s.close(0)
        context.term()
    return {"codes_tried": sent, "seconds": round(time.monotonic() - start, 2), "answers": dict(answers),
            "codes_compared": sum(answers[k] for k in COMPARED)}


#: answers that mean the host compared the code (the rest refused without running the exchange)
COMPARED = ("wrong join code", "right join code")


def _answer(s: zmq.Socket[bytes], exchange: GuestExchange | None, answers: Counter[str]) -> bool:
    """Count one answer waiting on `s`; True once the host says this connection used its tries."""
    try:
        message = unpack(s.recv(zmq.NOBLOCK))
    except Exception:
        answers["unreadable"] += 1
        return False
    if message["t"] == "pake" and exchange is not None and "proof" in message:
        right = exchange.finish(message["msg"], message["proof"]) is not None
        answers["right join code" if right else "wrong join code"] += 1
        return False
    if message["t"] == "refused":
        code = message.get("code")
        reason = str(message["reason"])
        answers["too many wrong join codes" if code in ("wait", "crowded") else reason] += 1  # one row
        return code == "spent"
    answers[str(message["t"])] += 1
    return False


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


# ---------------------------------------------------------------------- holding the door, blocking the check
def source(n: int) -> str:
    """A loopback source address other than the guest's 127.0.0.1: the stranger is another machine."""
    return f"127.0.0.{2 + n % 250}"


def hold(port: int, seconds: float, connections: int = 64, addresses: int = 8) -> dict[str, Any]:
    """`connections` ZeroMQ connections from `addresses` addresses that finish ZeroMQ's greeting and
    never say hello; ZeroMQ reopens each one the host closes, at once."""
    context = zmq.Context()
    sockets = []
    for i in range(connections):
        s = context.socket(zmq.DEALER)
        s.setsockopt(zmq.LINGER, 0)
        s.setsockopt(zmq.RECONNECT_IVL, 10)
        s.connect(f"tcp://{source(i % addresses)}:0;127.0.0.1:{port}")
        sockets.append(s)
    time.sleep(seconds)
    for s in sockets:
        s.close(0)
    context.term()
    return {"connections": connections, "addresses": addresses, "seconds": seconds}


def hold_raw(port: int, seconds: float, connections: int = 70, addresses: int = 7,
             stop: threading.Event | None = None) -> dict[str, Any]:
    """`connections` raw TCP sockets from `addresses` addresses that never send a byte, each reopened
    as soon as the host closes it; for `seconds`, or until `stop` is set."""
    import selectors
    import socket

    def opened(i: int) -> socket.socket:
        s = socket.socket()
        s.bind((source(i % addresses), 0))
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", port))
        return s

    reopened = 0
    sockets = [opened(i) for i in range(connections)]
    selector = selectors.DefaultSelector()
    for i, s in enumerate(sockets):
        selector.register(s, selectors.EVENT_READ, i)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
            for key, _ in selector.select(0.05):
                i = key.data
                try:
                    data = sockets[i].recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    continue  # ZeroMQ's greeting: read and never answered
                selector.unregister(sockets[i])
                sockets[i].close()
                sockets[i] = opened(i)
                selector.register(sockets[i], selectors.EVENT_READ, i)
                reopened += 1
    finally:
        for s in sockets:
            s.close()
        selector.close()
    return {"connections": connections, "addresses": addresses, "seconds": seconds, "reopened": reopened,
            "stopped": stop is not None and stop.is_set()}


def block(port: int, seconds: float, per_second: float = 50.0, address: str = "127.0.0.2") -> dict[str, Any]:
    """A stranger trying wrong codes as a guest would, `per_second` of them, from one address: each
    try a new connection and key exchange (the host's tries per connection do not slow it)."""
    from net.guest import Guest

    sent = 0
    answers: Counter[str] = Counter()
    guest = Guest(f"tcp://{address}:0;127.0.0.1:{port}", code="0000", name="Mallory")
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            guest.core.refused, guest.core.refused_as = None, None
            guest.connect()
            sent += 1
            until = time.monotonic() + 1 / per_second
            while time.monotonic() < until:
                guest.poll(1)
            code = guest.seen.refused_as[0] if guest.seen.refused_as is not None else None
            waited = code in ("wait", "crowded")
            answers["too many wrong join codes" if waited else guest.seen.refused or "no answer yet"] += 1
    finally:
        guest.close()
    return {"codes_sent": sent, "answers": dict(answers), "seconds": seconds, "address": address}


def half(port: int, seconds: float, addresses: int = 12) -> dict[str, Any]:
    """Key exchanges left half-finished from `addresses` addresses: each sends its `pake` with a guessed
    code and never the sealed hello that would settle it; the host cuts it after its handshake
    deadline (a wrong code), and the address opens the next one at once, however it was answered."""
    context = zmq.Context()
    sockets: list[tuple[zmq.Socket[bytes], float] | None] = [None] * addresses
    sent = 0
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            for i in range(addresses):
                held = sockets[i]
                if held is not None and (time.monotonic() - held[1] < 3.5 and not held[0].poll(0)):
                    continue
                if held is not None:
                    held[0].close(0)
                s = context.socket(zmq.DEALER)
                s.setsockopt(zmq.LINGER, 0)
                s.connect(f"tcp://{source(i)}:0;127.0.0.1:{port}")
                s.send(_pake(f"{sent % 10000:04d}")[1], zmq.NOBLOCK)
                sent += 1
                sockets[i] = (s, time.monotonic())
            time.sleep(0.05)
    finally:
        for held in sockets:
            if held is not None:
                held[0].close(0)
        context.term()
    return {"exchanges_started": sent, "addresses": addresses, "seconds": seconds}


def wrong_many(port: int, seconds: float, addresses: int = 32) -> dict[str, Any]:
    """Wrong codes from `addresses` addresses at once, each sending its next as soon as it is answered."""
    from net.guest import Guest

    guests = [Guest(f"tcp://{source(i)}:0;127.0.0.1:{port}", code="0000", name="Mallory") for i in range(addresses)]
    answers: Counter[str] = Counter()
    deadline = time.monotonic() + seconds
    try:
        for guest in guests:
            guest.connect()
        while time.monotonic() < deadline:
            for guest in guests:
                guest.poll(1)
                if guest.seen.refused is not None:
                    answers[guest.seen.refused_as[0] if guest.seen.refused_as is not None else guest.seen.refused] += 1
                    guest.core.refused, guest.core.refused_as = None, None
                    guest.connect()
    finally:
        for guest in guests:
            guest.close()
    return {"addresses": addresses, "answers": dict(answers), "seconds": seconds}


def guest_waits(port: int, code: str, limit: float, address: str = "127.0.0.1") -> float | None:
    """How long a real guest with the right code, from `address`, waits until the host lets it in (or asks
    its player): it says hello again when refused, as a person would. None if not within `limit` seconds."""
    from net.guest import Guest

    start = time.monotonic()
    where = f"127.0.0.1:{port}" if address == "127.0.0.1" else f"tcp://{address}:0;127.0.0.1:{port}"
    while time.monotonic() - start < limit:
        guest = Guest(where, code=code, name="Ben")
        guest.connect()
        try:
            while time.monotonic() - start < limit and guest.seen.refused is None:
                guest.poll(5)
                if guest.seen.welcomed or guest.seen.asking:
                    return round(time.monotonic() - start, 2)
        finally:
            guest.close()
        time.sleep(0.2)
    return None


def while_attacked(port: int, attack: Any, seconds: float, code: str, settle: float = 1.0) -> dict[str, Any]:
    """Run `attack` on a thread and, once it has `settle`d in, time a real guest's way in."""
    out: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: out.update(attack(port, seconds)), daemon=True)
    thread.start()
    time.sleep(settle)
    waited = guest_waits(port, code, seconds - settle)
    thread.join(seconds + 10)
    return {**out, "guest_waited_s": waited, "guest_got_in": waited is not None}


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


def _against_a_fresh_host(attack: Any, seconds: float, *extra: str) -> dict[str, Any]:
    """One attack against a new headless host; its figures and the host's memory before and at peak."""
    with tempfile.TemporaryDirectory() as tmp:
        host, port = start_host(Path(tmp), CODE, *extra)
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


CODE = "7777"


def bench_attack(args: argparse.Namespace) -> dict[str, Any]:
    """The guessing, flood and churn figures, the admission policy's, and the evening (tools.attack.siege):
    every attack from up to 32 addresses with the waits of a real guest, a new phone and a returning one."""
    from .siege import evening

    seconds = args.seconds or 3.0
    expected = admission.expected_seconds_to_guess()
    return {
        "guess": _against_a_fresh_host(guess, seconds),
        "policy": {"tries_per_connection": admission.TRIES_PER_LINK, "first_delay_s": admission.FIRST_DELAY_S,
                   "max_delay_s": admission.MAX_DELAY_S, "newcomer_burst": admission.NEWCOMER_BURST,
                   "newcomer_every_s": admission.NEWCOMER_EVERY_S, "repeat_burst": admission.REPEAT_BURST,
                   "repeat_every_s": admission.REPEAT_EVERY_S,
                   "wrong_codes_in_4_hours_at_most": int(admission.guesses_in(admission.EVENING_S)),
                   "odds_of_a_guess_in_4_hours": admission.odds_in(admission.EVENING_S),
                   "expected_guesses": round(admission.expected_guesses(), 1),
                   "expected_days_to_guess": round(expected / 86400, 1)},
        "flood": _against_a_fresh_host(flood, seconds),
        "churn": _against_a_fresh_host(churn, seconds),
        "evening": evening(max(seconds, 20.0)),
    }
