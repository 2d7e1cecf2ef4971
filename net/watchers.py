"""The watchers of a LAN game: people who see the table and never act.

A watcher says `hello` with `role` "watcher" and the join code. It receives only public information
(net.roles: no hand, no deck order, no card drawn or returned by either side), can join at any
moment and is sent the game so far, and every action it sends is refused with `not_a_player`. At
most MAX_WATCHERS watch one game; a watcher silent for DEAD_AFTER_S is forgotten (it is let in again
when it says hello). A watcher's token only lets a reconnecting watcher replace its old connection,
so one screen never counts twice.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine import Game
from engine.notation_types import Event

from .messages import GameNews, Record, State, ToGuest
from .protocol import DEAD_AFTER_S
from .roles import MAX_WATCHERS, public_events, public_view

FULL = f"this game already has {MAX_WATCHERS} watchers"


@dataclass
class Watcher:
    identity: bytes
    conn: int  # the connection it said hello on (net.router): only that connection is this watcher
    name: str
    token: str
    last_heard: float


class Watchers:
    """The watcher set of one host; `send(identity, message)` is the host's socket."""

    def __init__(self, send: Callable[[bytes, ToGuest], None], cap: int = MAX_WATCHERS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.send = send
        self.cap = cap
        self.clock = clock  # injected, so the host's core runs on a test's clock
        self.by_identity: dict[bytes, Watcher] = {}

    def count(self, now: float | None = None) -> int:
        """Watchers heard from lately: the number the host shows."""
        now = now or self.clock()
        return sum(now - w.last_heard < DEAD_AFTER_S for w in self.by_identity.values())

    def knows(self, identity: bytes, conn: int) -> bool:
        watcher = self.by_identity.get(identity)
        return watcher is not None and watcher.conn == conn

    def holds(self, token: str) -> bool:
        """A watcher with this token is known: it may come back without the code."""
        return any(_same(token, w.token) for w in self.by_identity.values())

    def admit(self, identity: bytes, conn: int, name: str, token: object) -> Watcher | None:
        """Let a watcher in (None when full). A known token replaces that watcher's old connection."""
        self.prune()
        now = self.clock()
        for old_identity, old in list(self.by_identity.items()):
            if isinstance(token, str) and _same(token, old.token):
                del self.by_identity[old_identity]
                old.identity, old.conn, old.last_heard = identity, conn, now
                self.by_identity[identity] = old
                return old
        if identity in self.by_identity:
            del self.by_identity[identity]  # the same routing id on a new connection: a newcomer
        if len(self.by_identity) >= self.cap:
            return None
        watcher = Watcher(identity, conn, (name[:40] or "Watcher"), secrets.token_hex(16), now)
        self.by_identity[identity] = watcher
        return watcher

    def heard(self, identity: bytes) -> None:
        self.by_identity[identity].last_heard = self.clock()

    def drop(self, identity: bytes) -> None:
        self.by_identity.pop(identity, None)

    def forget(self, closed: set[int]) -> None:
        """Watchers whose connection closed (net.router reports them) are gone."""
        for identity, watcher in list(self.by_identity.items()):
            if watcher.conn in closed:
                del self.by_identity[identity]

    def prune(self) -> None:
        now = self.clock()
        for identity, watcher in list(self.by_identity.items()):
            if now - watcher.last_heard >= DEAD_AFTER_S:
                del self.by_identity[identity]

    def clear(self) -> None:
        self.by_identity.clear()

    # ------------------------------------------------------------------ what they receive
    def state(self, game: Game, events: list[Event], start: int, started: bool,
              only: bytes | None = None) -> None:
        """Public events from `start` on and the public view, to every watcher (or only one)."""
        if not self.by_identity:
            return
        message: State = {"t": "state", "from": start, "events": public_events(events[start:]),
                   "view": public_view(game), "actions": len(game.actions), "started": started,
                   "players": dict(game.players)}
        for identity in [only] if only is not None else list(self.by_identity):
            self.send(identity, message)

    def broadcast(self, message: GameNews | Record) -> None:
        """A message with nothing hidden in it (`game`, and `record` once the game is over)."""
        for identity in list(self.by_identity):
            self.send(identity, message)


def _same(given: str, secret: str) -> bool:
    """Constant-time comparison of any text a peer sent (compare_digest refuses non-ASCII str)."""
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"), secret.encode("utf-8"))
