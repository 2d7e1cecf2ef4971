"""What the screens may read of a LAN game's core: one typed, read-only view each for the host and the guest.

A driver (`net.host.Host`, `net.guest.Guest`) holds a pure core and hands the screens its `seen`: the core's own
state, typed by the protocol below. Every member is a read-only property, so mypy refuses a screen that assigns
through it; a screen that wants the game to change calls the driver's commands, which run the core and perform
its effects. The core owns the state and the driver passes nothing through: there is one place each value lives.
"""

from __future__ import annotations

from typing import Protocol

from engine.game import Game
from engine.match import Match
from engine.notation_types import Action, Event, Record, View

from .admission import Admission
from .messages import MatchData, SeatNews
from .seats import RemoteSeat
from .sitting import Sitting
from .watchers import Watchers


class HostSeen(Protocol):
    """The host's state as the screens read it (net.host_base's `HostState` is one)."""

    @property
    def game(self) -> Game: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def sitting(self) -> Sitting: ...
    @property
    def match(self) -> Match | None: ...
    @property
    def number(self) -> int:
        """The game's number in this sitting."""
    @property
    def again(self) -> set[str]:
        """Remote seats that asked for the next game after this one ended."""
    @property
    def code(self) -> str:
        """The join code (a fresh one after too many wrong guesses)."""
    @property
    def table(self) -> bool:
        """A table host: no hand here, every seat is a guest's."""
    @property
    def host_seat(self) -> str | None: ...
    @property
    def guest_seat(self) -> str:
        """An ordinary two-player host's one guest's seat."""
    @property
    def remotes(self) -> dict[str, RemoteSeat]:
        """The seats played from other computers."""
    @property
    def bot_seats(self) -> set[str]:
        """Remote seats a stand-in bot plays, their guests being lost."""
    @property
    def watchers(self) -> Watchers: ...
    @property
    def admission(self) -> Admission: ...
    @property
    def errors_sent(self) -> int: ...
    @property
    def started(self) -> bool:
        """Play began (until then the guests look at the rules in their lobby)."""
    @property
    def join_request(self) -> str | None:
        """The name of a guest waiting for the host's player to accept or refuse it."""

    def lost_seats(self) -> list[str]:
        """Seats whose player joined and then went silent."""

    def shown_tokens(self) -> set[str]:
        """The kept games' tokens the guests in this lobby showed."""


class GuestSeen(Protocol):
    """A guest's mirror of its seat as the screens read it (net.guest_core's `GuestCore` is one)."""

    @property
    def seat(self) -> str | None: ...
    @property
    def token(self) -> str | None: ...
    @property
    def name(self) -> str: ...
    @property
    def watch(self) -> bool:
        """A watcher: no seat, public information only."""
    @property
    def welcomed(self) -> bool: ...
    @property
    def table(self) -> bool:
        """The host is a table: every seat is a guest's, and a guest may start the game."""
    @property
    def players(self) -> dict[str, str]: ...
    @property
    def rules(self) -> dict[str, object]:
        """As the host's welcome said: shown, never played by."""
    @property
    def view(self) -> View | None: ...
    @property
    def game(self) -> Game | None:
        """The view, loaded: legal actions and claim proofs."""
    @property
    def events(self) -> list[Event]: ...
    @property
    def actions_done(self) -> int: ...
    @property
    def record(self) -> Record | None: ...
    @property
    def refused(self) -> str | None:
        """The host's English, for logs and the command line."""
    @property
    def refused_as(self) -> tuple[str, dict[str, str | int]] | None:
        """The refusal's code and fields, for players."""
    @property
    def asking(self) -> bool: ...
    @property
    def ahead(self) -> int: ...
    @property
    def started(self) -> bool: ...
    @property
    def number(self) -> int: ...
    @property
    def match(self) -> MatchData | None: ...
    @property
    def errors(self) -> list[str]: ...
    @property
    def refusals(self) -> list[tuple[str, dict[str, str | int]]]: ...
    @property
    def seats(self) -> dict[str, SeatNews]: ...
    @property
    def again(self) -> list[str]: ...
    @property
    def watchers(self) -> int: ...
    @property
    def pending(self) -> tuple[int, Action] | None: ...
    @property
    def reconnects(self) -> int: ...
    @property
    def in_session(self) -> bool: ...

    def my_turn(self) -> bool: ...

    def alive(self) -> bool: ...
