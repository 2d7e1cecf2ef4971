"""The key exchange, the pure core's door: a code (or a session token) tried under the admission policy.

Every connection begins with `pake` (net.session). `Keys` decides whether a code may be tried now
(net.admission) and asks the driver to run the exchange (`Exchange`: the crypto is the driver's); the
driver hands back the result (`keyed`), opens each sealed message with the session it finds here
(`session_of`) and says when one did not open (`unopened`); the first that opens proves the guest's key
(`proves`). It holds the host's state (net.host_base.HostState) and queues its replies there; nothing here
touches a socket or a clock of its own. What an opened message says is `net.host_join.Joining`'s.
"""

from __future__ import annotations

import math
import secrets

from .host_base import Exchange, HostState, Session
from .messages import AnyMessage, Pake
from .protocol import PROTOCOL_VERSION
from .session import PAKE_BYTES, Sealer, by_code, by_token, token_ref
from .version import program_version


class Keys:
    """Who may try a key, each connection's session, and whether its first sealed message proved it."""

    def __init__(self, state: HostState) -> None:
        self.state = state

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

    def proves(self, identity: bytes, conn: int) -> bool:
        """A sealed message opened on this connection: its first proves the guest's key (a right code, or
        token). False, the sender told so, when the connection opened no session."""
        session = self.session_of(identity, conn)
        if session is None:
            self.unopened(identity, conn, "")
            return False
        if session.pending:
            session.pending = False
            self.state.admission.end(identity, session.address, True, ceiling=session.token is None)
        return True
