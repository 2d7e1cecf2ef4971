"""Waiting in tests on what is awaited, not on the clock: look at a condition until it holds.

The bound is only a guard against a hang, generous for a loaded machine: a test waits as long as the
thing it waits for takes, and no longer. `step` turns the loop between looks (a frame, a socket's poll)
for a condition that only changes while something runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def wait_until(cond: Callable[..., Any], timeout: float = 60.0, what: str | Callable[[], object] = "the condition",
               step: Callable[[], object] | None = None, pause: float = 0.01) -> Any:
    """Return `cond()`'s first true value; fail with `what` (or what it returns) after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        found = cond()
        if found:
            return found
        assert time.monotonic() < deadline, f"timed out: {what() if callable(what) else what}"
        if step is not None:
            step()
        if pause:
            time.sleep(pause)
