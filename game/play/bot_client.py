"""The bot seen from the screen: ask for a move, poll for the answer, never block.

The real thing is engine.run.process.BotProcess (a worker process, so the screen never freezes).
If it cannot start (a stripped build, a sandbox that forbids processes), a stand-in with the same
interface answers in-process; that freezes the screen for as long as the bot thinks, so it is a
fallback only.
"""

from __future__ import annotations

import logging
import os
from typing import Any, Protocol

from engine.notation_types import Action, View

log = logging.getLogger(__name__)


class BotLike(Protocol):
    def request(self, position: View) -> int: ...
    def poll(self) -> tuple[int, Action] | None: ...
    def cancel(self) -> None: ...
    def close(self) -> None: ...


class IdleBot:
    """A seat held by a bot that never answers: the tutorial's Ben, and screenshots of the thinking state."""

    def request(self, position: View) -> int:
        return 1

    def poll(self) -> tuple[int, Action] | None:
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


class InProcessBot:
    """BotProcess's interface with the bot run in this process when polled."""

    def __init__(self, level: str, seed: int = 0, move_time: float | None = None) -> None:
        from engine.ai import make_bot

        self.bot = make_bot(level, seed, move_time)
        self._next = 0
        self._pending: tuple[int, View] | None = None
        self.last_info: dict[str, Any] = {}

    def request(self, position: View) -> int:
        self._next += 1
        self._pending = (self._next, position)
        return self._next

    def poll(self) -> tuple[int, Action] | None:
        if self._pending is None:
            return None
        rid, position = self._pending
        self._pending = None
        action = self.bot.choose(position)
        search = getattr(self.bot, "last_search", None)
        self.last_info = dict(search) if search else {}
        return rid, action

    def cancel(self) -> None:
        self._pending = None

    def close(self) -> None:
        self._pending = None


def open_bot(level: str, seed: int = 0, move_time: float | None = None, in_process: bool = False) -> BotLike:
    if not in_process:
        try:
            from engine.run.process import BotProcess

            process = BotProcess(level, seed=seed, move_time=move_time)
            _lower_priority(process.pid)
            bot: BotLike = process
            return bot
        except (ImportError, OSError, RuntimeError) as exc:
            log.warning("bot process unavailable (%s); the bot thinks in-process", exc)
    return InProcessBot(level, seed, move_time)


def _lower_priority(pid: int | None) -> None:
    """The bot's search is background work: when it and the screen both want a core, the frame wins."""
    if pid is None or not hasattr(os, "setpriority"):
        return
    try:
        os.setpriority(os.PRIO_PROCESS, pid, min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10))
    except OSError as exc:
        log.info("bot priority unchanged: %s", exc)
