"""The table seam for LAN games: `HostTable` on the hosting screen, `RemoteTable` on the guest's.

Both look to the board exactly like a `LocalTable` with one local seat. The host's table drives the
authoritative `net.host.Host` (its own player's actions go through the same checks as the guest's);
the guest's table mirrors what `net.guest.Guest` has been told and sends actions to the host. Each is
its own `Link` (game.play.table): the network side the screens ask for through `table.link`, such as
`peer_lost`, so the board can pause with "waiting for <name>".
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from engine import IllegalAction, NotationError, redact, to_record
from engine.actions import parse_action
from engine.game import Game
from engine.match import Match
from engine.notation_types import Action, Event, Record, Result, View
from game.keep.lan_games import keep_lan_game
from game.keep.lan_store import note_guest
from game.play.bot_client import BotLike
from game.play.table import Link, LocalTable, SaveTrouble, Table
from net.guest import Guest
from net.host import Host

log = logging.getLogger(__name__)


class LanTable:
    """What both ends of a LAN game's table share: each is its own `Link`, and neither is a game on this screen
    alone (no take-backs, no coach). `hosting` says which end it is."""

    hosting = False

    @property
    def link(self) -> Link:
        return cast("Link", self)  # both ends fit Link: mypy checks it at the end of this module

    @property
    def local(self) -> LocalTable | None:
        return None


class HostTable(LanTable):
    """The hosting player's seat of a LAN game; the other seats are guests' (or a bot's standing in for a
    lost guest): one in a two-player game, two in a three-player one (R46)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.number = host.seen.number  # the game of the sitting this table shows; the host may move on (phones agree)
        self.local_seats: tuple[str, ...] = (host.seen.host_seat,) if host.seen.host_seat is not None else ()
        self._seen = len(host.seen.events)
        self._stand_in: BotLike | None = None
        self._stand_in_seats: set[str] = set()  # the lost guests' seats the stand-in bot plays
        self._request: int | None = None
        self.snoozed = False  # the host chose to keep waiting for a lost guest
        self._detached = False
        self._kept = 0  # the number of the last finished game kept in the replay library

    stand_in = True  # a bot may take a lost guest's seat (the table host's screen says no: lan_watch)
    hosting = True

    @property
    def names(self) -> dict[str, str]:
        return dict(self.host.seen.game.players)

    @property
    def save_trouble(self) -> SaveTrouble | None:
        """Why the host cannot save its game now (net.host retries at every move), or None."""
        problem = self.host.save_problem
        return None if problem is None else SaveTrouble(problem, self.host.save_errno)

    @property
    def moved_on(self) -> bool:
        """The sitting's next game began (from here, or asked for by both players' phones)."""
        return bool(self.host.seen.number != self.number)

    def match(self) -> Match | None:
        """The match so far, this game's result scored in it once it is over."""
        if self.game.over:
            self.host.record_result()
        match: Match | None = self.host.seen.match
        return match

    def again(self) -> list[str]:
        return sorted(self.host.seen.again)

    def follow(self) -> Table:
        return type(self)(self.detach())

    def start_next(self, seed: int) -> Table:
        """The next game of the match (or a rematch), and its table of the same kind: a seat, or none."""
        host = self.detach()
        host.next_game(seed)
        return type(self)(host)

    @property
    def game(self) -> Game:
        return self.host.seen.game

    @property
    def to_move(self) -> str:
        return self.game.to_move

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def result(self) -> Result | None:
        return self.game.result

    @property
    def thinking(self) -> str | None:
        """The guest's seat to move (any remote seat, for three players), while the game goes on."""
        return self.to_move if self.to_move in self.host.seen.remotes and not self.game.over else None

    @property
    def peer_lost(self) -> bool:
        """A guest joined, then went silent, and no bot has taken its seat."""
        return bool(self._lost())

    @property
    def lost_name(self) -> str:
        """The name of the lost guest the board waits for (the first, if two are gone)."""
        lost = self._lost()
        return self.names.get(lost[0], "") if lost else ""

    def _lost(self) -> list[str]:
        return [s for s in self.host.seen.lost_seats() if s not in self._stand_in_seats]

    @property
    def watching(self) -> int:
        """How many watchers follow this game on the LAN: the host's screen shows it."""
        return int(self.host.seen.watchers.count())

    def view(self, seat: str) -> View:
        return self.game.view(seat)

    def legal_actions(self) -> list[Action]:
        if self.game.over or self.to_move != self.host.seen.host_seat:
            return []
        return self.game.legal_actions()

    def submit(self, action: Action) -> None:
        self.host.submit_local(action)

    def poll_events(self) -> list[Event]:
        new = self.host.seen.events[self._seen:]
        self._seen = len(self.host.seen.events)
        return [redact(e, self.host.seen.host_seat) for e in new]

    def wake_with(self, post: Callable[[], None]) -> None:
        """The window's wake, called from a thread when a peer's message waits (net.wake)."""
        self.host.wake_with(post)

    def keep_alive(self) -> None:
        """Serve the guest while an overlay covers the board."""
        self.host.poll(0)
        self.keep_finished()

    def tick(self, ready: bool) -> None:
        self.host.poll(0)
        self.keep_finished()
        if self._stand_in is not None and ready and self.thinking in self._stand_in_seats:
            self._stand_in_move()

    def let_bot_play(self, bot: BotLike) -> None:
        """The host's choice when a guest is gone: a bot takes the lost guests' seats from now on (the one
        bot plays each seat lost when asked; a bot offered for a seat lost later is closed, the first plays it)."""
        if self._stand_in is None:
            self._stand_in = bot
        elif bot is not self._stand_in:
            bot.close()
        self._stand_in_seats |= set(self._lost()) or {self.host.seen.guest_seat}

    def _stand_in_move(self) -> None:
        assert self._stand_in is not None
        seat = self.to_move
        if self._request is None:
            self._request = self._stand_in.request(self.game.view(seat))
            return
        answer = self._stand_in.poll()
        if answer is None:
            return
        self._request = None
        try:
            self.host.apply_for_guest(answer[1], seat)
        except (IllegalAction, NotationError) as exc:
            log.error("stand-in bot played an illegal action (%s); playing a legal one", exc)
            self.host.apply_for_guest(self.game.legal_actions()[0], seat)

    def keep_finished(self) -> None:
        """A finished game goes to the replay library and the statistics, as every game does (once each)."""
        if self.game.over and self._kept != self.host.seen.number:
            self._kept = self.host.seen.number
            keep_lan_game(self.game)

    def save(self) -> None:
        self.host.save()

    def detach(self) -> Host:
        """Hand the connection to the next game's table: closing this one no longer hangs up."""
        self._detached = True
        return self.host

    def record(self) -> Record:
        return to_record(self.game)

    def close(self) -> None:
        if self._stand_in is not None:
            self._stand_in.close()
        if not self._detached:
            self.host.close()


class RemoteTable(LanTable):
    """The guest's seat: everything it knows comes from the host's messages."""

    def __init__(self, guest: Guest) -> None:
        self.guest = guest
        self._seen = 0
        self.snoozed = False
        self._detached = False
        self.number = guest.seen.number  # which game of the sitting this table shows
        self._shown: Game | None = None  # that game, kept while the guest waits for the next one's view
        self._noted: tuple[int, bool] | None = None  # what the Continue note last said (actions, over)

    stand_in = False  # the guest's screen cannot replace anyone: the host decides
    watching = 0  # the host counts watchers; a guest is not told

    @property
    def local_seats(self) -> tuple[str, ...]:
        return (self.guest.seen.seat,) if self.guest.seen.seat else ()

    @property
    def save_trouble(self) -> SaveTrouble | None:
        return None  # the host saves the game, not this computer

    @property
    def lost_name(self) -> str:
        """The host's player: a guest loses no one else."""
        others = [seat for seat in self.names if seat not in self.local_seats]
        return self.names.get(others[0], "") if others else ""

    @property
    def moved_on(self) -> bool:
        """The host started the sitting's next game, and its view has come."""
        return self.guest.seen.number != self.number and self.guest.seen.view is not None

    def match(self) -> Match | None:
        """The match as the host last told it; a malformed one is logged in a line and shown as none."""
        if self.guest.seen.match is None:
            return None
        try:
            return Match.from_dict(self.guest.seen.match)
        except NotationError as exc:
            log.warning("the host's match score is malformed (%s); not shown", exc)
            return None

    def again(self) -> list[str]:
        return []

    def let_bot_play(self, bot: BotLike) -> None:
        """Never offered here (`stand_in` is False): the bot is closed."""
        bot.close()

    def save(self) -> None:
        """Nothing to save on a guest's computer: the host keeps the game."""

    def follow(self) -> Table:
        return type(self)(self.detach())

    def start_next(self, seed: int) -> Table:
        """Never offered here (`hosting` is False): only the hosting computer starts a game."""
        raise RuntimeError("only the hosting computer starts the next game")

    @property
    def names(self) -> dict[str, str]:
        return dict(self.guest.seen.players)

    def _game(self) -> Game:
        """The game this table shows. Once the host starts the sitting's next game, the guest drops the
        finished one until the new view arrives; this table keeps answering from the game it showed."""
        if self.guest.seen.number == self.number and self.guest.seen.game is not None:
            self._shown = self.guest.seen.game
        if self._shown is None:
            raise IllegalAction("not_connected")
        return self._shown

    @property
    def to_move(self) -> str:
        return self._game().to_move

    @property
    def phase(self) -> str:
        return self._game().phase

    @property
    def result(self) -> Result | None:
        if self.guest.seen.number != self.number:  # the next game began: the one shown here is over
            shown = self._shown.result if self._shown is not None else None
        elif self.guest.seen.record is not None:
            shown = self.guest.seen.record.get("result")
        else:
            shown = self.guest.seen.game.result if self.guest.seen.game is not None else None
        return shown

    @property
    def thinking(self) -> str | None:
        game = self.guest.seen.game
        if game is None or game.over:
            return None
        return game.to_move if game.to_move != self.guest.seen.seat or self.guest.seen.pending else None

    @property
    def peer_lost(self) -> bool:
        return self.guest.seen.game is not None and not self.guest.seen.alive()

    def view(self, seat: str) -> View:
        if seat != self.guest.seen.seat or self.guest.seen.view is None:
            raise IllegalAction("own_seat_only")
        return self.guest.seen.view

    def legal_actions(self) -> list[Action]:
        """Nothing while the host is not heard (crashed, say): a move made then would show a game the host
        does not have; once the host is back its state says what there is to do."""
        return self._game().legal_actions() if self.guest.seen.my_turn() and self.guest.seen.alive() else []

    def submit(self, action: Action) -> None:
        """Check locally what open information can (a clear reason at once), then send to the host."""
        if not self.guest.seen.alive():
            raise IllegalAction("not_connected")
        if not self.guest.seen.my_turn():
            raise IllegalAction("not_your_turn")
        act = parse_action(action)
        if act not in self.legal_actions():
            trial = self._game().copy()
            trial.apply(act)  # raises IllegalAction with the engine's reason
        self.guest.send_action(act)

    def poll_events(self) -> list[Event]:
        new = self.guest.seen.events[self._seen:]
        self._seen = len(self.guest.seen.events)
        self._note()
        return list(new)

    def _note(self) -> None:
        """The score as last seen, for Continue; the record (it may come under the results) drops the note."""
        noted = (self.guest.seen.actions_done, self.guest.seen.record is not None)
        if noted != self._noted:
            self._noted = noted
            note_guest(self.guest)

    def wake_with(self, post: Callable[[], None]) -> None:
        """The window's wake, called from a thread when the host's message waits (net.wake)."""
        self.guest.wake_with(post)

    def keep_alive(self) -> None:
        """Heartbeats and reconnects go on while an overlay covers the board."""
        self.guest.poll(0)
        self._note()

    def tick(self, ready: bool) -> None:
        self.guest.poll(0)

    def record(self) -> Record:
        if self.guest.seen.record is not None:
            return self.guest.seen.record
        raise IllegalAction("record_from_host")

    def detach(self) -> Guest:
        """Hand the connection to the next game's table: closing this one no longer hangs up."""
        self._detached = True
        return self.guest

    def close(self) -> None:
        if not self._detached:
            self.guest.close()


if TYPE_CHECKING:
    def _both_ends_are_links(host: HostTable, guest: RemoteTable) -> tuple[Link, Link]:
        return host, guest

