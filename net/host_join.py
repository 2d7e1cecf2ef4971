"""Joining, the pure core's first part: what a sealed message says, and who answers it.

Every connection begins with the key exchange (net.host_keys' `Keys`: the code or a session token tried
under the admission policy, each connection's session). Each sealed message the driver opened comes here
(`opened`): `hello` first, with its versions and role; a seat's token takes that seat back and the join
code lets a newcomer ask for one (net.host_seating's `Seating`), or watch (net.host_watching's
`Watching`). A seated guest's messages go on to `play` (the game's relay, net.host_relay). `Joining` holds
those parts and the host's state (net.host_base.HostState); `net.host_core.HostCore` holds it. Nothing here
touches a socket or a clock of its own.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from .host_base import HostState
from .host_keys import Keys
from .host_seating import Seating
from .host_watching import Watching
from .messages import AnyMessage, Hello, ToGuest, ToHost
from .protocol import PROTOCOL_VERSION
from .roles import PLAYER, WATCHER
from .seats import RemoteSeat
from .version import program_version


class Joining:
    """The messages of connections that are not (yet) seated, routed to the part each concerns: the key
    exchange (`keys`), the seats (`seating`), the watchers (`watching`). A seated guest's go on to `play`."""

    def __init__(self, state: HostState, play: Callable[[bytes, RemoteSeat, ToHost | ToGuest], None]) -> None:
        self.state = state
        self.play = play
        self.keys = Keys(state)
        self.seating = Seating(state)
        self.watching = Watching(state, self.seating.remote_of)

    def opened(self, identity: bytes, conn: int, inner: AnyMessage) -> None:
        """What a sealed message held (the first one proves the guest's key: net.host_keys)."""
        if not self.keys.proves(identity, conn):
            return
        if inner["t"] == "pake" or inner["t"] == "sealed":
            self.state.error(identity, f"a {inner['t']} message is not sent sealed")
        else:
            self._handle(identity, conn, inner)

    def _handle(self, identity: bytes, conn: int, message: ToHost | ToGuest) -> None:
        if message["t"] == "hello":
            self._hello(identity, conn, message)
        elif self.state.watchers.knows(identity, conn):
            self.watching.message(identity, message)
        elif (remote := self.seating.remote_of(identity, conn)) is not None:
            self.play(identity, remote, message)
        else:
            self.seating.unseated(identity, conn, message)

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
                        self.seating.rejoin(remote, identity, conn, message)
                        return
            elif self.state.watchers.holds(token):
                self.watching.hello(identity, conn, message)
                return
        if keyed is not None:  # a token that no longer holds a seat (a new game began): the code is needed
            self.state.refuse(identity, "unknown_token")
            return
        if self.seating.remote_of(identity, conn) is not None:  # one connection holds at most one seat
            self.state.refuse(identity, "seated")
            return
        # the key exchange proved the join code (net.session), under the admission policy
        if role == WATCHER:
            self.watching.hello(identity, conn, message)
        else:
            self.seating.newcomer(identity, conn, message)


def _same(given: str, secret: str) -> bool:
    """Constant-time comparison of any text a peer sent (compare_digest refuses non-ASCII str)."""
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"), secret.encode("utf-8"))

