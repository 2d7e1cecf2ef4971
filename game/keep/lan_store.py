"""Where LAN play keeps what must survive a crash: the host's saved games and the guest's rejoin notes.

All live in the user data folder (game.keep.files: platformdirs, `BATTLELINE_DATA_DIR`), written
atomically. The host keeps one unfinished game per peer, `lan-host-<key>.json`, keyed on the
guest's name (a table's: the pair of names), since the name is what the host's player knows the
other player by from one evening to the next (addresses change, tokens are per game). The old
single save, `lan-host-game.json`, is moved to its peer's key when the saves are listed.

A guest keeps one small note per host address in `lan-joined/`: the session token, the join code,
the names and the score as last seen, so Continue can list the game and rejoin it. The older
`lan-guest-tokens.json` is still read. A note that cannot be read is set aside with a notice.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.match import Match
from game.i18n import N_, _
from game.keep.files import BadFile, data_dir, read_json, set_aside, write_json
from net.seats import same_name

if TYPE_CHECKING:
    from net.guest import Guest

log = logging.getLogger(__name__)
LEGACY_HOST_SAVE = "lan-host-game.json"
JOINED_FORMAT = "battleline-lan-joined/1"
JOINED_WHAT = N_("A LAN game you joined")


def _slug(text: str) -> str:
    """File-safe: ASCII letters and digits kept (for a readable name), a short hash keeps it unique."""
    readable = "".join(c if c.isascii() and c.isalnum() else "-" for c in text)[:24].strip("-") or "x"
    return f"{readable}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:8]}"


def peer_key(names: Iterable[str], table: bool = False) -> str:
    """The key of the other player(s): one guest's name, or a table's pair in any order."""
    keys = sorted(same_name(n) for n in names)
    return ("table-" if table else "") + _slug("+".join(keys))


def host_save_path(key: str | None = None) -> Path:
    """The save of the game hosted against the peer `key`; None: the old single save's place."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / (LEGACY_HOST_SAVE if key is None else f"lan-host-{key}.json")


def host_save_for(guests: dict[str, str], table: bool) -> Path:
    """Where a host saves once every remote seat has a player (net.host.Host.save_path_for)."""
    return host_save_path(peer_key(guests.values(), table))


def host_save_paths() -> list[Path]:
    """Every hosted LAN game kept, the old single save first moved to its peer's key."""
    _migrate_legacy()
    folder = data_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("lan-host-*.json") if p.name != LEGACY_HOST_SAVE)


def _migrate_legacy() -> None:
    """`lan-host-game.json` (one save for every peer) becomes `lan-host-<key>.json`, unless that exists."""
    old = data_dir() / LEGACY_HOST_SAVE
    if not old.exists():
        return
    try:
        data = read_json(old)
        guests = data["guests"] if isinstance(data.get("guests"), dict) else \
            {"north": {"name": data.get("guest_name")}}
        names = [str(g["name"]) for g in guests.values() if isinstance(g, dict) and isinstance(g.get("name"), str)]
    except (BadFile, KeyError, TypeError, AttributeError) as exc:
        set_aside(old, str(exc), _("The saved LAN game"))
        return
    if not names:  # no guest ever joined it: nothing to continue
        return
    new = host_save_path(peer_key(names, data.get("host_seat", "south") is None))
    if new.exists():
        return
    try:
        old.rename(new)
    except OSError as exc:
        log.warning("the old LAN save was not moved: %s", exc)


# ---------------------------------------------------------------------- the guest's side
def _joined_folder() -> Path:
    return data_dir() / "lan-joined"


def joined_path(address: str) -> Path:
    return _joined_folder() / f"{_slug(address)}.json"


def _tokens_path() -> Path:
    return data_dir() / "lan-guest-tokens.json"


def _tokens() -> dict[str, str]:
    if not _tokens_path().exists():
        return {}
    try:
        data = read_json(_tokens_path())
    except BadFile as exc:
        log.warning("LAN tokens unreadable (%s); starting afresh", exc)
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def guest_token(address: str) -> str | None:
    """The session token for the game joined at `address`: the note's, else the older tokens file's."""
    note = read_joined(joined_path(address))
    if note is not None:
        return str(note["token"])
    return _tokens().get(address)


def remember_joined(address: str, *, token: str, code: str, seat: str, players: dict[str, str],
                    flags: dict[str, int], actions: int, match: dict[str, int] | None = None) -> None:
    """The note Continue lists: who plays, the score as last seen, and what rejoining needs (two seats or three)."""
    seats = next((s for s in SEAT_SETS if set(s) == set(players)), SEAT_SETS[0])
    _joined_folder().mkdir(parents=True, exist_ok=True)
    write_json(joined_path(address), {
        "format": JOINED_FORMAT, "address": address, "token": token, "code": code, "seat": seat,
        "players": {s: str(players.get(s, "?"))[:40] for s in seats},
        "flags": {s: int(flags.get(s, 0)) for s in seats}, "actions": actions, "match": match,
        "when": time.strftime("%Y-%m-%d %H:%M")})


def forget_joined(address: str) -> None:
    """The game ended (its record arrived): nothing is left to rejoin."""
    try:
        joined_path(address).unlink(missing_ok=True)
    except OSError as exc:
        log.warning("the note of a finished LAN game was not removed: %s", exc)


#: a note's seats: a two-player game's, or a three-player game's (R46)
SEAT_SETS = (("south", "north"), ("south", "west", "east"))


def _seats_of(value: Any) -> bool:
    return isinstance(value, dict) and any(set(value) == set(s) for s in SEAT_SETS)


def _fit(value: Any, key: str) -> bool:
    """One field of a note checked; the rest of the game never trusts a note more than this."""
    if key in ("address", "token", "code", "when"):
        return isinstance(value, str) and 0 < len(value) <= 200
    if key == "seat":
        return value in ("south", "north", "west", "east")
    if key == "players":
        return _seats_of(value) and all(isinstance(v, str) and len(v) <= 40 for v in value.values())
    if key == "flags":
        return _seats_of(value) and \
            all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9 for v in value.values())
    if key == "actions":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if key == "match":
        return value is None or (_seats_of(value)
                                 and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()))
    return key == "format" and value == JOINED_FORMAT


def read_joined(path: Path) -> dict[str, Any] | None:
    """A note, checked; a bad one is set aside (with a notice) and reads as none."""
    if not path.exists():
        return None
    try:
        data = read_json(path)
        fields = ("format", "address", "token", "code", "seat", "players", "flags", "actions", "match", "when")
        if not isinstance(data, dict) or set(data) != set(fields):
            raise BadFile(_("it is not a note of a joined LAN game"))
        wrong = [k for k in fields if not _fit(data[k], k)]
        if wrong:
            raise BadFile(_("its {field} is wrong", field=wrong[0]))
    except BadFile as exc:
        set_aside(path, str(exc), _(JOINED_WHAT))
        return None
    return data


def joined_games() -> list[dict[str, Any]]:
    """Every unfinished LAN game this machine joined, as its notes say."""
    folder = _joined_folder()
    if not folder.is_dir():
        return []
    notes = (read_joined(p) for p in sorted(folder.glob("*.json")))
    return [n for n in notes if n is not None]


def kept_for_marks(marks: Iterable[str]) -> tuple[str, str] | None:
    """(the note's place, its token) of the unfinished game we joined whose seat token a restarted host marked
    (net.internet.link.seat_mark), if any: the host's fresh wormhole code leads back to our seat."""
    from net.internet.link import seat_mark

    wanted = set(marks)
    if not wanted:
        return None
    for note in joined_games():
        if seat_mark(str(note["token"])) in wanted:
            return str(note["address"]), str(note["token"])
    return None


def note_guest(guest: Guest) -> None:
    """Keep the note of the game this guest plays up to date, or drop it once the record came."""
    address = guest.kept_at()  # a host's address; "wormhole:CODE" through a wormhole
    seen = guest.seen
    try:
        if seen.record is not None:
            forget_joined(address)
            if guest.kept_before is not None:
                forget_joined(guest.kept_before)
            return
        if seen.seat is None or not seen.token or seen.watch:
            return
        game = seen.game
        flags = {s: sum(f.claimed == s for f in game.flags) if game else 0 for s in seen.players}
        score = None
        if seen.match is not None:
            try:
                score = dict(Match.from_dict(seen.match).scores)
            except ValueError:
                score = None
        remember_joined(address, token=seen.token, code=guest.code, seat=seen.seat, players=seen.players,
                        flags=flags, actions=seen.actions_done, match=score)
        if guest.kept_before is not None and guest.kept_before != address:
            forget_joined(guest.kept_before)  # the same game, now under its host's new wormhole code
            guest.kept_before = None
    except OSError as exc:  # a full disk must not stop the game
        log.warning("the note of the joined LAN game was not kept: %s", exc)
