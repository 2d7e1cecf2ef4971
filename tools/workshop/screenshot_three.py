"""Screenshot scenes of the three-player game at one screen (R46-R53): the board from each seat (its line of
six, the far front small in between), the board with a claim proof, the pass screen, the results and the
setup with three players chosen.

Positions come from seeded games played by the random bot, so the same seed always gives the same picture.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from engine import Game, Rules
from engine.notation_types import Result

SceneMaker = Callable[[Any, int], None]
NAMES3 = {"south": "Ana", "west": "Bot (easy)", "east": "Cy"}


def three_game(seed: int, until: Callable[[Game], bool], limit: int = 400,
               names: dict[str, str] | None = None) -> Game:
    """A three-player game from `seed`, played by random legal actions until `until` holds (claims first)."""
    for attempt in range(40):
        game = Game.new(Rules(False, "standard", 3), seed + attempt, None, dict(names or NAMES3))
        rng = random.Random(seed + attempt)
        while not game.over and len(game.actions) < limit:
            if until(game):
                return game
            legal = game.legal_actions()
            claims = [a for a in legal if a["type"] == "claim"]
            game.apply(claims[0] if claims and rng.random() < 0.7 else rng.choice(legal))
        if until(game):
            return game
    raise SystemExit("no such three-player position in 40 seeded games")


def _board3(app: Any, game: Game, seat: str) -> Any:
    """The board of `game` seen by `seat`, the other two held by bots that never answer, with its log and
    the story of the other two turns since the seat's own."""
    from game.play.bot_client import IdleBot
    from game.play.table import LocalTable
    from scenes.board import BoardScene
    from tools.workshop.screenshot import _log_of

    table = LocalTable(game, {s: IdleBot() for s in game.seats if s != seat})
    board = BoardScene(app, table)
    board.model.viewer, board.model.hidden, board.pending_pass = seat, False, None
    board.model.log = _log_of(game)
    board.model.recall_last_turn(board.table.local_seats)
    board.refresh()
    app.push(board)
    return board


def _turn_of(seat: str, moves: int) -> Callable[[Game], bool]:
    def ok(game: Game) -> bool:
        claimed = sum(f.claimed is not None for f in game.flags)
        return len(game.actions) >= moves and game.to_move == seat and game.phase == "play" and claimed >= 2
    return ok


def _seat(seat: str) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        _board3(app, three_game(seed, _turn_of(seat, 40)), seat)
    return make


def _pass(app: Any, seed: int) -> None:
    from scenes.pass_device import PassScene

    people = {"south": "Ana", "west": "Ben", "east": "Cy"}  # hot-seat: three people pass the device
    board = _board3(app, three_game(seed, _turn_of("west", 30), names=people), "west")
    board.model.hidden = True
    board.refresh()
    app.push(PassScene(app, board, "west"))


def _log(app: Any, seed: int) -> None:
    board = _board3(app, three_game(seed, _turn_of("south", 40)), "south")
    board.open_log()


def _results(app: Any, seed: int) -> None:
    from scenes.results import ResultsScene

    board = _board3(app, three_game(seed, lambda g: g.over, 600), "south")
    board.pending_results = board.results_shown = True
    app.push(ResultsScene(app, board))


def _setup(app: Any, seed: int) -> None:
    from scenes.setup import SetupScene

    app.settings.last_setup = {"players": "3", "opponent": "human", "third": "easy"}
    app.push(SetupScene(app))


def _replay(app: Any, seed: int) -> None:
    from scenes.replay_view import ReplayScene

    scene = ReplayScene(app, three_game(seed, lambda g: g.over, 600), "2026-11-25 20:15")
    scene.go(scene.replay.steps * 2 // 3)
    app.push(scene)


def _sitting(seed: int, games: int) -> Any:
    """A three-player match (two people and a bot) with `games` games played by random moves, kept."""
    from game.play.session import Session, Setup
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()
    session = Session(Setup(players=3, opponent="human", third="easy", names=["Ana", "Ben", "Cy"], match=True,
                            match_end="points", match_limit=25, seed=seed, autosave=True), in_process_bots=True)
    for k in range(games):
        table = session.new_table()
        rng = random.Random(seed + k)
        game = table.game
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        session.record(cast(Result, dict(game.result or {})))
        table.close()
    return session


def _scoreboard(app: Any, seed: int) -> None:
    from scenes.scoreboard import ScoreboardScene

    app.push(ScoreboardScene(app, _sitting(seed, 3)))


def _continue(app: Any, seed: int) -> None:
    from game.play.saves import load_save
    from scenes.continue_scene import ContinueScene

    session = _sitting(seed, 1)
    table = session.new_table()
    rng = random.Random(seed)
    game = table.game
    while len(game.actions) < 60 or sum(f.claimed is not None for f in game.flags) < 3:
        game.apply(rng.choice(game.legal_actions()))
    session.keeper.save()
    table.close()
    saved = load_save()
    assert saved is not None
    app.push(ContinueScene(app, saved))


def _stats(app: Any, seed: int) -> None:
    from scenes.stats_scene import StatsScene

    _sitting(seed, 4)
    app.push(StatsScene(app))


def _look(app: Any, seed: int) -> None:
    """'Look at the board' after a three-player game: its banner leaves every name in sight."""
    from scenes.look import LookScene

    _results(app, seed)
    app.push(LookScene(app))


THREE_SCENES: dict[str, SceneMaker] = {
    "three-look": _look,
    "three-south": _seat("south"), "three-west": _seat("west"), "three-east": _seat("east"),
    "three-pass": _pass, "three-results": _results, "three-log": _log, "three-setup": _setup, "three-replay": _replay,
    "three-scoreboard": _scoreboard, "three-continue": _continue, "three-stats": _stats,
}
