"""The user data folder and the careful file handling that saves, replays and statistics share.

Everything is written atomically (a temporary file beside the target, then a rename), so a crash
or a kill mid-write leaves the old file or the new one, never half of one. A file that cannot be
read as what it claims to be is set aside under a new name (never over another file) and a plain
sentence about it is queued for the screen: a bad file costs a message, never the evening.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from .i18n import _

log = logging.getLogger(__name__)
MAX_BYTES = 4_000_000  # far beyond any real save or record; bounds what a hostile file can cost
_NOTICES: list[str] = []


class BadFile(ValueError):
    """A file that is not what it should be; the message says what is wrong, in plain words."""


def data_dir() -> Path:
    """The user data folder (platformdirs), or `BATTLELINE_DATA_DIR` (tests use a temporary one)."""
    override = os.environ.get("BATTLELINE_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("battleline", appauthor=False))


def write_json(path: Path, data: Any) -> None:
    """Write atomically: a temporary file in the same folder, flushed to disk, then renamed over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_json(path: Path) -> Any:
    """The JSON in `path`; BadFile (corrupt, truncated, too big, not text) with a plain reason."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise BadFile(_("it is too large ({size} bytes)", size=size))
        raw = path.read_bytes()
    except OSError as exc:
        raise BadFile(_("it cannot be read ({reason})", reason=exc.strerror or exc)) from None
    if not raw.strip():
        raise BadFile(_("it is empty"))
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadFile(_("it is not text (binary or damaged)")) from None
    except RecursionError:
        raise BadFile(_("it is nested too deeply")) from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(raw.rstrip()) - 1:
            raise BadFile(_("it is cut short (truncated)")) from None
        raise BadFile(_("it is not valid JSON (line {line}, column {column})", line=exc.lineno,
                        column=exc.colno)) from None


def set_aside(path: Path, reason: str, what: str) -> Path | None:
    """Rename a bad file to `<name>.bad` (or `.bad-2`, ...: never over another file) and say so.

    `what` and `reason` are already in the player's language ("The saved game", "it is empty")."""
    for n in range(1, 1000):
        target = path.with_name(path.name + (".bad" if n == 1 else f".bad-{n}"))
        if target.exists():
            continue
        try:
            os.rename(path, target)  # the check above and this rename race only with ourselves
        except OSError as exc:
            log.warning("%s could not be set aside: %s", path, exc)
            notice(_("{what} could not be read: {reason}.", what=what, reason=reason))
            return None
        notice(_("{what} could not be read: {reason}. It was set aside as {name}.", what=what, reason=reason,
                 name=target.name))
        return target
    notice(_("{what} could not be read: {reason}.", what=what, reason=reason))
    return None


def free_name(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """A path in `folder` that no file has yet: `stem.json`, `stem-2.json`, ..."""
    for n in range(1, 100_000):
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        if not path.exists():
            return path
    raise OSError(f"no free file name for {stem} in {folder}")


def clean_temporaries(folder: Path) -> None:
    """Remove our own temporary files left by a process killed mid-write."""
    try:
        for tmp in folder.glob(".*.tmp"):
            tmp.unlink(missing_ok=True)
    except OSError as exc:
        log.info("temporary files not cleaned in %s: %s", folder, exc)


def notice(words: str) -> None:
    log.warning("%s", words)
    _NOTICES.append(words)


def take_notices() -> list[str]:
    """Messages about files set aside since the last call, for the next screen to show."""
    out = _NOTICES[:]
    _NOTICES.clear()
    return out
