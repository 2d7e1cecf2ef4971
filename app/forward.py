"""A second start of the game brings the open window forward instead of opening another one.

The first window listens on a loopback port it writes into its lock file (app.startup.WindowLock), with a
random token beside it: only a program that can read the user's own lock file can ask. The second start
connects, sends the token and waits for the answer, which comes once the window was raised (or not: "ok" or
"no" and why). Systems may refuse to hand focus to a window a click did not ask for (Windows flashes its
taskbar button instead; a Wayland compositor may only mark it urgent): the request is then still the best a
game can do, and the second start says the game is already open either way.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import socket
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)
#: how long a second start waits for the first window's answer, and the first for the main loop to act
ANSWER_SECONDS = 5.0


class Forward:
    """The first window's side: a listener thread; `due()` on the main loop says a raise is asked for, and
    `done(ok)` answers the second start that asked."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(16)
        self._asked = threading.Event()
        self._answered = threading.Event()
        self._ok = False
        self._server: socket.socket | None = None

    def start(self, wake: Callable[[], None]) -> int:
        """Listen on 127.0.0.1; returns the port (0 when no socket could be opened: nothing listens)."""
        try:
            server = socket.create_server(("127.0.0.1", 0))
        except OSError as exc:
            log.info("no loopback port for a second start to ask on: %s", exc)
            return 0
        self._server = server
        threading.Thread(target=self._serve, args=(server, wake), name="forward", daemon=True).start()
        return int(server.getsockname()[1])

    def _serve(self, server: socket.socket, wake: Callable[[], None]) -> None:
        while True:
            try:
                peer, _ = server.accept()
            except OSError:  # closed: the window is gone
                return
            with peer, contextlib.suppress(OSError):
                peer.settimeout(ANSWER_SECONDS)
                said = peer.recv(64).strip().decode("ascii", "replace")
                if not secrets.compare_digest(said, self.token):
                    peer.sendall(b"no: wrong token\n")
                    continue
                self._answered.clear()
                self._asked.set()
                wake()
                answered = self._answered.wait(ANSWER_SECONDS)
                peer.sendall(b"ok\n" if answered and self._ok else b"no: the window could not be raised\n")

    def due(self) -> bool:
        """True once per request: the main loop should raise the window now, then call done()."""
        if self._asked.is_set():
            self._asked.clear()
            return True
        return False

    def done(self, ok: bool) -> None:
        self._ok = ok
        self._answered.set()

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None


def ask(address: str, token: str) -> str:
    """The second start's side: "ok" when the open window was brought forward, else why not (one phrase)."""
    try:
        with socket.create_connection(("127.0.0.1", int(address)), timeout=ANSWER_SECONDS) as link:
            link.settimeout(ANSWER_SECONDS + 1.0)
            link.sendall(token.encode("ascii") + b"\n")
            answer = link.recv(128).decode("ascii", "replace").strip()
    except (OSError, ValueError) as exc:
        return f"it did not answer ({type(exc).__name__})"
    return answer or "it did not answer"


def read_ask_line(lock_file: Path) -> tuple[str, str] | None:
    """The port and token the first window wrote on its lock file's second line, if any."""
    try:
        lines = lock_file.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    parts = lines[1].split() if len(lines) > 1 else []
    return (parts[0], parts[1]) if len(parts) == 2 and parts[0].isdigit() else None
