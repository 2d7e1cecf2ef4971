"""Watchers, the pure core's part for those who only look: let in on the join code, sent what is public.

A watcher needs the join code (or a watcher's token) but not the host's yes: it sees only what is public
(net.watchers keeps them and words their states). It pings and says bye; anything else, an action above
all, is refused and changes nothing. It holds the host's state (net.host_base.HostState) and queues its
replies there; nothing here touches a socket or a clock of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import IllegalAction

from .host_base import Admit, HostState
from .messages import Hello, ToGuest, ToHost
from .roles import MAX_WATCHERS, WATCHER
from .seats import RemoteSeat, guest_name


class Watching:
    """Watchers' hellos and messages; `seated` names the seat a connection plays (a player cannot watch too)."""

    def __init__(self, state: HostState, seated: Callable[[bytes, int], RemoteSeat | None]) -> None:
        self.state = state
        self.seated = seated

    def hello(self, identity: bytes, conn: int, message: Hello) -> None:
        """A watcher that knew the code (or holds a watcher's token): public states from `have` on."""
        if self.seated(identity, conn) is not None:
            self.state.refuse(identity, "seated")
            return
        watcher = self.state.watchers.admit(identity, conn, guest_name(message["name"]), message.get("token"))
        if watcher is None:
            self.state.refuse(identity, "full", n=MAX_WATCHERS)
            return
        self.state.emit(Admit(conn))
        self.state.send(identity, self.state.welcome(None, WATCHER, watcher.token))
        state = self.state
        state.watchers.state(state.game, state.events, self.state.have(message), state.started, only=identity)
        self.state.send_record(identity)

    def message(self, identity: bytes, message: ToHost | ToGuest) -> None:
        """A watcher pings and says bye; anything else, an action above all, is refused and changes nothing."""
        self.state.watchers.heard(identity)
        if message["t"] == "ping":
            self.state.send(identity, {"t": "pong", "n": message["n"]})
        elif message["t"] == "bye":
            self.state.watchers.drop(identity)
        else:
            seq = message["seq"] if message["t"] == "action" else None
            self.state.error(identity, "", seq, "not_a_player", IllegalAction("watcher_cannot_act"))
