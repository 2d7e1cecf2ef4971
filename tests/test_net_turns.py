"""Issue 56 (the combined attack kept a guest out 30 s on a loaded machine): the host runs each key exchange in
pure-Python SPAKE2, about 0.1 s, more on a busy machine. Before, it ran every exchange it read in the order
ZeroMQ handed them over, so a guest's first exchange waited behind every stranger's, and a guest that heard
nothing for 5 s tried a new connection and waited again. Now one runs a turn, a newcomer's before those of
addresses whose exchanges already ran. In one process over real ZeroMQ sockets, strangers from 127.0.0.2-9.

The order is read from the host's own account of its turns (its debug log: each exchange queued, each run),
not from when the peers hear their answers: a peer's answer, proof and welcome each cross the loopback, and
on a loaded machine each crossing may miss a poll while the host runs another stranger's exchange."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import cast

import pytest

from engine import Rules
from net.guest import Guest
from net.host import Host

STRANGERS = 8


def _until(condition: Callable[[], bool], host: Host, peers: list[Guest], what: str, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        host.poll(20)
        for peer in peers:
            peer.poll(0)


def turns(records: list[logging.LogRecord]) -> list[tuple[str, str, int]]:
    """The host's key-exchange turns as (queued|run, address, exchanges waiting after it)."""
    out = []
    for record in records:
        if record.name == "battleline.host" and record.msg.startswith("key exchange "):
            address, waiting = cast(tuple[str, int], record.args)
            out.append((record.msg.split()[2].rstrip(":"), address, waiting))
    return out


def test_a_newcomers_key_exchange_goes_before_strangers_second_ones(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="battleline.host")
    now = [1000.0]  # the admission policy's clock: an address's delay after a wrong code passes without waiting
    host = Host.new(rules=Rules(), seed=5, code="1234", host_name="TV", host_seat=None, accept_any=True,
                    clock=lambda: now[0])
    where = f":0;127.0.0.1:{host.port}"
    strangers = [Guest(f"tcp://127.0.0.{2 + n}{where}", code="0000", name="Mallory") for n in range(STRANGERS)]
    guest = Guest(f"tcp://127.0.0.200{where}", code="1234", name="Ben")
    try:
        for stranger in strangers:  # each address's first wrong code: its exchange runs, and is refused
            stranger.connect()
        _until(lambda: all(s.seen.refused is not None for s in strangers), host, strangers,
               "the strangers' first codes")
        _until(lambda: host.router.links == 0, host, strangers, "the strangers' connections did not close")
        now[0] += 60.0
        second_round = len(caplog.records)
        for stranger in strangers:  # their second exchanges, all waiting at the host before the guest's
            stranger.core.refused = stranger.core.refused_as = None
            stranger.connect()
        deadline = time.monotonic() + 60
        while host.router.links < STRANGERS:
            assert time.monotonic() < deadline, "the strangers' connections did not open"
            host.router.poll(20)
            host.router.expire()
        time.sleep(0.5)  # their exchanges arrive (unread: the host is busy elsewhere)
        guest.connect()
        while host.router.links < STRANGERS + 1:
            assert time.monotonic() < deadline, "the guest's connection did not open"
            host.router.poll(20)
            host.router.expire()
        time.sleep(0.5)
        deadline = time.monotonic() + 60
        while not (guest.seen.in_session or guest.seen.welcomed):
            assert time.monotonic() < deadline and guest.seen.refused is None, guest.seen.refused
            host.poll(20)
            for peer in [guest, *strangers]:
                peer.poll(0)
        assert all(s.seen.refused_as is None or s.seen.refused_as[0] == "wrong_code" for s in strangers), \
            [s.seen.refused_as for s in strangers]  # their exchanges ran (no delay, no empty pool held them)
        seen = turns(caplog.records[second_round:])
        mine = "127.0.0.200"
        queued = seen.index(("queued", mine, next(n for kind, a, n in seen if kind == "queued" and a == mine)))
        ran = [(a, n) for kind, a, n in seen[queued:] if kind == "run"]
        before = [a for kind, a, _ in seen[:queued] if kind == "run"]
        assert ran and ran[0][0] == mine, f"the newcomer's exchange waited behind {ran[:3]}: {seen}"
        assert ran[0][1] >= 1, f"no stranger's exchange was waiting beside the newcomer's: nothing shown ({seen})"
        assert len(before) < STRANGERS, f"every stranger's exchange ran before the newcomer's came: {seen}"
        _until(lambda: guest.seen.welcomed, host, [guest, *strangers], "the guest was not seated")
        assert guest.seen.seat is not None
    finally:
        for peer in [*strangers, guest]:
            peer.close()
        host.close()
