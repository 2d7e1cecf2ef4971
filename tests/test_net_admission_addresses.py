"""Admission counts machines, not paths, and penalises the address that guessed (issue 56, findings 2 and 4).

Real table host processes serving the phone page (tools/attack/siege.start_table), strangers on other loopback
addresses (127.0.0.2 and up) over ZeroMQ and through the phone page, the guest and the phone from 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

from waiting import wait_until
from websockets.asyncio.client import connect

from net.guest import Guest
from net.protocol import REFUSED
from tools.attack import harness as attack
from tools.attack.harness import source
from tools.attack.siege import CODE, phone_waits, start_table

GOAL_S = 20.0  # the bound on anyone's wait


def _wrong_over_zeromq(port: int, address: str) -> str | None:
    """One wrong code from `address` as a guest types it; the refusal's code."""
    guest = Guest(f"tcp://{address}:0;127.0.0.1:{port}", code="0000", name="Mallory")
    guest.connect()
    try:
        deadline = time.monotonic() + 30
        while guest.seen.refused is None and time.monotonic() < deadline:
            guest.poll(10)
        return guest.seen.refused_as[0] if guest.seen.refused_as is not None else None
    finally:
        guest.close()


async def _wrong_on_a_phone(port: int, address: str) -> str | None:
    """One wrong code typed into a phone page at `address`; the refusal's code."""
    async with connect(f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), open_timeout=10,
                       origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"t": "join", "code": "0000", "name": "Mallory", "token": None}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["t"] == "refused":
                return str(message.get("code"))


def test_20_addresses_guessing_both_ways_keep_no_new_guest_or_phone_out(tmp_path: Path) -> None:
    """Each of 20 addresses sends one wrong code over ZeroMQ and one through the phone page: 20 machines, 20 of
    the newcomers' places, not 40 (which emptied the pool and told a new guest and phone "try again in 1761 s")."""
    host, ready = start_table(tmp_path)
    try:
        answers = [_wrong_over_zeromq(ready["listening"], source(i)) for i in range(20)]
        time.sleep(1.5)  # the duration is the point: each address's one-second delay after its wrong code has passed
        answers += [asyncio.run(_wrong_on_a_phone(ready["phones_port"], source(i))) for i in range(20)]
        assert answers.count("wrong_code") == 40, answers  # every one was compared, none refused unexamined
        assert attack.guest_waits(ready["listening"], CODE, GOAL_S) is not None, "a new guest was kept out"
        assert phone_waits(ready["phones_port"], "Nia", None, GOAL_S)[0] is not None, "a new phone was kept out"
    finally:
        host.kill()
        host.wait(10)


def test_a_guest_who_mistyped_once_gets_in_while_10_addresses_send_wrong_codes(tmp_path: Path) -> None:
    """A guest mistypes once, then 10 other addresses guess as fast as they are answered (emptying the pool
    shared by repeated wrong codes): the guest's right code is still examined and let in within 20 s."""
    host, ready = start_table(tmp_path)
    port = ready["listening"]
    figures: dict[str, object] = {}
    thread = threading.Thread(target=lambda: figures.update(attack.wrong_many(port, 40.0, addresses=10)),
                              daemon=True)
    try:
        assert _wrong_over_zeromq(port, "127.0.0.1") == "wrong_code"
        thread.start()
        crowded = REFUSED["crowded"].split(":")[0]  # the host's word that the shared repeats are all taken
        wait_until(lambda: crowded in (tmp_path / "siege-host.log").read_text(), 60,
                   "the strangers' wrong codes taking every repeat the host allows at once")
        waited = attack.guest_waits(port, CODE, GOAL_S)
        assert waited is not None, "the guest who mistyped once was kept out"
    finally:
        thread.join(60)
        host.kill()
        host.wait(10)
    assert figures.get("answers"), figures
