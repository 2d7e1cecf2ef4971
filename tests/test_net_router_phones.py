"""Issue 56 (combined attack): every phone reaches the host's router through the phone bridge, so from this
machine's loopback address. Strangers' phones must not fill that one address's places: a phone counts as its
own address once the bridge vouched for it. In one process over real ZeroMQ sockets on 127.0.0.1."""

from __future__ import annotations

import time

import pytest

from engine import Rules
from net import router
from net.guest import Guest
from net.host import Host


def test_strangers_phones_waiting_at_the_door_do_not_keep_a_friends_phone_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """PER_ADDRESS strangers' phones (each vouched for its own address) hold key exchanges open, longer than a
    real host would let them (so the test does not race its deadline); a friend's phone, also through the
    bridge from 127.0.0.1, is seated while they are all still there. Before, the router counted every phone
    as 127.0.0.1 and cut the friend's connection at once, each time ZeroMQ reopened it."""
    monkeypatch.setattr(router, "HANDSHAKE_S", 120.0)
    host = Host.new(rules=Rules(), seed=5, code="1234", host_name="TV", host_seat=None, accept_any=True)
    where = f"127.0.0.1:{host.port}"
    strangers = [Guest(where, code="0000", name="Mallory", via=(f"10.9.0.{n}", host.bridge_key))
                 for n in range(router.PER_ADDRESS)]
    friend = Guest(where, code="1234", name="Ana", via=("10.9.0.200", host.bridge_key))
    try:
        for stranger in strangers:
            stranger.connect()  # its vouched key exchange goes out; it never reads the answer nor says hello
        deadline = time.monotonic() + 60
        while host.router.links < router.PER_ADDRESS:
            assert time.monotonic() < deadline, "the strangers' phones did not all reach the host"
            host.poll(20)
        settle = time.monotonic() + 1.0  # their exchanges are read (a slow machine may take longer: no matter)
        while time.monotonic() < settle:
            host.poll(20)
        friend.connect()
        deadline = time.monotonic() + 60
        while not friend.seen.welcomed:
            assert time.monotonic() < deadline, f"the friend's phone was kept out: {friend.seen.refused}"
            host.poll(20)
            friend.poll(0)
        held = {link.address for link in host.router.open.values() if not link.cut}
        assert {f"10.9.0.{n}" for n in range(router.PER_ADDRESS)} <= held, held
        assert friend.seen.seat is not None
    finally:
        for guest in [*strangers, friend]:
            guest.close()
        host.close()


def test_a_guest_the_host_was_slow_to_answer_is_not_cut_and_counted_as_a_wrong_guess(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 56 (combined attack: the guest refused 'too many wrong codes' for 40 minutes): a host slowed by a
    crowd answers a guest's key exchange late; the guest's time to prove its key runs from that answer, not
    from its connection's opening. Before, the host cut the connection at its deadline while the guest was
    about to answer, counted a wrong guess for its address, and a guest with the right code was kept out."""
    monkeypatch.setattr(router, "HANDSHAKE_S", 6.0)
    host = Host.new(rules=Rules(), seed=5, code="1234", host_name="TV", host_seat=None, accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="1234", name="Ana")
    try:
        guest.connect()
        deadline = time.monotonic() + 30
        while not (host.router.poll(20) and host.router.open):  # let in, its key exchange waiting, unread
            assert time.monotonic() < deadline, "the guest's connection never opened"
            host.router.expire()  # reads the socket's events (the poll does only while it answers a ZAP request)
        opened = next(iter(host.router.open.values())).since
        # the duration is the point: the host is busy elsewhere for half its deadline
        time.sleep(max(0.0, opened + 3.0 - time.monotonic()))
        while host.poll(20, budget=1) == 0:  # reads the exchange (the guest's only message yet) and answers it
            assert time.monotonic() < opened + 6.0, "the host did not answer within its own deadline"
        while time.monotonic() < opened + 7.5:  # past the deadline counted from the opening
            host.poll(20, budget=0)
        assert host.router.cuts == 0, "the host cut a guest that was waiting for its answer"
        deadline = time.monotonic() + 30
        while not guest.seen.welcomed:
            assert time.monotonic() < deadline and guest.seen.refused is None, guest.seen.refused
            guest.poll(0)
            host.poll(20)
        assert guest.seen.seat is not None
    finally:
        guest.close()
        host.close()
