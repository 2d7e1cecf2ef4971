"""The table seam: the only thing the board scene talks to.

A `Table` is one game seen from this screen. `LocalTable` runs the engine in-process (hot-seat, or
people against bots here); a LAN `RemoteTable` will speak the same protocol over the network, so
the board cannot tell them apart. Everything crossing the seam is NOTATION.md data (positions,
actions, events), never engine objects.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from engine import OTHER, Game, redact
from game.play.bot_client import BotLike, InProcessBot

log = logging.getLogger(__name__)
Action = dict[str, Any]
Event = dict[str, Any]


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
    def result(self) -> dict[str, Any] | None: ...
    @property
    def thinking(self) -> str | None: ...
    def view(self, seat: str) -> dict[str, Any]: ...
    def legal_actions(self) -> list[Action]: ...
    def submit(self, action: Action) -> None: ...
    def poll_events(self) -> list[Event]: ...
    def tick(self, ready: bool) -> None: ...
    def record(self) -> dict[str, Any]: ...
    def close(self) -> None: ...


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
    def to_move(self) -> str:
        return self.game.to_move

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def result(self) -> dict[str, Any] | None:
        return self.game.result

    @property
    def thinking(self) -> str | None:
        return self.to_move if self._request is not None else None

    def view(self, seat: str) -> dict[str, Any]:
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

    def record(self) -> dict[str, Any]:
        from engine import to_record

        return to_record(self.game)

    def close(self) -> None:
        for bot in self.bots.values():
            bot.cancel()
            bot.close()
        self.bots.clear()


def opponent(seat: str) -> str:
    return OTHER[seat]
