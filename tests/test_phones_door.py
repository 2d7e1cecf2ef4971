"""The phone server holds nothing for a peer that proved nothing (issue 48, items 1 and 4): connections are
counted at accept time, must send their request in seconds, sockets that never join are closed, and the
places are shared fairly between addresses. Real sockets on loopback; strangers use 127.0.0.x."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from net_helpers import CLI, last_json
from waiting import wait_until
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from engine import Rules
from net.host import Host
from net.web import bridge as bridge_module
from net.web.bridge import MAX_PHONES, PHONES_PER_ADDRESS, REQUEST_S, PhoneBridge
from net.web.door import Door
from tools.attack import harness as attack

HOST_UNDER_LIMIT = ("import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024)); "
                    "from net.cli import main; sys.exit(main(sys.argv[1:]))")


def _open_files(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def test_1100_idle_connections_to_the_phone_port_do_not_exhaust_a_host_under_1024_files(tmp_path: Path) -> None:
    """Issue 48 item 1: 1,100 idle TCP connections from one address (each reopened as soon as it is
    closed) to the phone port of a host limited to 1,024 open files; meanwhile a guest plays a whole
    game to the end, the host saving after every move, and the host never holds more than its own
    files, MAX_CONNECTIONS and the few accept batches being closed (far below the 1,024)."""
    log = tmp_path / "host.log"
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_UNDER_LIMIT, "host", "--headless", "--bot", "random", "--bind", "127.0.0.1",
         "--port", "0", "--code", "4321", "--accept-any", "--save", str(tmp_path / "save.json"), "--phones", "0",
         "--phones-qr", str(tmp_path / "qr"), "--timeout", "150", "--pace", "0.05"],
        stdout=subprocess.PIPE, stderr=log.open("w"), text=True, cwd=Path(__file__).parents[1])
    assert host.stdout is not None
    ready = json.loads(host.stdout.readline() or "{}")
    assert "phones_port" in ready, log.read_text()
    at_rest = _open_files(host.pid)
    peak = [at_rest]
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(0.05):
            peak[0] = max(peak[0], _open_files(host.pid))

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    attacker = threading.Thread(target=attack.hold_raw, args=(ready["phones_port"], 25.0, 1100, 1), daemon=True)
    attacker.start()
    wait_until(lambda: "turned away" in log.read_text(), 60,
               "the door turning the attack's connections away")  # the attack holds the door before the guest starts
    guest = subprocess.Popen([*CLI, "join", f"127.0.0.1:{ready['listening']}", "--headless", "--bot", "random",
                              "--code", "4321"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        played = last_json(guest, timeout=150)
        out, _ = host.communicate(timeout=60)
    finally:
        stop.set()
        for proc in (host, guest):
            proc.kill()
            proc.wait(10)
        attacker.join(30)
    assert host.returncode == 0, log.read_text()[-2000:]
    assert json.loads(out.strip().splitlines()[-1])["result"] == played["result"]
    assert "cannot save" not in log.read_text()
    assert peak[0] <= at_rest + bridge_module.MAX_CONNECTIONS + 3 * bridge_module.BACKLOG + 32, (at_rest, peak[0])
    assert log.read_text().count("turned away") <= 40, "refusals are logged as counts, at most once a second"
    assert log.stat().st_size < 16_384, "an attack cannot fill the disk with the host's log"


class Phones:
    """A host served on its own thread and a bridge beside it (as tests/test_phones_bridge.py's Table)."""

    def __init__(self) -> None:
        self.host = Host.new(rules=Rules(), seed=7, code="2468", host_name="Ana", first="north", accept_any=True)
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        self.bridge = PhoneBridge(f"127.0.0.1:{self.host.port}", bind="127.0.0.1", vouch_key=self.host.bridge_key)
        self.port = self.bridge.start()
        self.url = f"ws://127.0.0.1:{self.port}/ws"

    def _serve(self) -> None:
        while self.running:
            self.host.poll(10)

    def close(self) -> None:
        self.bridge.stop()
        self.running = False
        self.thread.join(2)
        self.host.close()


@pytest.fixture
def phones() -> Iterator[Phones]:
    p = Phones()
    yield p
    p.close()


async def _state(ws: ClientConnection, timeout: float = 15.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message["t"] in ("state", "refused"):
            return dict(message)


def test_a_connection_that_never_sends_its_request_is_closed(phones: Phones) -> None:
    """A TCP connection that sends nothing is closed by the server within REQUEST_S (bounded wait)."""
    with socket.create_connection(("127.0.0.1", phones.port), timeout=REQUEST_S + 60) as s:
        assert s.recv(1) == b"", "the server closed the silent connection"  # else recv times out: an error


def test_idle_sockets_from_many_addresses_give_way_to_a_phone(phones: Phones) -> None:
    """Issue 48 item 4: every phone socket held idle by strangers (PHONES_PER_ADDRESS from each of several
    addresses): a phone from another address still gets a socket and joins at once."""
    async def run() -> None:
        idle: list[ClientConnection] = []
        for i in range(MAX_PHONES + 4):
            try:
                idle.append(await connect(phones.url, local_addr=(attack.source(i // PHONES_PER_ADDRESS), 0)))
            except InvalidStatus as exc:
                assert exc.response.status_code == 503
        try:
            async with connect(phones.url, origin=f"http://127.0.0.1:{phones.port}") as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
                assert (await _state(ws))["seat"] == "north"
        finally:
            for ws in idle:
                await ws.close()

    asyncio.run(run())


def test_a_socket_that_never_joins_is_closed(phones: Phones, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 48 item 4: a phone socket that has not joined within JOIN_S is closed; one that joined stays."""
    monkeypatch.setattr(bridge_module, "JOIN_S", 1.0)

    async def run() -> None:
        async with connect(phones.url, local_addr=("127.0.0.2", 0)) as idle, \
                connect(phones.url, origin=f"http://127.0.0.1:{phones.port}") as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
            assert (await _state(ws))["seat"] == "north"
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(idle.recv(), 30)
            assert idle.close_code == 1008
            await ws.ping()  # the joined phone's socket is still open

    asyncio.run(run())


async def _join(phones: Phones, address: str, code: str, token: str | None = None) -> tuple[ClientConnection,
                                                                                          dict[str, Any]]:
    ws = await connect(phones.url, local_addr=(address, 0), origin=f"http://127.0.0.1:{phones.port}")  # type: ignore[arg-type]
    await ws.send(json.dumps({"t": "join", "code": code, "name": "Ben", "token": token}))
    return ws, await _state(ws)


async def _wrong_codes(phones: Phones, address: str, n: int) -> list[str]:
    """`n` wrong codes typed into a phone page at `address`, each sent once the host's delay after the
    last one has passed (so the address's delay grows: 1, 2, 4 ... s); the refusals' codes."""
    codes: list[str] = []
    ws = await connect(phones.url, local_addr=(address, 0), origin=f"http://127.0.0.1:{phones.port}")  # type: ignore[arg-type]
    try:
        for _ in range(4 * n):  # bounded: each wrong code takes at most a few waits
            await ws.send(json.dumps({"t": "join", "code": "0000", "name": "Mallory", "token": None}))
            refused = await _state(ws)
            codes.append(refused["code"])
            if codes.count("wrong_code") == n:
                break
            await asyncio.sleep(refused["fields"].get("seconds", 0) + 0.1)
    finally:
        await ws.close()
    return codes


def test_wrong_codes_typed_into_one_phone_keep_no_other_phone_out(phones: Phones) -> None:
    """Issue 48 item 3: the bridge joins every phone from 127.0.0.1, but the host decides for each
    phone's own address: a phone typing wrong codes is delayed, a phone elsewhere joins at its first try."""
    async def run() -> None:
        refusals = await _wrong_codes(phones, "127.0.0.2", 4)
        assert refusals.count("wrong_code") == 4, refusals
        ws, state = await _join(phones, "127.0.0.3", "2468")
        try:
            assert state["t"] == "state" and state["seat"] == "north", state
        finally:
            await ws.close()

    asyncio.run(run())


def test_a_seated_phone_coming_back_with_its_token_is_never_delayed(phones: Phones) -> None:
    """Issue 48 item 3: wrong codes from the seated phone's own address meanwhile (another tab, a
    stranger behind the same router) do not delay the phone coming back with its token."""
    async def run() -> None:
        ws, state = await _join(phones, "127.0.0.2", "2468")
        token = state["token"]
        await ws.close()
        refusals = await _wrong_codes(phones, "127.0.0.2", 4)
        assert refusals.count("wrong_code") == 4, refusals  # 127.0.0.2 now waits 8 s for any code
        # one try: the guest itself says hello again while the host still sees the old socket (seat_busy)
        back, state = await _join(phones, "127.0.0.2", "2468", token)
        assert state["t"] == "state" and state["seat"] == "north" and state["token"] == token, state
        await back.close()

    asyncio.run(run())


def test_door_shares_places_fairly() -> None:
    """The bookkeeping: an address over its cap is turned away; with every place taken, a newcomer from a
    less busy address pushes out the newest unproved place of the busiest; a proved place never gives way."""
    door = Door(total=4, per_address=3)
    assert door.enter("a1", "A", 1) == [] and door.enter("a2", "A", 2) == [] and door.enter("a3", "A", 3) == []
    assert door.enter("a4", "A", 4) == ["a4"]
    assert door.enter("b1", "B", 5) == []
    assert door.enter("c1", "C", 6) == ["a3"], "the busiest address's newest place gives way"
    door.prove("a1")
    door.prove("a2")
    assert door.enter("d1", "D", 7) == ["d1"], "only proved places and single ones are left"
    assert door.expired(20, 10) == ["b1", "c1"]


def test_door_lets_a_browsers_second_parallel_connection_through_a_full_door() -> None:
    """Issue 56, finding 3: 32 addresses holding two idle places each fill a door of 64; a browser from a new
    address loads the page over two connections at once. Its second ties with the busiest (2 against 2) and
    must not be the one cut; a stranger reopening a connection afterwards cuts one of the strangers that held
    their places longest, never the page that is loading."""
    door = Door(total=64, per_address=8)
    for n in range(64):
        assert door.enter(f"s{n}", f"10.0.0.{n % 32}", n) == []
    assert door.enter("page", "P", 100) != ["page"]
    assert door.enter("script", "P", 100.01) != ["script"], "the browser's second parallel connection was cut"
    for n in range(32):  # every stranger reopens one connection, as fast as it can
        cut = door.enter(f"again{n}", f"10.0.0.{n}", 101 + n / 100)
        assert "page" not in cut and "script" not in cut, cut
    assert {"page", "script"} <= set(door.places)


def test_door_never_cuts_a_request_being_served_for_a_strangers_idle_connection() -> None:
    """Issue 56, finding 3 (CI, under load): a browser's page, style and script have all sent their requests
    and wait for their answers while 32 addresses keep reopening idle connections into a full door. The
    strangers' newcomers cut one another's silent places, never a request being served (the script was cut
    between its request and its answer, so phone.js never ran); a served place gives way only after the
    grace, and then only to a less busy address."""
    door = Door(total=64, per_address=8, grace=5.0)
    for n in range(64):
        assert door.enter(f"s{n}", f"10.0.0.{n % 32}", n / 100) == []
    for k, key in enumerate(("page", "style", "script")):
        door.enter(key, "P", 1 + k / 100)
        door.speak(key, 1 + k / 100)
    assert {"page", "style", "script"} <= set(door.places)
    for n in range(320):  # every stranger reopens connections as fast as the door cuts them
        cut = door.enter(f"again{n}", f"10.0.0.{n % 32}", 2 + n / 1000)
        assert not {"page", "style", "script"} & set(cut), (n, cut)
    # the grace is over: an address serving more than a newcomer's holds gives way to it
    served = Door(total=4, per_address=4, grace=5.0)
    for n, key in enumerate(("a1", "a2", "a3", "b1")):
        served.enter(key, key[0], n / 10)
        served.speak(key, n / 10)
    assert served.enter("c1", "C", 1) == ["c1"], "within the grace nobody being served is cut"
    assert served.enter("c2", "C", 10) == ["a3"], "after it, the busiest address's newest place gives way"


def test_a_phone_address_told_to_wait_is_told_again_by_the_bridge_without_a_key_exchange(phones: Phones) -> None:
    """Issue 56 (a new phone took 19 s while 32 phones typed wrong codes): once the host told an address to
    wait, that address's next joins by code until then get the same answer from the bridge, with no new
    connection to the host (each key exchange costs the host's process tens of milliseconds); a phone
    elsewhere joins at once, and a seat token is never held by it."""
    async def run() -> None:
        refusals = await _wrong_codes(phones, "127.0.0.2", 3)  # the address now waits 4 s
        assert refusals.count("wrong_code") == 3, refusals
        ws, told = await _join(phones, "127.0.0.2", "0000")
        await ws.close()
        assert told["code"] == "wait" and told["fields"]["seconds"] >= 2, told  # the host said so
        await asyncio.sleep(0.3)
        opened = phones.host.router.accepted
        again, told = await _join(phones, "127.0.0.2", "2468")
        await again.close()
        assert told["t"] == "refused" and told["code"] == "wait" and told["fields"]["seconds"] >= 1, told
        await asyncio.sleep(0.5)  # any connection to the host would have been accepted by now
        assert phones.host.router.accepted == opened, "the bridge opened a key exchange for a held address"
        other, state = await _join(phones, "127.0.0.3", "2468")
        assert state["t"] == "state" and state["seat"] == "north", state
        await other.close()

    asyncio.run(run())
