"""What the host's pure core is made of: the effects it emits, the state it keeps, how it replies.

`HostState` holds everything a LAN host knows (its `Sitting`, the remote seats, the admission policy,
the watchers, each connection's session as far as the protocol cares) and words every reply as an
effect (`Send`, `Admit`, `Save`, `Exchange`) queued in its outbox rather than doing it: no socket, no
crypto, no file and no clock of its own (one is injected). It is held, not inherited: the core's parts
(`net.host_join.Joining`, `net.host_relay.Relay`) each hold the one state, and `net.host_core.HostCore`
holds them all; `net.host.Host`, the driver, holds the core and performs the effects it hands back.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import IllegalAction, redact_all, to_record
from engine.game import Event, Game
from engine.match import Match

from . import lan_save
from .admission import Admission
from .messages import Error, Hello, Pake, Refused, Seats, ToGuest, Welcome
from .protocol import ERROR_CODES, FIRST_CODED, PROTOCOL_VERSION, REFUSED
from .seats import RemoteSeat, remote_seats
from .session import Sealer
from .sitting import Sitting
from .version import program_version
from .watchers import Watchers

log = logging.getLogger("battleline.host")


@dataclass(frozen=True)
class Send:
    """A message for the connection `identity` names: sealed with `key` once its session is proved,
    else in the clear. `conn` set: meant for that seated connection only (dropped if it closed)."""

    identity: bytes
    message: ToGuest | Pake
    sealed: bool = False
    key: Sealer | None = None
    conn: int | None = None


@dataclass(frozen=True)
class Admit:
    """The connection was let in (seated, watching, or being asked about): the door keeps it open."""

    conn: int


@dataclass(frozen=True)
class Save:
    """The game changed: save it (the driver knows where, and says so if it cannot)."""


@dataclass(frozen=True)
class Exchange:
    """Run the host's side of the key exchange (crypto: the driver's) and hand the result to `keyed`."""

    identity: bytes
    conn: int
    address: str
    token: str | None
    password: bytes
    theirs: bytes


Effect = Send | Admit | Save | Exchange


@dataclass
class Session:
    """One connection's key exchange, as the protocol sees it (its sealer is only carried, for the driver)."""

    conn: int
    address: str
    key: Sealer | None  # the driver's sealer for this session; the core never opens it
    token: str | None  # the exchange was keyed by this session token; None: by the join code
    pending: bool = True  # the guest has not yet proved the key (its first sealed message opens)


class HostState:
    """The host's state and its replies as effects, shared by the core's parts (`net.host_core.HostCore`)."""

    def __init__(self, *, sitting: Sitting, host_seat: str | None = "south", code: str, accept_any: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.sitting = sitting
        self.host_seat = host_seat  # None: a table host, every seat is played from other computers
        #: the seats played from other computers, in the order newcomers take them
        self.remotes = {s: RemoteSeat(s) for s in remote_seats(sitting.game, host_seat)}
        self.guest_seat = next(iter(self.remotes))  # an ordinary two-player host's one guest
        self.admission = Admission(code, accept_any=accept_any, clock=clock)
        self.watchers = Watchers(self.send, clock=clock)
        self.errors_sent = 0
        self._logged_at, self._unlogged = -math.inf, 0
        self.bot_seats: set[str] = set()  # remote seats the host let a bot take, their guests being lost
        self.started = False  # the host starts the game from the lobby, once the guest has seen the rules
        self.sessions: dict[bytes, Session] = {}  # by routing id; each bound to its connection
        self.seats_said: Seats | None = None  # the last "seats" news sent, so a change is told once
        self.outbox: list[Effect] = []

    # ------------------------------------------------------------------ effects
    def emit(self, effect: Effect) -> None:
        """Queue an effect for the driver (it takes them after each call into the core)."""
        self.outbox.append(effect)

    def take(self) -> list[Effect]:
        """The effects emitted since the last `take`, in order."""
        out, self.outbox = self.outbox, []
        return out

    def save(self) -> None:
        self.emit(Save())

    # ------------------------------------------------------------------ the sitting, as the screens read it
    @property
    def code(self) -> str:
        """The join code; the admission policy draws a fresh one after too many wrong guesses."""
        return self.admission.code

    @property
    def game(self) -> Game:
        return self.sitting.game

    @property
    def events(self) -> list[Event]:
        return self.sitting.events

    @property
    def match(self) -> Match | None:
        return self.sitting.match

    @property
    def number(self) -> int:
        return self.sitting.number

    @property
    def again(self) -> set[str]:
        """Remote seats that asked for the next game after this one ended."""
        return self.sitting.again

    @property
    def table(self) -> bool:
        """A table host: no hand here, every seat is a guest's."""
        return self.host_seat is None

    @property
    def join_request(self) -> str | None:
        """The name of a guest waiting for the host's player to accept or refuse it."""
        request = self.admission.request
        return request.name if request is not None else None

    def lost_seats(self) -> list[str]:
        """Seats whose player joined and then went silent: the screen waits for them."""
        now = self.clock()
        return [s for s, r in self.remotes.items() if r.token is not None and not r.alive(now)]

    def shown_tokens(self) -> set[str]:
        """The tokens the guests seated in this lobby, and the one asking, showed when they said hello
        (tokens of games kept from before): what a kept game is matched by (net.host_seating's `continue_saved`)."""
        shown = {r.shown for r in self.remotes.values() if r.identity is not None and r.shown}
        request = self.admission.request
        if request is not None and request.shown:
            shown.add(request.shown)
        return shown

    def seats_news(self) -> Seats:
        """Who holds each remote seat and is connected now, who asked for another game, how many watch."""
        now = self.clock()
        return {"t": "seats", "seats": {s: {"name": r.name, "here": r.alive(now)} for s, r in self.remotes.items()},
                "again": sorted(self.again), "watchers": self.watchers.count()}

    # ------------------------------------------------------------------ who is sent what
    def send_state(self, start: int) -> None:
        """New events to every guest (each seeing its own seat) and to every watcher (public only)."""
        for remote in self.remotes.values():
            self.send_state_to(remote, start)
        self.watchers.prune()
        self.watchers.state(self.game, self.events, start, self.started)

    def send_state_to(self, remote: RemoteSeat, start: int) -> None:
        self.send_remote(remote, {
            "t": "state", "from": start, "events": redact_all(self.events[start:], remote.seat),
            "view": self.game.view(remote.seat), "actions": len(self.game.actions), "started": self.started,
            "players": dict(self.game.players),  # a table's second player may join after the first
        })

    def welcome(self, seat: str | None, role: str, token: str | None) -> Welcome:
        """The welcome a player (`seat`) or a watcher (None) is let in with: the game, its rules and the match."""
        return {"t": "welcome", "seat": seat, "role": role, "token": token, "players": dict(self.game.players),
                "rules": self.game.rules.to_dict(), "program": program_version(),
                "match": self.sitting.match_data(), "number": self.number, "table": self.table}

    def have(self, message: Hello | None) -> int:
        """Where a guest's events resume: what it `have` of this very game, else from the start."""
        if message is None:
            return 0
        have = message.get("have", 0) if message.get("number", self.number) == self.number else 0
        return min(max(have, 0), len(self.events))

    def send_record(self, identity: bytes) -> None:
        """The record, to a guest or watcher let in after the game ended."""
        if self.game.over:
            self.send(identity, {"t": "record", "record": to_record(self.game), "match": self.sitting.match_data()})

    def send(self, identity: bytes, message: ToGuest | Pake, conn: int | None = None) -> None:
        """Sealed once the guest proved the session key; before that only the exchange and refusals."""
        session = self.sessions.get(identity)
        if session is not None and not session.pending:
            self.emit(Send(identity, message, True, session.key, conn))
        elif message["t"] in ("pake", "refused", "error"):
            self.emit(Send(identity, message, conn=conn))
        else:
            log.error("not sent in the clear: %s", message["t"])

    def send_remote(self, remote: RemoteSeat, message: ToGuest) -> None:
        """To a seated guest's connection only: never to whoever holds its routing id next."""
        if remote.identity is not None:
            self.send(remote.identity, message, remote.conn)

    def error(self, identity: bytes, reason: str, seq: int | None = None, code: str = "bad_message",
               why: IllegalAction | None = None) -> None:
        """An error reply; `why` (a refusal) travels as its code and fields, its English as the reason."""
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        if why is not None:
            reason = str(why)
        message: Error = {"t": "error", "seq": seq, "code": code, "reason": reason[:180]}
        if why is not None:
            message["refusal"], message["fields"] = why.code, dict(why.fields)
        reason = message["reason"]
        if code == "not_joined":  # the usual way a guest whose link came back learns to redo its key exchange:
            log.debug("told a guest to redo its key exchange: %s", reason)  # part of an ordinary game, no warning
        else:
            self.log("refused a message: %s", reason)
        self.errors_sent += 1
        self.send(identity, message)

    def refuse(self, identity: bytes, code: str, peer_protocol: Any = PROTOCOL_VERSION, **fields: str | int) -> None:
        """Turn a guest away: the code and fields from REFUSED, the English as the reason. A guest older
        than protocol 4 reads the reason alone (its schema knows no other field)."""
        reason = REFUSED[code].format(**fields)[:180]
        self.log("refused a guest: %s", reason)
        message: Refused = {"t": "refused", "reason": reason}
        if not isinstance(peer_protocol, int) or peer_protocol >= FIRST_CODED:
            message["code"], message["fields"] = code, fields
        self.send(identity, message)

    def log(self, text: str, reason: str) -> None:
        """At most one line a second: a flood must not turn into a flood of log lines (nor cost
        the host half its time, as formatting them did)."""
        now = self.clock()
        if now - self._logged_at >= 1.0:
            more = f" (and {self._unlogged} more since the last line)" if self._unlogged else ""
            log.warning(text + "%s", reason, more)
            self._logged_at, self._unlogged = now, 0
        else:
            self._unlogged += 1

    # ------------------------------------------------------------------ connections the driver saw close
    def forget_closed(self, closed: set[int]) -> None:
        """Unbind the seat (and drop a request) whose connection closed: a new connection must show
        the token (or the code) again, even if it presents the same routing id."""
        if not closed:
            return
        for remote in self.remotes.values():
            if remote.conn in closed:
                remote.identity = remote.conn = None
        for identity, session in list(self.sessions.items()):
            if session.conn in closed:
                self.end_session(identity, False)
        self.watchers.forget(closed)
        self.admission.drop(conns=closed)

    def end_session(self, identity: bytes, right: bool) -> Session | None:
        """Drop a connection's session; a guess still pending counts (wrong unless proved)."""
        session = self.sessions.pop(identity, None)
        if session is not None and session.pending:
            self.admission.end(identity, session.address, right, ceiling=session.token is None)
        return session

    def take_saved(self, saved: lan_save.Saved) -> None:
        """The saved game, its seats (tokens and names), its number in the sitting and its match."""
        self.sitting = saved.sitting
        self.remotes = {s: RemoteSeat(s, token, name) for s, (token, name) in saved.seats.items()}
        self.guest_seat = next(iter(self.remotes))
