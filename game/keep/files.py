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

from engine.jsonfile import MAX_BYTES, DataFileError, read_json_file
from game.i18n import _

log = logging.getLogger(__name__)
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
    """Write atomically: a temporary file in the same folder, flushed to disk, then renamed over.

    Readable by its owner only (0600): some of these files hold a LAN game's join code and session
    token, which take a seat back. A failure leaves no temporary file behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def read_json(path: Path, limit: int = MAX_BYTES) -> Any:
    """The JSON in `path` through the one bounded reader (engine.jsonfile); BadFile with a plain reason
    in the player's language: corrupt, truncated, too big, not text, nested too deeply, a huge number,
    or not a file at all (a pipe, a device)."""
    try:
        return read_json_file(path, limit)
    except DataFileError as exc:
        raise BadFile(reason_words(exc)) from None


def reason_words(exc: DataFileError) -> str:
    """Why a data file cannot be used, in the player's language."""
    d = exc.detail
    words = {
        "unreadable": lambda: _("it cannot be read ({reason})", reason=d.get("reason", "")),
        "not_a_file": lambda: _("it is not a regular file (a device, a pipe or a folder)"),
        "too_large": lambda: _("it is too large ({size} bytes)", size=d.get("size", 0)),
        "empty": lambda: _("it is empty"),
        "not_text": lambda: _("it is not text (binary or damaged)"),
        "too_deep": lambda: _("it is nested too deeply"),
        "big_number": lambda: _("it holds a number of {digits} digits", digits=d.get("digits", 0)),
        "truncated": lambda: _("it is cut short (truncated)"),
        "not_json": lambda: _("it is not valid JSON (line {line}, column {column})", line=d.get("line", 0),
                              column=d.get("column", 0)),
    }
    maker = words.get(exc.kind)
    return maker() if maker is not None else str(exc)


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
