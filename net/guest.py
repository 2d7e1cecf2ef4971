"""The guest: a ZeroMQ DEALER that sends its player's actions and mirrors its seat's view.

It keeps the link alive with pings, declares the host gone after DEAD_AFTER_S of silence, and
reconnects with its session token, asking only for the events it has not seen. Each connection
begins with the key exchange (net.session: SPAKE2 keyed by the join code, or by the session token
when it has one), and every message after it is sealed; a host that cannot prove the code is left
at once. An action is resent
after a reconnect unless the host's state shows it applied, so it applies exactly once. A watcher
(`watch=True`) is the same link with no seat: it is sent only what is public and never acts.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, cast

import zmq

from engine import NotationError, from_position
from engine.game import Event, Game
from engine.rules import SEATS, SEATS3

from .protocol import (
    DEAD_AFTER_S,
    HEARTBEAT_S,
    MAX_FRAME,
    PROTOCOL_VERSION,
    REFUSED,
    ProtocolError,
    pack,
    refusal_fields,
    unpack,
)
from .roles import WATCHER
from .session import GuestExchange, Sealer, by_code, by_token, token_ref, vouch
from .version import program_version

log = logging.getLogger("battleline.guest")
ALL_SEATS = frozenset(SEATS + SEATS3)  # a two- or three-player game's seats (R46)


#: how soon a guest refused as "busy" tries its key exchange again
BUSY_RETRY_S = 0.1


class Guest:
    """One player's end of a LAN game; `view` and `events` are all it ever knows of the game."""

    def __init__(self, address: str, *, code: str, name: str, token: str | None = None,
                 program: str | None = None, watch: bool = False, via: tuple[str, bytes] | None = None) -> None:
        self.address = address if address.startswith("tcp://") else f"tcp://{address}"
        self.code = code
        self.name = name
        self.token = token
        self.program = program or program_version()
        self.seat: str | None = None
        self.watch = watch  # a watcher: no seat, public information only
        self.via = via  # a phone bridge's guest: the phone's own address and the host's key to vouch for it
        self.welcomed = False  # the host let us in (a watcher has no seat to show it)
        self.table = False  # the host is a table: both seats are guests, and the table starts the game
        self.players: dict[str, str] = {}
        self.rules: dict[str, Any] = {}
        self.view: dict[str, Any] | None = None
        self.game: Game | None = None  # the view, loaded: legal actions and claim proofs
        self.events: list[Event] = []
        self.actions_done = 0
        self.record: dict[str, Any] | None = None
        self.refused: str | None = None  # the host's English, for logs and the command line
        self.refused_as: tuple[str, dict[str, str | int]] | None = None  # its code and fields, for players
        self.asking = False  # the code was right; the host's player is deciding whether to let us in
        self.ahead = 0  # ... after this many guests who asked before us (the host's queue)
        self.started = False
        self.number = 1  # the game's number in this sitting: a new game resets the events
        self.match: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.refusals: list[tuple[str, dict[str, str | int]]] = []  # the errors that carried a refusal's code
        #: the lobby as the host last told it: seat -> {"name", "here"}; seats that asked for another game
        self.seats: dict[str, dict[str, Any]] = {}
        self.again: list[str] = []
        self.watchers = 0
        self.pending: tuple[int, dict[str, Any]] | None = None
        self.received: list[dict[str, Any]] = []  # every message, for the leak test
        self.keep_received = False
        self.reconnects = 0  # times the host welcomed us back after the first welcome
        self.context = zmq.Context()
        atexit.register(self.close)
        self.socket: zmq.Socket[bytes] | None = None
        self._ping_n = 0
        self.last_heard = 0.0
        self.last_ping = 0.0
        self.retry_at: float | None = None  # the seat was busy on another connection: say hello again then
        self.reconnect_at: float | None = None  # another guest from our address was joining: try again then
        self.sealer: Sealer | None = None  # this connection's session, once the host proved the key
        self._exchange: GuestExchange | None = None
        self._token_stale = False  # the host holds no seat for our token: key the exchange by the code
        self._wake_post: Callable[[], None] | None = None  # a window's wake, renewed with each socket
        self.waker: Any = None  # net.wake.Waker on the current socket's descriptor, when a window asked

    # ------------------------------------------------------------------ link
    def connect(self) -> None:
        self._stop_waker()  # before the socket closes: its descriptor may be reused
        if self.socket is not None:
            self.socket.close(0)
        self.socket = self.context.socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME)
        self.socket.connect(self.address)
        self._start_waker()
        now = time.monotonic()
        self.last_heard = now
        self.last_ping = now
        self.sealer = None
        by_our_token = self.token is not None and not self._token_stale
        self._exchange = GuestExchange(by_token(self.token) if self.token is not None and by_our_token
                                       else by_code(self.code))
        pake = {"t": "pake", "protocol": PROTOCOL_VERSION, "program": self.program, "msg": self._exchange.message,
                "ref": token_ref(self.token) if self.token is not None and by_our_token else None}
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

    def _hello(self) -> None:
        hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "program": self.program, "name": self.name,
                 "token": self.token, "have": len(self.events), "number": self.number}
        if self.watch:
            hello["role"] = WATCHER
        self._send(hello)

    def close(self) -> None:
        """Idempotent; also run at exit, since an open ZeroMQ socket would hang the interpreter's exit."""
        atexit.unregister(self.close)
        self._stop_waker()
        if self.socket is not None:
            try:
                self._send({"t": "bye"})
            finally:
                self.socket.close(0)
                self.socket = None
        if not self.context.closed:
            self.context.term()

    def alive(self) -> bool:
        return time.monotonic() - self.last_heard < DEAD_AFTER_S

    def _send(self, message: dict[str, Any]) -> None:
        """Sealed, once the session is open; nothing is ever sent to the host in the clear but `pake`."""
        if self.sealer is not None:
            self._send_plain(self.sealer.seal(pack(message)))

    def _send_plain(self, message: dict[str, Any]) -> None:
        if self.socket is None:
            return
        try:
            self.socket.send(pack(message), zmq.NOBLOCK)
        except zmq.Again:
            log.info("send queue full; dropped %s", message["t"])

    # ------------------------------------------------------------------ playing
    def my_turn(self) -> bool:
        return (self.seat is not None and self.started and self.game is not None and not self.game.over
                and self.game.to_move == self.seat and self.pending is None)

    def send_action(self, action: dict[str, Any]) -> None:
        """Send an action for our seat; it stays pending until a state shows it applied."""
        self.pending = (self.actions_done, action)
        self._send({"t": "action", "seq": self.actions_done, "action": action})

    def start_game(self) -> None:
        """At a table: start the game from this player's screen once both players are in."""
        self._send({"t": "start"})

    def ask_again(self) -> None:
        """After a game: this player wants the next one."""
        self._send({"t": "again"})

    def poll(self, timeout_ms: int = 0) -> int:
        """Handle waiting messages, keep the heartbeat, reconnect a dead link. Returns messages handled."""
        handled = 0
        assert self.socket is not None, "connect() first"
        while self.socket.poll(timeout_ms if handled == 0 else 0):
            try:
                frame = self.socket.recv(zmq.NOBLOCK)
            except zmq.Again:
                break
            handled += 1
            self.last_heard = time.monotonic()
            try:
                message = self._open(unpack(frame))
            except ProtocolError as exc:
                log.warning("ignored a bad message from the host: %s", exc)
                continue
            if message is None:
                continue
            if self.keep_received:
                self.received.append(message)
            self._handle(message)
        now = time.monotonic()
        if self.reconnect_at is not None and now >= self.reconnect_at:
            self.reconnect_at = None
            self.connect()
        if self.retry_at is not None and now >= self.retry_at:
            self.retry_at = None
            self._hello()
        if self.refused is None and now - self.last_ping >= HEARTBEAT_S:
            self._ping_n += 1
            self.last_ping = now
            self._send({"t": "ping", "n": self._ping_n})
        if self.refused is None and not self.alive():
            log.warning("the host is silent; reconnecting")
            self.connect()
        if self.waker is not None and self.socket is not None:
            self.waker.settled([self.socket])
        return handled

    def _open(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The message inside a sealed one; the key exchange's answer is taken here. In the clear
        only `pake`, a refusal or an error before the session is open, or `not_joined` (our
        connection is not known to the host: a new one, or a restarted host) are heeded."""
        kind = message["t"]
        if kind == "sealed":
            if self.sealer is None:
                raise ProtocolError("a sealed message before the key exchange")
            return unpack(self.sealer.open(message))
        if kind == "pake":
            if self._exchange is None or "proof" not in message:
                raise ProtocolError("an unexpected key exchange message")
            self.sealer = self._exchange.finish(message["msg"], message["proof"])
            self._exchange = None
            if self.sealer is None:
                self.refused = REFUSED["wrong_code"]  # or not the host showing it: either way, not this code
                self.refused_as = ("wrong_code", {})
                self._hang_up()  # at once: the host counts the wrong guess from now, not from a later cut
            else:
                self._hello()
            return None
        if kind == "error" and message.get("code") == "not_joined":
            if not self.asking:
                self.connect()
            return None
        if self.sealer is not None and kind in ("refused", "error"):
            raise ProtocolError(f"a {kind} in the clear inside a session")
        if kind == "refused" and message.get("code") == "busy":
            # another exchange from our address is pending: it ends within a round trip, so try again soon
            # (a whole heartbeat made a watcher joining beside two players miss the start of a fast game)
            self.reconnect_at = time.monotonic() + BUSY_RETRY_S
            return None
        return message

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "welcome":
            if self.welcomed:  # a rejoin, however the link was lost (counted once, when it is back)
                self.reconnects += 1
            self.asking = False
            self.welcomed = True
            self._token_stale = False
            self.table = bool(message.get("table", False))
            self.seat = None if message["seat"] is None else str(message["seat"])
            self.token = str(message["token"])
            self.players = dict(message["players"])
            self.rules = dict(message["rules"])
            self.match = message.get("match")
            if message.get("number", self.number) != self.number:  # rejoining a later game of the sitting
                self.number = message.get("number", self.number)
                self.events, self.record, self.pending = [], None, None
        elif kind == "game":
            self.number = message["number"]
            self.match = message["match"]
            self.events, self.record, self.pending, self.game, self.view = [], None, None, None, None
            self.again = []
        elif kind == "refused":
            if message.get("code") == "unknown_token" and self.token is not None and not self._token_stale:
                self._token_stale = True  # a new game: join it with the code, showing the old token
                self.connect()
                return
            self.refused = str(message["reason"])
            code = message.get("code")
            self.refused_as = (code, refusal_fields(message.get("fields"))) if isinstance(code, str) else None
            self.asking = False
        elif kind == "asking":
            self.asking = True
            self.ahead = int(message.get("ahead", 0))
        elif kind == "state":
            self._state(message)
        elif kind == "record":
            self.record = message["record"]
            self.match = message.get("match", self.match)
        elif kind == "error":
            self.errors.append(str(message["reason"]))
            code = message.get("refusal")
            if isinstance(code, str):
                self.refusals.append((code, refusal_fields(message.get("fields"))))
            if message.get("code") == "seat_busy":  # our old connection is still seen: try again shortly
                self.retry_at = time.monotonic() + HEARTBEAT_S
                return
            if message.get("code") == "not_joined" and not self.asking:  # the host forgot us: hello again
                self._hello()
                return
            if self.pending is not None and message.get("seq") == self.pending[0]:
                self.pending = None  # refused: the player chooses again
        elif kind == "seats":
            self.seats = {str(k): dict(v) for k, v in message["seats"].items() if isinstance(v, dict)}
            self.again = [str(s) for s in message["again"]]
            self.watchers = int(message["watchers"])
        elif kind == "pong":
            pass

    def _state(self, message: dict[str, Any]) -> None:
        start = message["from"]
        if start > len(self.events):
            log.warning("missed events %d..%d; asking again", len(self.events), start)
            self.connect()
            return
        self.events[start:] = list(message["events"])
        try:
            self.game = from_position(message["view"])
        except NotationError as exc:
            log.warning("the host sent a bad view: %s", exc)
            return
        self.view = message["view"]
        self.actions_done = message["actions"]
        if isinstance(message.get("players"), dict):
            self.players = {str(k): str(v)[:40] for k, v in message["players"].items() if k in ALL_SEATS}
        self.started = bool(message.get("started", True))
        if self.pending is not None:
            seq, action = self.pending
            if self.actions_done > seq:
                self.pending = None  # applied
            elif self.game.to_move == self.seat and self.actions_done == seq:
                self._send({"t": "action", "seq": seq, "action": action})  # resend after a reconnect
