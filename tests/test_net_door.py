"""Issue 32: a stranger on the LAN cannot keep a guest out, and cannot take or double a seat.

Real host processes and sockets on 127.0.0.1; the stranger connects from other loopback addresses
(127.0.0.2 and up), as another machine on the LAN would, the guest from 127.0.0.1."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from net_helpers import start_host

from engine import Rules
from net.guest import Guest
from net.host import Host
from net.router import HANDSHAKE_S
from tools.attack import harness as attack


def _loopback_sources() -> bool:
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.9", 0))
        return True
    except OSError:
        return False


needs_sources = pytest.mark.skipif(not _loopback_sources(), reason="this machine cannot bind 127.0.0.2-9")
A_FEW_SECONDS = 6.0  # a guest waits at most the handshake deadline (3 s), plus slack for a busy machine


def _under(tmp_path: Path, how: object, seconds: float = 10.0, settle: float = 1.5) -> dict[str, object]:
    host, port = start_host(tmp_path, code="4321")
    try:
        out = attack.while_attacked(port, how, seconds, "4321", settle=settle)
        assert host.poll() is None, "the host died"
    finally:
        host.kill()
        host.wait(10)
    print(out)
    return out


@needs_sources
def test_64_silent_zeromq_connections_do_not_keep_a_guest_out(tmp_path: Path) -> None:
    out = _under(tmp_path, attack.hold)
    assert out["guest_got_in"] and out["guest_waited_s"] < A_FEW_SECONDS, out  # type: ignore[operator]


@needs_sources
def test_70_raw_sockets_that_never_speak_do_not_keep_a_guest_out(tmp_path: Path) -> None:
    out = _under(tmp_path, attack.hold_raw)
    assert out["guest_got_in"] and out["guest_waited_s"] < A_FEW_SECONDS, out  # type: ignore[operator]


@needs_sources
def test_a_stranger_guessing_50_codes_a_second_does_not_keep_a_guest_out(tmp_path: Path) -> None:
    out = _under(tmp_path, attack.block, settle=3.0)
    assert out["codes_sent"] > 50, out  # type: ignore[operator]
    assert out["guest_got_in"] and out["guest_waited_s"] < A_FEW_SECONDS, out  # type: ignore[operator]


def _pump(host: Host, *guests: Guest, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        host.poll(2)
        for guest in guests:
            guest.poll(0)


def _until(done: object, host: Host, *guests: Guest, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        host.poll(2)
        for guest in guests:
            guest.poll(0)


def test_a_second_connection_with_a_live_seats_token_does_not_take_it() -> None:
    host = Host.new(rules=Rules(), seed=4, code="4321", host_name="Ana", accept_any=True)
    ben = Guest(f"127.0.0.1:{host.port}", code="4321", name="Ben")
    twin = None
    try:
        ben.connect()
        _until(lambda: ben.seen.seat is not None and ben.seen.view is not None, host, ben)
        seat_conn = host.seen.remotes["north"].conn
        twin = Guest(f"127.0.0.1:{host.port}", code="0000", name="Ben", token=ben.seen.token)
        twin.keep_received = True
        twin.connect()
        _pump(host, ben, twin, seconds=4.0)
        assert host.seen.remotes["north"].conn == seat_conn, "the live seat moved to the second connection"
        assert twin.seen.seat is None and not any(m["t"] in ("welcome", "state") for m in twin.received)
        assert ben.seen.alive() and ben.seen.refused is None
        ben.close()  # the first connection goes: now the token brings the seat back on the other
        _until(lambda: twin is not None and twin.seen.seat is not None, host, twin)
    finally:
        ben.close()
        if twin is not None:
            twin.close()
        host.close()


def test_a_connection_that_does_not_say_hello_is_cut_by_the_host_at_its_deadline() -> None:
    """The deadline itself, from the guest's own address: ZeroMQ's greeting done, then silence."""
    import zmq
    from zmq.utils.monitor import recv_monitor_message

    host = Host.new(rules=Rules(), seed=3, code="4321", host_name="Ana", accept_any=True)
    context = zmq.Context()
    silent = context.socket(zmq.DEALER)
    silent.setsockopt(zmq.LINGER, 0)
    silent.setsockopt(zmq.RECONNECT_IVL, 60_000)  # ZeroMQ would reopen it at once: not this time
    monitor = silent.get_monitor_socket(zmq.EVENT_CONNECTED | zmq.EVENT_DISCONNECTED)
    try:
        silent.connect(f"tcp://127.0.0.1:{host.port}")
        events: list[int] = []
        start = time.monotonic()
        while zmq.EVENT_DISCONNECTED not in events and time.monotonic() - start < 120:  # ends on the event
            host.poll(20)
            while monitor.poll(0):
                events.append(recv_monitor_message(monitor)["event"])
        assert zmq.EVENT_CONNECTED in events and zmq.EVENT_DISCONNECTED in events, "the silent link was kept"
        # the host cut it for its deadline (no other reason cuts a lone link), and not before the deadline
        assert host.router.cuts == 1
        assert time.monotonic() - start >= HANDSHAKE_S
    finally:
        silent.disable_monitor()
        monitor.close(0)
        silent.close(0)
        context.term()
        host.close()
