"""The host: the only peer that runs the engine. It serves its guests over a ZeroMQ ROUTER socket.

An ordinary host plays one seat here and serves one guest (two in a three-player game, R46); a table
host (`host_seat` None) has no hand of its own and serves every seat to guests. Either also serves
watchers (net.watchers), who need the join code (under the same admission policy) but not the
host's yes: they see only what is public, and asking the host's player mid-game for each of them would interrupt play.

The guest only ever receives its own seat's view and its redacted events (R45). Actions carry the
game's action count as a sequence number, so a resent action applies exactly once. After every
action the host saves the game atomically, so a host that crashed reopens it and the guest, holding
its session token, rejoins.

The host keeps the sockets, the handshake and who receives what; the games themselves, one after
another, are its `Sitting` (net.sitting), and the save's format and file are net.lan_save's.
"""

from __future__ import annotations

import atexit
import logging
import math
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine import IllegalAction, NotationError, redact_all, to_record
from engine.game import Event, Game
from engine.match import Match
from engine.rules import Rules, check_seat

from . import lan_save
from .admission import Admission, new_code
from .protocol import DEAD_AFTER_S, ERROR_CODES, FIRST_CODED, PROTOCOL_VERSION, REFUSED, ProtocolError, pack, unpack
from .roles import MAX_WATCHERS, PLAYER, WATCHER
from .router import Router
from .seats import RemoteSeat, remote_seats
from .session import PAKE_BYTES, Sealer, by_code, by_token, host_exchange, token_ref, vouch
from .sitting import Sitting
from .version import program_version
from .watchers import Watchers

log = logging.getLogger("battleline.host")


@dataclass
class Session:
    """One connection's key exchange and sealed session (net.session)."""

    conn: int
    address: str
    sealer: Sealer
    token: str | None  # the exchange was keyed by this session token; None: by the join code
    pending: bool = True  # the guest has not yet proved the key (its first sealed message opens)


class Host:
    """A LAN game's authority: runs its Sitting, validates the guests' actions, saves after each."""

    def __init__(self, *, game: Game, host_seat: str | None = "south", code: str, port: int = 0,
                 bind: str = "127.0.0.1", save_path: Path | None = None,
                 guest_token: str | None = None, guest_name: str | None = None, accept_any: bool = False) -> None:
        self.sitting = Sitting(game)
        self.host_seat = host_seat  # None: a table host, every seat is played from other computers
        #: the seats played from other computers, in the order newcomers take them
        self.remotes = {s: RemoteSeat(s) for s in remote_seats(game, host_seat)}
        self.guest_seat = next(iter(self.remotes))  # an ordinary two-player host's one guest
        self.remotes[self.guest_seat].token, self.remotes[self.guest_seat].name = guest_token, guest_name
        self.admission = Admission(code, accept_any=accept_any)
        self.save_path = save_path
        #: where to save once every remote seat has a player (one save per peer), if save_path is None
        self.save_path_for: lan_save.PathFor | None = None
        self.watchers = Watchers(self._send)
        self.advertiser: Any = None  # net.discovery.Advertiser, kept during play so watchers find the game
        self.errors_sent = 0
        self._logged_at, self._unlogged = -math.inf, 0
        self.bot_seats: set[str] = set()  # remote seats the host let a bot take, their guests being lost
        self.started = False  # the host starts the game from the lobby, once the guest has seen the rules
        self.sessions: dict[bytes, Session] = {}  # by routing id; each bound to its connection
        self.phones_port: int | None = None  # the phone page's port, kept in the save: the same QR after a crash
        #: why the last save failed (the game goes on unsaved until one succeeds); None while saving works
        self.save_problem: str | None = None
        self.save_errno: int | None = None  # its errno, so a screen can say it in its player's language
        self._seats_said: Any = None  # the last "seats" news sent, so a change is told once
        self.waker: Any = None  # net.wake.Waker, when a window asked to be woken by messages
        #: the key this host's phone bridge vouches for each phone's own address with (net.session.vouch)
        self.bridge_key = secrets.token_bytes(32)
        self.router = Router(bind, port)
        self.port = self.router.port
        atexit.register(self.close)

    @property
    def code(self) -> str:
        """The join code; the admission policy draws a fresh one after too many wrong guesses."""
        return self.admission.code

    @property
    def join_request(self) -> str | None:
        """The name of a guest waiting for the host's player to accept or refuse it."""
        request = self.admission.request
        return request.name if request is not None else None

    # ------------------------------------------------------------------ the sitting, as the screens read it
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

    # ------------------------------------------------------------------ the guest seat (an ordinary host's one)
    @property
    def table(self) -> bool:
        """A table host: no hand here, every seat is a guest's."""
        return self.host_seat is None

    @property
    def guest_identity(self) -> bytes | None:
        return self.remotes[self.guest_seat].identity

    @guest_identity.setter
    def guest_identity(self, value: bytes | None) -> None:
        self.remotes[self.guest_seat].identity = value

    @property
    def guest_conn(self) -> int | None:
        return self.remotes[self.guest_seat].conn

    @property
    def guest_token(self) -> str | None:
        return self.remotes[self.guest_seat].token

    @property
    def guest_name(self) -> str | None:
        return self.remotes[self.guest_seat].name

    @property
    def last_heard(self) -> float:
        return self.remotes[self.guest_seat].last_heard

    @last_heard.setter
    def last_heard(self, value: float) -> None:
        self.remotes[self.guest_seat].last_heard = value

    def forget_connections(self) -> None:
        """A reopened save: every guest and watcher must say hello again."""
        for remote in self.remotes.values():
            remote.identity = remote.conn = None
        self.watchers.clear()
        self.sessions.clear()

    # ------------------------------------------------------------------ lifecycle
    @classmethod
    def new(cls, *, rules: Rules, seed: int, code: str, host_name: str, host_seat: str | None = "south",
            first: str | None = None, match: dict[str, Any] | None = None, **kwargs: Any) -> Host:
        """A new LAN game; `match` ({"end": ..., "limit": ...}, R41) makes it the first of a match.

        `host_seat` None makes a table host: every seat waits for a guest. `Rules(players=3)` seats
        three: south, west and east (R46)."""
        players = {s: "Guest" for s in rules.seats}
        if host_seat is not None:
            players[host_seat] = host_name
        sitting = Sitting.new(rules, seed, players, first, match)
        host = cls(game=sitting.game, host_seat=host_seat, code=code, **kwargs)
        host.sitting = sitting
        return host

    def next_game(self, seed: int) -> None:
        """After a game: the next game of the match, or a rematch (net.sitting), told to every guest
        and watcher."""
        self.sitting.next_game(seed)
        self.save()
        news = {"t": "game", "number": self.number, "match": self.sitting.match_data()}
        for remote in self.remotes.values():
            self._send_remote(remote, news)
        self.watchers.broadcast(news)
        self._send_state(0)

    def record_result(self) -> None:
        """Score a finished game in the match (idempotent), so both screens can show the score."""
        if self.sitting.record_result():
            self.save()

    @classmethod
    def resume(cls, save_path: Path, **kwargs: Any) -> Host:
        """Reopen a saved LAN game (raises NotationError/IllegalAction for a bad save)."""
        data, game = lan_save.read(save_path)
        seat = data.get("host_seat")
        host_seat = None if seat is None else check_seat(seat, "save.host_seat", game.seats)
        saved = lan_save.take(data, game, host_seat, save_path)
        host = cls(game=game, host_seat=host_seat, code=saved.code or new_code(), save_path=save_path, **kwargs)
        host._take_saved(saved, save_path)
        host.started = True
        return host

    def _take_saved(self, saved: lan_save.Saved, save_path: Path) -> None:
        """The saved game, its seats (tokens and names), its number in the sitting and its match."""
        self.sitting = saved.sitting
        self.remotes = {s: RemoteSeat(s, token, name) for s, (token, name) in saved.seats.items()}
        self.guest_seat = next(iter(self.remotes))
        self.phones_port = saved.phones_port
        self.save_path = save_path

    def adopt(self, save_path: Path) -> None:
        """Continue a saved game in this open lobby instead of the new one: the guests seated here, and
        the one asking, take the seats whose saved tokens they showed when they said hello (the name is
        only a label: Ben in full-width letters is not Ben); anyone else is turned away. Raises NotationError for a bad
        save or one of the other kind (table or not)."""
        data, game = lan_save.read(save_path)
        if data.get("host_seat", "south") != self.host_seat:
            raise NotationError(f"{save_path}: a game of the other kind (table or not)")
        saved = lan_save.take(data, game, self.host_seat, save_path)
        links = {r.shown or f"seat:{r.seat}": (r.identity, r.conn) for r in self.remotes.values()
                 if r.identity is not None}
        request = self.admission.request
        if request is not None:
            self.admission.drop(link=request.link)
            links[request.shown or "asking"] = (request.link, request.conn)
        self._take_saved(saved, save_path)
        self.started = False  # the guests see the rules again; the host's player starts
        for remote in self.remotes.values():
            identity, conn = links.pop(remote.token, (None, None)) if remote.token else (None, None)
            if identity is not None and conn is not None:
                self._seat(remote, identity, conn, {})
        for identity, _conn in links.values():
            if identity is not None:
                self._refuse(identity, "another_game")
        self.save()

    def shown_tokens(self) -> set[str]:
        """The tokens the guests seated in this lobby, and the one asking, showed when they said hello
        (tokens of games kept from before): what a kept game is matched by."""
        shown = {r.shown for r in self.remotes.values() if r.identity is not None and r.shown}
        request = self.admission.request
        if request is not None and request.shown:
            shown.add(request.shown)
        return shown

    def save(self) -> bool:
        """Save the game (net.lan_save), once it knows where: after every change, so a crash loses nothing.

        Saving never ends a game: a write that fails (no space, a read-only folder, no file descriptors
        left, a folder that vanished) leaves the game going on in memory for every seat; the host says
        once what failed (`save_problem`, for its screen, and a line on standard error) and tries again
        at the next change, saying so once it saves again. Returns whether the game is saved now."""
        try:
            self.save_path = lan_save.place(self.save_path, self.save_path_for, self.remotes, self.table)
            if self.save_path is not None:
                lan_save.write(self.save_path, lan_save.data_of(self.sitting, self.host_seat, self.code,
                                                                self.remotes, self.phones_port))
        except OSError as exc:
            why = lan_save.why_not_saved(exc)
            if self.save_problem is None:
                log.warning("cannot save the game to %s: %s; the game goes on but is not being saved "
                            "(trying again at every move)", self.save_path, why)
            self.save_problem, self.save_errno = why, exc.errno
            return False
        if self.save_problem is not None:
            log.warning("the game is saved again to %s", self.save_path)
            self.save_problem = None
        return True

    def wake_with(self, post: Callable[[], None]) -> None:
        """Call `post` from a thread as soon as a peer's message (or a new connection) waits here, so a
        window asleep on its event queue polls at once instead of at its next frame (net.wake)."""
        import zmq

        from .wake import Waker

        if self.waker is not None:
            self.waker.close()
        router = self.router
        fds = [cast(int, sock.getsockopt(zmq.FD)) for sock in (router.socket, router.zap, router.monitor)]
        self.waker = Waker(fds, post, name="host-wake")

    def close(self) -> None:
        """Idempotent; also run at exit, since an open ZeroMQ socket would hang the interpreter's exit."""
        atexit.unregister(self.close)
        if self.waker is not None:
            self.waker.close()
            self.waker = None
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        self.router.close()

    def start(self) -> None:
        """Begin play: until now the guest could only look at the rules in its lobby."""
        self.started = True
        self._send_state(len(self.events))

    # ------------------------------------------------------------------ the host's own seat
    def submit_local(self, action: Any) -> list[Event]:
        """The host player's action, through the same checks as the guest's."""
        if not self.started:
            raise IllegalAction("not_started")
        if self.host_seat is None:
            raise IllegalAction("no_own_seat")
        if self.game.to_move != self.host_seat:
            raise IllegalAction("not_your_turn")
        return self._apply(action)

    @property
    def bot_plays_guest(self) -> bool:
        """A bot stands in for the (two-player) guest."""
        return self.guest_seat in self.bot_seats

    def apply_for_guest(self, action: Any, seat: str | None = None) -> list[Event]:
        """A stand-in bot's action for a guest's seat (the one guest's by default), once the host chose to
        let a bot play it; from then on that seat's own player is refused (its guest was lost)."""
        seat = self.guest_seat if seat is None else seat
        if seat not in self.remotes or self.game.to_move != seat or not self.started:
            raise IllegalAction("not_guests_turn")
        self.bot_seats.add(seat)
        return self._apply(action)

    def guest_alive(self, now: float | None = None) -> bool:
        return self.remotes[self.guest_seat].alive(now)

    def lost_seats(self) -> list[str]:
        """Seats whose player joined and then went silent: the screen waits for them."""
        return [s for s, r in self.remotes.items() if r.lost()]

    # ------------------------------------------------------------------ serving
    def poll(self, timeout_ms: int = 0, budget: int = 64) -> int:
        """Handle waiting messages (at most `budget`); return how many were handled. Never raises
        for anything a peer sent."""
        self._housekeeping()
        handled = 0
        while handled < budget and self.router.poll(timeout_ms if handled == 0 else 0):
            got = self.router.recv()
            if got is None:
                break
            handled += 1
            identity, conn, frames = got
            self._forget_closed()  # before each message: a closed connection's number may be reused
            try:
                self._receive(identity, conn, frames)
            except Exception as exc:  # a bug the checks missed: the peer is told, the host plays on
                log.exception("handling a message failed")
                self._error(identity, f"the host could not handle this message ({type(exc).__name__})")
        self.announce_seats()
        if self.waker is not None:
            router = self.router
            self.waker.settled([router.socket, router.zap, router.monitor])
        return handled

    def _receive(self, identity: bytes, conn: int, frames: list[bytes]) -> None:
        """In the clear only the key exchange (`pake`) is taken; everything else comes `sealed`."""
        if len(frames) != 1:
            self._error(identity, f"a message is one frame, not {len(frames)}")
            return
        try:
            message = unpack(frames[0])
        except ProtocolError as exc:
            self._error(identity, str(exc))
            return
        kind = message["t"]
        if kind == "pake":
            self._pake(identity, conn, message)
        elif kind == "sealed":
            self._sealed(identity, conn, message)
        elif kind == "hello" and message["protocol"] != PROTOCOL_VERSION:
            self._refuse(identity, "protocol_version", message["protocol"], theirs=message["protocol"],
                         ours=PROTOCOL_VERSION)
        elif kind == "bye":
            pass
        else:
            self._error(identity, "start with the key exchange (pake): you are not in this game", code="not_joined")

    def _pake(self, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        """SPAKE2 keyed by the join code (or by the session token `ref` names): one guess, under the
        admission policy; the host answers its own message and its proof (net.session)."""
        if message.get("protocol") != PROTOCOL_VERSION:
            self._refuse(identity, "protocol_version", message.get("protocol"), theirs=str(message.get("protocol")),
                         ours=PROTOCOL_VERSION)
            return
        if message.get("program") != program_version():
            self._refuse(identity, "program_version", theirs=str(message.get("program")), ours=program_version())
            return
        if len(message["msg"]) != PAKE_BYTES:
            self._error(identity, f"pake.msg: a key exchange message is {PAKE_BYTES} bytes")
            return
        self._end_session(identity, False)
        address, ref = self._address(conn, message), message.get("ref")
        token = None
        if ref is not None:
            token = self._token_by_ref(ref)
            if token is None:
                self._refuse(identity, "unknown_token")
                return
        verdict, wait = self.admission.begin(identity, address, ceiling=token is None)
        if verdict == "busy":
            self._refuse(identity, "busy")
            return
        if verdict in ("wait", "crowded"):
            self._refuse(identity, "wait" if verdict == "wait" else "crowded", seconds=math.ceil(wait))
            return
        if verdict == "spent":
            self._refuse(identity, "spent")
            return
        done = host_exchange(by_token(token) if token is not None else by_code(self.code), message["msg"])
        if done is None:
            self.admission.end(identity, address, False, ceiling=token is None)
            self._error(identity, "pake.msg: not a key exchange message")
            return
        mine, proof, sealer = done
        self.sessions[identity] = Session(conn, address, sealer, token)
        self._send(identity, {"t": "pake", "msg": mine, "proof": proof})

    def _address(self, conn: int, message: dict[str, Any]) -> str:
        """Where an exchange comes from, for the admission policy: the connection's source address, or,
        for a phone, the phone's own address, which the bridge vouched for with this host's key (every
        phone joins through the bridge from the host's own machine)."""
        address, phone, tag = self.router.address(conn), message.get("for"), message.get("vouch")
        if isinstance(phone, str) and isinstance(tag, bytes) and \
                secrets.compare_digest(vouch(self.bridge_key, phone, message["msg"]), tag):
            return f"phone {phone}"
        return address

    def _token_by_ref(self, ref: bytes) -> str | None:
        tokens = [r.token for r in self.remotes.values() if r.token]
        tokens += [w.token for w in self.watchers.by_identity.values()]
        return next((t for t in tokens if secrets.compare_digest(token_ref(t), ref)), None)

    def _end_session(self, identity: bytes, right: bool) -> Session | None:
        """Drop a connection's session; a guess still pending counts (wrong unless proved)."""
        session = self.sessions.pop(identity, None)
        if session is not None and session.pending:
            self.admission.end(identity, session.address, right, ceiling=session.token is None)
        return session

    def _sealed(self, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        session = self.sessions.get(identity)
        if session is None or session.conn != conn:
            self._error(identity, "start with the key exchange (pake): you are not in this game", code="not_joined")
            return
        try:
            inner = unpack(session.sealer.open(message))
        except ProtocolError as exc:
            if session.pending:  # the guest's key is not ours: a wrong code (or a stale token)
                self._end_session(identity, False)
                self._refuse(identity, "wrong_code" if session.token is None else "unknown_token")
            else:
                self._error(identity, str(exc))
            return
        if session.pending:
            session.pending = False
            self.admission.end(identity, session.address, True, ceiling=session.token is None)
        if inner["t"] in ("pake", "sealed"):
            self._error(identity, f"a {inner['t']} message is not sent sealed")
            return
        self._handle(identity, conn, inner)

    def _send(self, identity: bytes, message: dict[str, Any]) -> None:
        """Sealed once the guest proved the session key; before that only the exchange and refusals."""
        session = self.sessions.get(identity)
        data = pack(message)
        if session is not None and not session.pending:
            data = pack(session.sealer.seal(data))
        elif message["t"] not in ("pake", "refused", "error"):
            log.error("not sent in the clear: %s", message["t"])
            return
        if not self.router.send(identity, data):
            log.info("could not send %s", message.get("t"))

    def _send_remote(self, remote: RemoteSeat, message: dict[str, Any]) -> None:
        """To a seated guest's connection only: never to whoever holds its routing id next."""
        self._forget_closed()
        if remote.identity is not None:
            self._send(remote.identity, message)

    def _error(self, identity: bytes, reason: str, seq: int | None = None, code: str = "bad_message",
               why: IllegalAction | None = None) -> None:
        """An error reply; `why` (a refusal) travels as its code and fields, its English as the reason."""
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        message: dict[str, Any] = {"t": "error", "seq": seq, "code": code}
        if why is not None:
            reason = str(why)
            message.update(refusal=why.code, fields=dict(why.fields))
        message["reason"] = reason = reason[:180]
        self._log("refused a message: %s", reason)
        self.errors_sent += 1
        self._send(identity, message)

    def _refuse(self, identity: bytes, code: str, peer_protocol: Any = PROTOCOL_VERSION, **fields: str | int) -> None:
        """Turn a guest away: the code and fields from REFUSED, the English as the reason. A guest older
        than protocol 4 reads the reason alone (its schema knows no other field)."""
        reason = REFUSED[code].format(**fields)[:180]
        self._log("refused a guest: %s", reason)
        message: dict[str, Any] = {"t": "refused", "reason": reason}
        if not isinstance(peer_protocol, int) or peer_protocol >= FIRST_CODED:
            message.update(code=code, fields=fields)
        self._send(identity, message)

    def _log(self, text: str, reason: str) -> None:
        """At most one line a second: a flood must not turn into a flood of log lines (nor cost
        the host half its time, as formatting them did)."""
        now = time.monotonic()
        if now - self._logged_at >= 1.0:
            more = f" (and {self._unlogged} more since the last line)" if self._unlogged else ""
            log.warning(text + "%s", reason, more)
            self._logged_at, self._unlogged = now, 0
        else:
            self._unlogged += 1

    def _forget_closed(self) -> None:
        """Unbind the seat (and drop a request) whose connection closed: a new connection must show
        the token (or the code) again, even if it presents the same routing id."""
        closed = self.router.take_closed()
        if not closed:
            return
        for remote in self.remotes.values():
            if remote.conn in closed:
                remote.identity = remote.conn = None
        for identity, session in list(self.sessions.items()):
            if session.conn in closed:
                self._end_session(identity, False)
        self.watchers.forget(closed)
        self.admission.drop(conns=closed)

    def _housekeeping(self) -> None:
        self.router.expire()  # nobody holds the door: connections not let in within seconds are cut
        self._forget_closed()
        stale = self.admission.stale(DEAD_AFTER_S)
        if stale is not None:
            self._refuse(stale.link, "no_answer")
        self.tell_waiting()

    def _remote_of(self, identity: bytes, conn: int) -> RemoteSeat | None:
        """The seat this connection plays, if it proved its token on this very connection."""
        return next((r for r in self.remotes.values() if r.identity == identity and r.conn == conn), None)

    def _handle(self, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "hello":
            self._hello(identity, conn, message)
            return
        if self.watchers.knows(identity, conn):
            self._watcher_message(identity, message)
            return
        remote = self._remote_of(identity, conn)
        if remote is None:
            if self.admission.asking(identity, conn) and kind in ("ping", "bye"):
                self._while_asking(identity, conn, message)
            elif kind == "bye":
                pass  # a farewell from a link no longer (or never) seated: nothing to undo, no one to answer
            else:
                self._error(identity, "say hello first: you are not in this game", code="not_joined")
            return
        remote.last_heard = time.monotonic()
        if kind == "ping":
            self._send(identity, {"t": "pong", "n": message["n"]})
        elif kind == "action":
            self._guest_action(identity, message, remote.seat)
        elif kind == "bye":
            remote.identity = remote.conn = None
        elif kind == "start":
            self._start_asked(identity)
        elif kind == "again":
            self._again_asked(identity, remote.seat)
        else:
            self._error(identity, f"a guest does not send {kind}")

    # ------------------------------------------------------------------ lobby, start and the next game
    def seats_news(self) -> dict[str, Any]:
        """Who holds each remote seat and is connected now, who asked for another game, how many watch."""
        return {"t": "seats", "seats": {s: {"name": r.name, "here": r.alive()} for s, r in self.remotes.items()},
                "again": sorted(self.again), "watchers": self.watchers.count()}

    def announce_seats(self) -> None:
        """Tell every seated guest when the lobby changed: a player joined or dropped, a watcher came."""
        news = self.seats_news()
        if news == self._seats_said:
            return
        self._seats_said = news
        for remote in self.remotes.values():
            self._send_remote(remote, news)

    def _start_asked(self, identity: bytes) -> None:
        """A table's player starts the game once every player is in (an ordinary host's player starts it)."""
        if self.started:
            return
        if not self.table:
            self._error(identity, "the host starts the game", code="not_yet")
        elif not all(r.alive() for r in self.remotes.values()):
            self._error(identity, "wait for the second player" if len(self.remotes) == 1 else "wait for every player",
                        code="not_yet")
        else:
            self.start()

    def _again_asked(self, identity: bytes, seat: str) -> None:
        """A player wants the next game; at a table, once both do, it starts (the TV may start it too)."""
        try:
            everyone = self.sitting.ask_again(seat, set(self.remotes))
        except IllegalAction:
            self._error(identity, "there is no next game to start", code="not_yet")
            return
        self.announce_seats()
        if self.table and everyone:
            self.next_game(secrets.randbits(63))

    def _while_asking(self, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        """A guest waiting for the host's answer (asked about, or queued) keeps its link alive, or gives up."""
        request = self.admission.waiting(identity, conn)
        assert request is not None
        if message["t"] == "bye":
            self.admission.drop(link=identity)
            return
        request.heard = self.admission.clock()
        self._send(identity, {"t": "pong", "n": message["n"]})

    def _hello(self, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        """Versions first; then a session token rejoins; else the join code, under the admission policy."""
        if message["protocol"] != PROTOCOL_VERSION:
            self._refuse(identity, "protocol_version", message["protocol"], theirs=message["protocol"],
                         ours=PROTOCOL_VERSION)
            return
        if message["program"] != program_version():
            self._refuse(identity, "program_version", theirs=message["program"], ours=program_version())
            return
        role, token = message.get("role", PLAYER), message.get("token")
        if role not in (PLAYER, WATCHER):
            self._refuse(identity, "unknown_role", role=repr(role[:20]))
            return
        session = self.sessions.get(identity)
        keyed = session.token if session is not None else None
        if keyed is not None and not (isinstance(token, str) and _same(token, keyed)):
            self._refuse(identity, "other_token")
            return
        if isinstance(token, str):  # a rejoin: the token is the proof; the code may have changed
            if role == PLAYER:
                for remote in self.remotes.values():
                    if remote.token is not None and _same(token, remote.token):
                        if remote.alive() and (remote.identity, remote.conn) != (identity, conn):
                            # played live from another connection: that one keeps it (a reconnecting
                            # guest closed its old connection, so it gets in once the host sees that)
                            self._error(identity, "this seat is played from another connection", code="seat_busy")
                        elif self._remote_of(identity, conn) not in (None, remote):
                            self._refuse(identity, "seated")
                        else:
                            self._seat(remote, identity, conn, message)
                        return
            elif self.watchers.holds(token):
                self._watcher_hello(identity, conn, message)
                return
        if keyed is not None:  # a token that no longer holds a seat (a new game began): the code is needed
            self._refuse(identity, "unknown_token")
            return
        if self._remote_of(identity, conn) is not None:  # one connection holds at most one seat
            self._refuse(identity, "seated")
            return
        # the key exchange proved the join code (net.session), under the admission policy
        if role == WATCHER:
            self._watcher_hello(identity, conn, message)
        elif self._free_seat() is None:
            self._refuse_full(identity)
        elif self.admission.accept_any:
            self._admit(identity, conn, guest_name(message["name"]), token)
        elif self.admission.ask(identity, conn, guest_name(message["name"]),
                                token if isinstance(token, str) else None) is not None:
            self.router.admit(conn)  # asked about now, or queued: `tell_waiting` says which
            self.tell_waiting()
        else:
            self._refuse(identity, "answering")  # the queue is full

    def answer(self, accept: bool) -> None:
        """The host's player accepted or refused the guest that asked to join."""
        request = self.admission.answer(accept)
        if request is None:
            return
        if accept and self._free_seat() is not None:
            self._admit(request.link, request.conn, request.name, request.shown)
        else:
            self._refuse(request.link, "turned_away")
        if self._free_seat() is None:  # the last seat is taken: nobody still waiting can have one
            for waiting in self.admission.waiters():
                self.admission.drop(link=waiting.link)
                self._refuse_full(waiting.link)
        self.tell_waiting()

    def tell_waiting(self) -> None:
        """Each guest waiting for the host's answer hears how many are ahead of it (0: asked about now),
        again whenever that changed: the queue moves on as the host's player answers."""
        for ahead, request in enumerate(self.admission.waiters()):
            if request.told != ahead:
                request.told = ahead
                self._send(request.link, {"t": "asking", "ahead": ahead})

    def _refuse_full(self, identity: bytes) -> None:
        """Refuse a player who finds every seat taken (the codes written out, so tests/test_refusals.py sees them)."""
        self._refuse(identity, "seats_taken" if len(self.game.seats) == 3 else "two_players" if self.table
                     else "has_guest")

    def _free_seat(self) -> RemoteSeat | None:
        """The seat a newcomer takes: the first no player holds (south first at a table)."""
        return next((r for r in self.remotes.values() if r.token is None), None)

    def _admit(self, identity: bytes, conn: int, name: str, shown: Any = None) -> None:
        seat = self._free_seat()
        assert seat is not None, "admitted with no free seat"
        seat.token = secrets.token_hex(16)
        seat.name = name
        seat.shown = shown if isinstance(shown, str) else None
        self.game.players = {**self.game.players, seat.seat: name}
        self._seat(seat, identity, conn, {})  # granted and told in one step: no token that nobody holds
        self.save()

    def _seat(self, remote: RemoteSeat, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        """Bind the seat to this connection and bring the guest up to date from what it `have`."""
        self.watchers.drop(identity)
        for other in self.remotes.values():  # one connection plays one seat
            if other is not remote and other.identity == identity and other.conn == conn:
                other.identity = other.conn = None
        remote.identity, remote.conn = identity, conn
        remote.last_heard = time.monotonic()
        self.router.admit(conn)
        if self.admission.waiting(identity, conn) is not None:
            self.admission.drop(link=identity)
        self._send(identity, {"t": "welcome", "seat": remote.seat, "role": PLAYER, "token": remote.token,
                              "players": dict(self.game.players), "rules": self.game.rules.to_dict(),
                              "program": program_version(), "match": self.sitting.match_data(), "number": self.number,
                              "table": self.table})
        have = message.get("have", 0) if message.get("number", self.number) == self.number else 0
        self._send_state_to(remote, min(max(have, 0), len(self.events)))
        if self.game.over:
            self._send(identity, {"t": "record", "record": to_record(self.game), "match": self.sitting.match_data()})
        self._send(identity, self.seats_news())  # the lobby as it is now, even if no one else sees a change

    # ------------------------------------------------------------------ watchers
    def _watcher_hello(self, identity: bytes, conn: int, message: dict[str, Any]) -> None:
        """A watcher that knew the code (or holds a watcher's token): public states from `have` on."""
        if self._remote_of(identity, conn) is not None:
            self._refuse(identity, "seated")
            return
        watcher = self.watchers.admit(identity, conn, guest_name(message["name"]), message.get("token"))
        if watcher is None:
            self._refuse(identity, "full", n=MAX_WATCHERS)
            return
        self.router.admit(conn)
        self._send(identity, {"t": "welcome", "seat": None, "role": WATCHER, "token": watcher.token,
                              "players": dict(self.game.players), "rules": self.game.rules.to_dict(),
                              "program": program_version(), "match": self.sitting.match_data(), "number": self.number,
                              "table": self.table})
        have = message.get("have", 0) if message.get("number", self.number) == self.number else 0
        self.watchers.state(self.game, self.events, min(max(have, 0), len(self.events)), self.started, only=identity)
        if self.game.over:
            self._send(identity, {"t": "record", "record": to_record(self.game), "match": self.sitting.match_data()})

    def _watcher_message(self, identity: bytes, message: dict[str, Any]) -> None:
        """A watcher pings and says bye; anything else, an action above all, is refused and changes nothing."""
        self.watchers.heard(identity)
        kind = message["t"]
        if kind == "ping":
            self._send(identity, {"t": "pong", "n": message["n"]})
        elif kind == "bye":
            self.watchers.drop(identity)
        else:
            seq = message.get("seq") if kind == "action" else None
            self._error(identity, "", seq, "not_a_player", IllegalAction("watcher_cannot_act"))

    def _guest_action(self, identity: bytes, message: dict[str, Any], seat: str) -> None:
        seq = message["seq"]
        done = len(self.game.actions)
        if seq < done:  # already applied: a resend after a lost reply
            self._send_state(len(self.events))
            return
        if seq > done:
            self._error(identity, f"action {seq} is ahead of the game ({done} actions)", seq, "sequence")
            return
        if self.game.to_move != seat or self.game.over or not self.started:
            self._error(identity, "", seq, "not_your_turn", IllegalAction("not_your_turn"))
            return
        if seat in self.bot_seats:
            self._error(identity, "", seq, "not_your_turn", IllegalAction("bot_plays_seat"))
            return
        try:
            self._apply(message["action"])
        except NotationError as exc:
            self._error(identity, str(exc), seq, "illegal")
        except IllegalAction as exc:
            self._error(identity, "", seq, "illegal", exc)

    def _apply(self, action: Any) -> list[Event]:
        start = len(self.events)
        events = self.sitting.apply(action)
        self.save()
        self._send_state(start)
        if self.game.over:
            self.record_result()
            final = {"t": "record", "record": to_record(self.game), "match": self.sitting.match_data()}
            for remote in self.remotes.values():
                self._send_remote(remote, final)
            self.watchers.broadcast(final)  # the game is over: its record is public now
        return events

    def _send_state(self, start: int) -> None:
        """New events to every guest (each seeing its own seat) and to every watcher (public only)."""
        for remote in self.remotes.values():
            self._send_state_to(remote, start)
        self.watchers.prune()
        self.watchers.state(self.game, self.events, start, self.started)

    def _send_state_to(self, remote: RemoteSeat, start: int) -> None:
        self._send_remote(remote, {
            "t": "state", "from": start, "events": redact_all(self.events[start:], remote.seat),
            "view": self.game.view(remote.seat), "actions": len(self.game.actions), "started": self.started,
            "players": dict(self.game.players),  # a table's second player may join after the first
        })


def _same(given: str, secret: str) -> bool:
    """Constant-time comparison of any text a peer sent (compare_digest refuses non-ASCII str)."""
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"), secret.encode("utf-8"))


def guest_name(raw: str) -> str:
    """A name fit for the host's screen: no control or formatting characters (a newline or a
    right-to-left mark could dress up the "wants to join" question), spaces collapsed, 24 at most."""
    kept = "".join(" " if c.isspace() else c for c in raw if unicodedata.category(c)[0] != "C" or c.isspace())
    return " ".join(kept.split())[:24] or "Guest"
