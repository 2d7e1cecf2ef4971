"""Tables for screens that hold no hand: the TV in table mode (`TableHostTable`) and a watcher's (`WatchTable`).

Both show only what is public (net.roles): the view has no hand and the events no card drawn or
returned by either side, so the room sees exactly what a watcher on the LAN sees. Neither can act:
`legal_actions()` is always empty and `submit` refuses. The table host still runs the engine and
serves both players; this screen only shows it.
"""

from __future__ import annotations

from engine import IllegalAction
from engine.notation_types import Action, Event, View
from game.play.lan_tables import HostTable, RemoteTable
from net.host import Host
from net.roles import public_events, public_view


class TableHostTable(HostTable):
    """The table host's screen: both seats are played from other computers."""

    stand_in = False  # a lost player is waited for (or the game saved), never replaced by a bot here

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.local_seats = ()
        self._seen = 0  # the whole game so far goes to the board's log

    @property
    def thinking(self) -> str | None:
        """None: the big "whose turn" line says it, and the caption box shows the last turn instead."""
        return None

    @property
    def peer_lost(self) -> bool:
        return bool(self.host.seen.lost_seats())

    @property
    def lost_name(self) -> str:
        """The name of a player the table is waiting for (the first, if both are gone)."""
        lost = self.host.seen.lost_seats()
        return self.names.get(lost[0], "") if lost else ""

    def view(self, seat: str) -> View:
        return public_view(self.game)

    def legal_actions(self) -> list[Action]:
        return []

    def submit(self, action: Action) -> None:
        raise IllegalAction("no_own_seat")

    def poll_events(self) -> list[Event]:
        new = self.host.seen.events[self._seen:]
        self._seen = len(self.host.seen.events)
        return public_events(new)

    def tick(self, ready: bool) -> None:
        self.host.poll(0)
        self.keep_finished()


class WatchTable(RemoteTable):
    """A watcher's screen: what the host sends a watcher, and nothing it can do."""

    @property
    def local_seats(self) -> tuple[str, ...]:
        return ()

    @property
    def thinking(self) -> str | None:
        """None: the big "whose turn" line says it, and the caption box shows the last turn instead."""
        return None

    @property
    def lost_name(self) -> str:
        return ""

    def view(self, seat: str) -> View:
        if self.guest.seen.view is None:
            raise IllegalAction("not_connected")
        return self.guest.seen.view

    def legal_actions(self) -> list[Action]:
        return []

    def submit(self, action: Action) -> None:
        raise IllegalAction("watcher_cannot_act")
