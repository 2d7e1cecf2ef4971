"""Issue 56: a phone that sends no name joins as "Phone", and the statistics keep players apart by name, so two
"Phone"s (or two "Ana"s) at one table were one player there. The host numbers a name another player here
already goes by. Real host, real bridge, WebSockets on 127.0.0.1 (a client other than the page, which asks for
a name itself), and a ZeroMQ guest."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

from waiting import wait_until
from websockets.asyncio.client import connect

from engine import Rules
from net.guest import Guest
from net.host import Host
from net.web.bridge import PhoneBridge


async def _join(port: int, name: str) -> dict[str, Any]:
    async with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"t": "join", "code": "2468", "name": name, "token": None}))
        deadline = time.monotonic() + 60
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
            if message["t"] in ("state", "lobby", "refused"):
                return dict(message)


def _seat_each(host: Host, guests: list[Guest]) -> None:
    """Each guest in turn joins and is welcomed, the host polled meanwhile (it lets in anyone with the code)."""
    for guest in guests:
        guest.connect()
        deadline = time.monotonic() + 60
        while not guest.seen.welcomed:
            assert time.monotonic() < deadline and guest.seen.refused is None, guest.seen.refused
            host.poll(20)
            guest.poll(0)


def test_two_phones_without_a_name_are_phone_and_phone_2() -> None:
    host = Host.new(rules=Rules(), seed=7, code="2468", host_name="TV", host_seat=None, accept_any=True)
    running = True

    def serve() -> None:
        while running:
            host.poll(10)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    bridge = PhoneBridge(f"127.0.0.1:{host.port}", bind="127.0.0.1", vouch_key=host.bridge_key)
    port = bridge.start()
    try:
        for name in ("", "   "):
            assert asyncio.run(_join(port, name))["t"] != "refused"
        wait_until(lambda: all(r.token is not None for r in host.seen.remotes.values()), 60,
                   lambda: host.seen.game.players)
        assert sorted(host.seen.game.players.values()) == ["Phone", "Phone 2"]
    finally:
        bridge.stop()
        running = False
        thread.join(5)
        host.close()


def test_a_guest_named_as_the_host_is_numbered() -> None:
    """Case and spaces do not make another name ("ana " is "Ana"); a long name keeps its number within 24."""
    host = Host.new(rules=Rules(tactics=False, players=3), seed=7, code="2468", host_name="Ana", accept_any=True)
    guests = [Guest(f"127.0.0.1:{host.port}", code="2468", name=name) for name in ("ana ", "x" * 30)]
    try:
        _seat_each(host, guests)
        names = [host.seen.game.players[r.seat] for r in host.seen.remotes.values()]
        assert names == ["ana 2", "x" * 24], names
        assert guests[0].seen.players[guests[0].seen.seat or ""] == "ana 2"  # as the host told the guest itself
    finally:
        for guest in guests:
            guest.close()
        host.close()


def test_a_long_name_keeps_its_number_within_24_characters() -> None:
    host = Host.new(rules=Rules(tactics=False, players=3), seed=7, code="2468", host_name="TV", host_seat=None,
                    accept_any=True)
    guests = [Guest(f"127.0.0.1:{host.port}", code="2468", name=name) for name in ("x" * 30, "X" * 24, "x" * 24)]
    try:
        _seat_each(host, guests)
        names = [host.seen.game.players[r.seat] for r in host.seen.remotes.values()]
        assert names == ["x" * 24, "X" * 22 + " 2", "x" * 22 + " 3"], names
    finally:
        for guest in guests:
            guest.close()
        host.close()
