"""The LAN handshake and message checks, with a real host and guests on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from engine import Rules
from net.guest import Guest
from net.host import Host
from net.protocol import MAX_FRAME, ProtocolError, pack, unpack


def _until(cond: object, host: Host, *guests: Guest, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not cond():  # type: ignore[operator]
        host.poll(5)
        for g in guests:
            g.poll(5)
        assert time.monotonic() < deadline, "timed out"


@pytest.fixture
def host() -> Iterator[Host]:
    h = Host.new(rules=Rules(claim_timing="advanced"), seed=3, code="1111", host_name="Ana", accept_any=True)
    h.start()
    yield h
    h.close()


def test_handshake_welcomes_with_rules_seat_and_view(host: Host) -> None:
    guest = Guest(f"127.0.0.1:{host.port}", code="1111", name="Ben")
    guest.connect()
    try:
        _until(lambda: guest.seen.view is not None, host, guest)
        assert guest.seen.seat == "north" and guest.seen.rules == {"tactics": True, "claim_timing": "advanced"}
        assert guest.seen.players == {"south": "Ana", "north": "Ben"}
        assert guest.seen.view is not None and guest.seen.view["hands"]["south"] is None
    finally:
        guest.close()


@pytest.mark.parametrize(("kwargs", "reason"), [
    ({"code": "9999"}, "wrong join code"),  # the driver's path for a refusal; the core decides the rest
])
def test_handshake_refuses_with_a_clear_reason(host: Host, kwargs: dict[str, str], reason: str) -> None:
    guest = Guest(f"127.0.0.1:{host.port}", name="Ben", code=kwargs["code"], program=kwargs.get("program"))
    guest.connect()
    try:
        _until(lambda: guest.seen.refused is not None, host, guest)
        assert guest.seen.refused is not None and reason in guest.seen.refused
        assert guest.seen.seat is None and guest.seen.view is None
    finally:
        guest.close()


def test_unpack_bounds_and_schemas() -> None:
    assert unpack(pack({"t": "ping", "n": 3})) == {"t": "ping", "n": 3}
    a_list: Any = [1, 2]  # not a message at all
    bad = [b"", b"\xc1", pack(a_list), pack({"t": "ping"}), pack({"t": "ping", "n": "3"}),
           pack({"t": "ping", "n": 1, "x": 2}), pack({"t": "zzz"}), b"\x81\xa1t\xdd\x7f\xff\xff\xff",
           b"\x81\xa1t" + b"\x91" * 100 + b"\x01", b"\x00" * (MAX_FRAME + 1),
           pack({"t": "hello", "protocol": True, "program": "1", "name": "x", "code": "1"})]
    for frame in bad:
        with pytest.raises(ProtocolError):
            unpack(frame)


