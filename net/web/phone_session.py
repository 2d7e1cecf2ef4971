"""One phone's WebSocket at the bridge (net.web.bridge) and, once it joined, its own `net.guest.Guest`.

The session only translates: JSON from the phone is checked (size, shape, rate, the engine's legal actions on
the guest's own view) before anything is sent on; the phone receives only what its guest was told.

When the host told a phone's address to wait ("too many wrong join codes: try again in 8 s"), the bridge
says the same to that address's next joins by code until then, without a key exchange: the host would
refuse them before comparing any code, and each exchange costs the host's process tens of milliseconds,
which strangers typing wrong codes on 32 phones would take from everyone else's joins. A phone with a
seat token is never held by this (the host holds no token to the wrong-code delays either).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from typing import Any, cast

import zmq
from websockets.asyncio.server import ServerConnection

from engine import IllegalAction, NotationError
from engine.actions import parse_action
from net.guest import Guest
from net.protocol import REFUSED

from .phone_wire import PhoneError, check_message, match_score

RATE = 10.0  # messages per second a phone may send on average ...
BURST = 20.0  # ... and at once
FLOOD_CLOSE = 200  # refused messages after which the socket is closed
TICK_S = 0.25  # the pump's longest sleep: the heartbeat and a silent link are noticed this often
HELD = ("wait", "crowded")  # the host's refusals that say how long an address must wait before its next code
HELD_KEPT = 4096  # addresses told to wait, remembered at most (the host remembers them too)


class PhoneSession:
    """One phone's WebSocket and, once it joined, its guest."""

    def __init__(self, ws: ServerConnection, host_address: str, vouch_key: bytes | None = None,
                 held: dict[str, tuple[float, str]] | None = None, context: zmq.Context[Any] | None = None) -> None:
        self.ws = ws
        self.context = context  # the bridge's ZeroMQ context, shared by every phone's guest (net.guest)
        self.held = held if held is not None else {}  # address -> until when the host told it to wait, and why
        self.by_code = False  # the guest joins by the code (no seat token): the host's delays apply
        self.host_address = host_address
        self.vouch_key = vouch_key  # the host's key: its admission then decides for this phone's own address
        self.guest: Guest | None = None
        self.sent_events = 0
        self.signature: tuple[Any, ...] | None = None
        self.sent_record = False
        self.sent_refusal = False
        self.allowance = BURST
        self.last_refill = time.monotonic()
        self.refusals = 0
        self.closing: asyncio.Task[None] | None = None
        self.step: tuple[str, int] | None = None  # the joining step last told: "connecting", "queued", "asking",
        # "joined"; and how many guests the host asks about before this one
        self.lobby: tuple[Any, ...] | None = None  # the lobby last told (seats, again, watchers)
        self.wake = asyncio.Event()  # set by the phone's own messages and the guest's socket: the pump runs
        self._watched: tuple[zmq.Socket[bytes], int] | None = None  # the guest's socket the loop watches

    @property
    def joined(self) -> bool:
        """The phone proved the code or a token: seated, watching, or being asked about by the host."""
        guest = self.guest
        return guest is not None and guest.seen.refused is None and (guest.seen.welcomed or guest.seen.asking)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message, separators=(",", ":")))

    async def error(self, reason: str, code: str, why: IllegalAction | None = None) -> None:
        self.refusals += 1
        message: dict[str, Any] = {"t": "error", "reason": reason, "code": code}
        if why is not None:
            message.update(refusal=why.code, fields=why.fields)
        await self.send(message)
        if self.refusals >= FLOOD_CLOSE and self.closing is None:
            # Not awaited here: the close handshake needs the phone's close frame, which waits behind
            # the flood still queued on this socket; `receive` keeps reading (and dropping) meanwhile,
            # or reading would stay paused and the close would hang until its timeout.
            self.closing = asyncio.create_task(self.ws.close(1008, "too many refused messages"))

    def _take_allowance(self) -> bool:
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last_refill) * RATE)
        self.last_refill = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    # ------------------------------------------------------------------ from the phone
    async def receive(self) -> None:
        async for raw in self.ws:
            if self.closing is not None:
                continue
            if not self._take_allowance():
                await self.error("too many messages: slow down", "flood")
                continue
            try:
                message = check_message(raw)
                if message["t"] == "join":
                    held = self._join(message)
                    if held is not None:
                        await self.send(held)
                elif message["t"] == "action":
                    self._action(message["action"])
                else:
                    self._ask(message["t"])
                self.wake.set()
            except PhoneError as exc:
                await self.error(str(exc), exc.code, exc.why)

    def _join(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Join (a new guest), or say where joining stands; returns the refusal to send when the host told
        this address to wait and the time is not up (no key exchange meanwhile)."""
        if self.guest is not None and self.guest.seen.refused is None:  # a second tap: say where joining stands
            self.step = None
            self.signature = self.lobby = None
            return None
        self.close_guest()
        token = message.get("token") or None
        until, code = self.held.get(address_of(self.ws), (0.0, "wait"))
        if token is None and until > time.monotonic():
            seconds = math.ceil(until - time.monotonic())
            return {"t": "refused", "reason": REFUSED[code].format(seconds=seconds), "code": code,
                    "fields": {"seconds": seconds}}
        self.by_code = token is None
        via = (address_of(self.ws), self.vouch_key) if self.vouch_key is not None else None
        self.guest = Guest(self.host_address, code=message["code"], name=message["name"].strip() or "Phone",
                           token=message.get("token") or None, via=via, watch=bool(message.get("watch")),
                           context=self.context)
        self.guest.connect()
        self.sent_events, self.signature, self.sent_record, self.sent_refusal = 0, None, False, False
        self.step = self.lobby = None
        return None

    def _ask(self, kind: str) -> None:
        """Start the game (a table's player, once both are in) or ask for the next one."""
        guest = self.guest
        if guest is None or guest.seen.seat is None:
            raise PhoneError("join a game first", "hello_first")
        if kind == "start":
            guest.start_game()
        else:
            guest.ask_again()

    def _action(self, action: Any) -> None:
        guest = self.guest
        if guest is None or guest.seen.game is None:
            raise PhoneError("join a game first", "hello_first")
        if not guest.seen.my_turn():
            raise PhoneError("", "not_your_turn", IllegalAction("not_your_turn"))
        try:
            act = parse_action(action)
        except NotationError as exc:
            raise PhoneError(str(exc)) from None
        if act not in guest.seen.game.legal_actions():
            try:  # the engine's own refusal, as data, where the phone's view lets it say one
                guest.seen.game.copy().apply(act)
            except IllegalAction as exc:
                raise PhoneError("", "illegal", exc) from None
            raise PhoneError("that action is not legal now", "illegal")
        guest.send_action(act)

    # ------------------------------------------------------------------ to the phone
    async def pump(self) -> None:
        """Forward what the host says as soon as it arrives: the pump sleeps until the guest's socket has a
        message (or the phone sent one), waking at least every TICK_S for the heartbeat and the link state."""
        while True:
            guest = self.guest
            if guest is not None:
                guest.poll(0)
                await self._forward(guest)
            self.wake.clear()
            if guest is not None and guest.socket is not None and self._watch(guest.socket):
                continue  # more came meanwhile
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), TICK_S)

    def _watch(self, socket: zmq.Socket[bytes]) -> bool:
        """Wake the pump when `socket` has a message; return whether one is waiting already.

        ZeroMQ's descriptor only signals that its state changed, so the check of EVENTS (here and in the
        callback, on this loop's thread, the only one using the socket) both reads and re-arms it."""
        if self._watched is None or self._watched[0] is not socket:
            self._unwatch()
            fd = cast(int, socket.getsockopt(zmq.FD))
            wake = self.wake

            def readable() -> None:
                with contextlib.suppress(zmq.ZMQError):
                    if not socket.closed and cast(int, socket.getsockopt(zmq.EVENTS)) & zmq.POLLIN:
                        wake.set()

            asyncio.get_running_loop().add_reader(fd, readable)
            self._watched = (socket, fd)
        try:
            return bool(cast(int, socket.getsockopt(zmq.EVENTS)) & zmq.POLLIN)
        except zmq.ZMQError:
            return False

    def _unwatch(self) -> None:
        if self._watched is not None:
            with contextlib.suppress(RuntimeError, OSError, ValueError):
                asyncio.get_running_loop().remove_reader(self._watched[1])
            self._watched = None

    async def _forward(self, guest: Guest) -> None:
        seen = guest.seen
        if seen.refused is not None:
            if not self.sent_refusal:
                self.sent_refusal = True
                refused: dict[str, Any] = {"t": "refused", "reason": seen.refused}
                if seen.refused_as is not None:
                    refused.update(code=seen.refused_as[0], fields=seen.refused_as[1])
                    self._hold(*seen.refused_as)
                self.close_guest()  # its link to the host goes at once: refused phones hold no place there
                await self.send(refused)
            return
        seated = seen.seat is not None or (seen.watch and seen.welcomed)  # a watcher has no seat
        step = "joined" if seated else "connecting" if not seen.asking \
            else "queued" if seen.ahead > 0 else "asking"
        if (step, seen.ahead) != self.step:  # the phone shows each step of joining: queued, the TV asked, accepted
            self.step = (step, seen.ahead)
            await self.send({"t": "step", "step": step, "ahead": seen.ahead, "link": seen.alive()})
        lobby = (seen.seats, seen.again, seen.watchers, seen.seat)
        if seated and seen.seats and lobby != self.lobby:
            self.lobby = (dict(seen.seats), list(seen.again), seen.watchers, seen.seat)
            await self.send({"t": "lobby", "seats": seen.seats, "again": seen.again, "watchers": seen.watchers,
                             "table": seen.table, "match": seen.match})
        if not seated or seen.view is None:
            return
        legal = seen.game.legal_actions() if seen.my_turn() and seen.game is not None else []
        signature = (seen.number, seen.actions_done, len(seen.events), seen.pending is not None,
                     seen.alive(), seen.started, seen.token)
        if signature != self.signature:
            if self.signature is not None and self.signature[0] != seen.number:
                self.sent_events, self.sent_record = 0, False
            self.signature = signature
            start = min(self.sent_events, len(seen.events))
            await self.send({"t": "state", "seat": seen.seat, "token": seen.token, "players": seen.players,
                             "number": seen.number, "view": seen.view, "legal": legal,
                             "from": start, "events": seen.events[start:], "actions": seen.actions_done,
                             "started": seen.started, "waiting": seen.pending is not None,
                             "link": seen.alive()})
            self.sent_events = len(seen.events)
        if seen.record is not None and not self.sent_record:
            self.sent_record = True
            await self.send({"t": "record", "record": seen.record, "match": seen.match, **match_score(seen.match)})

    def _hold(self, code: str, fields: dict[str, str | int]) -> None:
        """The host told this address to wait before its next code: remember until when (joins by code)."""
        seconds = fields.get("seconds")
        if code not in HELD or not self.by_code or not isinstance(seconds, int) or seconds <= 0:
            return
        now = time.monotonic()
        if len(self.held) >= HELD_KEPT:  # the oldest go first (dicts keep their order)
            for address in [a for a, (until, _) in self.held.items() if until <= now] or list(self.held)[:1]:
                del self.held[address]
        self.held[address_of(self.ws)] = (now + seconds, code)

    def close_guest(self) -> None:
        self._unwatch()
        if self.guest is not None:
            self.guest.close()
            self.guest = None


def address_of(ws: ServerConnection) -> str:
    """The source address of a connection ("?" once it is gone)."""
    try:
        return str(ws.remote_address[0])
    except (TypeError, IndexError, AttributeError):
        return "?"
