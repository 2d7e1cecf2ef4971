"""The unfinished LAN games, as the Continue list shows them: names, date and score.

Two kinds: games this machine hosts (one per peer, game.keep.lan_store.host_save_paths; the host lobby
reopens one) and games it joined (one note per host address; choosing one rejoins with the stored
token). A hosted save that cannot be read is set aside with a notice, as a couch save is.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.match import Match
from game.i18n import _
from game.keep.files import BadFile, read_json, set_aside
from game.keep.lan_store import joined_games
from game.keep.records import check_record
from net.internet.words import WORMHOLE


@dataclass
class LanSaved:
    names: dict[str, str]  # seat -> name
    when: str
    flags: dict[str, int]  # seat -> flags held
    path: Path | None = None  # a hosted game's save
    joined: dict[str, Any] | None = None  # a joined game's note (address, token, code, ...)
    match: dict[str, int] | None = field(default=None)  # the match score, if it is a match
    peers: list[str] = field(default_factory=list)  # a hosted game's guests, by the names they gave
    table: bool = False  # a hosted game whose screen is the table (no seat of its own)
    internet: bool = False  # played through wormholes: hosted, its lobby reopens with codes; joined, by its code

    @property
    def hosted(self) -> bool:
        return self.joined is None


def _hosted(path: Path) -> LanSaved | None:
    try:
        data = read_json(path)
        if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
            raise BadFile(_("it is not a saved LAN game"))
        record = data["record"]
        if "result" in record:
            return None  # finished: nothing to continue
        game = check_record(record)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except BadFile as exc:
        set_aside(path, str(exc), _("The saved LAN game"))
        return None
    except OSError:
        return None
    if game.over:
        return None
    flags = {s: sum(f.claimed == s for f in game.flags) for s in game.seats}
    score = None
    if data.get("match") is not None:
        try:
            score = dict(Match.from_dict(data["match"]).scores)
        except ValueError:
            score = None  # the game is still worth listing; the lobby reports a bad match when reopening
    guests = data.get("guests")
    peers = [str(g["name"]) for g in guests.values() if isinstance(g, dict) and isinstance(g.get("name"), str)] \
        if isinstance(guests, dict) else [str(data["guest_name"])] if isinstance(data.get("guest_name"), str) else []
    return LanSaved(dict(game.players), when, flags, path=path, match=score, peers=peers,
                    table="host_seat" in data and data["host_seat"] is None, internet=data.get("internet") is True)


def lan_saves() -> list[LanSaved]:
    """Every unfinished LAN game: those hosted here, then those joined from here."""
    from game.keep.lan_store import host_save_paths

    hosted = [s for s in map(_hosted, host_save_paths()) if s is not None]
    joined = [LanSaved(dict(n["players"]), n["when"], dict(n["flags"]), joined=n, match=n["match"],
                       internet=str(n["address"]).startswith(WORMHOLE)) for n in joined_games()]
    return hosted + joined


def hosted_with(guests: dict[str, str], table: bool, shown: set[str] | None = None) -> LanSaved | None:
    """The unfinished game kept with these guests, if one is: found by their names (a label), and
    theirs only if every seat's saved token is among the tokens they `shown` when they said hello
    (net.host.Host.shown_tokens): a look-alike name is not offered another player's game."""
    from game.keep.lan_store import host_save_for, host_save_paths
    from net.lan_save import kept_tokens

    usual = host_save_for(guests, table)
    for path in [usual, *(p for p in host_save_paths() if p.stem.startswith(usual.stem + "-"))]:
        tokens = kept_tokens(path) if path.exists() else None
        if tokens and shown is not None and tokens <= shown:
            return _hosted(path)
    return None
