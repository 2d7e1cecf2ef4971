"""Statistics per player name: games and matches won, lost and drawn by opponent kind and bot level,
and wins by Breakthrough and Envelopment (R38).

Kept in `<data>/stats.json`. Each game and match is counted under its id, once: a save resumed
after a crash may report the same game again, and must not count it twice.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.i18n import _
from game.keep.files import BadFile, data_dir, read_json, set_aside, write_json

log = logging.getLogger(__name__)
FORMAT = "battleline-stats/1"
#: opponent kinds, as session.OPPONENTS names them: a person here, or a bot of a level; and "three", the
#: three-player games (R46) whoever sat at the other two seats
KINDS: tuple[str, ...] = ("human", "random", "easy", "normal", "hard", "three")
MAX_IDS = 100_000


@dataclass
class PlayerStats:
    """[won, lost, drawn] per opponent kind, for games and for matches."""

    games: dict[str, list[int]] = field(default_factory=dict)
    matches: dict[str, list[int]] = field(default_factory=dict)
    breakthroughs: int = 0
    envelopments: int = 0

    def tally(self, which: str, kind: str) -> list[int]:
        table = self.games if which == "games" else self.matches
        return table.setdefault(kind, [0, 0, 0])

    def totals(self, which: str) -> list[int]:
        table = self.games if which == "games" else self.matches
        return [sum(row[i] for row in table.values()) for i in range(3)]


@dataclass
class Stats:
    players: dict[str, PlayerStats] = field(default_factory=dict)
    games_counted: list[str] = field(default_factory=list)
    matches_counted: list[str] = field(default_factory=list)

    def player(self, name: str) -> PlayerStats:
        return self.players.setdefault(name, PlayerStats())

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "games_counted": self.games_counted, "matches_counted": self.matches_counted,
                "players": {n: {"games": p.games, "matches": p.matches, "breakthroughs": p.breakthroughs,
                                "envelopments": p.envelopments} for n, p in self.players.items()}}

    @staticmethod
    def from_dict(data: Any) -> Stats:
        """Checked field by field; BadFile names what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadFile(_("it is not a Battle Line statistics file"))
        out = Stats()
        for key in ("games_counted", "matches_counted"):
            ids = data.get(key)
            if not isinstance(ids, list) or len(ids) > MAX_IDS or not all(isinstance(i, str) for i in ids):
                raise BadFile(_("its {key} is not a list of ids", key=key))
            setattr(out, key, list(ids))
        players = data.get("players")
        if not isinstance(players, dict):
            raise BadFile(_("its players are not a table"))
        for name, entry in players.items():
            if not isinstance(entry, dict):
                raise BadFile(_("the entry of {name} is not a table", name=repr(name)))
            p = out.player(str(name))
            for which in ("games", "matches"):
                table = entry.get(which, {})
                if not isinstance(table, dict):
                    raise BadFile(_("{name}: {which} is not a table", name=repr(name), which=which))
                for kind, row in table.items():
                    if kind not in KINDS or not _counts(row, 3):
                        raise BadFile(_("{name}: bad {which} line {kind}", name=repr(name), which=which,
                                        kind=repr(kind)))
                    p.tally(which, kind)[:] = row
            for key in ("breakthroughs", "envelopments"):
                value = entry.get(key, 0)
                if not _counts([value], 1):
                    raise BadFile(_("{name}: {key} is not a count", name=repr(name), key=key))
                setattr(p, key, value)
        return out


def _counts(row: Any, n: int) -> bool:
    return isinstance(row, list) and len(row) == n and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9 for v in row)


def stats_path() -> Path:
    return data_dir() / "stats.json"


def load_stats() -> Stats:
    """The statistics so far; a bad file is set aside (with a notice) and counting starts afresh."""
    path = stats_path()
    if not path.exists():
        return Stats()
    try:
        return Stats.from_dict(read_json(path))
    except BadFile as exc:
        set_aside(path, str(exc), _("The statistics file"))
        return Stats()


def _people(names: dict[str, str], opponent: str) -> list[tuple[str, str]]:
    """(seat, name) of each person at the screen: both in hot-seat, else the south seat. For three players
    (`opponent` is the sitting's key, "three-<west>-<east>") south and whichever of west and east are people."""
    if opponent.startswith("three-"):
        kinds = opponent.split("-")[1:]
        return [("south", names["south"]), *((s, names[s]) for s, k in zip(("west", "east"), kinds, strict=False)
                                               if k == "human")]
    return [(s, names[s]) for s in ("south", "north")] if opponent == "human" else [("south", names["south"])]


def _kind(opponent: str) -> str:
    """The statistics line a sitting is counted on: its opponent kind, or "three"."""
    return "three" if opponent.startswith("three-") else opponent


def _row_index(winner: str | None, seat: str) -> int:
    """0 won, 1 lost, 2 drawn: a game without a winner is drawn, any other winner beat this seat."""
    return 2 if winner is None else 0 if winner == seat else 1


def count_game(game_id: str, names: dict[str, str], opponent: str, result: Mapping[str, Any]) -> bool:
    """Add one finished game (once per id); False if it was already counted or cannot be saved."""
    stats = load_stats()
    if game_id in stats.games_counted or _kind(opponent) not in KINDS:
        return False
    winner = result.get("winner")
    for seat, name in _people(names, opponent):
        p = stats.player(name)
        row = p.tally("games", _kind(opponent))
        row[_row_index(winner, seat)] += 1
        if winner == seat and result.get("how") == "breakthrough":
            p.breakthroughs += 1
        if winner == seat and result.get("how") == "envelopment":
            p.envelopments += 1
    stats.games_counted.append(game_id)
    return _save(stats)


def count_match(match_id: str, names: dict[str, str], opponent: str, winner: str | None) -> bool:
    """Add one finished match (once per id)."""
    stats = load_stats()
    if match_id in stats.matches_counted or _kind(opponent) not in KINDS:
        return False
    for seat, name in _people(names, opponent):
        row = stats.player(name).tally("matches", _kind(opponent))
        row[_row_index(winner, seat)] += 1
    stats.matches_counted.append(match_id)
    return _save(stats)


def _save(stats: Stats) -> bool:
    try:
        write_json(stats_path(), stats.to_dict())
    except OSError as exc:
        log.warning("statistics not saved: %s", exc)
        return False
    return True
