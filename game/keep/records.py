"""Finished games kept as NOTATION.md game records: the replay library, export and import.

Each finished game is one plain record file in `<data>/games/`, named by its game id (which starts
with the date), so any other tool can read it. Export copies a record to `<data>/exports/`; import
takes the record files put in `<data>/import/`. A file that does not replay is set aside.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Game, IllegalAction, NotationError, from_record, to_record
from engine.notation_types import Record
from game.i18n import _
from game.keep.files import BadFile, clean_temporaries, data_dir, free_name, read_json, set_aside, write_json

log = logging.getLogger(__name__)


def games_dir() -> Path:
    return data_dir() / "games"


def exports_dir() -> Path:
    return data_dir() / "exports"


def import_dir() -> Path:
    return data_dir() / "import"


def check_record(data: Any) -> Game:
    """Replay a record (the proof that it is sound); BadFile says in words why it is not."""
    if not isinstance(data, dict) or data.get("format") != "battleline-game/1":
        found = data.get("format") if isinstance(data, dict) else None
        kind = _("a {kind} file", kind=repr(found)) if isinstance(found, str) else _("some other kind of file")
        raise BadFile(_("it is not a Battle Line game record ({kind})", kind=kind))
    try:
        return from_record(data)
    except (NotationError, IllegalAction) as exc:
        raise BadFile(_("it is not a sound game record ({reason})", reason=exc)) from None


def read_record_file(path: Path) -> Game:
    """The game a record file replays to; BadFile otherwise. The file itself is left as it is."""
    return check_record(read_json(path))


@dataclass
class Kept:
    """One game in the library, as the replay list shows it."""

    path: Path
    game: Game

    @property
    def id(self) -> str:
        return self.path.stem

    @property
    def when(self) -> str:
        """'2025-03-14 20:15' from the id, or the file's time for an imported record."""
        m = re.match(r"(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})", self.id)
        if m:
            y, mo, d, h, mi = m.groups()
            return f"{y}-{mo}-{d} {h}:{mi}"
        try:
            return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.path.stat().st_mtime))
        except OSError:
            return ""


def archive(record: Record, game_id: str) -> Path:
    """Keep a finished game; doing it twice (a resumed save) keeps it once."""
    folder = games_dir()
    path = folder / f"{game_id}.json"
    if path.exists():
        try:
            if read_json(path) == record:
                return path
        except BadFile:
            pass
        path = free_name(folder, game_id)
    write_json(path, record)
    return path


def library() -> list[Kept]:
    """Every kept game, newest first; bad files are set aside with a notice."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    clean_temporaries(folder)
    out = []
    for path in sorted(folder.glob("*.json")):
        try:
            out.append(Kept(path, read_record_file(path)))
        except BadFile as exc:
            set_aside(path, str(exc), _("The replay {name}", name=path.name))
    out.sort(key=lambda k: (k.when, k.id), reverse=True)
    return out


def file_stem(game: Game) -> str:
    """'20250314-2015-Ana-vs-Ben': safe on every file system."""
    def safe(name: str) -> str:
        return re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_")[:24] or "player"
    others = "-".join(safe(game.players[seat]) for seat in game.seats if seat != "south")
    return f"{time.strftime('%Y%m%d-%H%M')}-{safe(game.players['south'])}-vs-{others}"


def export(game: Game) -> Path:
    """Write a game's record to the exports folder under a new name; returns where."""
    path = free_name(exports_dir(), file_stem(game))
    write_json(path, to_record(game))
    return path


def import_inbox() -> tuple[int, int]:
    """Take every record put in the import folder into the library: (taken, set aside)."""
    inbox = import_dir()
    inbox.mkdir(parents=True, exist_ok=True)
    taken = bad = 0
    for path in sorted(inbox.glob("*.json")):
        try:
            game = read_record_file(path)
        except BadFile as exc:
            set_aside(path, str(exc), _("The import {name}", name=path.name))
            bad += 1
            continue
        target = free_name(games_dir(), "imported-" + re.sub(r"[^A-Za-z0-9_-]+", "_", path.stem)[:40])
        write_json(target, to_record(game))
        path.unlink()
        taken += 1
    return taken, bad
