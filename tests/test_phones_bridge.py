"""The phone bridge's WebSocket endpoint and pages, with a real host and real sockets (no browser).

Bad input (not JSON, binary, huge frames, unknown types, actions out of turn or illegal, a flood, too
many phones) gets an error and changes nothing: the host never sees it. The page's words come from the
six catalogs.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from assets import ASSETS_DIR
from engine import Rules
from game.i18n import LANGUAGES
from net.host import Host
from net.web.bridge import MAX_MESSAGE, MAX_PHONES, PHONES_PER_ADDRESS, PhoneBridge
from net.web.strings import WEB_STRINGS, catalog_json


class Table:
    """A host served on its own thread (a bot-less seat: only the phone acts) and a bridge beside it."""

    def __init__(self) -> None:
        self.host = Host.new(rules=Rules(), seed=7, code="2468", host_name="Ana", first="north", accept_any=True)
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        self.bridge = PhoneBridge(f"127.0.0.1:{self.host.port}", bind="127.0.0.1")
        self.port = self.bridge.start()
        self.url = f"ws://127.0.0.1:{self.port}/ws"

    def _serve(self) -> None:
        while self.running:
            self.host.poll(10)
            if self.host.seen.remotes["north"].token is not None and not self.host.seen.started:
                self.host.start()

    def close(self) -> None:
        self.bridge.stop()
        self.running = False
        self.thread.join(2)
        self.host.close()


@pytest.fixture
def table() -> Iterator[Table]:
    t = Table()
    yield t
    t.close()


async def _next(ws: ClientConnection, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message["t"] == kind:
            return message


async def _both(ws: ClientConnection, kind: str, other: Callable[[dict[str, Any]], bool],
                timeout: float = 10.0) -> dict[str, dict[str, Any]]:
    """The first message of `kind` and the first that `other` accepts, whichever comes first."""
    deadline = time.monotonic() + timeout
    found: dict[str, dict[str, Any]] = {}
    while len(found) < 2:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message["t"] == kind:
            found.setdefault(kind, message)
        elif other(message):
            found.setdefault("other", message)
    return found


async def _error(ws: ClientConnection, raw: str | bytes) -> dict[str, Any]:
    await ws.send(raw)
    return await _next(ws, "error")


def test_bad_input_gets_an_error_and_changes_nothing(table: Table) -> None:
    async def run() -> None:
        async with connect(table.url) as ws:
            assert (await _error(ws, "{not json"))["code"] == "bad_message"
            assert (await _error(ws, b"\x00\x01"))["reason"] == "send text frames of JSON"
            assert (await _error(ws, "[1, 2]"))["reason"] == "a message is a JSON object"
            assert (await _error(ws, json.dumps({"t": "shout"})))["reason"] == "unknown message type 'shout'"
            bad_join = {"t": "join", "code": "2468", "name": "x", "token": None, "admin": True}
            assert (await _error(ws, json.dumps(bad_join)))["reason"] == "join.admin: unknown field"
            play = {"t": "action", "action": {"type": "pass"}}
            assert (await _error(ws, json.dumps(play)))["code"] == "hello_first"
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
            # the welcome's state may come before the serving thread starts the game: wait for the game's
            state = await _next(ws, "state")
            while not state["legal"]:
                state = await _next(ws, "state")
            assert state["seat"] == "north" and table.host.seen.started
            # a second tap on Join is answered with where joining stands (here: in), not refused in silence
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "B", "token": None}))
            assert (await _next(ws, "step"))["step"] == "joined"
            assert (await _next(ws, "state"))["seat"] == "north"
            # illegal: a card not in the hand, a bad shape, a pass while cards can be played (R9)
            hand = state["view"]["hands"]["north"]
            stranger = next(c for c in ("r1", "r2", "r3", "b1", "b2", "b3", "g1", "g2") if c not in hand)
            for action in ({"type": "play", "card": stranger, "flag": 1}, {"type": "play", "card": hand[0], "flag": 12},
                           {"type": "pass"}, {"type": "draw", "deck": "troops"}, "pass"):
                reply = await _error(ws, json.dumps({"t": "action", "action": action}))
                assert reply["code"] in ("illegal", "bad_message"), reply
            assert len(table.host.seen.game.actions) == 0 and table.host.seen.errors_sent == 0
            # one legal action; a second at once is out of turn. The refusal and the state that shows
            # the first action may come in either order, so both are awaited together.
            first = state["legal"][0]
            await ws.send(json.dumps({"t": "action", "action": first}))
            await ws.send(json.dumps({"t": "action", "action": first}))
            replies = await _both(ws, "error", lambda m: m["t"] == "state" and m["actions"] >= 1)
            assert replies["error"]["code"] in ("not_your_turn", "illegal"), replies["error"]
            assert table.host.seen.game.actions == [first]
            # a huge frame closes this socket (1009) and nothing reaches the host
            with pytest.raises(ConnectionClosed) as closed:
                await ws.send(json.dumps({"t": "join", "code": "x" * (MAX_MESSAGE * 4)}))
                await _next(ws, "never")
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert table.host.seen.game.actions == [first] and table.host.seen.errors_sent == 0

    asyncio.run(run())


def test_a_flood_is_refused_then_cut_off(table: Table) -> None:
    async def run() -> None:
        async with connect(table.url) as ws:
            for _ in range(400):
                await ws.send(json.dumps({"t": "shout"}))
            codes = []
            with pytest.raises(ConnectionClosed) as closed:
                while True:  # the close comes at once: a bridge that waits on its own handshake times out here
                    codes.append((await _next(ws, "error", timeout=3.0))["code"])
            assert "flood" in codes and closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        # the bridge still serves others, and the host saw nothing
        async with connect(table.url) as ws:
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
            assert (await _next(ws, "state"))["seat"] == "north"
        assert table.host.seen.errors_sent == 0 and table.host.seen.game.actions == []

    asyncio.run(run())


def test_wrong_code_is_refused_by_the_host_and_a_token_takes_the_seat_back(table: Table) -> None:
    async def run() -> None:
        async with connect(table.url) as ws:
            await ws.send(json.dumps({"t": "join", "code": "0000", "name": "Eve", "token": None}))
            assert (await _next(ws, "refused"))["reason"] == "wrong join code"
            await asyncio.sleep(1.2)  # after a wrong code the host compares no code for 1 s (docs/PROTOCOL.md)
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
            token = (await _next(ws, "state"))["token"]
        async with connect(table.url) as ws:  # another phone without the token: the seat is taken
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Eve", "token": None}))
            assert (await _next(ws, "refused"))["reason"] == "this game already has a guest"
        async with connect(table.url) as ws:  # the same phone after a reload
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": token}))
            state = await _next(ws, "state")
            assert state["seat"] == "north" and state["token"] == token
        assert table.host.seen.game.players["north"] == "Ben"

    asyncio.run(run())


def test_too_many_phones_are_turned_away(table: Table) -> None:
    async def run() -> None:  # from as many addresses (one address holds at most PHONES_PER_ADDRESS)
        sockets = [await connect(table.url, local_addr=(f"127.0.0.{2 + i}", 0)) for i in range(MAX_PHONES)]
        try:
            with pytest.raises(InvalidStatus) as refused:
                await connect(table.url)
            assert refused.value.response.status_code == 503
        finally:
            for ws in sockets:
                await ws.close()

    asyncio.run(run())


def test_a_page_elsewhere_cannot_open_the_phones_socket(table: Table) -> None:
    """Issue 32: a foreign Origin (a page on another site, in any browser on the LAN) and a Host that
    is not this server's address (DNS rebinding) are refused; this server's own page is let in."""
    async def run() -> None:
        for origin in ("http://evil.example", "null", f"http://127.0.0.1:{table.port + 1}"):
            with pytest.raises(InvalidStatus) as refused:
                await connect(table.url, origin=origin)  # type: ignore[arg-type]
            assert refused.value.response.status_code == 403, origin
        async with connect(table.url, origin=f"http://127.0.0.1:{table.port}") as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
            assert (await _next(ws, "state"))["seat"] == "north"

    asyncio.run(run())
    for host in ("evil.example", f"rebound.example:{table.port}", f"127.0.0.1:{table.port + 1}"):
        connection = http.client.HTTPConnection("127.0.0.1", table.port, timeout=5)
        connection.request("GET", "/", headers={"Host": host})
        assert connection.getresponse().status == 403, host
        connection.close()


def test_one_address_cannot_hold_the_phone_slots(table: Table) -> None:
    """Issue 32: 8 idle sockets from one address get PHONES_PER_ADDRESS slots; a real phone still joins."""
    async def run() -> None:
        idle = []
        for _ in range(MAX_PHONES):
            try:
                idle.append(await connect(table.url, local_addr=("127.0.0.2", 0)))
            except InvalidStatus as exc:
                assert exc.response.status_code == 503
        assert len(idle) == PHONES_PER_ADDRESS
        try:
            async with connect(table.url, origin=f"http://127.0.0.1:{table.port}") as ws:  # type: ignore[arg-type]
                await ws.send(json.dumps({"t": "join", "code": "2468", "name": "Ben", "token": None}))
                assert (await _next(ws, "state"))["seat"] == "north"
        finally:
            for ws in idle:
                await ws.close()

    asyncio.run(run())


def test_the_page_and_only_the_page_is_served(table: Table) -> None:
    base = f"http://127.0.0.1:{table.port}"
    with urllib.request.urlopen(f"{base}/?code=2468") as reply:
        assert reply.headers["Content-Type"].startswith("text/html") and b"phone.js" in reply.read()
    for path in ("/phone.js", "/phone.css", "/fonts/cjk.otf", "/strings/zh.json"):
        with urllib.request.urlopen(base + path) as reply:
            assert reply.status == 200
    for path in ("/../pyproject.toml", "/net/web/bridge.py", "/strings/xx.json", "/etc/passwd"):
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + path)
        assert missing.value.code == 404


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_phone_word_is_in_the_catalog(lang: str) -> None:
    po = (ASSETS_DIR / "locale" / lang / "LC_MESSAGES" / "battleline.po").read_text(encoding="utf-8")
    msgids = set(re.findall(r'^msgid "(.*)"$', po, re.M))
    assert [m for m in WEB_STRINGS if m not in msgids] == []
    data = json.loads(catalog_json(lang) or b"{}")
    assert all(data["words"][m] for m in WEB_STRINGS)
    own = [m for m in WEB_STRINGS[WEB_STRINGS.index("Your name"):] if re.sub(r"\{\w+\}", "", m).strip(" :.,")]
    assert [m for m in own if data["words"][m] == m] == [], "the phone's own words, translated"
    assert catalog_json("../../etc") is None
