"""Joining at once (issue 49): guests who give the right code while the host's player is asked about another
wait in a queue, told how many are ahead, and are asked about in the order they came, with no second try;
once the last seat is taken, whoever still waits is told so. A real table host and real guests on 127.0.0.1."""

from __future__ import annotations

import time
from typing import Any

from engine import Rules
from net.guest import Guest
from net.host import Host


def test_three_guests_at_once_are_asked_about_in_order_and_the_one_left_over_is_told_the_table_is_full() -> None:
    host = Host.new(rules=Rules(), seed=8, code="2468", host_name="TV", host_seat=None, port=0, bind="127.0.0.1")
    guests = [Guest(f"127.0.0.1:{host.port}", code="2468", name=name) for name in ("Ana", "Ben", "Cy")]
    first_ahead: dict[str, int] = {}

    def until(cond: Any, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while not cond():
            host.poll(5)
            for guest in guests:
                if guest.socket is not None:
                    guest.poll(0)
                if guest.seen.asking and guest.seen.name not in first_ahead:
                    first_ahead[guest.seen.name] = guest.seen.ahead
            assert time.monotonic() < deadline, "timed out"

    try:
        for guest in guests:
            guest.connect()  # all three at once, from one address: the host takes one exchange at a time
        until(lambda: len(first_ahead) == 3)
        assert sorted(first_ahead.values()) == [0, 1, 2], first_ahead
        order = sorted(first_ahead, key=first_ahead.__getitem__)
        assert host.seen.join_request == order[0]
        host.answer(True)
        until(lambda: host.seen.join_request == order[1]
              and next(g for g in guests if g.seen.name == order[1]).seen.ahead == 0)
        assert next(g for g in guests if g.seen.name == order[2]).seen.ahead == 1, "the queue moved on by one"
        host.answer(True)
        until(lambda: all(g.seen.seat is not None or g.seen.refused is not None for g in guests))
        seats = {g.seen.name: g.seen.seat for g in guests}
        assert seats == {order[0]: "south", order[1]: "north", order[2]: None}, seats
        left = next(g for g in guests if g.seen.name == order[2])
        assert left.seen.refused_as is not None and left.seen.refused_as[0] == "two_players", left.seen.refused
        assert host.seen.join_request is None and host.seen.admission.waiters() == []
    finally:
        for guest in guests:
            guest.close()
        host.close()
