"""The guest: a ZeroMQ DEALER that sends its player's actions and mirrors its seat's view.

It keeps the link alive with pings, declares the host gone after DEAD_AFTER_S of silence, and
reconnects with its session token, asking only for the events it has not seen. Each connection
begins with the key exchange (net.session: SPAKE2 keyed by the join code, or by the session token
when it has one), and every message after it is sealed; a host that cannot prove the code is left
at once. An action is resent
after a reconnect unless the host's state shows it applied, so it applies exactly once. A watcher
(`watch=True`) is the same link with no seat: it is sent only what is public and never acts.

What the guest decides is its pure core's (net.guest_core); `Guest` is the driver that holds one: the
DEALER socket, the key exchange and the sealed session, and the window's wake (net.wake). It hands the
core each message and performs the effects the call returns. The screens read the guest's mirror as
`seen` (net.seen's `GuestSeen`: the core's, read-only) and change it only by its commands.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, cast

import zmq

from engine.notation_types import Action

from .guest_core import Connect, GuestCore, GuestEffect, HangUp, Say
from .messages import AnyMessage, Pake, Sealed, ToHost
from .protocol import MAX_FRAME, PROTOCOL_VERSION, ProtocolError, pack, unpack
from .seen import GuestSeen
from .session import GuestExchange, Sealer, by_code, by_token, token_ref, vouch

log = logging.getLogger("battleline.guest")
NO_SOCKET_RETRY_S = 1.0  # a connection that could not open (no file descriptor left) is tried again after this


class Guest:
    """One player's end of a LAN game over the network: a core, driven by a DEALER socket."""

    def __init__(self, address: str, *, code: str, name: str, token: str | None = None,
                 program: str | None = None, watch: bool = False, via: tuple[str, bytes] | None = None,
                 clock: Callable[[], float] = time.monotonic, context: zmq.Context[Any] | None = None) -> None:
        self.core = GuestCore(name=name, token=token, program=program, watch=watch, clock=clock)
        #: what the screens read: the core's mirror, typed read-only (net.seen); they change it only by commands
        self.seen: GuestSeen = self.core.seen
        self.clock = clock
        self.address = address if address.startswith("tcp://") else f"tcp://{address}"
        self.code = code
        self.via = via  # a phone bridge's guest: the phone's own address and the host's key to vouch for it
        #: a context of its own (its threads, and their descriptors), unless one is shared: the phone bridge's
        #: guests share the bridge's, as a new context needs descriptors that a flood may have taken (ZeroMQ then
        #: aborts the whole process: issue 56, a host at a 256-file limit died under the combined attack)
        self._own_context = context is None
        self._closed = False
        self.context = context if context is not None else zmq.Context()
        atexit.register(self.close)
        self.socket: zmq.Socket[bytes] | None = None
        self.sealer: Sealer | None = None  # this connection's session, once the host proved the key
        self._exchange: GuestExchange | None = None
        self._wake_post: Callable[[], None] | None = None  # a window's wake, renewed with each socket
        self.waker: Any = None  # net.wake.Waker on the current socket's descriptor, when a window asked
        #: while `keep_received`: every message the host sent but the key exchange's, opened, as plain maps
        #: (net.cli's --dump, the leak tests); the driver sees the wire, so it keeps them, not the core
        self.received: list[dict[str, Any]] = []
        self.keep_received = False

    # ------------------------------------------------------------------ the effects, performed
    def _perform(self, effects: list[GuestEffect]) -> None:
        """Do what the core decided, in the order it decided it."""
        for effect in effects:
            self._do(effect)

    def _do(self, effect: GuestEffect) -> None:
        if isinstance(effect, Say):
            self.say(effect.message)
        elif isinstance(effect, Connect):
            self.connect()
        elif isinstance(effect, HangUp):
            self._hang_up()

    #: where this game was noted before, if elsewhere (a restarted host's new wormhole code): moved once seated
    kept_before: str | None = None

    def kept_at(self) -> str:
        """Where the joined game is noted for Continue (game.keep.lan_store): the host's address."""
        return self.address.removeprefix("tcp://")

    # ------------------------------------------------------------------ link
    def connect(self) -> None:
        self._stop_waker()  # before the socket closes: its descriptor may be reused
        if self.socket is not None:
            self.socket.close(0)
            self.socket = None
        if self._closed:
            return
        try:
            self.socket = self.context.socket(zmq.DEALER)
        except zmq.ZMQError as exc:  # no descriptor left for it (a flood at a low file limit): again in a moment
            log.warning("cannot open a connection to the host: %s; trying again in %g s", exc, NO_SOCKET_RETRY_S)
            self.core.reconnect_at = self.clock() + NO_SOCKET_RETRY_S
            return
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME)
        self.socket.connect(self.address)
        self._start_waker()
        self.sealer = None
        token = self.core.connecting()
        self._exchange = GuestExchange(by_token(token) if token is not None else by_code(self.code))
        pake: Pake = {"t": "pake", "protocol": PROTOCOL_VERSION, "program": self.core.program,
                      "msg": self._exchange.message,
                "ref": token_ref(token) if token is not None else None}
        if self.via is not None:  # the host decides for this phone, not for the bridge it comes through
            pake.update({"for": self.via[0], "vouch": vouch(self.via[1], self.via[0], self._exchange.message)})
        self._send_plain(pake)

    def wake_with(self, post: Callable[[], None]) -> None:
        """Call `post` from a thread as soon as the host's message may wait here, so a window asleep on its
        event queue polls at once (net.wake); kept across reconnects (each new socket is watched)."""
        self._wake_post = post
        self._stop_waker()
        self._start_waker()

    def _start_waker(self) -> None:
        if self._wake_post is None or self.socket is None:
            return
        from .wake import Waker

        self.waker = Waker([cast(int, self.socket.getsockopt(zmq.FD))], self._wake_post, name="guest-wake")

    def _stop_waker(self) -> None:
        if self.waker is not None:
            self.waker.close()
            self.waker = None

    def _hang_up(self) -> None:
        """Close this connection (the socket stays, idle, until the next `connect`)."""
        if self.socket is not None:
            with contextlib.suppress(zmq.ZMQError):
                self.socket.disconnect(self.address)

    def close(self) -> None:
        """Idempotent; also run at exit, since an open ZeroMQ socket would hang the interpreter's exit."""
        atexit.unregister(self.close)
        self._closed = True
        self._stop_waker()
        if self.socket is not None:
            try:
                self.say({"t": "bye"})
            finally:
                self.socket.close(0)
                self.socket = None
        if self._own_context and not self.context.closed:
            self.context.term()

    def say(self, message: ToHost) -> None:
        """Send `message` to the host, sealed (dropped before the session is open: only `pake` goes in the clear)."""
        if self.sealer is not None:  # nothing is ever sent to the host in the clear but `pake`
            self._send_plain(self.sealer.seal(pack(message)))

    def _send_plain(self, message: Pake | Sealed) -> None:
        if self.socket is None or self.socket.closed:  # closed with a shared context (the phone bridge's)
            return
        try:
            self.socket.send(pack(message), zmq.NOBLOCK)
        except zmq.Again:
            log.info("send queue full; dropped %s", message["t"])

    # ------------------------------------------------------------------ receiving
    def poll(self, timeout_ms: int = 0) -> int:
        """Handle waiting messages, keep the heartbeat, reconnect a dead link. Returns messages handled."""
        handled = 0
        if self.socket is None or self.socket.closed:  # closed (a table stopping while a phone's pump turns);
            if not self._closed and self.core.reconnect_at is not None:  # or a connection that could not open yet
                self._perform(self.core.tick())
            return 0
        while self.socket.poll(timeout_ms if handled == 0 else 0):
            try:
                frame = self.socket.recv(zmq.NOBLOCK)
            except zmq.Again:
                break
            handled += 1
            self.core.last_heard = self.clock()
            try:
                self._take(unpack(frame))
            except ProtocolError as exc:
                log.warning("ignored a bad message from the host: %s", exc)
        self._perform(self.core.tick())
        if self.waker is not None and self.socket is not None:
            self.waker.settled([self.socket])
        return handled

    def _take(self, message: AnyMessage) -> None:
        """Open a sealed message for the core; the key exchange's answer is checked here (the crypto)."""
        if message["t"] == "sealed":
            if self.sealer is None:
                raise ProtocolError("a sealed message before the key exchange")
            self._receive(unpack(self.sealer.open(message)))
        elif message["t"] == "pake":
            if self._exchange is None or "proof" not in message:
                raise ProtocolError("an unexpected key exchange message")
            self.sealer = self._exchange.finish(message["msg"], message["proof"])
            self._exchange = None
            self._perform(self.core.exchanged(self.sealer is not None))
        else:
            self._keep(message)
            self._perform(self.core.clear(message))

    def _receive(self, message: AnyMessage) -> None:
        self._keep(message)
        self._perform(self.core.receive(message))

    def _keep(self, message: AnyMessage) -> None:
        if self.keep_received:
            self.received.append(cast("dict[str, Any]", message))

    # ------------------------------------------------------------------ the player's commands: the core's, performed
    def send_action(self, action: Action) -> None:
        """Send an action for our seat; it stays pending until a state shows it applied."""
        self._perform(self.core.send_action(action))

    def start_game(self) -> None:
        """At a table: start the game from this player's screen once both players are in."""
        self._perform(self.core.start_game())

    def ask_again(self) -> None:
        """After a game: this player wants the next one."""
        self._perform(self.core.ask_again())
