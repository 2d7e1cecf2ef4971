"""The game's relay, the pure core's second half: the host's own seat, the guests' actions, the lobby, the next game.

`Relay` holds the host's state (net.host_base.HostState) and changes it as the game goes: a seated guest's
message (`play`, handed on by net.host_join's `Joining`), the host player's action, a stand-in bot's, the
start and the next game. Each reply is an effect queued on the state; `net.host_core.HostCore` hands them
to the driver.
"""

from __future__ import annotations

import secrets
from typing import Any

from engine import IllegalAction, NotationError, to_record
from engine.game import Event

from .host_base import HostState
from .messages import ActionMessage, GameNews, Record, ToGuest, ToHost
from .seats import RemoteSeat


class Relay:
    """The game as the host runs it for every seat: validates the guests' actions, tells each what it may see."""

    def __init__(self, state: HostState) -> None:
        self.state = state

    def next_game(self, seed: int) -> None:
        """After a game: the next game of the match, or a rematch (net.sitting), told to every guest
        and watcher."""
        self.state.sitting.next_game(seed)
        self.state.save()
        news: GameNews = {"t": "game", "number": self.state.number, "match": self.state.sitting.match_data()}
        for remote in self.state.remotes.values():
            self.state.send_remote(remote, news)
        self.state.watchers.broadcast(news)
        self.state.send_state(0)

    def record_result(self) -> None:
        """Score a finished game in the match (idempotent), so both screens can show the score."""
        if self.state.sitting.record_result():
            self.state.save()

    def start(self) -> None:
        """Begin play: until now the guest could only look at the rules in its lobby."""
        self.state.started = True
        self.state.send_state(len(self.state.events))

    # ------------------------------------------------------------------ the host's own seat, and stand-ins
    def submit_local(self, action: Any) -> list[Event]:
        """The host player's action, through the same checks as the guest's."""
        if not self.state.started:
            raise IllegalAction("not_started")
        if self.state.host_seat is None:
            raise IllegalAction("no_own_seat")
        if self.state.game.to_move != self.state.host_seat:
            raise IllegalAction("not_your_turn")
        return self.apply(action)

    def apply_for_guest(self, action: Any, seat: str | None = None) -> list[Event]:
        """A stand-in bot's action for a guest's seat (the one guest's by default), once the host chose to
        let a bot play it; from then on that seat's own player is refused (its guest was lost)."""
        seat = self.state.guest_seat if seat is None else seat
        if seat not in self.state.remotes or self.state.game.to_move != seat or not self.state.started:
            raise IllegalAction("not_guests_turn")
        self.state.bot_seats.add(seat)
        return self.apply(action)

    # ------------------------------------------------------------------ a seated guest's messages
    def play(self, identity: bytes, remote: RemoteSeat, message: ToHost | ToGuest) -> None:
        """What a seated guest may send: pings, its actions, bye, start and again."""
        remote.last_heard = self.state.clock()
        if message["t"] == "ping":
            self.state.send(identity, {"t": "pong", "n": message["n"]})
        elif message["t"] == "action":
            self.guest_action(identity, message, remote.seat)
        elif message["t"] == "bye":
            remote.identity = remote.conn = None
        elif message["t"] == "start":
            self._start_asked(identity)
        elif message["t"] == "again":
            self._again_asked(identity, remote.seat)
        else:
            self.state.error(identity, f"a guest does not send {message['t']}")

    def announce_seats(self) -> None:
        """Tell every seated guest when the lobby changed: a player joined or dropped, a watcher came."""
        news = self.state.seats_news()
        if news == self.state.seats_said:
            return
        self.state.seats_said = news
        for remote in self.state.remotes.values():
            self.state.send_remote(remote, news)

    def _start_asked(self, identity: bytes) -> None:
        """A table's player starts the game once every player is in (an ordinary host's player starts it)."""
        if self.state.started:
            return
        now = self.state.clock()
        if not self.state.table:
            self.state.error(identity, "the host starts the game", code="not_yet")
        elif not all(r.alive(now) for r in self.state.remotes.values()):
            self.state.error(identity, "wait for the second player" if len(self.state.remotes) == 1
                             else "wait for every player", code="not_yet")
        else:
            self.start()

    def _again_asked(self, identity: bytes, seat: str) -> None:
        """A player wants the next game; at a table, once both do, it starts (the TV may start it too)."""
        try:
            everyone = self.state.sitting.ask_again(seat, set(self.state.remotes))
        except IllegalAction:
            self.state.error(identity, "there is no next game to start", code="not_yet")
            return
        self.announce_seats()
        if self.state.table and everyone:
            self.next_game(secrets.randbits(63))

    def guest_action(self, identity: bytes, message: ActionMessage, seat: str) -> None:
        seq = message["seq"]
        done = len(self.state.game.actions)
        if seq < done:  # already applied: a resend after a lost reply
            self.state.send_state(len(self.state.events))
            return
        if seq > done:
            self.state.error(identity, f"action {seq} is ahead of the game ({done} actions)", seq, "sequence")
            return
        if self.state.game.to_move != seat or self.state.game.over or not self.state.started:
            self.state.error(identity, "", seq, "not_your_turn", IllegalAction("not_your_turn"))
            return
        if seat in self.state.bot_seats:
            self.state.error(identity, "", seq, "not_your_turn", IllegalAction("bot_plays_seat"))
            return
        try:
            self.apply(message["action"])
        except NotationError as exc:
            self.state.error(identity, str(exc), seq, "illegal")
        except IllegalAction as exc:
            self.state.error(identity, "", seq, "illegal", exc)

    def apply(self, action: Any) -> list[Event]:
        start = len(self.state.events)
        events = self.state.sitting.apply(action)
        self.state.save()
        self.state.send_state(start)
        if self.state.game.over:
            self.record_result()
            final: Record = {"t": "record", "record": to_record(self.state.game),
                             "match": self.state.sitting.match_data()}
            for remote in self.state.remotes.values():
                self.state.send_remote(remote, final)
            self.state.watchers.broadcast(final)  # the game is over: its record is public now
        return events
