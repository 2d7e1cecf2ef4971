"""The host's unfinished LAN game, as the Continue list shows it: names, date and flags.

Only the host keeps a LAN game (game.keep.lan_store.host_save_path); the host lobby reopens it and the
guest rejoins from their Join screen. A save that cannot be read is simply not listed here: the
lobby is where it is reopened, and where a bad one is reported.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.keep.files import BadFile, read_json
from game.keep.lan_store import host_save_path
from game.keep.records import check_record


@dataclass
class LanSaved:
    names: dict[str, str]  # seat -> name
    when: str
    flags: dict[str, int]  # seat -> flags held


def lan_saved() -> LanSaved | None:
    """The unfinished LAN game this machine hosts, if any."""
    path = host_save_path()
    if not path.exists():
        return None
    try:
        data = read_json(path)
        record = data["record"]
        if "result" in record:
            return None
        game = check_record(record)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except (BadFile, KeyError, TypeError, OSError):
        return None
    if game.over:
        return None
    flags = {s: sum(f.claimed == s for f in game.flags) for s in ("south", "north")}
    return LanSaved(dict(game.players), when, flags)
