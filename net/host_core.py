"""The host's protocol as a pure core: (state, message) in, (state, what to send) out.

`HostCore` answers each message by changing its state and emitting effects (net.host_base: `Send` a
message, `Admit` a connection past the door, `Save` the game, run a key `Exchange`), as boardgame.io's
authoritative master does: no socket, no crypto, no file, no clock of its own. By default the effects
wait in `outbox` for `take`, so the protocol is tested by feeding messages (tests/test_net_core.py);
`net.host.Host`, the driver, performs each one as it is emitted. Joining is `net.host_join`'s half;
this half is the game: the host's own seat, the guests' actions, the lobby, and the next game.
"""

from __future__ import annotations

import secrets
from typing import Any, Self

from engine import IllegalAction, NotationError, to_record
from engine.game import Event
from engine.rules import Rules

from .host_join import Joining
from .messages import ActionMessage, GameNews, Record, ToGuest, ToHost
from .seats import RemoteSeat
from .sitting import Sitting


class HostCore(Joining):
    """A LAN game's authority without sockets: runs its Sitting, validates the guests' actions."""

    # ------------------------------------------------------------------ lifecycle
    @classmethod
    def new(cls, *, rules: Rules, seed: int, code: str, host_name: str, host_seat: str | None = "south",
            first: str | None = None, match: dict[str, Any] | None = None, **kwargs: Any) -> Self:
        """A new LAN game; `match` ({"end": ..., "limit": ...}, R41) makes it the first of a match.

        `host_seat` None makes a table host: every seat waits for a guest. `Rules(players=3)` seats
        three: south, west and east (R46)."""
        players = {s: "Guest" for s in rules.seats}
        if host_seat is not None:
            players[host_seat] = host_name
        sitting = Sitting.new(rules, seed, players, first, match)
        host = cls(game=sitting.game, host_seat=host_seat, code=code, **kwargs)
        host.sitting = sitting
        return host

    def next_game(self, seed: int) -> None:
        """After a game: the next game of the match, or a rematch (net.sitting), told to every guest
        and watcher."""
        self.sitting.next_game(seed)
        self._save()
        news: GameNews = {"t": "game", "number": self.number, "match": self.sitting.match_data()}
        for remote in self.remotes.values():
            self._send_remote(remote, news)
        self.watchers.broadcast(news)
        self._send_state(0)

    def record_result(self) -> None:
        """Score a finished game in the match (idempotent), so both screens can show the score."""
        if self.sitting.record_result():
            self._save()

    def start(self) -> None:
        """Begin play: until now the guest could only look at the rules in its lobby."""
        self.started = True
        self._send_state(len(self.events))

    def forget_connections(self) -> None:
        """A reopened save: every guest and watcher must say hello again."""
        for remote in self.remotes.values():
            remote.identity = remote.conn = None
        self.watchers.clear()
        self.sessions.clear()

    # ------------------------------------------------------------------ the host's own seat, and stand-ins
    def submit_local(self, action: Any) -> list[Event]:
        """The host player's action, through the same checks as the guest's."""
        if not self.started:
            raise IllegalAction("not_started")
        if self.host_seat is None:
            raise IllegalAction("no_own_seat")
        if self.game.to_move != self.host_seat:
            raise IllegalAction("not_your_turn")
        return self._apply(action)

    def apply_for_guest(self, action: Any, seat: str | None = None) -> list[Event]:
        """A stand-in bot's action for a guest's seat (the one guest's by default), once the host chose to
        let a bot play it; from then on that seat's own player is refused (its guest was lost)."""
        seat = self.guest_seat if seat is None else seat
        if seat not in self.remotes or self.game.to_move != seat or not self.started:
            raise IllegalAction("not_guests_turn")
        self.bot_seats.add(seat)
        return self._apply(action)

    def lost_seats(self) -> list[str]:
        """Seats whose player joined and then went silent: the screen waits for them."""
        now = self.clock()
        return [s for s, r in self.remotes.items() if r.token is not None and not r.alive(now)]

    # ------------------------------------------------------------------ a seated guest's messages
    def _play(self, identity: bytes, remote: RemoteSeat, message: ToHost | ToGuest) -> None:
        """What a seated guest may send: pings, its actions, bye, start and again."""
        remote.last_heard = self.clock()
        if message["t"] == "ping":
            self._send(identity, {"t": "pong", "n": message["n"]})
        elif message["t"] == "action":
            self._guest_action(identity, message, remote.seat)
        elif message["t"] == "bye":
            remote.identity = remote.conn = None
        elif message["t"] == "start":
            self._start_asked(identity)
        elif message["t"] == "again":
            self._again_asked(identity, remote.seat)
        else:
            self._error(identity, f"a guest does not send {message['t']}")

    def announce_seats(self) -> None:
        """Tell every seated guest when the lobby changed: a player joined or dropped, a watcher came."""
        news = self.seats_news()
        if news == self._seats_said:
            return
        self._seats_said = news
        for remote in self.remotes.values():
            self._send_remote(remote, news)

    def _start_asked(self, identity: bytes) -> None:
        """A table's player starts the game once every player is in (an ordinary host's player starts it)."""
        if self.started:
            return
        now = self.clock()
        if not self.table:
            self._error(identity, "the host starts the game", code="not_yet")
        elif not all(r.alive(now) for r in self.remotes.values()):
            self._error(identity, "wait for the second player" if len(self.remotes) == 1 else "wait for every player",
                        code="not_yet")
        else:
            self.start()

    def _again_asked(self, identity: bytes, seat: str) -> None:
        """A player wants the next game; at a table, once both do, it starts (the TV may start it too)."""
        try:
            everyone = self.sitting.ask_again(seat, set(self.remotes))
        except IllegalAction:
            self._error(identity, "there is no next game to start", code="not_yet")
            return
        self.announce_seats()
        if self.table and everyone:
            self.next_game(secrets.randbits(63))

    def _guest_action(self, identity: bytes, message: ActionMessage, seat: str) -> None:
        seq = message["seq"]
        done = len(self.game.actions)
        if seq < done:  # already applied: a resend after a lost reply
            self._send_state(len(self.events))
            return
        if seq > done:
            self._error(identity, f"action {seq} is ahead of the game ({done} actions)", seq, "sequence")
            return
        if self.game.to_move != seat or self.game.over or not self.started:
            self._error(identity, "", seq, "not_your_turn", IllegalAction("not_your_turn"))
            return
        if seat in self.bot_seats:
            self._error(identity, "", seq, "not_your_turn", IllegalAction("bot_plays_seat"))
            return
        try:
            self._apply(message["action"])
        except NotationError as exc:
            self._error(identity, str(exc), seq, "illegal")
        except IllegalAction as exc:
            self._error(identity, "", seq, "illegal", exc)

    def _apply(self, action: Any) -> list[Event]:
        start = len(self.events)
        events = self.sitting.apply(action)
        self._save()
        self._send_state(start)
        if self.game.over:
            self.record_result()
            final: Record = {"t": "record", "record": to_record(self.game), "match": self.sitting.match_data()}
            for remote in self.remotes.values():
                self._send_remote(remote, final)
            self.watchers.broadcast(final)  # the game is over: its record is public now
        return events
