"""Screenshot scenes for the coach: a hint on the board with the win-estimate bar, and hints counted."""

from __future__ import annotations

from typing import Any, cast

from engine.notation_types import Action


def _advised_board(app: Any, seed: int, over: bool = False, endgame: bool = False) -> Any:
    """A board against a bot, with the coach's answer computed here (hard at fixed iterations);
    `endgame`: troops only, nothing left to draw, so the answer is proven."""
    from engine.ai.chance import win_chance
    from engine.ai.hard import HardBot
    from engine.rules import Rules
    from game.play.coach import Advice
    from game.play.positions import busy, find, nothing_to_draw
    from tools.workshop.screenshot import _board

    app.settings.win_bar = True
    if endgame:
        game = find(seed, nothing_to_draw("south"), limit=600, rules=Rules(tactics=False))
    else:
        game = find(seed, (lambda g: g.over) if over else busy(20), limit=600)
    board = _board(app, game, bots=True)
    board.model.hints_used = 2
    if over:
        return board
    bot = HardBot(seed, iterations=300)
    action = bot.choose(board.view)
    chance = bot.last_search["win_chance"] if bot.last_search else win_chance(game)
    proven = bool(bot.last_search and bot.last_search.get("proven"))
    advice = Advice(len(game.actions), cast(Action, action), chance, True, proven)
    board.model.advice, board.model.win_estimate = advice, chance
    from scenes.board_coach import show

    show(board, advice)
    return board


def _hint(app: Any, seed: int) -> None:
    _advised_board(app, seed)


def _hint_endgame(app: Any, seed: int) -> None:
    _advised_board(app, seed, endgame=True)


def _results(app: Any, seed: int) -> None:
    from scenes.results import ResultsScene

    board = _advised_board(app, seed, over=True)
    board.pending_results = board.results_shown = True
    app.push(ResultsScene(app, board))


def _replay_estimate(app: Any, seed: int) -> None:
    """The replay with the win-estimate bar: South's estimate at its latest play, by hard at fixed iterations."""
    from engine.ai.chance import win_chance
    from engine.ai.hard import HardBot
    from engine.position import from_position
    from scenes.replay_coach import SEAT, ReplayCoach
    from scenes.replay_view import ReplayScene
    from tools.workshop.screenshot_saves import _finished

    app.settings.win_bar = True
    scene = ReplayScene(app, _finished(seed), "2025-03-14 20:15")
    scene.go(scene.replay.steps * 2 // 3)
    scene.coach = coach = ReplayCoach(scene, in_process=True)
    step = max(i for i in coach.plays if i <= scene.step)
    seen = from_position(from_position(scene.replay.views[step]).view(SEAT))  # South's own view only
    bot = HardBot(seed, iterations=300)
    bot.choose_in(seen)
    coach.chances[step] = bot.last_search["win_chance"] if bot.last_search else win_chance(seen)
    app.push(scene)


COACH_SCENES = {"hint": _hint, "hint-endgame": _hint_endgame, "results-hints": _results,
                "replay-estimate": _replay_estimate}
