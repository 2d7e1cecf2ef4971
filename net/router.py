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
"""

from __future__ import annotations

import logging
import time

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
_ZAP_ENDPOINT = "inproc://zeromq.zap.01"  # fixed by ZeroMQ's ZAP specification (RFC 27)


class Router:
    """Bind, receive with the connection each message came on, send, and learn of closed connections."""

    def __init__(self, bind: str, port: int) -> None:
        self.context = zmq.Context()
        self.zap = self.context.socket(zmq.REP)  # answers "may this connection in?" for the ROUTER
        self.zap.setsockopt(zmq.LINGER, 0)
        self.zap.bind(_ZAP_ENDPOINT)
        self.socket = self.context.socket(zmq.ROUTER)
        for option, value in ((zmq.LINGER, 0), (zmq.MAXMSGSIZE, MAX_GUEST_FRAME), (zmq.RCVHWM, RECV_HWM),
                              (zmq.SNDHWM, SEND_HWM), (zmq.ROUTER_HANDOVER, 0)):
            self.socket.setsockopt(option, value)
        self.socket.setsockopt(zmq.ZAP_DOMAIN, b"battleline")
        self.monitor = self.socket.get_monitor_socket(zmq.EVENT_ACCEPTED | zmq.EVENT_DISCONNECTED)
        self.poller = zmq.Poller()
        self.poller.register(self.socket, zmq.POLLIN)
        self.poller.register(self.zap, zmq.POLLIN)
        self.links = 0  # open connections (accepted, not yet closed)
        self.turned_away = 0  # connections refused for the cap
        try:
            if port:
                self.socket.bind(f"tcp://{bind}:{port}")
                self.port = port
            else:
                self.port = self.socket.bind_to_random_port(f"tcp://{bind}")
        except zmq.ZMQError:
            self.close()
            raise
        self.closed: set[int] = set()  # connections that closed since the last `take_closed`

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
            if self.links > MAX_LINKS:
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
            if event["event"] == zmq.EVENT_ACCEPTED:
                self.links += 1
            elif event["event"] == zmq.EVENT_DISCONNECTED:
                self.links = max(0, self.links - 1)
                self.closed.add(int(event["value"]))

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
