"""Seats, the pure core's part that lets players in: a seat's token taken back, a newcomer asked about.

A player's hello that shows a seat's session token takes that seat back (`rejoin`); one the join code let
in (`newcomer`) is seated at once when the host accepts anyone, or asked about (and queued behind others)
for the host's player, whose `answer` seats it or turns it away. A seat is bound to the connection that
showed its token, and the guest is brought up to date from what it `have`. A kept game continued in the
lobby re-seats the guests by the tokens they showed (`continue_saved`). It holds the host's state
(net.host_base.HostState) and queues its replies there; nothing here touches a socket or a clock of its own.
"""

from __future__ import annotations

import secrets
from typing import Any

from . import lan_save
from .host_base import Admit, HostState
from .messages import Hello, ToGuest, ToHost
from .protocol import DEAD_AFTER_S
from .roles import PLAYER
from .seats import NAME_CHARS, RemoteSeat, guest_name, same_name


class Seating:
    """Who holds each remote seat, on which connection, and who waits for the host's player's yes."""

    def __init__(self, state: HostState) -> None:
        self.state = state

    def remote_of(self, identity: bytes, conn: int) -> RemoteSeat | None:
        """The seat this connection plays, if it proved its token on this very connection."""
        return next((r for r in self.state.remotes.values() if r.identity == identity and r.conn == conn), None)

    def unseated(self, identity: bytes, conn: int, message: ToHost | ToGuest) -> None:
        """A message from a connection that holds no seat and does not watch: a guest waiting for the host's
        answer (asked about, or queued) keeps its link alive, or gives up; a farewell from a link no longer (or
        never) seated has nothing to undo, no one to answer; anything else must say hello first."""
        if message["t"] == "bye":
            if self.state.admission.asking(identity, conn):
                self.state.admission.drop(link=identity)
        elif message["t"] == "ping" and self.state.admission.asking(identity, conn):
            self._while_asking(identity, conn, message["n"])
        else:
            self.state.error(identity, "say hello first: you are not in this game", code="not_joined")

    def _while_asking(self, identity: bytes, conn: int, n: int) -> None:
        """A ping from a guest waiting for the host's answer: it is still there."""
        request = self.state.admission.waiting(identity, conn)
        assert request is not None
        request.heard = self.state.admission.clock()
        self.state.send(identity, {"t": "pong", "n": n})

    def rejoin(self, remote: RemoteSeat, identity: bytes, conn: int, message: Hello) -> None:
        """A hello showing the token of `remote`'s seat."""
        if remote.alive(self.state.clock()) and (remote.identity, remote.conn) != (identity, conn):
            # played live from another connection: that one keeps it (a reconnecting
            # guest closed its old connection, so it gets in once the host sees that)
            self.state.error(identity, "this seat is played from another connection", code="seat_busy")
        elif self.remote_of(identity, conn) not in (None, remote):
            self.state.refuse(identity, "seated")
        else:
            self._seat(remote, identity, conn, message)

    def newcomer(self, identity: bytes, conn: int, message: Hello) -> None:
        """A player's hello that the join code let in (no seat's token): seated at once, asked about or queued
        for the host's player, or refused when every seat is taken or the queue is full."""
        token = message.get("token")
        if self._free_seat() is None:
            self._refuse_full(identity)
        elif self.state.admission.accept_any:
            self._admit(identity, conn, guest_name(message["name"]), token)
        elif self.state.admission.ask(identity, conn, guest_name(message["name"]),
                                token if isinstance(token, str) else None) is not None:
            self.state.emit(Admit(conn))  # asked about now, or queued: `tell_waiting` says which
            self.tell_waiting()
        else:
            self.state.refuse(identity, "answering")  # the queue is full

    def answer(self, accept: bool) -> None:
        """The host's player accepted or refused the guest that asked to join."""
        request = self.state.admission.answer(accept)
        if request is None:
            return
        if accept and self._free_seat() is not None:
            self._admit(request.link, request.conn, request.name, request.shown)
        else:
            self.state.refuse(request.link, "turned_away")
        if self._free_seat() is None:  # the last seat is taken: nobody still waiting can have one
            for waiting in self.state.admission.waiters():
                self.state.admission.drop(link=waiting.link)
                self._refuse_full(waiting.link)
        self.tell_waiting()

    def tell_waiting(self) -> None:
        """Each guest waiting for the host's answer hears how many are ahead of it (0: asked about now),
        again whenever that changed: the queue moves on as the host's player answers."""
        for ahead, request in enumerate(self.state.admission.waiters()):
            if request.told != ahead:
                request.told = ahead
                self.state.send(request.link, {"t": "asking", "ahead": ahead})

    def housekeeping(self) -> None:
        """Withdraw a question nobody answered, and tell the queue where it stands."""
        stale = self.state.admission.stale(DEAD_AFTER_S)
        if stale is not None:
            self.state.refuse(stale.link, "no_answer")
        self.tell_waiting()

    def _refuse_full(self, identity: bytes) -> None:
        """Refuse a player who finds every seat taken (the codes written out, so tests/test_refusals.py sees them)."""
        state = self.state
        state.refuse(identity, "seats_taken" if len(state.game.seats) == 3 else "two_players" if state.table
                     else "has_guest")

    def _free_seat(self) -> RemoteSeat | None:
        """The seat a newcomer takes: the first no player holds (south first at a table)."""
        return next((r for r in self.state.remotes.values() if r.token is None), None)

    def _admit(self, identity: bytes, conn: int, name: str, shown: Any = None) -> None:
        seat = self._free_seat()
        assert seat is not None, "admitted with no free seat"
        name = self._distinct(name)  # before the seat is taken: its own earlier name is no other player's
        seat.token = secrets.token_hex(16)
        seat.name = name
        seat.shown = shown if isinstance(shown, str) else None
        self.state.game.players = {**self.state.game.players, seat.seat: name}
        self._seat(seat, identity, conn, None)  # granted and told in one step: no token that nobody holds
        self.state.save()

    def _distinct(self, name: str) -> str:
        """`name`, numbered when a player here already goes by it ("Phone", "Phone 2"): the statistics keep
        players apart by name (game.keep), so two alike would be one. Numbered rather than refused: the phone
        page asks for a name already, and a client that sent none, or a friend's, still gets to play."""
        taken = {same_name(r.name) for r in self.state.remotes.values() if r.token is not None and r.name}
        if self.state.host_seat is not None:
            taken.add(same_name(self.state.game.players.get(self.state.host_seat, "")))
        number, out = 1, name
        while same_name(out) in taken:
            number += 1
            suffix = f" {number}"
            out = name[:NAME_CHARS - len(suffix)].rstrip() + suffix
        return out

    def _seat(self, remote: RemoteSeat, identity: bytes, conn: int, message: Hello | None) -> None:
        """Bind the seat to this connection and bring the guest up to date from what it `have`."""
        self.state.watchers.drop(identity)
        for other in self.state.remotes.values():  # one connection plays one seat
            if other is not remote and other.identity == identity and other.conn == conn:
                other.identity = other.conn = None
        remote.identity, remote.conn = identity, conn
        remote.last_heard = self.state.clock()
        self.state.emit(Admit(conn))
        if self.state.admission.waiting(identity, conn) is not None:
            self.state.admission.drop(link=identity)
        self.state.send(identity, self.state.welcome(remote.seat, PLAYER, remote.token))
        self.state.send_state_to(remote, self.state.have(message))
        self.state.send_record(identity)
        self.state.send(identity, self.state.seats_news())  # the lobby as it is now, even if no one else sees a change

    def continue_saved(self, saved: lan_save.Saved) -> None:
        """Continue a saved game in this open lobby instead of the new one: the guests seated here, and
        the one asking, take the seats whose saved tokens they showed when they said hello (the name is
        only a label: Ben in full-width letters is not Ben); anyone else is turned away."""
        links = {r.shown or f"seat:{r.seat}": (r.identity, r.conn) for r in self.state.remotes.values()
                 if r.identity is not None}
        request = self.state.admission.request
        if request is not None:
            self.state.admission.drop(link=request.link)
            links[request.shown or "asking"] = (request.link, request.conn)
        self.state.take_saved(saved)
        self.state.started = False  # the guests see the rules again; the host's player starts
        for remote in self.state.remotes.values():
            identity, conn = links.pop(remote.token, (None, None)) if remote.token else (None, None)
            if identity is not None and conn is not None:
                self._seat(remote, identity, conn, None)
        for identity, _conn in links.values():
            if identity is not None:
                self.state.refuse(identity, "another_game")
        self.state.save()
