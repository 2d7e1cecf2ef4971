"""The phone bridge: an HTTP + WebSocket server beside a LAN host.

Each phone's WebSocket gets its own `net.guest.Guest`, connected to the host over ZeroMQ like any
other guest, so the host's join code, tokens and checks apply to phones unchanged. The bridge only
translates: JSON from the phone is checked (size, shape, rate, the engine's legal actions on the
guest's own view) before anything is sent on; the phone receives only what its guest was told.

Only this server's own page may open the phones' WebSocket: a request must name the server by an
address (an IP literal or localhost, and its port: a DNS name could be rebound to us by a page
elsewhere), and a WebSocket's `Origin`, which every browser sends, must be that same address.

Nothing is held for a peer that proved nothing (net.web.door): a TCP connection is counted the moment
it is accepted (`CONNECTIONS_PER_ADDRESS` from one address, `MAX_CONNECTIONS` in all, the busiest
address's idle ones giving way to a newcomer before any request being served), must send its request
within `REQUEST_S`, and a WebSocket (`PHONES_PER_ADDRESS`, `MAX_PHONES` in all, shared the same way) that
has not joined the game within `JOIN_S` is closed. So idle connections cannot use up the host's file descriptors.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from typing import Any, cast

import zmq
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from engine import IllegalAction, NotationError
from engine.actions import parse_action
from net.guest import Guest

from .assets import static_file
from .door import Door
from .phone_wire import PhoneError, check_message, match_score
from .strings import catalog_json

log = logging.getLogger("battleline.phones")

MAX_MESSAGE = 4096  # a phone sends short maps; anything larger closes the socket (code 1009)
MAX_CONNECTIONS = 64  # open TCP connections at once, counted at accept time, before any request
CONNECTIONS_PER_ADDRESS = 8  # ... from one address (a browser opens up to 6 at once for a page)
REQUEST_S = 5.0  # a connection must have sent its request (and finished the WebSocket handshake) by then
MAX_PHONES = 48  # open phone sockets at once (each is one of the connections above)
PHONES_PER_ADDRESS = 3  # open phone sockets from one address: a phone and its reloads
#: connections the kernel queues for accepting, and asyncio accepts in one go: those just accepted
#: over the caps are closed on the next turns of the loop, so at most a few batches are open above them
BACKLOG = 64
JOIN_S = 30.0  # a phone socket that has not joined the game by then is closed (the page reopens it)
RATE = 10.0  # messages per second a phone may send on average ...
BURST = 20.0  # ... and at once
FLOOD_CLOSE = 200  # refused messages after which the socket is closed
#: accept errors that mean "no file descriptor (or memory) for it now": logged as a count, once a minute
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
STARVED_LOG_S = 60.0
TICK_S = 0.25  # the pump's longest sleep: the heartbeat and a silent link are noticed this often


class PhoneSession:
    """One phone's WebSocket and, once it joined, its guest."""

    def __init__(self, ws: ServerConnection, host_address: str, vouch_key: bytes | None = None) -> None:
        self.ws = ws
        self.host_address = host_address
        self.vouch_key = vouch_key  # the host's key: its admission then decides for this phone's own address
        self.guest: Guest | None = None
        self.sent_events = 0
        self.signature: tuple[Any, ...] | None = None
        self.sent_record = False
        self.sent_refusal = False
        self.allowance = BURST
        self.last_refill = time.monotonic()
        self.refusals = 0
        self.closing: asyncio.Task[None] | None = None
        self.step: tuple[str, int] | None = None  # the joining step last told: "connecting", "queued", "asking",
        # "joined"; and how many guests the host asks about before this one
        self.lobby: tuple[Any, ...] | None = None  # the lobby last told (seats, again, watchers)
        self.wake = asyncio.Event()  # set by the phone's own messages and the guest's socket: the pump runs
        self._watched: tuple[zmq.Socket[bytes], int] | None = None  # the guest's socket the loop watches

    @property
    def joined(self) -> bool:
        """The phone proved the code or a token: seated, watching, or being asked about by the host."""
        guest = self.guest
        return guest is not None and guest.refused is None and (guest.welcomed or guest.asking)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    async def error(self, reason: str, code: str, why: IllegalAction | None = None) -> None:
        self.refusals += 1
        message: dict[str, Any] = {"t": "error", "reason": reason, "code": code}
        if why is not None:
            message.update(refusal=why.code, fields=why.fields)
        await self.send(message)
        if self.refusals >= FLOOD_CLOSE and self.closing is None:
            # Not awaited here: the close handshake needs the phone's close frame, which waits behind
            # the flood still queued on this socket; `receive` keeps reading (and dropping) meanwhile,
            # or reading would stay paused and the close would hang until its timeout.
            self.closing = asyncio.create_task(self.ws.close(1008, "too many refused messages"))

    def _take_allowance(self) -> bool:
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last_refill) * RATE)
        self.last_refill = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    # ------------------------------------------------------------------ from the phone
    async def receive(self) -> None:
        async for raw in self.ws:
            if self.closing is not None:
                continue
            if not self._take_allowance():
                await self.error("too many messages: slow down", "flood")
                continue
            try:
                message = check_message(raw)
                if message["t"] == "join":
                    self._join(message)
                elif message["t"] == "action":
                    self._action(message["action"])
                else:
                    self._ask(message["t"])
                self.wake.set()
            except PhoneError as exc:
                await self.error(str(exc), exc.code, exc.why)

    def _join(self, message: dict[str, Any]) -> None:
        if self.guest is not None and self.guest.refused is None:  # a second tap: say where joining stands
            self.step = None
            self.signature = self.lobby = None
            return
        self.close_guest()
        via = (_address(self.ws), self.vouch_key) if self.vouch_key is not None else None
        self.guest = Guest(self.host_address, code=message["code"], name=message["name"].strip() or "Phone",
                           token=message.get("token") or None, via=via)
        self.guest.connect()
        self.sent_events, self.signature, self.sent_record, self.sent_refusal = 0, None, False, False
        self.step = self.lobby = None

    def _ask(self, kind: str) -> None:
        """Start the game (a table's player, once both are in) or ask for the next one."""
        guest = self.guest
        if guest is None or guest.seat is None:
            raise PhoneError("join a game first", "hello_first")
        if kind == "start":
            guest.start_game()
        else:
            guest.ask_again()

    def _action(self, action: Any) -> None:
        guest = self.guest
        if guest is None or guest.game is None:
            raise PhoneError("join a game first", "hello_first")
        if not guest.my_turn():
            raise PhoneError("", "not_your_turn", IllegalAction("not_your_turn"))
        try:
            act = parse_action(action)
        except NotationError as exc:
            raise PhoneError(str(exc)) from None
        if act not in guest.game.legal_actions():
            try:  # the engine's own refusal, as data, where the phone's view lets it say one
                guest.game.copy().apply(act)
            except IllegalAction as exc:
                raise PhoneError("", "illegal", exc) from None
            raise PhoneError("that action is not legal now", "illegal")
        guest.send_action(act)

    # ------------------------------------------------------------------ to the phone
    async def pump(self) -> None:
        """Forward what the host says as soon as it arrives: the pump sleeps until the guest's socket has a
        message (or the phone sent one), waking at least every TICK_S for the heartbeat and the link state."""
        while True:
            guest = self.guest
            if guest is not None:
                guest.poll(0)
                await self._forward(guest)
            self.wake.clear()
            if guest is not None and guest.socket is not None and self._watch(guest.socket):
                continue  # more came meanwhile
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), TICK_S)

    def _watch(self, socket: zmq.Socket[bytes]) -> bool:
        """Wake the pump when `socket` has a message; return whether one is waiting already.

        ZeroMQ's descriptor only signals that its state changed, so the check of EVENTS (here and in the
        callback, on this loop's thread, the only one using the socket) both reads and re-arms it."""
        if self._watched is None or self._watched[0] is not socket:
            self._unwatch()
            fd = cast(int, socket.getsockopt(zmq.FD))
            wake = self.wake

            def readable() -> None:
                with contextlib.suppress(zmq.ZMQError):
                    if not socket.closed and cast(int, socket.getsockopt(zmq.EVENTS)) & zmq.POLLIN:
                        wake.set()

            asyncio.get_running_loop().add_reader(fd, readable)
            self._watched = (socket, fd)
        try:
            return bool(cast(int, socket.getsockopt(zmq.EVENTS)) & zmq.POLLIN)
        except zmq.ZMQError:
            return False

    def _unwatch(self) -> None:
        if self._watched is not None:
            with contextlib.suppress(RuntimeError, OSError, ValueError):
                asyncio.get_running_loop().remove_reader(self._watched[1])
            self._watched = None

    async def _forward(self, guest: Guest) -> None:
        if guest.refused is not None:
            if not self.sent_refusal:
                self.sent_refusal = True
                refused: dict[str, Any] = {"t": "refused", "reason": guest.refused}
                if guest.refused_as is not None:
                    refused.update(code=guest.refused_as[0], fields=guest.refused_as[1])
                self.close_guest()  # its link to the host goes at once: refused phones hold no place there
                await self.send(refused)
            return
        step = "joined" if guest.seat is not None else "connecting" if not guest.asking \
            else "queued" if guest.ahead > 0 else "asking"
        if (step, guest.ahead) != self.step:  # the phone shows each step of joining: queued, the TV asked, accepted
            self.step = (step, guest.ahead)
            await self.send({"t": "step", "step": step, "ahead": guest.ahead, "link": guest.alive()})
        lobby = (guest.seats, guest.again, guest.watchers, guest.seat)
        if guest.seat is not None and guest.seats and lobby != self.lobby:
            self.lobby = (dict(guest.seats), list(guest.again), guest.watchers, guest.seat)
            await self.send({"t": "lobby", "seats": guest.seats, "again": guest.again, "watchers": guest.watchers,
                             "table": guest.table, "match": guest.match})
        if guest.seat is None or guest.view is None:
            return
        legal = guest.game.legal_actions() if guest.my_turn() and guest.game is not None else []
        signature = (guest.number, guest.actions_done, len(guest.events), guest.pending is not None,
                     guest.alive(), guest.started, guest.token)
        if signature != self.signature:
            if self.signature is not None and self.signature[0] != guest.number:
                self.sent_events, self.sent_record = 0, False
            self.signature = signature
            start = min(self.sent_events, len(guest.events))
            await self.send({"t": "state", "seat": guest.seat, "token": guest.token, "players": guest.players,
                             "number": guest.number, "view": guest.view, "legal": legal,
                             "from": start, "events": guest.events[start:], "actions": guest.actions_done,
                             "started": guest.started, "waiting": guest.pending is not None,
                             "link": guest.alive()})
            self.sent_events = len(guest.events)
        if guest.record is not None and not self.sent_record:
            self.sent_record = True
            await self.send({"t": "record", "record": guest.record, "match": guest.match, **match_score(guest.match)})

    def close_guest(self) -> None:
        self._unwatch()
        if self.guest is not None:
            self.guest.close()
            self.guest = None


def _address(ws: ServerConnection) -> str:
    """The source address of a connection ("?" once it is gone)."""
    try:
        return str(ws.remote_address[0])
    except (TypeError, IndexError, AttributeError):
        return "?"


class PhoneBridge:
    """Serves the page and one WebSocket per phone at /ws; each phone plays through its own Guest."""

    def __init__(self, host_address: str, *, port: int = 0, bind: str = "0.0.0.0",
                 host_alive: Callable[[], bool] | None = None, vouch_key: bytes | None = None) -> None:
        self.host_address = host_address
        self.vouch_key = vouch_key  # the host's bridge_key: each phone joins under its own address
        self.host_alive = host_alive  # when given, the bridge closes itself once its host has closed
        self.bind = bind
        self.port = port
        self.sessions: set[PhoneSession] = set()
        self.connections = Door(MAX_CONNECTIONS, CONNECTIONS_PER_ADDRESS)  # TCP, from accept on
        self.phones = Door(MAX_PHONES, PHONES_PER_ADDRESS)  # WebSockets, until they join
        self._turned_away = 0  # refusals not yet logged (logged as a count at most once a second)
        self._logged_at = 0.0
        self._starved = 0  # accepts that failed for want of file descriptors, not yet logged
        self._starved_logged_at = -STARVED_LOG_S
        self._closing: set[asyncio.Task[None]] = set()  # sockets being closed for not joining in time
        self._server: Server | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None

    # ------------------------------------------------------------------ HTTP
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        host = request.headers.get("Host", "")
        if not self._ours(host):
            return connection.respond(HTTPStatus.FORBIDDEN, "Open this page by the address the host shows.\n")
        if path == "/ws":
            origin = request.headers.get("Origin")
            if origin is not None and origin != f"http://{host}":  # a page from elsewhere, in some browser
                return connection.respond(HTTPStatus.FORBIDDEN, "Only this server's own page may connect.\n")
            cut = self.phones.enter(connection, _address(connection), time.monotonic())
            if connection in cut:
                self._refused()
                return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "Too many phones are connected.\n")
            for other in cut:  # a socket of a busier address that has not joined gives way
                self._refused()
                cast(ServerConnection, other).transport.abort()
            return None  # go on with the WebSocket handshake
        if path.startswith("/strings/") and path.endswith(".json"):
            body = catalog_json(path[len("/strings/"):-len(".json")])
            return self._response(body, "application/json; charset=utf-8") if body else self._missing(connection)
        found = static_file(path)
        if found is None:
            return self._missing(connection)
        body, kind = found
        return self._response(body, kind)

    def _ours(self, host: str) -> bool:
        """A Host header naming this server: an IP literal (or localhost) and its port."""
        name, sep, port = host.rpartition(":")
        if not sep or port != str(self.port):
            return False
        if name == "localhost":
            return True
        with contextlib.suppress(ValueError):
            return ipaddress.ip_address(name[1:-1] if name.startswith("[") and name.endswith("]") else name) is not None
        return False

    @staticmethod
    def _missing(connection: ServerConnection) -> Response:
        return connection.respond(HTTPStatus.NOT_FOUND, "Not found.\n")

    @staticmethod
    def _response(body: bytes, kind: str) -> Response:
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")])
        return Response(200, "OK", headers, body)

    # ------------------------------------------------------------------ the door
    def _connection_class(self) -> type[ServerConnection]:
        """ServerConnection, counted at the door from the moment the connection is accepted."""
        bridge = self

        class Counted(ServerConnection):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                bridge._accepted(self, transport)

            def process_event(self, event: Any) -> None:
                super().process_event(event)
                if self.request is not None:  # its request arrived: being served now, idle strangers give way
                    bridge.connections.speak(self, time.monotonic())

            def connection_lost(self, exc: Exception | None) -> None:
                bridge.connections.leave(self)
                bridge.phones.leave(self)
                super().connection_lost(exc)

        return Counted

    def _accepted(self, connection: ServerConnection, transport: asyncio.BaseTransport) -> None:
        """A TCP connection was just accepted: it takes a place at the door, or is closed at once."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        for cut in self.connections.enter(connection, address, time.monotonic()):
            self._refused()
            cast(ServerConnection, cut).transport.abort()

    def _refused(self) -> None:
        """Count a connection turned away; the log says how many at most once a second (an attack must
        not fill the disk)."""
        self._turned_away += 1
        now = time.monotonic()
        if now - self._logged_at >= 1.0:
            log.warning("turned away %d phone connection(s): too many at once", self._turned_away)
            self._logged_at, self._turned_away = now, 0

    async def _sweep(self) -> None:
        """Close phone sockets that did not join within JOIN_S; prove the ones that did."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for session in list(self.sessions):
                if session.joined:
                    self.phones.prove(session.ws)
                    self.connections.prove(session.ws)
            for key in self.phones.expired(now, JOIN_S):
                self.phones.leave(key)
                task = asyncio.create_task(cast(ServerConnection, key).close(1008, "join the game within 30 s"))
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)

    # ------------------------------------------------------------------ WebSocket
    async def _phone(self, ws: ServerConnection) -> None:
        session = PhoneSession(ws, self.host_address, self.vouch_key)
        self.sessions.add(session)
        tasks = [asyncio.create_task(session.receive()), asyncio.create_task(session.pump())]
        try:
            _done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                    await task
        finally:
            session.close_guest()
            self.sessions.discard(session)

    async def serve_forever(self) -> None:
        async with serve(self._phone, self.bind, self.port, process_request=self._http,
                         max_size=MAX_MESSAGE, max_queue=16, ping_interval=10, ping_timeout=10,
                         open_timeout=REQUEST_S, backlog=BACKLOG, create_connection=self._connection_class(),
                         reuse_address=True) as server:  # a crashed TV's TIME_WAIT sockets never hold its port
            self._server = server
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._ready.set()
            helpers = [asyncio.create_task(self._sweep())]
            if self.host_alive is not None:
                helpers.append(asyncio.create_task(self._follow_host(server)))
            try:
                await server.serve_forever()
            finally:
                for task in helpers:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task

    async def _follow_host(self, server: Server) -> None:
        """The lobby hands its host to the board, which closes it when the game is left: so do we."""
        assert self.host_alive is not None
        while self.host_alive():
            await asyncio.sleep(0.5)
        server.close()

    # ------------------------------------------------------------------ a thread beside the host's loop
    def start(self, timeout: float = 10.0) -> int:
        """Run the server on its own thread and event loop; return the port once it listens."""
        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.set_exception_handler(self._loop_trouble)
            try:
                self._loop.run_until_complete(self.serve_forever())
            except BaseException as exc:  # a port in use: reported to start()
                self._failure = exc
                self._ready.set()
            finally:
                self._loop.close()

        self._thread = threading.Thread(target=run, name="phone-bridge", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start")
        failure = self._failure
        if failure is not None:  # the errno stays: a port another program holds is told from other failures
            errno = failure.errno if isinstance(failure, OSError) else None
            raise OSError(errno, f"the phone server could not start: {failure}")
        return self.port

    def _loop_trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """No file descriptor left for the next phone connection (EMFILE, a flood of them): asyncio waits a
        second and tries again by itself; the log says so in one line a minute, with how many times, never a
        traceback per failed accept (17 MB a minute at a 256-file limit). Anything else as asyncio says it."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in OUT_OF_FILES:
            self._starved += 1
            now = time.monotonic()
            if now - self._starved_logged_at >= STARVED_LOG_S:
                log.warning("cannot accept phone connections: %s (%d time(s) since the last such line; "
                            "trying again every second)", exc.strerror or exc, self._starved)
                self._starved_logged_at, self._starved = now, 0
            return
        loop.default_exception_handler(context)

    def wait_closed(self, timeout: float) -> bool:
        """Whether the server's thread has ended (it ends by stop(), or by itself when its host closed)."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()

    def stop(self) -> None:
        loop, server = self._loop, self._server
        if loop is not None and server is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(server.close)
        if self._thread is not None:
            self._thread.join(5.0)
