"""The host's ROUTER socket, set up so that no peer can take another's place or exhaust memory.

A ZeroMQ routing id is chosen by the peer if it likes (`ROUTING_ID`), so it proves nothing. The
socket therefore refuses a second connection presenting an id already in use (no
`ROUTER_HANDOVER`), and every message comes with the connection (file descriptor) it arrived on,
while a socket monitor reports connections that closed: the host binds a seat to the connection
that proved the session token, and forgets the binding when that connection closes, before a new
one could reuse its number. Memory is bounded by a small per-connection receive queue
(`RCVHWM`) and a small frame limit for what guests send (`MAXMSGSIZE`).
"""

from __future__ import annotations

import logging

import zmq
from zmq.utils.monitor import recv_monitor_message

from .protocol import MAX_GUEST_FRAME

log = logging.getLogger("battleline.host")
#: messages queued per connection before ZeroMQ stops reading it (TCP then pushes back)
RECV_HWM = 16
#: replies queued per connection before ZeroMQ drops them (a peer that never reads)
SEND_HWM = 200


class Router:
    """Bind, receive with the connection each message came on, send, and learn of closed connections."""

    def __init__(self, bind: str, port: int) -> None:
        self.context = zmq.Context()
        self.socket = self.context.socket(zmq.ROUTER)
        for option, value in ((zmq.LINGER, 0), (zmq.MAXMSGSIZE, MAX_GUEST_FRAME), (zmq.RCVHWM, RECV_HWM),
                              (zmq.SNDHWM, SEND_HWM), (zmq.ROUTER_HANDOVER, 0)):
            self.socket.setsockopt(option, value)
        self.monitor = self.socket.get_monitor_socket(zmq.EVENT_DISCONNECTED)
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
        return bool(self.socket.poll(timeout_ms))

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

    def take_closed(self) -> set[int]:
        """Connections that closed since the last call (the monitor's events, drained)."""
        while self.monitor.poll(0):
            try:
                event = recv_monitor_message(self.monitor, zmq.NOBLOCK)
            except zmq.Again:
                break
            if event["event"] == zmq.EVENT_DISCONNECTED:
                self.closed.add(int(event["value"]))
        out, self.closed = self.closed, set()
        return out

    def close(self) -> None:
        if not self.socket.closed:
            self.socket.disable_monitor()
            self.monitor.close(0)
            self.socket.close(0)
            self.context.term()
