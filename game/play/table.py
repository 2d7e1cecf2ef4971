"""The table seam: the only thing the board scene talks to.

A `Table` is one game seen from this screen. `LocalTable` runs the engine in-process (hot-seat, or
people against bots here); the LAN tables (game.play.lan_tables, lan_watch) speak the same seam over
the network, so the board cannot tell them apart. Everything crossing the seam is NOTATION.md data
(positions, actions, events), never engine objects.

What differs is declared, never probed: `Table.link` is the network side of a LAN table (a `Link`: a lost
peer, heartbeats under an overlay, watchers, the match, the next game), None for a game on this screen;
`Table.local` is the `LocalTable` itself when the engine and its bots run here (take-backs, the coach, the
review), else None. tests/test_seams.py fails if a screen asks a table what it is instead.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import NamedTuple, Protocol

from engine import OTHER, Game, redact
from engine.match import Match
from engine.notation_types import Action, Event, Record, Result, View
from game.play.bot_client import BotLike, InProcessBot

log = logging.getLogger(__name__)


class Table(Protocol):
    """One game as this screen sees it.

    - `names`: seat -> player name. `local_seats`: seats played by people at this screen.
    - `to_move`, `phase`, `result`: where the game stands (`result` is NOTATION.md's, or None).
    - `view(seat)`: the position as `seat` may see it (only local seats may be asked).
    - `legal_actions()`: what the person to move here may do now; [] when it is not their turn.
    - `submit(action)`: play it; raises engine.IllegalAction (with the reason) if the rules forbid it.
    - `poll_events()`: events since the last poll, each already hidden as this screen must see it.
    - `tick(ready)`: let remote or bot players act; `ready` is False while the screen still animates.
    - `thinking`: the seat of a bot (or remote player) deciding right now, else None.
    - `record()`: the NOTATION.md game record so far. `close()`: stop bots and connections.
    - `link`: the network side of a LAN table, else None. `local`: the LocalTable of a game run here, else None.
    """

    @property
    def names(self) -> dict[str, str]: ...
    @property
    def local_seats(self) -> tuple[str, ...]: ...
    @property
    def to_move(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def thinking(self) -> str | None: ...
    def view(self, seat: str) -> View: ...
    def legal_actions(self) -> list[Action]: ...
    def submit(self, action: Action) -> None: ...
    def poll_events(self) -> list[Event]: ...
    def tick(self, ready: bool) -> None: ...
    def record(self) -> Record: ...
    def close(self) -> None: ...
    @property
    def link(self) -> Link | None: ...
    @property
    def local(self) -> LocalTable | None: ...


class Link(Protocol):
    """What a LAN table does beyond the seam, for the screens that show a game played across computers.

    - `peer_lost`: someone this game needs went silent and no bot took their seat; `lost_name` names them
      ("" when the host itself is gone, for a watcher). `snoozed`: this screen chose to keep waiting.
    - `hosting`: this computer runs the game: it saves it and starts the next one. `stand_in`: a bot may take
      a lost player's seat (`let_bot_play`). `save()`: save now. `save_trouble`: why saving fails, or None.
    - `watching`: how many watch this game on the LAN (the host's count; 0 elsewhere).
    - `wake_with(post)`: call `post` from a thread when a peer's message waits. `keep_alive()`: serve the
      connection while an overlay covers the board (heartbeats, reconnects).
    - `match()`: the match so far (R52) or None; `again()`: the seats that asked for another game.
    - `moved_on`: the sitting's next game began and this table shows the one before; `follow()` is the next
      game's table of the same kind on the same connection; `start_next(seed)` (hosting only) begins it.
    """

    snoozed: bool

    @property
    def peer_lost(self) -> bool: ...
    @property
    def lost_name(self) -> str: ...
    @property
    def hosting(self) -> bool: ...
    @property
    def stand_in(self) -> bool: ...
    @property
    def watching(self) -> int: ...
    @property
    def save_trouble(self) -> SaveTrouble | None: ...
    @property
    def moved_on(self) -> bool: ...
    def let_bot_play(self, bot: BotLike) -> None: ...
    def save(self) -> None: ...
    def wake_with(self, post: Callable[[], None]) -> None: ...
    def keep_alive(self) -> None: ...
    def match(self) -> Match | None: ...
    def again(self) -> list[str]: ...
    def follow(self) -> Table: ...
    def start_next(self, seed: int) -> Table: ...


class SaveTrouble(NamedTuple):
    """Why the hosting computer cannot save its game: the words for its log and the errno (a screen says it in
    its player's language)."""

    problem: str
    errno: int | None


class LocalTable:
    """The engine in this process. `bots` maps a seat to a bot (see game.play.bot_client) that plays it."""

    def __init__(self, game: Game, bots: dict[str, BotLike] | None = None, bot_pace: float = 0.0,
                 bot_levels: dict[str, str] | None = None) -> None:
        self.game = game
        self.bots = dict(bots or {})
        self.bot_levels = dict(bot_levels or {})
        self.names = dict(game.players)
        order = ("south", "north") if len(game.seats) == 2 else game.seats
        self.local_seats = tuple(s for s in order if s not in self.bots)
        self.bot_pace = bot_pace  # seconds between a bot's visible moves
        self._events: list[Event] = []
        self._request: int | None = None
        self._ready_at = 0.0
        self.on_action: list[Callable[[], None]] = []  # after every action: the autosave listens here

    @property
    def link(self) -> Link | None:
        """None: nothing of this game crosses the network."""
        return None

    @property
    def local(self) -> LocalTable:
        return self

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
        return self.to_move if self._request is not None else None

    def view(self, seat: str) -> View:
        return self.game.view(seat)

    def legal_actions(self) -> list[Action]:
        if self.game.over or self.to_move not in self.local_seats:
            return []
        return self.game.legal_actions()

    def submit(self, action: Action) -> None:
        if self.to_move not in self.local_seats:
            from engine import IllegalAction

            raise IllegalAction("turn_of", who=self.names[self.to_move])
        self._apply(action)

    def _apply(self, action: Action) -> None:
        events = self.game.apply(action)
        viewer = self.local_seats[0] if len(self.local_seats) == 1 else None
        self._events.extend(redact(e, viewer) for e in events)
        for hook in self.on_action:
            hook()

    def poll_events(self) -> list[Event]:
        out, self._events = self._events, []
        return out

    def tick(self, ready: bool) -> None:
        """Ask the bot to move when it is its turn; apply its answer once the screen has caught up."""
        seat = self.to_move
        bot = self.bots.get(seat)
        if bot is None or self.game.over:
            return
        now = time.monotonic()
        if self._request is None:
            self._request = bot.request(self.game.view(seat))
            return
        if not ready or now < self._ready_at:
            return
        try:
            answer = bot.poll()
        except RuntimeError as exc:  # BotError: the worker died; carry on in-process
            log.warning("bot failed (%s); continuing with an in-process bot", exc)
            self.bots[seat] = InProcessBot(self.bot_levels.get(seat, "random"))
            self._request = None
            return
        if answer is None:
            return
        self._request = None
        action = answer[1]
        try:
            self._apply(action)
        except ValueError as exc:  # a bot answering an illegal move must not end the evening
            log.error("bot played an illegal action %s (%s); playing a legal one instead", action, exc)
            self._apply(self.game.legal_actions()[0])
        self._ready_at = now + self.bot_pace

    def record(self) -> Record:
        from engine import to_record

        return to_record(self.game)

    def close(self) -> None:
        for bot in self.bots.values():
            bot.cancel()
            bot.close()
        self.bots.clear()


def opponent(seat: str) -> str:
    return OTHER[seat]
