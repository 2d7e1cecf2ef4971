"""The host's ROUTER socket, set up so that no peer can take another's place or exhaust memory.

A ZeroMQ routing id is chosen by the peer if it likes (`ROUTING_ID`), so it proves nothing. The
socket therefore refuses a second connection presenting an id already in use (no
`ROUTER_HANDOVER`), and every message comes with the connection (file descriptor) it arrived on,
while a socket monitor reports connections that closed: the host binds a seat to the connection
that proved the session token, and forgets the binding when that connection closes, before a new
one could reuse its number. Memory is bounded by a small per-connection receive queue
(`RCVHWM`), a small frame limit for what guests send (`MAXMSGSIZE`) and a cap on open connections:
a ZAP handler (ZeroMQ's hook for authentication, here with the NULL mechanism) refuses a new
connection while `MAX_LINKS` are open, before it can queue anything.

Nobody may hold the door: a connection that has not been let in (seated, watching, or waiting for
the host's answer: `admit`) within `HANDSHAKE_S` of opening, or of the host's answer to its key exchange
(`answered`: a busy host is slow to answer, and a guest it cut would count as a wrong guess), is cut, so
do raw TCP sockets that never finish ZeroMQ's own greeting (`HANDSHAKE_IVL`). One source address holds
at most `PER_ADDRESS` connections, and when all `MAX_LINKS` are taken a newcomer from a less busy address
pushes out the newest waiting connection of the busiest one. Phones come through the host's own phone bridge, so all
from this machine's loopback address (which no other machine can send from): those connections are not
capped per address when they open, and count as the phone's own address once the bridge vouched for it
(`vouched`), so strangers' phones cannot fill one address's places and keep a friend's phone (or a
guest) out. A connection is cut by shutting its socket down
(a duplicate of ZeroMQ's descriptor, checked against the peer noted when it opened): ZeroMQ then
closes it as if the peer had, and reports it closed.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import dataclass

import zmq
from zmq.utils.monitor import recv_monitor_message

from .protocol import MAX_GUEST_FRAME

log = logging.getLogger("battleline.host")
#: messages queued per connection before ZeroMQ stops reading it (TCP then pushes back)
RECV_HWM = 16
#: replies queued per connection before ZeroMQ drops them (a peer that never reads)
SEND_HWM = 200
#: open connections at most: a guest needs one, a reconnecting guest two for a moment
MAX_LINKS = 64
#: open connections from one source address at most (a phone counts as its own address: `Router.vouched`)
PER_ADDRESS = 12
#: this machine's loopback addresses: the phone bridge's guests connect from there (no other machine can)
LOOPBACK = ("127.0.0.1", "::1")
#: seconds a connection may stay open without being let in
HANDSHAKE_S = 3.0
#: ZeroMQ's own greeting must be done within this (a raw TCP socket that never speaks is closed)
HANDSHAKE_IVL_MS = 2000
_ZAP_ENDPOINT = "inproc://zeromq.zap.01"  # fixed by ZeroMQ's ZAP specification (RFC 27)


@dataclass
class Link:
    """One open connection: its descriptor, where it comes from, and whether it was let in."""

    fd: int
    address: str
    peer: tuple[str, int] | None
    since: float
    admitted: bool = False
    cut: bool = False
    answered: float | None = None  # when the host answered its key exchange (its deadline runs from then)
    held: bool = False  # its key exchange waits for its turn at the host (never cut meanwhile: `hold`)


def _dup(fd: int) -> socket.socket:
    """A socket object on a duplicate of ZeroMQ's descriptor (family detected): closing it leaves ZeroMQ's."""
    return socket.socket(fileno=os.dup(fd))


def _peer(fd: int) -> tuple[str, int] | None:
    """The (address, port) a connection's descriptor is connected to."""
    try:
        with _dup(fd) as s:
            name = s.getpeername()
    except (OSError, ValueError):
        return None
    return (str(name[0]), int(name[1]))


class Router:
    """Bind, receive with the connection each message came on, send, and learn of closed connections."""

    def __init__(self, bind: str, port: int) -> None:
        self.context = zmq.Context()
        self.zap = self.context.socket(zmq.REP)  # answers "may this connection in?" for the ROUTER
        self.zap.setsockopt(zmq.LINGER, 0)
        self.zap.bind(_ZAP_ENDPOINT)
        self.socket = self.context.socket(zmq.ROUTER)
        for option, value in ((zmq.LINGER, 0), (zmq.MAXMSGSIZE, MAX_GUEST_FRAME), (zmq.RCVHWM, RECV_HWM),
                              (zmq.SNDHWM, SEND_HWM), (zmq.ROUTER_HANDOVER, 0),
                              (zmq.HANDSHAKE_IVL, HANDSHAKE_IVL_MS)):
            self.socket.setsockopt(option, value)
        self.socket.setsockopt(zmq.ZAP_DOMAIN, b"battleline")
        self.monitor = self.socket.get_monitor_socket(zmq.EVENT_ACCEPTED | zmq.EVENT_DISCONNECTED)
        self.poller = zmq.Poller()
        self.poller.register(self.socket, zmq.POLLIN)
        self.poller.register(self.zap, zmq.POLLIN)
        self.open: dict[int, Link] = {}  # open connections by descriptor (accepted, not yet closed)
        self.turned_away = 0  # connections refused for the cap
        self.cuts = 0  # connections cut: silent too long, or over a cap
        self.accepted = 0  # connections opened since the start
        try:
            if port:
                self.socket.bind(f"tcp://{bind}:{port}")
                endpoint = self.socket.getsockopt(zmq.LAST_ENDPOINT)
                self.port = int(bytes(endpoint).decode().rsplit(":", 1)[1])  # the port really listened on
            else:
                self.port = self.socket.bind_to_random_port(f"tcp://{bind}")
        except zmq.ZMQError:
            self.close()
            raise
        self.closed: set[int] = set()  # connections that closed since the last `take_closed`
        self.gone: set[int] = set()  # descriptors whose connection closed and that no new connection took since

    def poll(self, timeout_ms: int) -> bool:
        """Wait up to `timeout_ms` for a message, answering connection requests meanwhile."""
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            ready = dict(self.poller.poll(max(0, int((deadline - time.monotonic()) * 1000))))
            if self.zap in ready:
                self._answer_zap()
            if self.socket in ready:
                return True
            if time.monotonic() >= deadline:
                return False

    def _answer_zap(self) -> None:
        """ZAP requests: let a connection in while fewer than MAX_LINKS are open."""
        while self.zap.poll(0):
            try:
                request = self.zap.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            self._events()
            version, request_id = request[0], request[1] if len(request) > 1 else b""
            if self.links > MAX_LINKS:  # the cuts below take a moment: this is the hard stop
                self.turned_away += 1
                self.zap.send_multipart([version, request_id, b"400", b"too many connections", b"", b""])
            else:
                self.zap.send_multipart([version, request_id, b"200", b"OK", b"", b""])

    def recv(self) -> tuple[bytes, int, list[bytes]] | None:
        """(routing id, connection, the message's frames), or None when nothing waits."""
        try:
            frames = self.socket.recv_multipart(zmq.NOBLOCK, copy=False)
        except zmq.Again:
            return None
        try:
            conn = int(frames[-1].get(zmq.SRCFD))
        except (zmq.ZMQError, TypeError, ValueError):
            conn = -1
        return frames[0].bytes, conn, [f.bytes for f in frames[1:]]

    def send(self, identity: bytes, data: bytes) -> bool:
        try:
            self.socket.send_multipart([identity, data], zmq.NOBLOCK)
        except zmq.ZMQError as exc:  # a peer that went away; it resyncs on reconnect
            log.info("could not send to a peer: %s", exc)
            return False
        return True

    def _events(self) -> None:
        """Drain the monitor: count connections, and note which closed."""
        while self.monitor.poll(0):
            try:
                event = recv_monitor_message(self.monitor, zmq.NOBLOCK)
            except zmq.Again:
                break
            fd = int(event["value"])
            if event["event"] == zmq.EVENT_ACCEPTED:
                self.accepted += 1
                peer = _peer(fd)
                self.open[fd] = Link(fd, peer[0] if peer else "?", peer, time.monotonic())
                self.gone.discard(fd)
                self._caps(self.open[fd])
            elif event["event"] == zmq.EVENT_DISCONNECTED:
                self.open.pop(fd, None)
                self.closed.add(fd)
                self.gone.add(fd)

    @property
    def links(self) -> int:
        """Open connections not yet cut."""
        return sum(not link.cut for link in self.open.values())

    def count(self, address: str) -> int:
        """Open connections from `address`, not yet cut."""
        return sum(not link.cut and link.address == address for link in self.open.values())

    def _caps(self, new: Link) -> None:
        """A new connection over its address's cap is cut; over the total, the busiest address gives way."""
        if new.address not in LOOPBACK and self.count(new.address) > PER_ADDRESS:
            self._cut(new)
            return
        if self.links <= MAX_LINKS:
            return
        waiting = [link for link in self.open.values() if not link.cut and not link.admitted]
        counts: dict[str, int] = {}
        for link in waiting:
            counts[link.address] = counts.get(link.address, 0) + 1
        busiest = max(counts, key=lambda a: counts[a], default=None)
        if busiest is not None and busiest != new.address and counts[busiest] > self.count(new.address):
            self._cut(max((w for w in waiting if w.address == busiest), key=lambda w: w.since))
        else:
            self._cut(new)

    def _cut(self, link: Link) -> None:
        """Shut the connection down; ZeroMQ closes it and reports it (the descriptor is checked first:
        one that closed meanwhile and was reused by something else is left alone)."""
        link.cut = True
        self.cuts += 1
        if link.peer is None or _peer(link.fd) != link.peer:
            return
        try:
            with _dup(link.fd) as s:
                s.shutdown(socket.SHUT_RDWR)
        except (OSError, ValueError):
            pass

    def admit(self, conn: int) -> None:
        """This connection was let in (seated, watching, or being asked about): it may stay."""
        link = self.open.get(conn)
        if link is not None:
            link.admitted = True

    def vouched(self, conn: int, address: str) -> None:
        """The phone bridge vouched that this connection (from this machine) is a phone at `address`: it
        counts as that address from now on, within that address's cap."""
        link = self.open.get(conn)
        if link is None or link.cut or link.address not in LOOPBACK or link.address == address:
            return
        link.address = address
        if self.count(address) > PER_ADDRESS:
            self._cut(link)

    def hold(self, conn: int) -> None:
        """This connection's key exchange waits for its turn at the host: not cut for its deadline meanwhile
        (one such exchange an address: net.admission), else a guest behind strangers' exchanges on a busy
        host would be cut, and try again, and wait again."""
        link = self.open.get(conn)
        if link is not None:
            link.held = True

    def answered(self, conn: int) -> None:
        """The host has just answered this connection's key exchange: the guest has HANDSHAKE_S from now to
        prove its key. A host slowed by a crowd must not cut (and count as a wrong guess) a guest that was
        waiting for the host's own answer."""
        link = self.open.get(conn)
        if link is not None:
            link.answered = time.monotonic()
            link.held = False

    def address(self, conn: int) -> str:
        """The source address of an open connection ("?" if unknown)."""
        link = self.open.get(conn)
        return link.address if link is not None else "?"

    def expire(self) -> None:
        """Cut connections that were not let in within HANDSHAKE_S of opening (or of the host's answer)."""
        self._events()
        now = time.monotonic()
        for link in list(self.open.values()):
            if not link.cut and not link.admitted and not link.held and \
                    now - (link.answered or link.since) > HANDSHAKE_S:
                self._cut(link)

    def left(self, conn: int) -> bool:
        """Whether this connection had closed before its message was read (a guest's last words, `bye` most
        often, still queued when the close was seen): nobody is there to answer."""
        return conn in self.gone

    def take_closed(self) -> set[int]:
        """Connections that closed since the last call."""
        self._events()
        out, self.closed = self.closed, set()
        return out

    def close(self) -> None:
        if not self.socket.closed:
            self.socket.disable_monitor()
            self.monitor.close(0)
            self.socket.close(0)
            self.zap.close(0)
            self.context.term()
