"""The host's protocol as a pure core: (state, message) in, (state, what to send) out.

`HostCore` answers each message by changing its state and emitting effects (net.host_base: `Send` a
message, `Admit` a connection past the door, `Save` the game, run a key `Exchange`), as boardgame.io's
authoritative master does: no socket, no crypto, no file, no clock of its own. It is made of parts it
holds, not classes it inherits: the state and its outbox (`HostState`), joining (`net.host_join.Joining`,
itself made of the key exchange, the seats and the watchers) and the game (`net.host_relay.Relay`). Every call
that can cause effects returns them, in order: a message handler as a command (start, the host player's
action, an answer) does; the two that apply an action also return its events, `(events, effects)`. So the
protocol is tested by feeding messages and commands (tests/test_net_core*.py); `net.host.Host`, the driver,
holds a core and performs what each call hands back, in order.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine.game import Event
from engine.rules import Rules

from . import lan_save
from .host_base import Effect, Exchange, HostState, Session
from .host_join import Joining
from .host_relay import Relay
from .messages import AnyMessage
from .seen import HostSeen
from .session import Sealer
from .sitting import Sitting


class HostCore:
    """A LAN game's authority without sockets: runs its Sitting, validates the guests' actions."""

    def __init__(self, *, sitting: Sitting, host_seat: str | None = "south", code: str, accept_any: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.state = HostState(sitting=sitting, host_seat=host_seat, code=code, accept_any=accept_any, clock=clock)
        self.relay = Relay(self.state)
        self.joining = Joining(self.state, self.relay.play)
        #: the state as the screens read it, through the driver (net.seen): read-only by its type
        self.seen: HostSeen = self.state

    @classmethod
    def new(cls, *, rules: Rules, seed: int, code: str, host_name: str, host_seat: str | None = "south",
            first: str | None = None, match: dict[str, Any] | None = None, accept_any: bool = False,
            clock: Callable[[], float] = time.monotonic) -> HostCore:
        """A new LAN game; `match` ({"end": ..., "limit": ...}, R41) makes it the first of a match.

        `host_seat` None makes a table host: every seat waits for a guest. `Rules(players=3)` seats
        three: south, west and east (R46)."""
        players = {s: "Guest" for s in rules.seats}
        if host_seat is not None:
            players[host_seat] = host_name
        return cls(sitting=Sitting.new(rules, seed, players, first, match), host_seat=host_seat, code=code,
                   accept_any=accept_any, clock=clock)

    def take(self) -> list[Effect]:
        """The effects emitted since the last call handed them back, in order (each call does: this is its
        last step, and the driver's after a bug it caught, so what was said before the failure still goes)."""
        return self.state.take()

    # ------------------------------------------------------------------ messages in, effects out
    def clear(self, identity: bytes, conn: int, message: AnyMessage, address: str = "?") -> list[Effect]:
        """A message that came in the clear; `address` is where it comes from, for the admission policy."""
        self.joining.keys.clear(identity, conn, message, address)
        return self.take()

    def keyed(self, exchange: Exchange, done: tuple[bytes, bytes, Sealer | None] | None) -> list[Effect]:
        """The driver ran the key exchange the core asked for (net.host_keys)."""
        self.joining.keys.keyed(exchange, done)
        return self.take()

    def session_of(self, identity: bytes, conn: int) -> Session | None:
        """The session this very connection opened, if any (the driver opens its messages with it)."""
        return self.joining.keys.session_of(identity, conn)

    def unopened(self, identity: bytes, conn: int, why: str) -> list[Effect]:
        """A `sealed` message that came with no session, or did not open under its key."""
        self.joining.keys.unopened(identity, conn, why)
        return self.take()

    def opened(self, identity: bytes, conn: int, inner: AnyMessage) -> list[Effect]:
        """What a sealed message held: joining's, or a seated guest's play (the relay's)."""
        self.joining.opened(identity, conn, inner)
        return self.take()

    def housekeeping(self) -> list[Effect]:
        """Withdraw a question nobody answered, and tell the queue where it stands."""
        self.joining.seating.housekeeping()
        return self.take()

    def forget_closed(self, closed: set[int]) -> None:
        """The connections the driver saw close (net.host_base)."""
        self.state.forget_closed(closed)

    def error(self, identity: bytes, reason: str) -> list[Effect]:
        """Tell a connection its message was not understood (a frame the driver could not read)."""
        self.state.error(identity, reason)
        return self.take()

    # ------------------------------------------------------------------ commands, effects out
    def answer(self, accept: bool) -> list[Effect]:
        """The host's player accepted or refused the guest that asked to join."""
        self.joining.seating.answer(accept)
        return self.take()

    def start(self) -> list[Effect]:
        """Begin play: until now the guests could only look at the rules in their lobby."""
        self.relay.start()
        return self.take()

    def submit_local(self, action: Any) -> tuple[list[Event], list[Effect]]:
        """The host player's action, through the same checks as the guests' (raises IllegalAction, effects
        none): its events, and the effects."""
        events = self.relay.submit_local(action)
        return events, self.take()

    def apply_for_guest(self, action: Any, seat: str | None = None) -> tuple[list[Event], list[Effect]]:
        """A stand-in bot's action for a guest's seat (net.host_relay): its events, and the effects."""
        events = self.relay.apply_for_guest(action, seat)
        return events, self.take()

    def next_game(self, seed: int) -> list[Effect]:
        """The next game of the match, or a rematch, told to every guest and watcher."""
        self.relay.next_game(seed)
        return self.take()

    def record_result(self) -> list[Effect]:
        """Score a finished game in the match (idempotent)."""
        self.relay.record_result()
        return self.take()

    def announce_seats(self) -> list[Effect]:
        """Tell every seated guest when the lobby changed."""
        self.relay.announce_seats()
        return self.take()

    def continue_saved(self, saved: lan_save.Saved) -> list[Effect]:
        """Continue a saved game in this open lobby instead of the new one (net.host_seating)."""
        self.joining.seating.continue_saved(saved)
        return self.take()

    def take_saved(self, saved: lan_save.Saved, started: bool = True) -> None:
        """Reopen a saved game: its sitting and its seats (a resumed host's, before anyone joins); it goes on
        at once (`started`), or its lobby shows the rules again until the host's player starts."""
        self.state.take_saved(saved)
        self.state.started = started

    def forget_connections(self) -> None:
        """A reopened save: every guest and watcher must say hello again."""
        for remote in self.state.remotes.values():
            remote.identity = remote.conn = None
        self.state.watchers.clear()
        self.state.sessions.clear()
