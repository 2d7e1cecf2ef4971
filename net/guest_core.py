"""The guest's protocol as a pure core: what the host said in, the guest's mirror and its replies out.

`GuestCore` keeps all a guest knows (its seat, token, the lobby, the view and events of its seat, the
action it waits on) and the protocol's timers (heartbeat, silence, the retries after `busy` and
`seat_busy`), reading an injected clock. It emits effects instead of doing them: `Say` a message
(sealed by the driver), `Connect` anew (a new socket and key exchange), `HangUp`. They wait in `outbox`
until the call that caused them returns them: a message handler, a timer or a command (an action, start, again).
So tests feed it messages without a socket (tests/test_net_core.py); `net.guest.Guest`, the driver,
holds a core and performs what each call hands back, in order, with its DEALER socket and the session.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine import NotationError, from_position
from engine.game import Game
from engine.notation_types import Action, Event, Record, View
from engine.rules import SEATS, SEATS3

from .messages import AnyMessage, Error, Hello, MatchData, SeatNews, State, ToHost, Welcome
from .protocol import DEAD_AFTER_S, HEARTBEAT_S, PROTOCOL_VERSION, REFUSED, ProtocolError, refusal_fields
from .roles import WATCHER
from .seen import GuestSeen
from .version import program_version

log = logging.getLogger("battleline.guest")
ALL_SEATS = frozenset(SEATS + SEATS3)  # a two- or three-player game's seats (R46)

#: how soon a guest refused as "busy" tries its key exchange again
BUSY_RETRY_S = 0.1
#: how long a guest waits for the host's answer to its key exchange before it tries a new connection: a host
#: under a crowd of strangers' exchanges answers in turn (net.host), and a new connection only queues again
EXCHANGE_PATIENCE_S = 12.0


@dataclass(frozen=True)
class Say:
    """Send this message to the host, sealed (nothing but the key exchange goes in the clear)."""

    message: ToHost


@dataclass(frozen=True)
class Connect:
    """Open a new connection and key exchange (keyed as `password_by_token` says)."""


@dataclass(frozen=True)
class HangUp:
    """Close this connection at once (the host proved no code: say nothing more to it)."""


GuestEffect = Say | Connect | HangUp


class GuestCore:
    """One player's end of a LAN game; `view` and `events` are all it ever knows of the game."""

    def __init__(self, *, name: str, token: str | None = None, program: str | None = None, watch: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.name = name
        self.token = token
        self.program = program or program_version()
        self.seat: str | None = None
        self.watch = watch  # a watcher: no seat, public information only
        self.welcomed = False  # the host let us in (a watcher has no seat to show it)
        self.table = False  # the host is a table: both seats are guests, and the table starts the game
        self.players: dict[str, str] = {}
        self.rules: dict[str, object] = {}  # as the host's welcome said: shown, never played by
        self.view: View | None = None  # the last view that loaded (engine.position checked it)
        self.game: Game | None = None  # the view, loaded: legal actions and claim proofs
        self.events: list[Event] = []
        self.actions_done = 0
        self.record: Record | None = None
        self.refused: str | None = None  # the host's English, for logs and the command line
        self.refused_as: tuple[str, dict[str, str | int]] | None = None  # its code and fields, for players
        self.asking = False  # the code was right; the host's player is deciding whether to let us in
        self.ahead = 0  # ... after this many guests who asked before us (the host's queue)
        self.started = False
        self.number = 1  # the game's number in this sitting: a new game resets the events
        self.match: MatchData | None = None
        self.errors: list[str] = []
        self.refusals: list[tuple[str, dict[str, str | int]]] = []  # the errors that carried a refusal's code
        #: the lobby as the host last told it: seat -> {"name", "here"}; seats that asked for another game
        self.seats: dict[str, SeatNews] = {}
        self.again: list[str] = []
        self.watchers = 0
        self.pending: tuple[int, Action] | None = None
        self.reconnects = 0  # times the host welcomed us back after the first welcome
        #: a host silent this long is reconnected to (`alive()` says "silent" sooner, for the screens); a guest
        #: through a wormhole waits longer, as its tunnel carries the link across a cut (net.internet.link)
        self.reconnect_after = DEAD_AFTER_S
        self._ping_n = 0
        self.last_heard = 0.0
        self.last_ping = 0.0
        self.retry_at: float | None = None  # the seat was busy on another connection: say hello again then
        self.reconnect_at: float | None = None  # another guest from our address was joining: try again then
        self.in_session = False  # the host proved the key on this connection: messages go sealed
        self._token_stale = False  # the host holds no seat for our token: key the exchange by the code
        self.outbox: list[GuestEffect] = []
        #: the mirror as the screens read it, through the driver (net.seen): read-only by its type
        self.seen: GuestSeen = self

    # ------------------------------------------------------------------ effects
    def _emit(self, effect: GuestEffect) -> None:
        """Queue an effect for the driver (it takes them after each call into the core)."""
        self.outbox.append(effect)

    def take(self) -> list[GuestEffect]:
        """The effects emitted since the last `take`, in order."""
        out, self.outbox = self.outbox, []
        return out

    def _connect(self) -> None:
        """Ask for a new connection, and treat the link as new from now on (the driver's `connecting` does the
        same once it opens it): the rest of this call sees no session and a fresh heartbeat, as the link will."""
        self._emit(Connect())
        self._fresh_link()

    def _fresh_link(self) -> None:
        self.last_heard = self.last_ping = self.clock()
        self.in_session = False

    def _send(self, message: ToHost) -> None:
        self._emit(Say(message))

    # ------------------------------------------------------------------ the link
    def connecting(self) -> str | None:
        """A new connection begins: the token to key its exchange by, or None for the join code."""
        self._fresh_link()
        return self.token if self.token is not None and not self._token_stale else None

    def exchanged(self, proved: bool) -> list[GuestEffect]:
        """The host answered the key exchange: it proved our code (or token), or it did not."""
        if proved:
            self.in_session = True
            self._hello()
        else:
            self.refused = REFUSED["wrong_code"]  # or not the host showing it: either way, not this code
            self.refused_as = ("wrong_code", {})
            self._emit(HangUp())  # at once: the host counts the wrong guess from now, not from a later cut
        return self.take()

    def alive(self) -> bool:
        return self.clock() - self.last_heard < DEAD_AFTER_S

    def _hello(self) -> None:
        hello: Hello = {"t": "hello", "protocol": PROTOCOL_VERSION, "program": self.program, "name": self.name,
                 "token": self.token, "have": len(self.events), "number": self.number}
        if self.watch:
            hello["role"] = WATCHER
        self._send(hello)

    def tick(self) -> list[GuestEffect]:
        """The timers: a retry that is due, the heartbeat, and a host silent too long (reconnect)."""
        now = self.clock()
        if self.reconnect_at is not None and now >= self.reconnect_at:
            self.reconnect_at = None
            self._connect()
        if self.retry_at is not None and now >= self.retry_at:
            self.retry_at = None
            self._hello()
        if self.refused is None and now - self.last_ping >= HEARTBEAT_S:
            self._ping_n += 1
            self.last_ping = now
            self._send({"t": "ping", "n": self._ping_n})
        patience = self.reconnect_after if self.in_session else max(self.reconnect_after, EXCHANGE_PATIENCE_S)
        if self.refused is None and now - self.last_heard >= patience:
            log.warning("the host is silent; reconnecting")
            self._connect()
        return self.take()

    # ------------------------------------------------------------------ playing
    def my_turn(self) -> bool:
        return (self.seat is not None and self.started and self.game is not None and not self.game.over
                and self.game.to_move == self.seat and self.pending is None)

    def send_action(self, action: Action) -> list[GuestEffect]:
        """Send an action for our seat; it stays pending until a state shows it applied."""
        self.pending = (self.actions_done, action)
        self._send({"t": "action", "seq": self.actions_done, "action": action})
        return self.take()

    def start_game(self) -> list[GuestEffect]:
        """At a table: start the game from this player's screen once both players are in."""
        self._send({"t": "start"})
        return self.take()

    def ask_again(self) -> list[GuestEffect]:
        """After a game: this player wants the next one."""
        self._send({"t": "again"})
        return self.take()

    # ------------------------------------------------------------------ what the host says
    def clear(self, message: AnyMessage) -> list[GuestEffect]:
        """A message that came in the clear (not `pake`, not `sealed`): only a refusal or an error before the
        session is open, or `not_joined` (the host does not know this connection: a new one, or a restarted
        host) are heeded. Raises ProtocolError for anything else the host cannot have meant."""
        if message["t"] == "error" and message.get("code") == "not_joined":
            if not self.asking:
                self._connect()
            return self.take()
        if self.in_session and (message["t"] == "refused" or message["t"] == "error"):
            raise ProtocolError(f"a {message['t']} in the clear inside a session")
        if message["t"] == "refused" and message.get("code") == "busy":
            # another exchange from our address is pending: it ends within a round trip, so try again soon
            # (a whole heartbeat made a watcher joining beside two players miss the start of a fast game)
            self.reconnect_at = self.clock() + BUSY_RETRY_S
            return self.take()
        return self.receive(message)

    def receive(self, message: AnyMessage) -> list[GuestEffect]:
        """A message from the host (opened, or a refusal in the clear): the mirror follows it."""
        self._handle(message)
        return self.take()

    def _handle(self, message: AnyMessage) -> None:
        if message["t"] == "welcome":
            self._welcome(message)
        elif message["t"] == "game":
            self.number = message["number"]
            self.match = message["match"]
            self.events, self.record, self.pending, self.game, self.view = [], None, None, None, None
            self.again = []
        elif message["t"] == "refused":
            if message.get("code") == "unknown_token" and self.token is not None and not self._token_stale:
                self._token_stale = True  # a new game: join it with the code, showing the old token
                self._connect()
                return
            self.refused = str(message["reason"])
            code = message.get("code")
            self.refused_as = (code, refusal_fields(message.get("fields"))) if isinstance(code, str) else None
            self.asking = False
        elif message["t"] == "asking":
            self.asking = True
            self.ahead = int(message.get("ahead", 0))
        elif message["t"] == "state":
            self._state(message)
        elif message["t"] == "record":
            self.record = message["record"]
            self.match = message.get("match", self.match)
        elif message["t"] == "error":
            self._error(message)
        elif message["t"] == "seats":
            self.seats = {str(k): v.copy() for k, v in message["seats"].items() if isinstance(v, dict)}
            self.again = [str(s) for s in message["again"]]
            self.watchers = int(message["watchers"])

    def _welcome(self, message: Welcome) -> None:
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

    def _error(self, message: Error) -> None:
        self.errors.append(str(message["reason"]))
        code = message.get("refusal")
        if isinstance(code, str):
            self.refusals.append((code, refusal_fields(message.get("fields"))))
        if message.get("code") == "seat_busy":  # our old connection is still seen: try again shortly
            self.retry_at = self.clock() + HEARTBEAT_S
            return
        if message.get("code") == "not_joined" and not self.asking:  # the host forgot us: hello again
            self._hello()
            return
        if self.pending is not None and message.get("seq") == self.pending[0]:
            self.pending = None  # refused: the player chooses again

    def _state(self, message: State) -> None:
        start = message["from"]
        if start > len(self.events):
            log.warning("missed events %d..%d; asking again", len(self.events), start)
            self._connect()
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
