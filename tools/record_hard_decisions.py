"""Record the hard bot's decisions at fixed iterations on a fixed set of positions.

Run once from the code whose decisions are the reference (it was run on 6d7b182, before the hard
bot was made faster): `python tools/record_hard_decisions.py`. It writes
tests/data/hard_decisions.json, which tests/test_bots_decisions.py replays: any later change to the
bot's speed must leave every decision, every candidate's estimate and the search's size unchanged.

The positions are easy-bot games (both rule sets, every claim timing, some with the troop deck
empty so the playouts and the endgame solver decide), stored as game records (engine.record).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import make_bot
from engine.game import Game
from engine.record import to_record
from engine.rules import Rules

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "hard_decisions.json"

#: (tactics, claim timing, game seed, stop after this many actions, or once at most this many troops
#: are left to draw (-1: no bound), hard's seed, iterations)
CASES: tuple[tuple[bool, str, int, int, int, int, int], ...] = (
    (True, "standard", 11, 8, -1, 1, 120),
    (True, "standard", 12, 30, -1, 2, 300),
    (True, "standard", 13, 60, -1, 3, 800),
    (True, "standard", 14, 90, -1, 4, 200),
    (True, "standard", 15, 200, 12, 5, 400),
    (True, "standard", 16, 200, 4, 6, 160),
    (True, "standard", 17, 200, 0, 7, 120),
    (True, "advanced", 18, 40, -1, 8, 300),
    (True, "end", 19, 70, -1, 9, 200),
    (True, "standard", 20, 200, 20, 10, 800),
    (True, "standard", 21, 50, -1, 11, 100),
    (False, "standard", 31, 8, -1, 12, 120),
    (False, "standard", 32, 30, -1, 13, 300),
    (False, "standard", 33, 60, -1, 14, 800),
    (False, "standard", 34, 200, 14, 15, 200),
    (False, "standard", 35, 200, 4, 16, 400),
    (False, "standard", 36, 200, 0, 17, 160),
    (False, "advanced", 37, 45, -1, 18, 300),
    (False, "end", 38, 75, -1, 19, 200),
    (False, "standard", 39, 200, 0, 20, 100),
)


def position(tactics: bool, timing: str, seed: int, plays: int, troops_left: int) -> Game | None:
    """An easy-bot game stopped at a play with a choice after `plays` actions or once at most
    `troops_left` troops are left to draw; None if it ended first."""
    game = Game.new(Rules(tactics, timing), seed, "north", {"north": "a", "south": "b"})
    bot = make_bot("easy", seed)
    while game.result is None:
        if game.phase == "play" and len(game.legal_actions()) > 1 and \
                (len(game.actions) >= plays or game.deck_sizes["troops"] <= troops_left):
            return game
        game.apply(bot.choose_in(game))
    return None


def decide(game: Game, seed: int, iterations: int) -> dict[str, Any]:
    """Everything the hard bot decides and reports at this position."""
    from engine.ai.hard import HardBot

    view = game.view(game.to_move)
    bot = HardBot(seed, iterations=iterations)
    action = bot.choose(view)
    search = dict(bot.last_search or {})
    search.pop("seconds", None)
    screen = HardBot(seed, iterations=iterations)
    return {"action": action, "values": [[a, v] for a, v in bot.last_values], "search": search,
            "candidates": screen.candidates(screen_game(view)),
            "estimate": HardBot(seed).estimate(screen_game(view), 16)}


def screen_game(view: dict[str, Any]) -> Game:
    from engine.position import from_position

    return from_position(view)


def main() -> int:
    cases = []
    for tactics, timing, seed, plays, troops_left, bot_seed, iterations in CASES:
        game = None
        while game is None:  # a game that ends before the position gives way to the next seed
            game = position(tactics, timing, seed, plays, troops_left)
            seed += 100
        out = decide(game, bot_seed, iterations)
        cases.append({"record": to_record(game), "seed": bot_seed, "iterations": iterations, **out})
        print(game.seed, game.deck_sizes, out["action"], out["search"], flush=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"cases": cases}, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
