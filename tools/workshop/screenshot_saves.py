"""Screenshot scenes of what is kept: Continue, the match scoreboard and summary, the replay list and
viewer, the statistics, and the board's Take back button.

Each scene is set up from seeded games in a fresh temporary data folder, so rendering one never
reads or writes the player's own saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine import Game, Rules
from engine.notation_types import Action, Record, Result

SceneMaker = Callable[[Any, int], None]
RESULTS: list[Result] = [
    {"winner": "south", "how": "breakthrough", "flags": {"south": 3, "north": 1}},
    {"winner": "north", "how": "envelopment", "flags": {"south": 2, "north": 5}},
    {"winner": "south", "how": "breakthrough", "flags": {"south": 4, "north": 2}},
    {"winner": None, "how": "draw", "flags": {"south": 2, "north": 2}},
    {"winner": "south", "how": "flags", "flags": {"south": 4, "north": 3}},
]


def _fresh_data() -> None:
    """No saves from what was set up before (the render's own data folder, emptied: its path is the same)."""
    from tools.workshop.screenshot_steady import empty_data

    empty_data()


def _finished(seed: int, names: dict[str, str] | None = None) -> Game:
    from game.play.positions import find

    return find(seed, lambda g: g.over, limit=600, players=names or {"south": "Ana", "north": "Ben"})


def _continue(app: Any, seed: int) -> None:
    from game.play.positions import busy, find
    from game.play.saves import load_save
    from game.play.session import Session, Setup
    from scenes.continue_scene import ContinueScene

    _fresh_data()
    session = Session(Setup(names=["Ana", "Ben"], match=True, match_end="points", match_limit=25, autosave=True,
                            seed=seed))
    for result in RESULTS[:2]:
        session.record(result)
    def claimed(g: Game) -> bool:
        return busy(20)(g) and sum(f.claimed is not None for f in g.flags) >= 3
    game = find(seed, claimed, players=session.names)
    session.table_for(game)
    saved = load_save()
    assert saved is not None
    app.push(ContinueScene(app, saved))


def _scoreboard(over: bool) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        from game.play.session import Session, Setup
        from scenes.scoreboard import ScoreboardScene

        _fresh_data()
        end = "games" if over else "hungarian"
        session = Session(Setup(names=["Ana", "Ben"], match=True, match_end=end, match_limit=5 if over else None))
        for result in RESULTS[:5 if over else 3]:
            session.record(result)
        app.push(ScoreboardScene(app, session))
    return make


def _replays(app: Any, seed: int) -> None:
    from game.keep.records import archive, to_record
    from scenes.replay_list import ReplayListScene

    _fresh_data()
    pairs = [("Ana", "Ben"), ("Cleo", "Bot (easy)"), ("Ana", "Bot (normal)"), ("Dario", "Eva")]
    for i, (south, north) in enumerate(pairs):
        game = _finished(seed + 3 * i, {"south": south, "north": north})
        archive(cast(Record, to_record(game)), f"2025031{4 - i}-20{15 + i}00-ab1{i}-1")
    app.push(ReplayListScene(app))


def _replay_at(third: int) -> Any:
    """A finished game's replay at `third` thirds of its moves (0: the deal, before the first move)."""
    def make(app: Any, seed: int) -> None:
        from scenes.replay_view import ReplayScene

        game = _finished(seed)
        scene = ReplayScene(app, game, "2025-03-14 20:15")
        scene.go(scene.replay.steps * third // 3)
        app.push(scene)
    return make


def _stats(app: Any, seed: int) -> None:
    from game.keep.stats import count_game, count_match
    from scenes.stats_scene import StatsScene

    _fresh_data()
    plays = [("human", "south", 0), ("human", "north", 1), ("easy", "south", 2), ("easy", "south", 0),
             ("normal", "north", 1), ("normal", "south", 2), ("hard", "north", 4), ("human", "south", 3)]
    for i, (opponent, winner, k) in enumerate(plays * 2):
        result = RESULTS[k].copy()
        if result["winner"] is not None:
            result["winner"] = winner
            flags = result["flags"]
            if winner == "north":
                result["flags"] = {"south": flags["north"], "north": flags["south"]}
        north = "Ben" if opponent == "human" else f"Bot ({opponent})"
        count_game(f"g{i}", {"south": "Ana", "north": north}, opponent, result)
    count_match("m1", {"south": "Ana", "north": "Ben"}, "human", "south")
    count_match("m2", {"south": "Ana", "north": "Bot (easy)"}, "easy", "south")
    count_match("m3", {"south": "Ana", "north": "Bot (hard)"}, "hard", "north")
    app.push(StatsScene(app))


def _takeback(app: Any, seed: int) -> None:
    from game.play.bot_client import IdleBot
    from game.play.positions import busy, find
    from game.play.table import LocalTable
    from game.play.undo import log_events
    from scenes.board import BoardScene

    game = find(seed, busy(14), rules=Rules())
    table = LocalTable(game, {"north": IdleBot()})
    action = next(a for a in game.legal_actions() if a["type"] == "play" and a["card"][0] in "roygbp")
    table.submit(cast(Action, action))
    board = BoardScene(app, table)
    board.model.log = log_events(table, "south")
    board.refresh()
    app.push(board)
    board.model.focus = ("button", "undo")


SAVES_SCENES: dict[str, SceneMaker] = {
    "continue": _continue, "scoreboard": _scoreboard(False), "match-summary": _scoreboard(True),
    "replays": _replays, "replay": _replay_at(2), "replay-start": _replay_at(0), "stats": _stats, "takeback": _takeback,
}
