"""The Twisted half of the tunnel subprocess (net.internet.tunnel): wormholes, Dilation and the splices.

Imported only inside the subprocess, so the game's own process never loads a reactor.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from typing import Any

from twisted.internet import defer
from twisted.internet.endpoints import TCP4ClientEndpoint, TCP4ServerEndpoint
from twisted.internet.protocol import Factory, Protocol
from twisted.internet.stdio import StandardIO

from .tunnel import APPID, SUBPROTOCOL, WRONG_PER_CODE, say


def _transport(p: Protocol | None) -> Any:
    """A protocol's transport, untyped (Twisted's zope interfaces do not type-check as attributes)."""
    return None if p is None else p.transport


def _no_delay(p: Protocol) -> None:
    """Small messages go out at once (no Nagle): a move is a few hundred bytes that must not wait 40 ms."""
    set_no_delay = getattr(_transport(p), "setTcpNoDelay", None)
    if set_no_delay is not None:
        set_no_delay(True)


class Half(Protocol):
    """One end of a splice: what it receives goes out of its partner; either closing closes both."""

    def __init__(self) -> None:
        self.partner: Half | None = None
        self.early: list[bytes] = []
        self.gone = False

    def join(self, partner: Half) -> None:
        self.partner, partner.partner = partner, self
        for data in self.early:
            _transport(partner).write(data)
        self.early = []
        if self.gone:
            _transport(partner).loseConnection()

    def connectionMade(self) -> None:
        _no_delay(self)

    def dataReceived(self, data: bytes) -> None:
        out = _transport(self.partner)
        if out is not None:
            out.write(data)
        else:
            self.early.append(data)

    def connectionLost(self, reason: Any = None) -> None:
        self.gone = True
        out = _transport(self.partner)
        if out is not None and self.partner is not None and not self.partner.gone:
            out.loseConnection()


class _Splicer(Factory):
    """Each incoming stream (a subchannel at the host, a local TCP connection at the guest) is spliced to a
    new outgoing one made by `connect` (a callable taking a Factory, returning a Deferred)."""

    def __init__(self, connect: Any) -> None:
        self.connect = connect

    def buildProtocol(self, addr: Any) -> Half:
        inner = Half()
        outer_factory = Factory.forProtocol(Half)

        def made(outer: Half) -> None:
            inner.join(outer)

        def failed(_: Any) -> None:
            if inner.transport is not None:
                _transport(inner).loseConnection()

        self.connect(outer_factory).addCallbacks(made, failed)
        return inner


class _Stdin(Protocol):
    """The game closes our standard input to end us (or it died): stop. A line `{"join": CODE}` it writes
    meanwhile is the host's new join code (drawn after a refusal), handed to the next guest instead."""

    def __init__(self, done: defer.Deferred[None], args: argparse.Namespace) -> None:
        self.done, self.args, self.buffer = done, args, b""

    def dataReceived(self, data: bytes) -> None:
        self.buffer = (self.buffer + data)[-4096:]
        *lines, self.buffer = self.buffer.split(b"\n")
        for line in lines:
            try:
                join = json.loads(line).get("join")
            except (ValueError, AttributeError):
                continue
            if isinstance(join, str) and hasattr(self.args, "join"):
                self.args.join = join

    def connectionLost(self, reason: Any = None) -> None:
        if not self.done.called:
            self.done.callback(None)


def _no_delay_on_dilated_links() -> None:
    """The Dilated connection's TCP without Nagle too: each move's DATA record follows the peer's ACK record,
    and with Nagle that second small write waits for a delayed TCP ack (40 ms, twice a round trip).
    magic-wormhole sets no TCP_NODELAY, so its connection protocol is wrapped here, in our subprocess only."""
    from wormhole._dilation.connection import DilatedConnectionProtocol

    made, received = DilatedConnectionProtocol.connectionMade, DilatedConnectionProtocol.dataReceived
    if getattr(made, "no_delay", False):
        return

    def connection_made(self: Any) -> None:
        _no_delay(self)
        _quick_ack(self)
        made(self)

    def data_received(self: Any, data: bytes) -> None:
        _quick_ack(self)
        received(self, data)

    connection_made.no_delay = True  # type: ignore[attr-defined]
    DilatedConnectionProtocol.connectionMade = connection_made
    DilatedConnectionProtocol.dataReceived = data_received


def _quick_ack(p: Protocol) -> None:
    """Acknowledge at once what arrives (Linux's TCP_QUICKACK, which the kernel turns off again by itself):
    a transit relay that keeps Nagle on holds our peer's reply until its last segment is acknowledged."""
    import socket

    handle = getattr(_transport(p), "getHandle", None)
    option = getattr(socket, "TCP_QUICKACK", None)
    if handle is None or option is None:
        return
    with contextlib.suppress(OSError, AttributeError):
        handle().setsockopt(socket.IPPROTO_TCP, option, 1)


def _loopback_only() -> None:
    """Offer direct paths on 127.0.0.1 only: the tests' traffic stays on loopback."""
    from wormhole import ipaddrs

    ipaddrs.find_addresses = lambda: ["127.0.0.1"]


class _Watch:
    """Status from the wormhole: says the steps once each, and knows whether the mailbox answered."""

    def __init__(self) -> None:
        self.mailbox_seen = False
        self.path: str | None = None

    def wormhole(self, status: Any) -> None:
        from wormhole._status import Connected

        if isinstance(status.mailbox_connection, Connected) and not self.mailbox_seen:
            self.mailbox_seen = True
            say(step="mailbox")

    def dilation(self, status: Any) -> None:
        from wormhole._status import ConnectedPeer

        self.wormhole(status.mailbox)
        peer = status.peer_connection
        if isinstance(peer, ConnectedPeer):
            path = "relayed" if "relay" in peer.hint_description else "direct"
            if path != self.path:
                self.path = path
                say(step="path", path=path)
        elif self.path is not None and type(peer).__name__ in ("ConnectingPeer", "ReconnectingPeer"):
            self.path = None
            say(step="reconnecting")


def _failure_of(exc: BaseException) -> str:
    from wormhole.errors import LonelyError, ServerConnectionError, ServerError, WrongPasswordError

    if isinstance(exc, WrongPasswordError):
        return "wrong_code"
    if isinstance(exc, ServerError):
        return "code_used" if "crowded" in str(exc) else "mailbox_refused"
    if isinstance(exc, ServerConnectionError):
        return "mailbox_unreachable"
    if isinstance(exc, LonelyError):
        return "no_host"
    return "broken"


def _mailbox_watchdog(reactor: Any, watch: _Watch, seconds: float, failed: defer.Deferred[str]) -> Any:
    def check() -> None:
        if not watch.mailbox_seen and not failed.called:
            failed.callback("mailbox_unreachable")

    return reactor.callLater(seconds, check)


async def _first(*ds: defer.Deferred[Any]) -> tuple[int, Any]:
    """The first of several Deferreds to fire: (its index, its result or the exception it failed with)."""
    racing = defer.DeferredList(list(ds), fireOnOneCallback=True, fireOnOneErrback=True, consumeErrors=True)
    try:
        result, index = await racing
        return index, result
    except defer.FirstError as exc:
        return exc.index, exc.subFailure.value


async def _host(reactor: Any, args: argparse.Namespace, done: defer.Deferred[None]) -> None:
    import wormhole

    code: str | None = args.code
    wrong = 0
    while not done.called:
        watch = _Watch()
        w = wormhole.create(APPID, args.mailbox, reactor, dilation=True, on_status_update=watch.wormhole,
                            versions={"battleline": 1})
        lost: defer.Deferred[str] = defer.Deferred()
        timer = _mailbox_watchdog(reactor, watch, args.mailbox_wait, lost)
        if code is None:
            w.allocate_code(2)
        else:
            w.set_code(code)
        got = await _first(w.get_code(), lost, done)
        if got[0] == 1:
            say(failure="mailbox_unreachable")
            return
        if got[0] == 2:
            return
        if isinstance(got[1], BaseException):
            say(failure=_failure_of(got[1]))
            return
        code = got[1]
        say(step="code", code=code)
        say(step="waiting")
        dilated = _serve(reactor, args, w, watch.dilation)
        index, versions = await _first(w.get_versions(), done)
        if index == 1:
            return
        if isinstance(versions, BaseException):
            why = _failure_of(versions)
            say(step="tried", failure=why)  # somebody typed a wrong code; the host keeps waiting
            if timer.active():
                timer.cancel()
            if why == "wrong_code":
                wrong += 1
                if wrong >= WRONG_PER_CODE:
                    code, wrong = None, 0  # a fresh code: a stranger gets a few guesses per code, no more
                    say(step="fresh")
            else:
                code = None
            await _sleep(reactor, min(8.0, 2.0 ** wrong))
            continue
        w.send_message(_first_message(args))
        say(step="key")
        await _first(dilated.when_dilated(), done)
        say(step="connected")
        await _standby(reactor, args, code, done)
        return


def _serve(reactor: Any, args: argparse.Namespace, w: Any, on_status: Any = None) -> Any:
    """Dilate the host's wormhole `w` and splice each subchannel its guest opens to the host's port, connected
    from this tunnel's own source address (so the host's admission counts each tunnelled guest apart)."""
    dilated = w.dilate(transit_relay_location=args.transit, no_listen=args.force_relay, on_status_update=on_status,
                       expected_subprotocols=[SUBPROTOCOL])
    source = (args.source, 0) if args.source != "127.0.0.1" else None
    target = TCP4ClientEndpoint(reactor, "127.0.0.1", args.target, timeout=10, bindAddress=source)
    dilated.listener_for(SUBPROTOCOL).listen(_Splicer(target.connect))
    return dilated


def _first_message(args: argparse.Namespace) -> bytes:
    """What the host tells whoever came in on the right code: the game's join code and, for a resumed game, the
    marks of its seats' tokens (a guest finds which kept token is this game's; net.internet.link.seat_mark)."""
    marks = [m for m in args.seats.split(",") if m][:8]
    return json.dumps({"join": args.join, "seats": marks}).encode()


async def _standby(reactor: Any, args: argparse.Namespace, code: str, done: defer.Deferred[None]) -> None:
    """After the guest came in, the same code stays open for it, one wormhole at a time, until the game ends: a
    guest whose process restarted types it again (or its Continue does) and rejoins with its seat token through
    a new Dilated wormhole, spliced to the host's port from this tunnel's source address as before. The first
    link lives on beside it. The mailbox released the code's number when the two ends met, so it is free to
    claim again; a wrong try (a stranger's guess) closes the standby for good, so a code shown once gets
    WRONG_PER_CODE guesses at most in all. A mailbox that is gone only means no standby: play goes on."""
    import wormhole

    wrong = 0
    while not done.called and wrong < WRONG_PER_CODE:
        w = wormhole.create(APPID, args.mailbox, reactor, dilation=True, versions={"battleline": 1})
        w.set_code(code)
        dilated = _serve(reactor, args, w)
        index, versions = await _first(w.get_versions(), done)
        if index == 1:
            return
        if isinstance(versions, BaseException):
            why = _failure_of(versions)
            if why == "wrong_code":
                wrong += 1
                say(step="tried", failure=why)
            await _first(w.close(), done)
            await _sleep(reactor, 5.0 if why == "wrong_code" else 30.0)  # a mailbox gone: try again later
            continue
        w.send_message(_first_message(args))
        await _first(dilated.when_dilated(), done)
        say(step="back")  # the same guest (or its watcher) came back through a new wormhole
    if not done.called:
        await done


async def _sleep(reactor: Any, seconds: float) -> None:
    d: defer.Deferred[None] = defer.Deferred()
    reactor.callLater(seconds, d.callback, None)
    await d


async def _guest(reactor: Any, args: argparse.Namespace, done: defer.Deferred[None]) -> None:
    import wormhole

    watch = _Watch()
    w = wormhole.create(APPID, args.mailbox, reactor, dilation=True, on_status_update=watch.wormhole,
                        versions={"battleline": 1})
    lost: defer.Deferred[str] = defer.Deferred()
    _mailbox_watchdog(reactor, watch, args.mailbox_wait, lost)
    alone: defer.Deferred[str] = defer.Deferred()
    def lonely() -> None:
        if not alone.called:
            alone.callback("no_host")

    reactor.callLater(args.wait, lonely)
    w.set_code(args.code)
    dilated = w.dilate(transit_relay_location=args.transit, no_listen=args.force_relay,
                       on_status_update=watch.dilation, expected_subprotocols=[SUBPROTOCOL])
    say(step="waiting")
    index, message = await _first(w.get_message(), lost, alone, done)
    if index == 3:
        return
    if index in (1, 2) or isinstance(message, BaseException):
        why = message if index in (1, 2) else _failure_of(message)
        say(failure=why)
        return
    try:
        first = json.loads(message)
        join = str(first["join"])
        marks = [str(m)[:64] for m in first.get("seats", [])][:8]
    except (ValueError, KeyError, TypeError, AttributeError):
        say(failure="broken")
        return
    say(step="key")
    index, _ = await _first(dilated.when_dilated(), alone, done)
    if index != 0:
        if index == 1:
            say(failure="no_path")
        return
    server = TCP4ServerEndpoint(reactor, 0, interface="127.0.0.1")
    port = await server.listen(_Splicer(dilated.connector_for(SUBPROTOCOL).connect))
    say(step="connected", port=port.getHost().port, join=join, seats=marks)
    await done


def run(reactor: Any, args: argparse.Namespace) -> defer.Deferred[None]:
    """The whole life of one tunnel: until the game closes our standard input, or a failure is said."""
    done: defer.Deferred[None] = defer.Deferred()
    StandardIO(_Stdin(done, args), reactor=reactor)
    _no_delay_on_dilated_links()
    if args.loopback_only:
        _loopback_only()
    say(step="starting")
    main = _host if args.side == "host" else _guest
    return defer.Deferred.fromCoroutine(main(reactor, args, done))
