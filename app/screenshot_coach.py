"""Screenshot scenes for the coach: a hint on the board with the win-estimate bar, and hints counted."""

from __future__ import annotations

from typing import Any


def _advised_board(app: Any, seed: int, over: bool = False) -> Any:
    """A board against a bot, with the coach's answer computed here (hard at fixed iterations)."""
    from app.screenshot import _board
    from engine.ai.hard import HardBot
    from game.play.coach import Advice
    from game.play.positions import busy, find

    app.settings.win_bar = True
    game = find(seed, (lambda g: g.over) if over else busy(20), limit=600)
    board = _board(app, game, bots=True)
    board.hints_used = 2
    if over:
        return board
    bot = HardBot(seed, iterations=300)
    action = bot.choose(board.view)
    chance = bot.last_search["win_chance"] if bot.last_search else bot.estimate(game)
    advice = Advice(len(game.actions), action, chance, True)
    board.advice, board.win_estimate = advice, chance
    from scenes.board_coach import show

    show(board, advice)
    return board


def _hint(app: Any, seed: int) -> None:
    _advised_board(app, seed)


def _results(app: Any, seed: int) -> None:
    from scenes.results import ResultsScene

    board = _advised_board(app, seed, over=True)
    board.pending_results = board.results_shown = True
    app.push(ResultsScene(app, board))


COACH_SCENES = {"hint": _hint, "results-hints": _results}
