"""Issue 56 (the combined attack kept a guest out 30 s on a loaded machine): the host runs each key exchange in
pure-Python SPAKE2, about 0.1 s, more on a busy machine. Before, it ran every exchange it read in the order
ZeroMQ handed them over, so a guest's first exchange waited behind every stranger's, and a guest that heard
nothing for 5 s tried a new connection and waited again. Now one runs a turn, a newcomer's before those of
addresses whose exchanges already ran. In one process over real ZeroMQ sockets, strangers from 127.0.0.2-9."""

from __future__ import annotations

import time
from collections.abc import Callable

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


def test_a_newcomers_key_exchange_goes_before_strangers_second_ones() -> None:
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
        ahead = 0  # strangers answered before (or in the same turn as) the guest
        deadline = time.monotonic() + 60
        while not (guest.seen.in_session or guest.seen.welcomed):
            assert time.monotonic() < deadline and guest.seen.refused is None, guest.seen.refused
            host.poll(20)
            for peer in [guest, *strangers]:
                peer.poll(0)
            ahead = sum(s.seen.refused is not None for s in strangers)
        assert all(s.seen.refused_as is None or s.seen.refused_as[0] == "wrong_code" for s in strangers), \
            [s.seen.refused_as for s in strangers]  # their exchanges ran (no delay, no empty pool held them)
        assert ahead <= 2, f"{ahead} strangers' second exchanges ran before the newcomer's first"
        _until(lambda: guest.seen.welcomed, host, [guest, *strangers], "the guest was not seated")
        assert guest.seen.seat is not None
    finally:
        for peer in [*strangers, guest]:
            peer.close()
        host.close()
