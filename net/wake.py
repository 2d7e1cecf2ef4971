"""Waking whoever waits for a peer's message: a thread that watches a ZeroMQ socket's descriptor and calls
`post` (the window posts an event to its queue) as soon as a message may be there.

ZeroMQ sockets are not thread-safe, so the thread never touches the socket: it only select()s on the
descriptor ZeroMQ exposes (ZMQ_FD), which turns readable when the socket's state changed and stays so
until the owning thread next uses the socket. After posting, the thread waits for the owner's
`drained()` (called after it polled the socket), so a descriptor that stays readable does not make it spin.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
from collections.abc import Callable
from typing import Any, ClassVar

DRAIN_WAIT_S = 0.1  # posting again after this long if the owner has not polled: a lost wake costs little


class Waker:
    """Calls `post()` from its own thread whenever one of descriptors `fds` turns readable; `close()` ends it."""

    #: every Waker not closed yet (`close_all`: a test's leftover tables must not wake the next test's window)
    live: ClassVar[set[Waker]] = set()

    def __init__(self, fds: list[int], post: Callable[[], None], name: str = "net-wake") -> None:
        self.fds = list(fds)
        self.post = post
        self.posts = 0
        self._drained = threading.Event()
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        Waker.live.add(self)
        self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                ready, _w, _x = select.select([*self.fds, self._stop_r], [], [], 1.0)
            except (OSError, ValueError):  # the socket closed under us: nothing left to watch
                return
            if self._stop_r in ready:
                return
            if ready:
                self._drained.clear()
                self.posts += 1
                with contextlib.suppress(Exception):  # the window may be gone already
                    self.post()
                self._drained.wait(DRAIN_WAIT_S)

    def drained(self) -> None:
        """The owner polled the socket: the descriptor is worth watching again."""
        self._drained.set()

    def settled(self, sockets: list[Any]) -> None:
        """The owner is done with `sockets` for now (called from the owner's thread, after its poll).

        ZeroMQ's descriptor is edge-triggered: any use of a socket (a send included) may consume the
        signal of a message that arrived meanwhile, leaving it readable-in-fact but silent. Reading
        ZMQ_EVENTS re-arms the descriptor and tells the truth: a message still waiting is posted now.
        """
        import zmq

        waiting = False
        for sock in sockets:
            with contextlib.suppress(zmq.ZMQError):
                waiting = waiting or bool(sock.getsockopt(zmq.EVENTS) & zmq.POLLIN)
        self.drained()
        if waiting:
            with contextlib.suppress(Exception):
                self.post()

    def close(self) -> None:
        """Idempotent; call it before the socket closes (its descriptor may be reused)."""
        Waker.live.discard(self)
        if self._stop_w < 0:
            return
        with contextlib.suppress(OSError):
            os.write(self._stop_w, b"x")
        self._thread.join(2.0)
        for fd in (self._stop_r, self._stop_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._stop_r = self._stop_w = -1


def close_all() -> int:
    """Stop every Waker still running (how many there were): for a process that drops its tables without
    closing them, as a test does when it ends."""
    left = list(Waker.live)
    for waker in left:
        waker.close()
    return len(left)
