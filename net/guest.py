"""The guest: a ZeroMQ DEALER that sends its player's actions and mirrors its seat's view.

It keeps the link alive with pings, declares the host gone after DEAD_AFTER_S of silence, and
reconnects with its session token, asking only for the events it has not seen. An action is resent
after a reconnect unless the host's state shows it applied, so it applies exactly once. A watcher
(`watch=True`) is the same link with no seat: it is sent only what is public and never acts.
"""

from __future__ import annotations

import atexit
import logging
import time
from typing import Any

import zmq

from engine import NotationError, from_position
from engine.game import Event, Game

from .protocol import DEAD_AFTER_S, HEARTBEAT_S, MAX_FRAME, PROTOCOL_VERSION, ProtocolError, pack, unpack
from .roles import WATCHER
from .version import program_version

log = logging.getLogger("battleline.guest")


class Guest:
    """One player's end of a LAN game; `view` and `events` are all it ever knows of the game."""

    def __init__(self, address: str, *, code: str, name: str, token: str | None = None,
                 program: str | None = None, watch: bool = False) -> None:
        self.address = address if address.startswith("tcp://") else f"tcp://{address}"
        self.code = code
        self.name = name
        self.token = token
        self.program = program or program_version()
        self.seat: str | None = None
        self.watch = watch  # a watcher: no seat, public information only
        self.welcomed = False  # the host let us in (a watcher has no seat to show it)
        self.table = False  # the host is a table: both seats are guests, and the table starts the game
        self.players: dict[str, str] = {}
        self.rules: dict[str, Any] = {}
        self.view: dict[str, Any] | None = None
        self.game: Game | None = None  # the view, loaded: legal actions and claim proofs
        self.events: list[Event] = []
        self.actions_done = 0
        self.record: dict[str, Any] | None = None
        self.refused: str | None = None
        self.asking = False  # the code was right; the host's player is deciding whether to let us in
        self.started = False
        self.number = 1  # the game's number in this sitting: a new game resets the events
        self.match: dict[str, Any] | None = None
        self.errors: list[str] = []
        #: the lobby as the host last told it: seat -> {"name", "here"}; seats that asked for another game
        self.seats: dict[str, dict[str, Any]] = {}
        self.again: list[str] = []
        self.watchers = 0
        self.pending: tuple[int, dict[str, Any]] | None = None
        self.received: list[dict[str, Any]] = []  # every message, for the leak test
        self.keep_received = False
        self.reconnects = 0
        self.context = zmq.Context()
        atexit.register(self.close)
        self.socket: zmq.Socket[bytes] | None = None
        self._ping_n = 0
        self.last_heard = 0.0
        self.last_ping = 0.0

    # ------------------------------------------------------------------ link
    def connect(self) -> None:
        if self.socket is not None:
            self.socket.close(0)
        self.socket = self.context.socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        self.socket.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME)
        self.socket.connect(self.address)
        now = time.monotonic()
        self.last_heard = now
        self.last_ping = now
        self._hello()

    def _hello(self) -> None:
        hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "program": self.program, "name": self.name,
                 "code": self.code, "token": self.token, "have": len(self.events), "number": self.number}
        if self.watch:
            hello["role"] = WATCHER
        self._send(hello)

    def close(self) -> None:
        """Idempotent; also run at exit, since an open ZeroMQ socket would hang the interpreter's exit."""
        atexit.unregister(self.close)
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
                message = unpack(frame)
            except ProtocolError as exc:
                log.warning("ignored a bad message from the host: %s", exc)
                continue
            if self.keep_received:
                self.received.append(message)
            self._handle(message)
        now = time.monotonic()
        if self.refused is None and now - self.last_ping >= HEARTBEAT_S:
            self._ping_n += 1
            self.last_ping = now
            self._send({"t": "ping", "n": self._ping_n})
        if self.refused is None and not self.alive():
            log.warning("the host is silent; reconnecting")
            self.reconnects += 1
            self.connect()
        return handled

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "welcome":
            self.asking = False
            self.welcomed = True
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
            self.refused = str(message["reason"])
            self.asking = False
        elif kind == "asking":
            self.asking = True
        elif kind == "state":
            self._state(message)
        elif kind == "record":
            self.record = message["record"]
            self.match = message.get("match", self.match)
        elif kind == "error":
            self.errors.append(str(message["reason"]))
            if message.get("code") == "not_joined" and not self.asking:  # e.g. a restarted host: hello again
                self.reconnects += 1
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
            self.players = {str(k): str(v)[:40] for k, v in message["players"].items() if k in ("north", "south")}
        self.started = bool(message.get("started", True))
        if self.pending is not None:
            seq, action = self.pending
            if self.actions_done > seq:
                self.pending = None  # applied
            elif self.game.to_move == self.seat and self.actions_done == seq:
                self._send({"t": "action", "seq": seq, "action": action})  # resend after a reconnect
