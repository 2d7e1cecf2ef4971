"""A seat played from another computer: who holds it (session token, name) and its live connection.

An ordinary LAN host has one such seat (the guest's); a table host, which has no hand of its own,
has two. The token, not the connection, is what owns the seat: a player who reconnects on a new
socket, or after the host restarted, says hello with its token and gets the same seat back, bound
to the connection that showed the token (net.router).
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules import SEATS3

from .protocol import DEAD_AFTER_S

if TYPE_CHECKING:
    from engine.game import Game


@dataclass
class RemoteSeat:
    seat: str
    token: str | None = None  # set when a player first takes the seat; kept in the save
    name: str | None = None
    identity: bytes | None = None  # the ZeroMQ routing id of its current connection, if any
    conn: int | None = None  # that connection (net.router): the seat is bound to both
    last_heard: float = 0.0
    shown: str | None = None  # the token its player showed when joining, if it held no seat: a kept game's key

    def alive(self, now: float | None = None) -> bool:
        return self.identity is not None and (now or time.monotonic()) - self.last_heard < DEAD_AFTER_S

    def lost(self) -> bool:
        """Taken by a player who is not connected now: the table waits for them."""
        return self.token is not None and not self.alive()


def same_name(name: str) -> str:
    """A name as compared between evenings and against a saved seat's: NFKC, case-folded, spaces
    collapsed ("Ben " is "ben"); game.keep.lan_store keys the host's saves on it too."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def remote_seats(game: Game, host_seat: str | None) -> list[str]:
    """The seats guests take, in the order newcomers take them: south first at a table, then clockwise
    (R48) for three; the host's own seat, if it has one, is not among them."""
    order = ("south", "north") if len(game.seats) == 2 else SEATS3
    return [s for s in order if s != host_seat]


NAME_CHARS = 24  # a guest's name at most, as the host shows it


def guest_name(raw: str) -> str:
    """A name fit for the host's screen: no control or formatting characters (a newline or a
    right-to-left mark could dress up the "wants to join" question), spaces collapsed, 24 at most."""
    kept = "".join(" " if c.isspace() else c for c in raw if unicodedata.category(c)[0] != "C" or c.isspace())
    return " ".join(kept.split())[:NAME_CHARS] or "Guest"
