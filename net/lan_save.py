"""A LAN host's save: what it holds, where it goes, how it is written and read back.

The host saves after every action, so a host that crashed reopens the game and its guests, holding
their session tokens, rejoin (net.host). The file is JSON in `SAVE_FORMAT`: the game's record (the
events are rebuilt by replaying it), the host's seat, the join code, each remote seat's token and
name, the game's number in the sitting, the match and the phone page's port. Everything read back is
checked: a bad save raises NotationError (or IllegalAction from the replay) and opens nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import IllegalAction, NotationError, from_record, replay, to_record
from engine.game import Event, Game
from engine.jsonfile import DataFileError, read_json_file
from engine.match import Match
from engine.rules import Rules

from .admission import CODE_DIGITS
from .seats import RemoteSeat, remote_seats
from .sitting import Sitting

SAVE_FORMAT = "battleline-lan-save/1"

#: where a host saves once every remote seat has a player: (names by seat, table host) -> path
PathFor = Callable[[dict[str, str], bool], Path]


@dataclass
class Saved:
    """A save as read back, checked: the sitting, each remote seat's (token, name) in the order
    newcomers take them, the join code if it was a good one, the phone page's port."""

    sitting: Sitting
    seats: dict[str, tuple[str | None, str | None]]
    code: str | None
    phones_port: int | None


def data_of(sitting: Sitting, host_seat: str | None, code: str, remotes: dict[str, RemoteSeat],
            phones_port: int | None, internet: bool = False) -> dict[str, Any]:
    """The save of a host's sitting (`guest_token`, `guest_name`: the first remote seat's, as older
    saves had them; `internet`: only when played through wormholes, so Continue reopens it so)."""
    first = next(iter(remotes.values()))
    return {**({"internet": True} if internet else {}),
            "format": SAVE_FORMAT, "record": to_record(sitting.game), "host_seat": host_seat,
            "code": code, "guest_token": first.token, "guest_name": first.name,
            "guests": {s: {"token": r.token, "name": r.name} for s, r in remotes.items()},
            "number": sitting.number, "match": sitting.match_data(), "phones_port": phones_port}


def write(path: Path, data: dict[str, Any]) -> None:
    """Write atomically: a temporary file renamed over the old one.

    No fsync: a crashed or killed host process loses nothing this way (the page cache survives
    it), and fsync per action would cost more than the whole round trip of an action.
    The file holds the join code and the seats' tokens, so it is made readable by its owner only
    (0600). Any OSError (no space, read-only folder, no file descriptors left, a folder that
    vanished) is raised with the temporary file removed and the old save left as it was.
    """
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.chmod(tmp, 0o600)  # an older file of that name may have had wider rights
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def why_not_saved(exc: OSError) -> str:
    """An OSError as one short line for the host's screen: what failed, without the temporary file's name."""
    return exc.strerror or str(exc) or type(exc).__name__


def place(path: Path | None, path_for: PathFor | None, remotes: dict[str, RemoteSeat], table: bool) -> Path | None:
    """Where the game saves: `path` if it has one; else, once every remote seat has a player's name,
    the place `path_for` gives for those names (one save per peer), unless an unfinished game of other
    tokens is kept there; None: not yet."""
    if path is not None or path_for is None or not all(r.name for r in remotes.values()):
        return path
    usual = path_for({s: r.name or "" for s, r in remotes.items()}, table)
    return own_path(usual, {r.token for r in remotes.values() if r.token})


def read(path: Path) -> tuple[dict[str, Any], Game]:
    """A save's data and its game, replayed; NotationError (or IllegalAction) says what is wrong."""
    try:
        data = read_json_file(path)
    except DataFileError as exc:
        raise NotationError(f"{path}: cannot read the saved game ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise NotationError(f"{path}: not a saved LAN game")
    game = from_record(data.get("record"))
    token, name = data.get("guest_token"), data.get("guest_name")
    if not isinstance(token, str | None) or not isinstance(name, str | None):
        raise NotationError(f"{path}: guest_token and guest_name must be text")
    return data, game


def take(data: dict[str, Any], game: Game, host_seat: str | None, path: Path) -> Saved:
    """What a host whose own seat is `host_seat` takes from a save `read` returned."""
    order = remote_seats(game, host_seat)
    seats: dict[str, tuple[str | None, str | None]] = {s: (None, None) for s in order}
    seats[order[0]] = (data.get("guest_token"), data.get("guest_name"))
    guests = data.get("guests")
    if guests is not None:
        if not isinstance(guests, dict) or set(guests) - set(seats):
            raise NotationError(f"{path}: guests must map the remote seats")
        for seat, entry in guests.items():
            if not isinstance(entry, dict):
                raise NotationError(f"{path}: guests.{seat} must be an object")
            token, name = entry.get("token"), entry.get("name")
            if not isinstance(token, str | None) or not isinstance(name, str | None):
                raise NotationError(f"{path}: a guest's token and name must be text")
            seats[seat] = (token, name)
    number = data.get("number", 1)
    number = number if isinstance(number, int) and not isinstance(number, bool) and number > 0 else 1
    match = Match.from_dict(data["match"]) if data.get("match") is not None else None
    sitting = Sitting(game, match=match, number=number, events=replay_events(data.get("record")))
    code = data.get("code")
    good_code = isinstance(code, str) and len(code) == CODE_DIGITS and code.isascii() and code.isdigit()
    phones = data.get("phones_port")
    port = phones if isinstance(phones, int) and not isinstance(phones, bool) and 0 < phones < 65536 else None
    return Saved(sitting, seats, code if good_code else None, port)


def kept_tokens(path: Path) -> set[str] | None:
    """The seat tokens of an unfinished saved game at `path` (None: no such game, or unreadable)."""
    try:
        data, game = read(path)
    except (NotationError, IllegalAction, KeyError, TypeError, ValueError):
        return None
    if game.over:
        return None
    guests = data.get("guests")
    entries = guests.values() if isinstance(guests, dict) else [{"token": data.get("guest_token")}]
    return {e["token"] for e in entries if isinstance(e, dict) and isinstance(e.get("token"), str)}


def unfinished(path: Path) -> tuple[str | None, int] | None:
    """An unfinished game kept at `path`: (the host's seat, None at a table; how many players), else None
    (no file, a finished game, or one that cannot be read: a new game may take its place)."""
    if not path.exists():
        return None
    try:
        data, game = read(path)
    except (NotationError, IllegalAction, KeyError, TypeError, ValueError):
        return None
    seat = data.get("host_seat")
    return None if game.over or not isinstance(seat, str | None) else (seat, len(game.seats))


def own_path(path: Path, tokens: set[str]) -> Path:
    """Where a new game saves: its peers' usual place, unless an unfinished game kept there belongs to
    other tokens (a look-alike name); then a place of its own beside it, so nothing kept is lost."""
    kept = kept_tokens(path) if path.exists() else None
    if not kept or kept & tokens:
        return path
    mark = hashlib.sha256("".join(sorted(tokens)).encode()).hexdigest()[:8]
    return path.with_name(f"{path.stem}-{mark}{path.suffix}")


def replay_events(record: Any) -> list[Event]:
    """The events of a saved game, rebuilt by replaying it (they are not stored twice)."""
    game = Game.new(Rules.from_dict(record["rules"]), record["seed"], record["first"], record["players"])
    events: list[Event] = []
    for action in record["actions"]:
        events.extend(replay(game, action))
    return events
