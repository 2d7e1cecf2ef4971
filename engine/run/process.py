"""A bot in its own process, so a thinking bot never costs the screen a frame (DESIGN.md).

The worker is started with the 'spawn' method: it is a fresh interpreter that imports only the
engine, never inherits pygame's state or the parent's threads. The parent talks to it through one
pipe and never blocks: `request` sends a position, `poll` picks up an answer if one is there.

Each request carries an id. `cancel` (or a newer `request`) makes the old id stale: the worker is
told through a shared counter, so a searching bot stops early, and an answer that still arrives
for a stale id is dropped. A worker that dies surfaces as BotError from `poll`, never as a hang.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import signal
import weakref
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized
from types import TracebackType
from typing import Any

from ..notation_types import Action, View

_NO_REQUEST = -1


class BotError(RuntimeError):
    """The bot's worker crashed, was closed, or failed to answer a position."""


def _worker(conn: Connection, level: str, seed: int, move_time: float | None, wanted: Synchronized) -> None:
    """The worker's loop: answer each request that is still wanted; stop on None or a closed pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    from ..ai import make_bot

    bot = make_bot(level, seed, move_time)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if message is None:
            return
        request_id, position = message
        if wanted.value != request_id:
            continue  # cancelled before we started
        bot.should_stop = lambda rid=request_id: wanted.value != rid  # type: ignore[misc]
        try:
            action = bot.choose(position)
        except Exception as exc:  # reported to the parent, which raises it from poll()
            conn.send((request_id, "error", f"{type(exc).__name__}: {exc}"))
            continue
        search = getattr(bot, "last_search", None)  # the search's size and win estimate, if it searched
        conn.send((request_id, "ok", action, dict(search) if search else {}))


def _shutdown(process: Any, conn: Connection, wanted: Synchronized) -> None:
    """Stop a worker for good: politely, then firmly. Also run by the finalizer at exit."""
    wanted.value = _NO_REQUEST
    with contextlib.suppress(OSError, ValueError):
        conn.send(None)
    process.join(2.0)
    if process.is_alive():
        process.terminate()
        process.join(2.0)
    if process.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
        process.kill()
        process.join()
    conn.close()


class BotProcess:
    """One bot of `level` thinking in a worker process; see the module docstring."""

    def __init__(self, level: str, seed: int = 0, move_time: float | None = None) -> None:
        from ..ai import LEVELS

        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}: expected one of {', '.join(LEVELS)}")
        ctx = mp.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._wanted: Synchronized = ctx.Value("q", _NO_REQUEST)
        self._process = ctx.Process(target=_worker, args=(child, level, seed, move_time, self._wanted),
                                    name=f"battleline-bot-{level}", daemon=True)
        self._process.start()
        child.close()
        self._next_id = 0
        self._pending: int | None = None
        self._closed = False
        #: What the bot said about its last answer besides the action (hard: its search and win_chance).
        self.last_info: dict[str, Any] = {}
        self._finalizer = weakref.finalize(self, _shutdown, self._process, self._conn, self._wanted)

    @property
    def pid(self) -> int | None:
        """The worker's process id (for tests and diagnostics)."""
        return self._process.pid

    @property
    def busy(self) -> bool:
        """Whether a request is waiting for its answer."""
        return self._pending is not None

    def request(self, position: View) -> int:
        """Ask for an action for `position`; returns at once with the request's id.

        A request still pending is cancelled: only the newest request is ever answered.
        """
        self._check_open()
        self._next_id += 1
        request_id = self._next_id
        self._wanted.value = request_id
        self._pending = request_id
        try:
            self._conn.send((request_id, position))
        except (OSError, ValueError) as exc:
            self._pending = None
            raise BotError(f"the bot process is gone ({self._exit_text()})") from exc
        return request_id

    def poll(self) -> tuple[int, Action] | None:
        """(request id, action) once the current request is answered, else None; never blocks."""
        self._check_open()
        try:
            while self._conn.poll():
                request_id, status, payload, *info = self._conn.recv()
                if request_id != self._pending:
                    continue  # a stale answer to a cancelled request
                self._pending = None
                if status != "ok":
                    raise BotError(f"the bot failed: {payload}")
                self.last_info = info[0] if info else {}
                return request_id, payload
        except (EOFError, OSError) as exc:
            self._pending = None
            raise BotError(f"the bot process died ({self._exit_text()})") from exc
        if self._pending is not None and not self._process.is_alive():
            self._pending = None
            raise BotError(f"the bot process died ({self._exit_text()})")
        return None

    def cancel(self) -> None:
        """Abandon the current request: the worker stops searching and its answer is discarded."""
        if self._closed:
            return
        self._wanted.value = _NO_REQUEST
        self._pending = None

    def close(self) -> None:
        """Stop the worker and wait for it, so no stray process remains. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._pending = None
        self._finalizer()

    def _check_open(self) -> None:
        if self._closed:
            raise BotError("the bot process is closed")

    def _exit_text(self) -> str:
        code = self._process.exitcode
        return "still running" if code is None else f"exit code {code}"

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
