"""`battleline hint POSITION.json`: the action a bot would play for the player to move.

With `--bot hard` the answer carries `win_chance`: hard's estimate that the player to move wins, and
`proven`: true when nothing is left to draw and the chance is exact (engine.ai.endgame). Three
players (R46-R53) get hard's three-player search (engine.ai.hard3) and its estimate the same way.

The bot is shown only that player's view of the position, even when the file is a complete game
state, so a hint never uses the opponent's hand or the order of the decks.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ..ai import LEVELS, make_bot
from ..ai.chance import win_chance
from ..ai.hard import HardBot
from ..errors import NotationError
from ..position import from_position
from .tools import read_json, run_command


def hint(position: Any, level: str = "hard", move_time: float | None = None, seed: int = 0) -> dict[str, Any]:
    """The bot's action for the player to move, with who asked and how long it took."""
    game = from_position(position)
    if game.result is not None:
        raise NotationError("position: the game is over, there is nothing to play")
    seat = game.to_move
    if game.hands[seat] is None:
        raise NotationError(f"position.hands.{seat}: the hand of the player to move is hidden")
    bot = make_bot(level, seed, move_time)
    started = time.perf_counter()
    action = bot.choose(game.view(seat))
    spent = time.perf_counter() - started
    out: dict[str, Any] = {"seat": seat, "phase": game.phase, "action": action, "bot": level,
                           "seconds": round(spent, 4)}
    search = getattr(bot, "last_search", None)
    if search:
        out["search"] = {"iterations": search["iterations"], "worlds": search["worlds"],
                         "iterations_per_s": round(search["iterations"] / max(search["seconds"], 1e-9), 1)}
    if isinstance(bot, HardBot):  # the one chance shown to players (engine.ai.chance), or the solver's proof
        out["win_chance"] = search["win_chance"] if search else win_chance(game)
        out["proven"] = bool(search and search.get("proven"))  # nothing left to draw: solved exactly
    return out


def cmd_hint(args: argparse.Namespace) -> int:
    if args.bot not in LEVELS:
        print(f"battleline hint: unknown bot {args.bot!r}: expected one of {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    if args.move_time is not None and not 0 < args.move_time <= 600:
        print("battleline hint: --move-time must be a positive number of seconds", file=sys.stderr)
        return 2
    return run_command("hint", lambda: hint(read_json(args.position), args.bot, args.move_time, args.seed))
