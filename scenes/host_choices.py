"""What a LAN host chooses before the lobby opens, and what it opens: the choices and their words (read by the
lobby and by the guest's waiting screen), the Host on the usual port, and the unfinished hosted games."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from engine import Rules
from game.i18n import N_, _
from game.ui import art

if TYPE_CHECKING:
    from game.keep.lan_saved import LanSaved
    from net.discovery import Advertiser
    from net.host import Host

log = logging.getLogger(__name__)
DEFAULT_PORT = 47110
TIMINGS = ("standard", "advanced", "end")
TIMING_WORDS = {"standard": N_("after playing (standard)"), "advanced": N_("at turn start"),
                "end": N_("after drawing")}
#: the same, shortest, for the lobby's rules line and the guest's waiting screen
TIMING_SHORT = {"standard": N_("after playing"), "advanced": N_("at turn start"), "end": N_("after drawing")}
STARTS_WORDS = {"random": N_("random"), "host": N_("you"), "guest": N_("the guest")}
STARTS = ("random", "host", "guest")
#: Host -> On this screen: a player with a hand, or the table the room watches (no hand here)
SCREENS = ("player", "table")
SCREEN_WORDS = {"player": N_("you play"), "table": N_("the table (no hand)")}
PLAYERS = ("2", "3")


def match_option(play: str) -> dict[str, Any] | None:
    """A setup "Play" choice ("single", "games:3", "hungarian", ...) as Match options (R41)."""
    if play == "single":
        return None
    end, _, limit = play.partition(":")
    return {"end": end, "limit": int(limit) if limit else None}


def open_host(rules: Rules, first: str | None, name: str, bind: str = "0.0.0.0",
              port: int = DEFAULT_PORT, match: dict[str, Any] | None = None, table: bool = False) -> Host:
    """A Host on the usual port, or on any free port if that one is taken; `table`: no seat here."""
    from net.host import Host

    code = f"{secrets.randbelow(10000):04d}"
    seed = secrets.randbits(63)
    options: dict[str, Any] = {"rules": rules, "seed": seed, "code": code, "host_name": name, "first": first,
                               "bind": bind, "match": match, "host_seat": None if table else "south"}
    try:
        return Host.new(port=port, **options)
    except Exception as exc:  # zmq.ZMQError: address in use
        log.info("port %d unavailable (%s); using any free port", port, exc)
        return Host.new(port=0, **options)


def hosted_saves() -> list[LanSaved]:
    """The unfinished LAN games this machine hosts (one per peer), the latest first."""
    from game.keep.lan_saved import lan_saves

    return sorted((s for s in lan_saves() if s.hosted), key=lambda s: s.when, reverse=True)


def guests_of(saved: LanSaved) -> list[str]:
    """The guests of a kept hosted game (a table's two), else both players' names."""
    return saved.peers or list(saved.names.values())


def saved_game_waiting() -> bool:
    """Some unfinished LAN game hosted here can be reopened."""
    return bool(hosted_saves())


def three_status(here: list[str]) -> tuple[str, tuple[int, int, int]]:
    """Who of a three-player table's players has joined, in the order they took their seats."""
    if not here:
        return _("Waiting for three players to join\u2026"), art.MUTED
    if len(here) == 1:
        return _("{name} has joined; waiting for two more players\u2026", name=here[0]), art.MUTED
    if len(here) == 2:
        return _("{first} and {second} have joined; waiting for a third player\u2026", first=here[0],
                 second=here[1]), art.MUTED
    return _("{south}, {west} and {east} have joined: ready to start", south=here[0], west=here[1],
             east=here[2]), art.GOOD


def host_address(advertiser: Advertiser | None) -> str:
    """The address guests reach this machine at: the advertised one, else the local one."""
    if advertiser is not None:
        return advertiser.address
    from net.discovery import local_address

    return local_address()


def lobby_status(host: Host) -> tuple[str, tuple[int, int, int]]:
    """The lobby's status line: who has joined, and whether the game may start."""
    here = [r.name or "" for r in host.seen.remotes.values() if r.identity is not None]
    if not host.seen.table:
        if not here:
            return _("Waiting for a guest to join\u2026"), art.MUTED
        return _("{name} has joined: ready to start", name=here[0]), art.GOOD
    if len(host.seen.remotes) == 3:
        return three_status(here)
    if not here:
        return _("Waiting for two players to join\u2026"), art.MUTED
    if len(here) == 1:
        return _("{name} has joined; waiting for a second player\u2026", name=here[0]), art.MUTED
    return _("{south} and {north} have joined: ready to start", south=here[0], north=here[1]), art.GOOD


def how_lan_works(table: bool, players: int) -> str:
    """The lobby's words before it opens: who hosts, who joins, and that phones can play."""
    words = _("This computer hosts: it keeps the game and the decks. Your guest joins from another "
              "computer on this network and never sees your hand.")
    if table:
        words = _("This screen is the table: it shows the board to the room and no hand. Two players "
                  "join from their own computers, each seeing only their own hand; others may watch.")
    if table and players == 3:
        words = _("This screen is the table: it shows the whole table to the room and no hand. Three "
                  "players join from their own computers or phones, each seeing only their own hand; "
                  "others may watch.")
    return words + "\n" + _("Phones can play too: the lobby shows a code to scan, no app needed.")
