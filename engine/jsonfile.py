"""The one bounded reader for every data file the program reads: saves, records, statistics,
settings, tokens, LAN saves, positions.

A data file is whatever is at its path, so it may be a FIFO (opening it would wait forever for a
writer), a link to /dev/zero (reading it never ends), a file of gigabytes, JSON nested 100,000
deep (RecursionError) or an integer of 5,000 digits (ValueError past Python's conversion limit).
This module opens without blocking, refuses what is not a regular file, stops at a size limit and
parses with every limit checked, so each of those is one `DataFileError` with a `kind` a caller can
word in the player's language. It lives in the engine, the bottom layer, because the engine's own
tools read positions and records too.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

MAX_BYTES = 4_000_000  # far beyond any real save or record (a long game's record is ~20 KB)
MAX_DEPTH = 64  # real files nest less than 10 deep
MAX_DIGITS = 40  # real numbers are counts, seeds (< 2^64: 20 digits) and card values
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


class DataFileError(ValueError):
    """A file that cannot be used. `kind` names the trouble for the caller's words: `unreadable`,
    `not_a_file`, `too_large`, `empty`, `not_text`, `too_deep`, `big_number`, `truncated`,
    `not_json`; `detail` holds the figures (size, line, column, the system's reason)."""

    def __init__(self, kind: str, message: str, **detail: Any) -> None:
        super().__init__(message)
        self.kind = kind
        self.detail = detail


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; DataFileError for anything else.

    The file is opened non-blocking (a FIFO opens at once instead of waiting for a writer) and
    checked on the open descriptor, so it cannot be swapped between the check and the read."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise DataFileError("unreadable", f"cannot be read ({exc.strerror or exc})",
                            reason=exc.strerror or str(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataFileError("not_a_file", "is not a regular file (a device, a pipe or a folder)")
        if info.st_size > limit:
            raise DataFileError("too_large", f"is too large ({info.st_size} bytes)", size=info.st_size)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # it grew while we read
            raise DataFileError("too_large", f"is too large (over {limit} bytes)", size=total)
        return b"".join(chunks)
    except OSError as exc:
        raise DataFileError("unreadable", f"cannot be read ({exc.strerror or exc})",
                            reason=exc.strerror or str(exc)) from None
    finally:
        os.close(fd)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise DataFileError("big_number", f"holds a number of {len(text)} digits", digits=len(text))
    return int(text)


def parse_json(raw: bytes | str) -> Any:
    """JSON text to data, refusing deep nesting and huge numbers; DataFileError otherwise."""
    if isinstance(raw, bytes):
        if not raw.strip():
            raise DataFileError("empty", "is empty")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise DataFileError("not_text", "is not text (binary or damaged)") from None
    else:
        text = raw
        if not text.strip():
            raise DataFileError("empty", "is empty")
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except DataFileError:
        raise
    except RecursionError:
        raise DataFileError("too_deep", "is nested too deeply") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1:
            raise DataFileError("truncated", "is cut short (truncated)") from None
        raise DataFileError("not_json", f"is not valid JSON (line {exc.lineno}, column {exc.colno})",
                            line=exc.lineno, column=exc.colno) from None
    except ValueError as exc:  # an over-long number in a float's clothing, or similar
        raise DataFileError("not_json", f"is not valid JSON ({exc})", line=0, column=0) from None
    _check_depth(data)
    return data


def _check_depth(data: Any) -> None:
    """Deeper than MAX_DEPTH is refused, without recursion (later code recurses over the data)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise DataFileError("too_deep", "is nested too deeply")
        stack.extend((child, depth + 1) for child in children)


def read_json_file(path: Path | str, limit: int = MAX_BYTES) -> Any:
    """The JSON in a data file, every limit checked: `read_bytes` then `parse_json`."""
    return parse_json(read_bytes(path, limit))
