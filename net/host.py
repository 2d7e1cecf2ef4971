"""The host: the only peer that runs the engine. It serves its guests over a ZeroMQ ROUTER socket.

An ordinary host plays one seat here and serves one guest (two in a three-player game, R46); a table
host (`host_seat` None) has no hand of its own and serves every seat to guests. Either also serves
watchers (net.watchers), who need the join code (under the same admission policy) but not the
host's yes: they see only what is public, and asking the host's player mid-game for each of them would interrupt play.

The guest only ever receives its own seat's view and its redacted events (R45). Actions carry the
game's action count as a sequence number, so a resent action applies exactly once. After every
action the host saves the game atomically, so a host that crashed reopens it and the guest, holding
its session token, rejoins.

What the host decides is its pure core's (net.host_core: state and message in, effects out). `Host` is
the driver that holds one: the ROUTER socket (net.router), the session's crypto (net.session), the clock,
the save file (net.lan_save) and the window's wake (net.wake). It hands the core each message and
performs the effects the call returns, in the order the core worded them. The screens read the game's
state as `seen` (net.seen's `HostSeen`: the core's state, read-only) and change it only by its commands.
"""

from __future__ import annotations

import atexit
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from engine import NotationError
from engine.game import Event, Game
from engine.rules import Rules, check_seat

from . import lan_save
from .admission import new_code
from .host_base import Admit, Effect, Exchange, Save, Send
from .host_core import HostCore
from .messages import Pake
from .protocol import ProtocolError, pack, unpack
from .router import Router
from .seen import HostSeen
from .session import host_exchange, vouch
from .sitting import Sitting

log = logging.getLogger("battleline.host")
#: key exchanges the host runs per turn of its loop (each is about 0.1 s of pure-Python SPAKE2, more on a busy
#: machine): between two, the loop reads what came meanwhile, so a newcomer's exchange waits behind at most the
#: one under way, not behind every stranger's that came first (issue 56: kept a guest out 30 s under attack)
EXCHANGES_PER_TURN = 1
_ADDRESSES_KEPT = 4096  # addresses whose exchanges run so far are remembered (the turn's order)


class Host:
    """A LAN game's authority on the network: a core, driven by a ROUTER socket, saved after each change."""

    def __init__(self, *, game: Game | None = None, host_seat: str | None = "south", code: str = "", port: int = 0,
                 bind: str = "127.0.0.1", save_path: Path | None = None, accept_any: bool = False,
                 clock: Callable[[], float] = time.monotonic, core: HostCore | None = None) -> None:
        """Around `core`, or a new core for `game` (its seats, join code and admission as given)."""
        if core is None:
            assert game is not None, "a host needs a game or a core"
            core = HostCore(sitting=Sitting(game), host_seat=host_seat, code=code, accept_any=accept_any,
                            clock=clock)
        self.core = core
        #: what the screens read: the core's state, typed read-only (net.seen); they change it only by commands
        self.seen: HostSeen = core.seen
        self.save_path = save_path
        #: where to save once every remote seat has a player (one save per peer), if save_path is None
        self.save_path_for: lan_save.PathFor | None = None
        self.phones_port: int | None = None  # the phone page's port, kept in the save: the same QR after a crash
        self.internet = False  # played through wormholes (net.internet): kept in the save, Continue reopens so
        #: why the last save failed (the game goes on unsaved until one succeeds); None while saving works
        self.save_problem: str | None = None
        self.save_errno: int | None = None  # its errno, so a screen can say it in its player's language
        self.advertiser: Any = None  # net.discovery.Advertiser, kept during play so watchers find the game
        self.waker: Any = None  # net.wake.Waker, when a window asked to be woken by messages
        #: the key this host's phone bridge vouches for each phone's own address with (net.session.vouch)
        self.bridge_key = secrets.token_bytes(32)
        self.router = Router(bind, port)
        self.port = self.router.port
        self._queued: dict[bytes, Exchange] = {}  # key exchanges waiting for their turn, in arrival order
        self._ran: OrderedDict[str, int] = OrderedDict()  # exchanges keyed by the code run so far, by address
        atexit.register(self.close)

    # ------------------------------------------------------------------ the effects, performed
    def _perform(self, effects: list[Effect]) -> None:
        """Do what the core decided, in the order it decided it."""
        for effect in effects:
            self._do(effect)

    def _do(self, effect: Effect) -> None:
        if isinstance(effect, Send):
            if effect.conn is not None and effect.conn in self._forget_closed():
                return  # that seated connection closed meanwhile: never send to whoever took its routing id
            data = pack(effect.message)
            if effect.sealed and effect.key is not None:
                data = pack(effect.key.seal(data))
            if not self.router.send(effect.identity, data):
                log.info("could not send %s", effect.message.get("t"))
        elif isinstance(effect, Admit):
            self.router.admit(effect.conn)
        elif isinstance(effect, Save):
            self.save()
        elif isinstance(effect, Exchange):
            self._queue(effect)  # run in its turn (`_exchange_some`), never many in a row

    # ------------------------------------------------------------------ key exchanges, in turn
    def _queue(self, exchange: Exchange) -> None:
        """An exchange the core let start waits for its turn; a connection held meanwhile is never cut."""
        old = self._queued.pop(exchange.identity, None)
        if old is not None:  # its second before the first was run: only the last is run
            self.core.state.admission.withdraw(old.identity, old.address, ceiling=old.token is None)
        self._queued[exchange.identity] = exchange
        self.router.hold(exchange.conn)
        log.debug("key exchange queued: %s (%d waiting)", exchange.address, len(self._queued))

    def _next_exchange(self) -> Exchange | None:
        """The exchange whose turn it is: a session token's first (a seated player coming back), then the
        address with the fewest exchanges run so far (a stranger's tenth waits behind a newcomer's first),
        then the one holding fewer connections, then the first to come."""
        if not self._queued:
            return None
        order = {identity: n for n, identity in enumerate(self._queued)}

        def turn(identity: bytes) -> tuple[bool, int, int, int]:
            exchange = self._queued[identity]
            return (exchange.token is None, self._ran.get(exchange.address, 0),
                    self.router.count(exchange.address), order[identity])

        return self._queued.pop(min(self._queued, key=turn))

    def _exchange_some(self) -> None:
        """Run the exchanges whose turn it is (`EXCHANGES_PER_TURN`) and answer them."""
        for _ in range(EXCHANGES_PER_TURN):
            self._forget_closed()  # an exchange whose connection closed meanwhile is dropped, not run
            exchange = self._next_exchange()
            if exchange is None:
                return
            log.debug("key exchange run: %s (%d left waiting)", exchange.address, len(self._queued))
            if exchange.token is None:
                self._ran[exchange.address] = self._ran.pop(exchange.address, 0) + 1
                while len(self._ran) > _ADDRESSES_KEPT:
                    self._ran.popitem(last=False)
            self._perform(self.core.keyed(exchange, host_exchange(exchange.password, exchange.theirs)))
            self.router.answered(exchange.conn)  # the guest's time to prove its key runs from the host's answer

    # ------------------------------------------------------------------ lifecycle
    @classmethod
    def new(cls, *, rules: Rules, seed: int, code: str, host_name: str, host_seat: str | None = "south",
            first: str | None = None, match: dict[str, Any] | None = None, accept_any: bool = False,
            clock: Callable[[], float] = time.monotonic, **kwargs: Any) -> Host:
        """A new LAN game (net.host_core's `HostCore.new`), served on `port`/`bind` (kwargs: the driver's)."""
        core = HostCore.new(rules=rules, seed=seed, code=code, host_name=host_name, host_seat=host_seat, first=first,
                            match=match, accept_any=accept_any, clock=clock)
        return cls(core=core, **kwargs)

    @classmethod
    def resume(cls, save_path: Path, *, started: bool = True, **kwargs: Any) -> Host:
        """Reopen a saved LAN game (raises NotationError/IllegalAction for a bad save). It goes on at once
        (`started`), or a lobby shows its guests the rules again until its player starts."""
        data, game = lan_save.read(save_path)
        seat = data.get("host_seat")
        host_seat = None if seat is None else check_seat(seat, "save.host_seat", game.seats)
        saved = lan_save.take(data, game, host_seat, save_path)
        host = cls(game=game, host_seat=host_seat, code=saved.code or new_code(), save_path=save_path, **kwargs)
        host.core.take_saved(saved, started)
        host.phones_port = saved.phones_port
        host.internet = data.get("internet") is True
        return host

    def adopt(self, save_path: Path) -> None:
        """Continue a saved game in this open lobby instead of the new one (net.host_seating's
        `continue_saved`). Raises NotationError for a bad save or one of the other kind (table or not)."""
        data, game = lan_save.read(save_path)
        if data.get("host_seat", "south") != self.seen.host_seat:
            raise NotationError(f"{save_path}: a game of the other kind (table or not)")
        saved = lan_save.take(data, game, self.seen.host_seat, save_path)
        self.save_path = save_path
        self._perform(self.core.continue_saved(saved))

    def save(self) -> bool:
        """Save the game (net.lan_save), once it knows where: after every change, so a crash loses nothing.

        Saving never ends a game: a write that fails (no space, a read-only folder, no file descriptors
        left, a folder that vanished) leaves the game going on in memory for every seat; the host says
        once what failed (`save_problem`, for its screen, and a line on standard error) and tries again
        at the next change, saying so once it saves again. Returns whether the game is saved now."""
        try:
            state = self.core.state
            self.save_path = lan_save.place(self.save_path, self.save_path_for, state.remotes, state.table)
            if self.save_path is not None:
                lan_save.write(self.save_path, lan_save.data_of(state.sitting, state.host_seat, state.code,
                                                                state.remotes, self.phones_port, self.internet))
        except OSError as exc:
            why = lan_save.why_not_saved(exc)
            if self.save_problem is None:
                log.warning("cannot save the game to %s: %s; the game goes on but is not being saved "
                            "(trying again at every move)", self.save_path, why)
            self.save_problem, self.save_errno = why, exc.errno
            return False
        if self.save_problem is not None:
            log.warning("the game is saved again to %s", self.save_path)
            self.save_problem = None
        return True

    def wake_with(self, post: Callable[[], None]) -> None:
        """Call `post` from a thread as soon as a peer's message (or a new connection) waits here, so a
        window asleep on its event queue polls at once instead of at its next frame (net.wake)."""
        import zmq

        from .wake import Waker

        if self.waker is not None:
            self.waker.close()
        router = self.router
        fds = [cast(int, sock.getsockopt(zmq.FD)) for sock in (router.socket, router.zap, router.monitor)]
        self.waker = Waker(fds, post, name="host-wake")

    def close(self) -> None:
        """Idempotent; also run at exit, since an open ZeroMQ socket would hang the interpreter's exit."""
        atexit.unregister(self.close)
        if self.waker is not None:
            self.waker.close()
            self.waker = None
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        self.router.close()

    # ------------------------------------------------------------------ serving
    def poll(self, timeout_ms: int = 0, budget: int = 64) -> int:
        """Handle waiting messages (at most `budget`); return how many were handled. Never raises
        for anything a peer sent."""
        self.router.expire()  # nobody holds the door: connections not let in within seconds are cut
        self._forget_closed()
        self._perform(self.core.housekeeping())
        handled = 0
        if self._queued:  # exchanges wait for their turn: read what came, never sleep
            timeout_ms = 0
        while handled < budget and self.router.poll(timeout_ms if handled == 0 else 0):
            got = self.router.recv()
            if got is None:
                break
            handled += 1
            identity, conn, frames = got
            self._forget_closed()  # before each message: a closed connection's number may be reused
            if self.router.left(conn):  # its connection closed first: nothing to undo (the close did), no one
                log.debug("a message from a connection already closed, left unanswered")  # to answer
                continue
            try:
                self._receive(identity, conn, frames)
            except Exception as exc:  # a bug the checks missed: the peer is told, the host plays on
                log.exception("handling a message failed")
                self._perform(self.core.take())  # what it said before it failed, then the error
                self._perform(self.core.error(identity, f"the host could not handle this message "
                                                        f"({type(exc).__name__})"))
        self._exchange_some()
        self._perform(self.core.announce_seats())
        if self.waker is not None:
            router = self.router
            self.waker.settled([router.socket, router.zap, router.monitor])
            if self._queued:  # more exchanges wait: the window polls again at once
                self.waker.post()
        return handled

    def _receive(self, identity: bytes, conn: int, frames: list[bytes]) -> None:
        """In the clear only the key exchange (`pake`) is taken; everything else comes `sealed`."""
        core = self.core
        if len(frames) != 1:
            self._perform(core.error(identity, f"a message is one frame, not {len(frames)}"))
            return
        try:
            message = unpack(frames[0])
        except ProtocolError as exc:
            self._perform(core.error(identity, str(exc)))
            return
        if message["t"] == "pake":
            self._perform(core.clear(identity, conn, message, self._address(conn, message)))
            return
        if message["t"] != "sealed":
            self._perform(core.clear(identity, conn, message))
            return
        session = core.session_of(identity, conn)
        if session is None or session.key is None:
            self._perform(core.unopened(identity, conn, ""))
            return
        try:
            inner = unpack(session.key.open(message))
        except ProtocolError as exc:
            self._perform(core.unopened(identity, conn, str(exc)))
            return
        self._perform(core.opened(identity, conn, inner))

    def _address(self, conn: int, message: Pake) -> str:
        """Where an exchange comes from, for the admission policy: the connection's source address, or,
        for a phone, the phone's own address, which the bridge vouched for with this host's key (every
        phone joins through the bridge from the host's own machine). A machine is one address, whether it
        comes over ZeroMQ or as a phone: counted once, so 20 machines cannot take 40 newcomers' places."""
        address, phone, tag = self.router.address(conn), message.get("for"), message.get("vouch")
        if isinstance(phone, str) and isinstance(tag, bytes) and \
                secrets.compare_digest(vouch(self.bridge_key, phone, message["msg"]), tag):
            self.router.vouched(conn, phone)
            return phone
        return address

    def _forget_closed(self) -> set[int]:
        """Tell the core which connections closed (net.router); returns them."""
        closed = self.router.take_closed()
        for identity, exchange in list(self._queued.items()):
            if exchange.conn in closed:  # gone before its turn: the host answered nothing, so no guess counts
                del self._queued[identity]
                self.core.state.admission.withdraw(identity, exchange.address, ceiling=exchange.token is None)
        self.core.forget_closed(closed)
        return closed

    # ------------------------------------------------------------------ the screens' commands: the core's, performed
    def start(self) -> None:
        """Begin play: until now the guests could only look at the rules in their lobby."""
        self._perform(self.core.start())

    def answer(self, accept: bool) -> None:
        """The host's player accepted or refused the guest that asked to join."""
        self._perform(self.core.answer(accept))

    def submit_local(self, action: Any) -> list[Event]:
        """The host player's action, through the same checks as the guests' (raises IllegalAction)."""
        events, effects = self.core.submit_local(action)
        self._perform(effects)
        return events

    def apply_for_guest(self, action: Any, seat: str | None = None) -> list[Event]:
        """A stand-in bot's action for a lost guest's seat (net.host_relay)."""
        events, effects = self.core.apply_for_guest(action, seat)
        self._perform(effects)
        return events

    def next_game(self, seed: int) -> None:
        """The next game of the match, or a rematch, told to every guest and watcher."""
        self._perform(self.core.next_game(seed))

    def record_result(self) -> None:
        """Score a finished game in the match (idempotent)."""
        self._perform(self.core.record_result())

    def forget_connections(self) -> None:
        """A reopened save: every guest and watcher must say hello again."""
        self.core.forget_connections()
