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
        _until(lambda: guest.view is not None, host, guest)
        assert guest.seat == "north" and guest.rules == {"tactics": True, "claim_timing": "advanced"}
        assert guest.players == {"south": "Ana", "north": "Ben"}
        assert guest.view is not None and guest.view["hands"]["south"] is None
    finally:
        guest.close()


@pytest.mark.parametrize(("kwargs", "reason"), [
    ({"code": "9999"}, "wrong join code"),
    ({"code": "1111", "program": "0.0.1"}, "program version 0.0.1 does not match"),
])
def test_handshake_refuses_with_a_clear_reason(host: Host, kwargs: dict[str, str], reason: str) -> None:
    guest = Guest(f"127.0.0.1:{host.port}", name="Ben", code=kwargs["code"], program=kwargs.get("program"))
    guest.connect()
    try:
        _until(lambda: guest.refused is not None, host, guest)
        assert guest.refused is not None and reason in guest.refused
        assert guest.seat is None and guest.view is None
    finally:
        guest.close()


def test_second_guest_is_refused_and_first_keeps_its_seat(host: Host) -> None:
    first = Guest(f"127.0.0.1:{host.port}", code="1111", name="Ben")
    second = Guest(f"127.0.0.1:{host.port}", code="1111", name="Cy")
    first.connect()
    try:
        _until(lambda: first.seat is not None, host, first)
        second.connect()
        _until(lambda: second.refused is not None, host, first, second)
        assert second.refused == "this game already has a guest"
        assert host.remotes["north"].name == "Ben"
    finally:
        first.close()
        second.close()


def test_guest_actions_out_of_turn_or_illegal_get_errors_and_change_nothing(host: Host) -> None:
    guest = Guest(f"127.0.0.1:{host.port}", code="1111", name="Ben")
    guest.connect()
    try:
        _until(lambda: guest.view is not None, host, guest)
        before = host.game.view()
        mover = host.game.to_move
        if mover == guest.seat:
            guest.send_action({"type": "play", "card": "zz9", "flag": 1})
            _until(lambda: guest.errors, host, guest)
            assert "unknown card" in guest.errors[-1]
        else:
            guest.send_action({"type": "pass"})
            _until(lambda: guest.errors, host, guest)
            assert guest.errors[-1] == "it is not your turn"
        assert host.game.view() == before
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


def test_guest_waits_in_the_lobby_until_the_host_starts() -> None:
    h = Host.new(rules=Rules(tactics=False), seed=4, code="1111", host_name="Ana", first="north", accept_any=True)
    guest = Guest(f"127.0.0.1:{h.port}", code="1111", name="Ben")
    guest.connect()
    try:
        _until(lambda: guest.view is not None, h, guest)
        assert guest.rules == {"tactics": False, "claim_timing": "standard"}  # seen before the start
        assert not guest.started and not guest.my_turn()
        guest.send_action({"type": "pass"})
        _until(lambda: guest.errors, h, guest)
        assert guest.errors[-1] == "it is not your turn" and not h.game.actions
        h.start()
        _until(lambda: guest.started, h, guest)
        assert guest.my_turn()
    finally:
        guest.close()
        h.close()
