"""Joining, the pure core's first part: the key exchange's verdict, hello, seats, watchers, the host's yes.

Every connection begins with `pake` (net.session). The core decides whether a code may be tried now
(net.admission) and asks the driver to run the exchange (`Exchange`: the crypto is the driver's); the
driver hands back the result (`keyed`), opens each sealed message and gives the core what was inside
(`opened`), or says it did not open (`unopened`). Then `hello`: versions, a session token that takes
its seat back, or a newcomer asked about (or queued) for the host's player, and watchers let in on
the code alone. `Joining` holds the host's state (net.host_base.HostState) and queues its replies there;
`net.host_core.HostCore` holds it. Nothing here touches a socket or a clock of its own.
"""

from __future__ import annotations

import math
import secrets
import unicodedata
from collections.abc import Callable
from typing import Any

from engine import IllegalAction, to_record

from . import lan_save
from .host_base import Admit, Exchange, HostState, Session
from .messages import AnyMessage, Hello, Pake, ToGuest, ToHost, Welcome
from .protocol import DEAD_AFTER_S, PROTOCOL_VERSION
from .roles import MAX_WATCHERS, PLAYER, WATCHER
from .seats import RemoteSeat, same_name
from .session import PAKE_BYTES, Sealer, by_code, by_token, token_ref
from .version import program_version


class Joining:
    """Who gets in, and on which seat; the messages of connections that are not (yet) seated. A seated
    guest's messages go on to `play` (the game's relay, net.host_relay)."""

    def __init__(self, state: HostState, play: Callable[[bytes, RemoteSeat, ToHost | ToGuest], None]) -> None:
        self.state = state
        self.play = play

    # ------------------------------------------------------------------ in the clear
    def clear(self, identity: bytes, conn: int, message: AnyMessage, address: str = "?") -> None:
        """A message that came in the clear (only the key exchange is taken so); `address` is where it
        comes from for the admission policy (the driver reads it, or a phone's the bridge vouched for).
        The core hands the driver what this emitted."""
        if message["t"] == "pake":
            self._pake(identity, conn, address, message)
        elif message["t"] == "hello" and message["protocol"] != PROTOCOL_VERSION:
            self.state.refuse(identity, "protocol_version", message["protocol"], theirs=message["protocol"],
                              ours=PROTOCOL_VERSION)
        elif message["t"] == "bye":
            pass
        else:
            self.state.error(identity, "start with the key exchange (pake): you are not in this game",
                             code="not_joined")

    def _pake(self, identity: bytes, conn: int, address: str, message: Pake) -> None:
        """SPAKE2 keyed by the join code (or by the session token `ref` names): one guess, under the
        admission policy; the driver runs the exchange and the core answers with its message and proof."""
        if message.get("protocol") != PROTOCOL_VERSION:
            self.state.refuse(identity, "protocol_version", message.get("protocol"),
                              theirs=str(message.get("protocol")), ours=PROTOCOL_VERSION)
            return
        if message.get("program") != program_version():
            self.state.refuse(identity, "program_version", theirs=str(message.get("program")), ours=program_version())
            return
        if len(message["msg"]) != PAKE_BYTES:
            self.state.error(identity, f"pake.msg: a key exchange message is {PAKE_BYTES} bytes")
            return
        self.state.end_session(identity, False)
        ref, token = message.get("ref"), None
        if ref is not None:
            token = self._token_by_ref(ref)
            if token is None:
                self.state.refuse(identity, "unknown_token")
                return
        verdict, wait = self.state.admission.begin(identity, address, ceiling=token is None)
        if verdict == "busy":
            self.state.refuse(identity, "busy")
            return
        if verdict in ("wait", "crowded"):
            self.state.refuse(identity, "wait" if verdict == "wait" else "crowded", seconds=math.ceil(wait))
            return
        if verdict == "spent":
            self.state.refuse(identity, "spent")
            return
        password = by_token(token) if token is not None else by_code(self.state.code)
        self.state.emit(Exchange(identity, conn, address, token, password, message["msg"]))

    def keyed(self, exchange: Exchange, done: tuple[bytes, bytes, Sealer | None] | None) -> None:
        """The driver ran the exchange: (the host's message, its proof, the session's sealer), or None for
        a guest message that is no key exchange element."""
        identity = exchange.identity
        if done is None:
            self.state.admission.end(identity, exchange.address, False, ceiling=exchange.token is None)
            self.state.error(identity, "pake.msg: not a key exchange message")
            return
        mine, proof, sealer = done
        self.state.sessions[identity] = Session(exchange.conn, exchange.address, sealer, exchange.token)
        self.state.send(identity, {"t": "pake", "msg": mine, "proof": proof})

    def _token_by_ref(self, ref: bytes) -> str | None:
        tokens = [r.token for r in self.state.remotes.values() if r.token]
        tokens += [w.token for w in self.state.watchers.by_identity.values()]
        return next((t for t in tokens if secrets.compare_digest(token_ref(t), ref)), None)

    # ------------------------------------------------------------------ sealed
    def session_of(self, identity: bytes, conn: int) -> Session | None:
        """The session this very connection opened, if any (the driver opens its messages with it)."""
        session = self.state.sessions.get(identity)
        return session if session is not None and session.conn == conn else None

    def unopened(self, identity: bytes, conn: int, why: str) -> None:
        """A `sealed` message that came with no session, or did not open under its key."""
        session = self.session_of(identity, conn)
        if session is None:
            self.state.error(identity, "start with the key exchange (pake): you are not in this game",
                             code="not_joined")
        elif session.pending:  # the guest's key is not ours: a wrong code (or a stale token)
            self.state.end_session(identity, False)
            self.state.refuse(identity, "wrong_code" if session.token is None else "unknown_token")
        else:
            self.state.error(identity, why)

    def opened(self, identity: bytes, conn: int, inner: AnyMessage) -> None:
        """What a sealed message held: the first one proves the guest's key (a right code, or token)."""
        session = self.session_of(identity, conn)
        if session is None:
            self.unopened(identity, conn, "")
            return
        if session.pending:
            session.pending = False
            self.state.admission.end(identity, session.address, True, ceiling=session.token is None)
        if inner["t"] == "pake" or inner["t"] == "sealed":
            self.state.error(identity, f"a {inner['t']} message is not sent sealed")
        else:
            self._handle(identity, conn, inner)

    def _handle(self, identity: bytes, conn: int, message: ToHost | ToGuest) -> None:
        if message["t"] == "hello":
            self._hello(identity, conn, message)
            return
        if self.state.watchers.knows(identity, conn):
            self._watcher_message(identity, message)
            return
        remote = self._remote_of(identity, conn)
        if remote is None:
            # a guest waiting for the host's answer (asked about, or queued) keeps its link alive, or gives up;
            # a farewell from a link no longer (or never) seated has nothing to undo, no one to answer
            if message["t"] == "bye":
                if self.state.admission.asking(identity, conn):
                    self.state.admission.drop(link=identity)
            elif message["t"] == "ping" and self.state.admission.asking(identity, conn):
                self._while_asking(identity, conn, message["n"])
            else:
                self.state.error(identity, "say hello first: you are not in this game", code="not_joined")
            return
        self.play(identity, remote, message)

    def _remote_of(self, identity: bytes, conn: int) -> RemoteSeat | None:
        """The seat this connection plays, if it proved its token on this very connection."""
        return next((r for r in self.state.remotes.values() if r.identity == identity and r.conn == conn), None)

    def _while_asking(self, identity: bytes, conn: int, n: int) -> None:
        """A ping from a guest waiting for the host's answer: it is still there."""
        request = self.state.admission.waiting(identity, conn)
        assert request is not None
        request.heard = self.state.admission.clock()
        self.state.send(identity, {"t": "pong", "n": n})

    # ------------------------------------------------------------------ hello
    def _hello(self, identity: bytes, conn: int, message: Hello) -> None:
        """Versions first; then a session token rejoins; else the join code, under the admission policy."""
        if message["protocol"] != PROTOCOL_VERSION:
            self.state.refuse(identity, "protocol_version", message["protocol"], theirs=message["protocol"],
                              ours=PROTOCOL_VERSION)
            return
        if message["program"] != program_version():
            self.state.refuse(identity, "program_version", theirs=message["program"], ours=program_version())
            return
        role, token = message.get("role", PLAYER), message.get("token")
        if role not in (PLAYER, WATCHER):
            self.state.refuse(identity, "unknown_role", role=repr(role[:20]))
            return
        session = self.state.sessions.get(identity)
        keyed = session.token if session is not None else None
        if keyed is not None and not (isinstance(token, str) and _same(token, keyed)):
            self.state.refuse(identity, "other_token")
            return
        if isinstance(token, str):  # a rejoin: the token is the proof; the code may have changed
            if role == PLAYER:
                for remote in self.state.remotes.values():
                    if remote.token is not None and _same(token, remote.token):
                        self._rejoin(remote, identity, conn, message)
                        return
            elif self.state.watchers.holds(token):
                self._watcher_hello(identity, conn, message)
                return
        if keyed is not None:  # a token that no longer holds a seat (a new game began): the code is needed
            self.state.refuse(identity, "unknown_token")
            return
        if self._remote_of(identity, conn) is not None:  # one connection holds at most one seat
            self.state.refuse(identity, "seated")
            return
        # the key exchange proved the join code (net.session), under the admission policy
        if role == WATCHER:
            self._watcher_hello(identity, conn, message)
        elif self._free_seat() is None:
            self._refuse_full(identity)
        elif self.state.admission.accept_any:
            self._admit(identity, conn, guest_name(message["name"]), token)
        elif self.state.admission.ask(identity, conn, guest_name(message["name"]),
                                token if isinstance(token, str) else None) is not None:
            self.state.emit(Admit(conn))  # asked about now, or queued: `tell_waiting` says which
            self.tell_waiting()
        else:
            self.state.refuse(identity, "answering")  # the queue is full

    def _rejoin(self, remote: RemoteSeat, identity: bytes, conn: int, message: Hello) -> None:
        """A hello showing the token of `remote`'s seat."""
        if remote.alive(self.state.clock()) and (remote.identity, remote.conn) != (identity, conn):
            # played live from another connection: that one keeps it (a reconnecting
            # guest closed its old connection, so it gets in once the host sees that)
            self.state.error(identity, "this seat is played from another connection", code="seat_busy")
        elif self._remote_of(identity, conn) not in (None, remote):
            self.state.refuse(identity, "seated")
        else:
            self._seat(remote, identity, conn, message)

    def answer(self, accept: bool) -> None:
        """The host's player accepted or refused the guest that asked to join."""
        request = self.state.admission.answer(accept)
        if request is None:
            return
        if accept and self._free_seat() is not None:
            self._admit(request.link, request.conn, request.name, request.shown)
        else:
            self.state.refuse(request.link, "turned_away")
        if self._free_seat() is None:  # the last seat is taken: nobody still waiting can have one
            for waiting in self.state.admission.waiters():
                self.state.admission.drop(link=waiting.link)
                self._refuse_full(waiting.link)
        self.tell_waiting()

    def tell_waiting(self) -> None:
        """Each guest waiting for the host's answer hears how many are ahead of it (0: asked about now),
        again whenever that changed: the queue moves on as the host's player answers."""
        for ahead, request in enumerate(self.state.admission.waiters()):
            if request.told != ahead:
                request.told = ahead
                self.state.send(request.link, {"t": "asking", "ahead": ahead})

    def housekeeping(self) -> None:
        """Withdraw a question nobody answered, and tell the queue where it stands."""
        stale = self.state.admission.stale(DEAD_AFTER_S)
        if stale is not None:
            self.state.refuse(stale.link, "no_answer")
        self.tell_waiting()

    def _refuse_full(self, identity: bytes) -> None:
        """Refuse a player who finds every seat taken (the codes written out, so tests/test_refusals.py sees them)."""
        state = self.state
        state.refuse(identity, "seats_taken" if len(state.game.seats) == 3 else "two_players" if state.table
                     else "has_guest")

    def _free_seat(self) -> RemoteSeat | None:
        """The seat a newcomer takes: the first no player holds (south first at a table)."""
        return next((r for r in self.state.remotes.values() if r.token is None), None)

    def _admit(self, identity: bytes, conn: int, name: str, shown: Any = None) -> None:
        seat = self._free_seat()
        assert seat is not None, "admitted with no free seat"
        name = self._distinct(name)  # before the seat is taken: its own earlier name is no other player's
        seat.token = secrets.token_hex(16)
        seat.name = name
        seat.shown = shown if isinstance(shown, str) else None
        self.state.game.players = {**self.state.game.players, seat.seat: name}
        self._seat(seat, identity, conn, None)  # granted and told in one step: no token that nobody holds
        self.state.save()

    def _distinct(self, name: str) -> str:
        """`name`, numbered when a player here already goes by it ("Phone", "Phone 2"): the statistics keep
        players apart by name (game.keep), so two alike would be one. Numbered rather than refused: the phone
        page asks for a name already, and a client that sent none, or a friend's, still gets to play."""
        taken = {same_name(r.name) for r in self.state.remotes.values() if r.token is not None and r.name}
        if self.state.host_seat is not None:
            taken.add(same_name(self.state.game.players.get(self.state.host_seat, "")))
        number, out = 1, name
        while same_name(out) in taken:
            number += 1
            suffix = f" {number}"
            out = name[:NAME_CHARS - len(suffix)].rstrip() + suffix
        return out

    def _seat(self, remote: RemoteSeat, identity: bytes, conn: int, message: Hello | None) -> None:
        """Bind the seat to this connection and bring the guest up to date from what it `have`."""
        self.state.watchers.drop(identity)
        for other in self.state.remotes.values():  # one connection plays one seat
            if other is not remote and other.identity == identity and other.conn == conn:
                other.identity = other.conn = None
        remote.identity, remote.conn = identity, conn
        remote.last_heard = self.state.clock()
        self.state.emit(Admit(conn))
        if self.state.admission.waiting(identity, conn) is not None:
            self.state.admission.drop(link=identity)
        self.state.send(identity, self._welcome(remote.seat, PLAYER, remote.token))
        self.state.send_state_to(remote, self._have(message))
        self._record_to(identity)
        self.state.send(identity, self.state.seats_news())  # the lobby as it is now, even if no one else sees a change

    def _welcome(self, seat: str | None, role: str, token: str | None) -> Welcome:
        return {"t": "welcome", "seat": seat, "role": role, "token": token, "players": dict(self.state.game.players),
                "rules": self.state.game.rules.to_dict(), "program": program_version(),
                "match": self.state.sitting.match_data(), "number": self.state.number, "table": self.state.table}

    def _have(self, message: Hello | None) -> int:
        """Where a guest's events resume: what it `have` of this very game, else from the start."""
        if message is None:
            return 0
        have = message.get("have", 0) if message.get("number", self.state.number) == self.state.number else 0
        return min(max(have, 0), len(self.state.events))

    def _record_to(self, identity: bytes) -> None:
        state = self.state
        if state.game.over:
            state.send(identity, {"t": "record", "record": to_record(state.game), "match": state.sitting.match_data()})

    # ------------------------------------------------------------------ watchers
    def _watcher_hello(self, identity: bytes, conn: int, message: Hello) -> None:
        """A watcher that knew the code (or holds a watcher's token): public states from `have` on."""
        if self._remote_of(identity, conn) is not None:
            self.state.refuse(identity, "seated")
            return
        watcher = self.state.watchers.admit(identity, conn, guest_name(message["name"]), message.get("token"))
        if watcher is None:
            self.state.refuse(identity, "full", n=MAX_WATCHERS)
            return
        self.state.emit(Admit(conn))
        self.state.send(identity, self._welcome(None, WATCHER, watcher.token))
        state = self.state
        state.watchers.state(state.game, state.events, self._have(message), state.started, only=identity)
        self._record_to(identity)

    def _watcher_message(self, identity: bytes, message: ToHost | ToGuest) -> None:
        """A watcher pings and says bye; anything else, an action above all, is refused and changes nothing."""
        self.state.watchers.heard(identity)
        if message["t"] == "ping":
            self.state.send(identity, {"t": "pong", "n": message["n"]})
        elif message["t"] == "bye":
            self.state.watchers.drop(identity)
        else:
            seq = message["seq"] if message["t"] == "action" else None
            self.state.error(identity, "", seq, "not_a_player", IllegalAction("watcher_cannot_act"))

    # ------------------------------------------------------------------ a kept game continued in the lobby
    def continue_saved(self, saved: lan_save.Saved) -> None:
        """Continue a saved game in this open lobby instead of the new one: the guests seated here, and
        the one asking, take the seats whose saved tokens they showed when they said hello (the name is
        only a label: Ben in full-width letters is not Ben); anyone else is turned away."""
        links = {r.shown or f"seat:{r.seat}": (r.identity, r.conn) for r in self.state.remotes.values()
                 if r.identity is not None}
        request = self.state.admission.request
        if request is not None:
            self.state.admission.drop(link=request.link)
            links[request.shown or "asking"] = (request.link, request.conn)
        self.state.take_saved(saved)
        self.state.started = False  # the guests see the rules again; the host's player starts
        for remote in self.state.remotes.values():
            identity, conn = links.pop(remote.token, (None, None)) if remote.token else (None, None)
            if identity is not None and conn is not None:
                self._seat(remote, identity, conn, None)
        for identity, _conn in links.values():
            if identity is not None:
                self.state.refuse(identity, "another_game")
        self.state.save()


def _same(given: str, secret: str) -> bool:
    """Constant-time comparison of any text a peer sent (compare_digest refuses non-ASCII str)."""
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"), secret.encode("utf-8"))


NAME_CHARS = 24  # a guest's name at most, as the host shows it


def guest_name(raw: str) -> str:
    """A name fit for the host's screen: no control or formatting characters (a newline or a
    right-to-left mark could dress up the "wants to join" question), spaces collapsed, 24 at most."""
    kept = "".join(" " if c.isspace() else c for c in raw if unicodedata.category(c)[0] != "C" or c.isspace())
    return " ".join(kept.split())[:NAME_CHARS] or "Guest"
