"""Finished LAN games kept like every other game: in the replay library (`games/`) and the statistics.

A hosting screen (the TV as the table, a host with a seat, or the headless host) holds the whole game, so it
keeps it. A LAN game has no sitting id of the hot-seat kind that survives a crash, so its id is made from its
seed, which a resumed save replays: the game kept before the crash and the one finished after it are the same
id, kept and counted once. Every seat at a LAN game is a person somewhere, so each player's name is counted
against people ("human", or "three-human-human" for three players).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from engine import Game, NotationError, to_record
from game.keep.records import archive, games_dir
from game.keep.stats import count_game

log = logging.getLogger(__name__)


def lan_game_id(game: Game) -> str:
    """'20250314-201502-lan-<seed>': the date it was first kept, then the seed that makes it this game."""
    tail = f"lan-{game.seed or 0:016x}"
    folder = games_dir()
    if folder.is_dir():
        for path in sorted(folder.glob(f"*-{tail}.json")):
            return path.stem  # kept before (a resumed game finished again): the same id
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{tail}"


def keep_lan_game(game: Game) -> Path | None:
    """Archive a finished LAN game and count it for its players; doing it twice keeps and counts it once.
    Returns the record's file, or None when the game is not over or the disk said no (logged)."""
    if not game.over or game.result is None:
        return None
    try:
        game_id = lan_game_id(game)
        path = archive(to_record(game), game_id)
        opponent = "three-human-human" if len(game.seats) == 3 else "human"
        count_game(game_id, dict(game.players), opponent, dict(game.result))
    except (OSError, NotationError) as exc:  # a full disk must not stop the evening; the log says so
        log.warning("the finished LAN game was not kept: %s", exc)
        return None
    return path
