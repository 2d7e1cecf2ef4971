"""The phone bridge: an HTTP + WebSocket server beside a LAN host.

Each phone's WebSocket gets its own `net.guest.Guest` (net.web.phone_session), connected to the host over
ZeroMQ like any other guest, so the host's join code, tokens and checks apply to phones unchanged. The
bridge only translates: JSON from the phone is checked (size, shape, rate, the engine's legal actions on
the guest's own view) before anything is sent on; the phone receives only what its guest was told.

Only this server's own page may open the phones' WebSocket: a request must name the server by an
address (an IP literal or localhost, and its port: a DNS name could be rebound to us by a page
elsewhere), and a WebSocket's `Origin`, which every browser sends, must be that same address.

Nothing is held for a peer that proved nothing (net.web.door): a TCP connection is counted the moment
it is accepted (`CONNECTIONS_PER_ADDRESS` from one address, `MAX_CONNECTIONS` in all, the busiest
address's idle ones giving way to a newcomer before any request being served), must send its request
within `REQUEST_S`, and a WebSocket (`PHONES_PER_ADDRESS`, `MAX_PHONES` in all, shared the same way)
that has not joined the game within `JOIN_S` is closed. So idle connections cannot use up the host's file
descriptors.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
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

from .assets import preload, static_file
from .door import Door
from .phone_session import PhoneSession, address_of
from .strings import catalog_json, preload_catalogs

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
#: accept errors that mean "no file descriptor (or memory) for it now": logged as a count, once a minute
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
STARVED_LOG_S = 60.0
UNBIND_LIMIT_S = 60.0  # stop() waits at most this long for the listeners to close (a loop starved of CPU)


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
        #: one ZeroMQ context for every phone's guest: a context each would open two threads and their
        #: descriptors per join, and ZeroMQ aborts the process when a new context finds none left (issue 56)
        self.context: zmq.Context[Any] = zmq.Context()
        self.held: dict[str, tuple[float, str]] = {}  # addresses the host told to wait (net.web.phone_session)
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
        self._unbound = threading.Event()  # the listening socket is closed: the port is free again
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
            cut = self.phones.enter(connection, address_of(connection), time.monotonic())
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
                bridge.accepted(self, transport)

            def process_event(self, event: Any) -> None:
                super().process_event(event)
                if self.request is not None:  # its request arrived: being served now, idle strangers give way
                    bridge.connections.speak(self, time.monotonic())

            def connection_lost(self, exc: Exception | None) -> None:
                bridge.connections.leave(self)
                bridge.phones.leave(self)
                super().connection_lost(exc)

        return Counted

    def accepted(self, connection: ServerConnection, transport: asyncio.BaseTransport) -> None:
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
        session = PhoneSession(ws, self.host_address, self.vouch_key, self.held, self.context)
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
                self._unbound.set()  # serve_forever returns once the listeners are closed
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
        preload()  # the page and its words in memory before any stranger can take the descriptors
        preload_catalogs()
        def run() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.set_exception_handler(self._loop_trouble)
            try:
                self._loop.run_until_complete(self.serve_forever())
            except BaseException as exc:  # a port in use: reported to start()
                self._failure = exc
                self._ready.set()
            finally:
                self._unbound.set()
                self._loop.close()
                self.context.destroy(linger=0)  # the phones' guests are gone with the loop: their sockets too

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
        """Close the server; its port is free when this returns (the next lobby may take the same port at once,
        however loaded the machine: the wait is for the listeners, not a fixed time). The phones' connections
        are given 5 s more to close."""
        loop, server = self._loop, self._server
        if loop is not None and server is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(server.close)
        thread = self._thread
        if thread is not None:
            end = time.monotonic() + UNBIND_LIMIT_S
            while thread.is_alive() and time.monotonic() < end and not self._unbound.wait(0.05):
                continue  # the thread may end without serving (it never bound): then nothing is awaited
            thread.join(5.0)
