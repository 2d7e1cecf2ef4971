"""The coach against bots: Hint from each device shows hard's move in one line, hints are counted on the
results screen, the win-estimate bar (off by default) fills in; no coach in a game between two people.

The coach's `hard` bot thinks in its own process, as in play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pygame
import pytest
from builders import view_of
from ui_driver import Driver
from waiting import wait_until

from engine.notation_types import Action
from game.keep.settings import Settings
from game.play.coach import Advice, Coach, advice_line
from game.play.session import Session, Setup
from game.ui.shell import App
from scenes import board_coach
from scenes.board import BoardScene
from scenes.results import ResultsScene


@pytest.fixture
def app(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    return App(Settings(animation_speed="off"), fixed_dt=1 / 60)


def _board(app: App, opponent: str = "easy") -> BoardScene:
    session = Session(Setup(opponent=opponent, seed=8), bot_pace=0.0)
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    return board


def _wait_for_my_turn(driver: Driver, board: BoardScene) -> None:
    for _ in range(3000):
        driver.frames(1)
        if board.my_turn and board.table.phase == "play":
            return
    raise AssertionError("never the player's turn")


def _wait(driver: Driver, done: Callable[[], object], seconds: float = 60.0) -> None:
    wait_until(done, seconds, "the coach's answer", step=lambda: driver.frames(1))



def _hint(board: BoardScene) -> Advice | None:
    return board_coach.active_hint(board.model.hint, board.my_turn, board.table)


def _hint_words(board: BoardScene) -> str:
    return board_coach.hint_words(_hint(board), board.view, board.model.viewer)


def _hint_rects(board: BoardScene) -> list[pygame.Rect]:
    return board_coach.hint_rects(_hint(board), board.shown, board.targets, board.rects)

def test_settings_default_has_no_win_bar() -> None:
    assert Settings().win_bar is False


@pytest.mark.parametrize("device", ["keyboard", "controller", "mouse"])
def test_hint_from_each_device_is_a_legal_move_in_one_line_and_is_counted(app: App, device: str) -> None:
    board = _board(app)
    driver = Driver(app)
    _wait_for_my_turn(driver, board)
    assert board.coach is not None and board.model.win_estimate is None  # the bar is off: nothing asked yet
    if device == "keyboard":
        driver.key(pygame.K_i)
    elif device == "controller":
        driver.pad(pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    else:
        driver.frames(1)
        assert ("button", "hint") in board.targets
        driver.click(board.targets[("button", "hint")].center)
    _wait(driver, lambda: board.model.hints_used == 1)
    advice = board.model.advice
    assert advice is not None and advice.action in board.table.legal_actions()
    shown = _hint_words(board)
    assert shown.startswith("Hint: Hard would ") and "Your win chance: " in shown and "\n" not in shown, shown
    board.table.close()
    board.coach.close()


def test_a_hint_stays_until_the_player_acts_and_rings_its_card_and_flag(app: App) -> None:
    board = _board(app)
    driver = Driver(app)
    _wait_for_my_turn(driver, board)
    driver.key(pygame.K_i)
    _wait(driver, lambda: board.model.hints_used == 1)
    advice = board.model.advice
    assert advice is not None and advice.action["type"] == "play"
    rings = _hint_rects(board)
    assert board.targets[("hand", advice.action["card"])] in rings, "its card in the hand is ringed"
    assert len(rings) >= 2, "and where it goes"
    driver.frames(60 * 12)  # twelve seconds: a banner would have faded long ago
    assert _hint_words(board), "still there"
    other = next(t for t in board.model.flow.candidates() if t[0] == "hand" and t[1] != advice.action["card"])
    driver.click(board.targets[other].center)  # choosing a card is not acting yet
    assert board.model.flow.picked and _hint_words(board), "still there while the player thinks"
    driver.key(pygame.K_ESCAPE)
    action = next(a for a in board.table.legal_actions() if a["type"] == "play")
    driver.play(board, action, "keyboard")
    assert not _hint_words(board) and not _hint_rects(board), "gone once the player acted"
    board.table.close()
    assert board.coach is not None
    board.coach.close()


def test_hints_counted_on_the_results_screen_and_the_bar_fills_in(app: App) -> None:
    app.settings.win_bar = True
    board = _board(app)
    driver = Driver(app)
    _wait_for_my_turn(driver, board)
    _wait(driver, lambda: board.model.win_estimate is not None)  # asked for the bar by itself, no hint counted
    assert board.model.hints_used == 0 and 0.0 <= (board.model.win_estimate or 0.0) <= 1.0
    driver.key(pygame.K_i)  # the answer for this position is there already: shown at once
    driver.frames(1)
    assert board.model.hints_used == 1
    board.results_shown = True
    results = ResultsScene(app, board)
    app.push(results)
    surface = pygame.Surface((1920, 1080))
    results.draw(surface)  # drawn on a real surface; the count is part of its status line
    assert "Review" in [item.label for item in results.menu.items]
    board.table.close()
    assert board.coach is not None
    board.coach.close()


def test_no_coach_between_two_people(app: App) -> None:
    session = Session(Setup(opponent="human", seed=8), bot_pace=0.0)
    board = BoardScene(app, session.new_table(), session)
    assert board.coach is None and "hint" not in board.buttons()
    board.reveal(board.table.to_move)
    from scenes.board_coach import ask_hint

    ask_hint(board)
    assert board.model.hints_used == 0
    assert board.toasts and board.toasts[-1].lines == ["Hints are given in games against a bot."]


def test_advice_line_for_a_claim_and_a_troop() -> None:
    from game.play.coach import Advice
    from game.play.positions import busy, find

    game = find(3, busy(20))
    view = view_of(game, game.to_move)
    troop = cast(Action, next(a for a in game.legal_actions() if a["type"] == "play" and a["card"][1:].isdigit()))
    line = advice_line(Advice(0, troop, 0.63, True), view, game.to_move)
    assert line.startswith("Hard would play ") and f"at flag {troop['flag']}" in line and line.endswith("63%")
    assert advice_line(Advice(0, {"type": "claim", "flag": 4}, None, True), view, game.to_move) == \
        "Hard would claim flag 4: the flag can be proven now"


def test_coach_in_process_answers_without_a_worker() -> None:
    from game.play.positions import busy, find

    game = find(5, busy(16))
    coach = Coach(seed=1, in_process=True)
    coach.ask(view_of(game, game.to_move), len(game.actions), hint=True)
    advice = coach.poll()
    assert advice is not None and advice.hint and advice.action in game.legal_actions()
    coach.close()


def test_coach_says_when_the_rest_of_the_game_is_proven_won() -> None:
    """Nothing left to draw: hard solves the rest (engine.ai.endgame), and the hint says the play wins
    whatever the opponent does, at 100%, instead of guessing at formations."""
    from engine.ai.endgame import WIN, Solver
    from engine.ai.lean import Lean
    from engine.rules import Rules
    from game.play.positions import advance, nothing_to_draw

    for seed in range(60):
        game = advance(seed, nothing_to_draw(), limit=600, rules=Rules(tactics=False))
        if game is None:
            continue
        state = Lean.from_game(game)
        if max(Solver(state.to_move, 1_000_000).values(state, state.plays())) == WIN:
            break
    else:
        raise AssertionError("no won endgame among 60 games")
    coach = Coach(seed=1, in_process=True)
    coach.ask(view_of(game, game.to_move), len(game.actions), hint=True)
    advice = coach.poll()
    coach.close()
    assert advice is not None and advice.proven and advice.win_chance == 1.0
    line = advice_line(advice, view_of(game, game.to_move), game.to_move)
    assert ": it wins, whatever the opponent plays. Your win chance: 100%" in line, line


def _finished_game() -> object:
    from engine.ai import make_bot
    from engine.game import Game
    from engine.rules import Rules

    game = Game.new(Rules(tactics=False), seed=12, first="south")
    bots = {"south": make_bot("random", 1), "north": make_bot("easy", 2)}
    while game.result is None:
        game.apply(bots[game.to_move].choose_in(game))
    return game


def test_review_runs_in_its_own_process_and_opens_the_marked_moves(app: App) -> None:
    from engine import to_record
    from engine.run.review import ReviewProcess
    from scenes.replay_view import ReplayScene
    from scenes.review_scene import ReviewScene

    game = _finished_game()
    process = ReviewProcess(to_record(game), "south", iterations=30)  # type: ignore[arg-type]
    scene = ReviewScene(app, game, "south", process)  # type: ignore[arg-type]
    app.push(scene)
    driver = Driver(app)
    _wait(driver, lambda: scene.marked is not None, seconds=120)
    assert process.error is None and process.total > 0 and process.done == process.total
    assert scene.marked and len(scene.menu.items) == len(scene.marked) + 1  # the marks, then Back
    scene.draw(pygame.Surface((1920, 1080)))
    driver.key(pygame.K_RETURN)
    driver.frames(1)
    assert isinstance(app.top, ReplayScene) and app.top.step == scene.marked[0]["index"]


def test_review_cancelled_stops_its_process(app: App) -> None:
    from engine import to_record
    from engine.run.review import ReviewProcess
    from scenes.review_scene import ReviewScene

    game = _finished_game()
    process = ReviewProcess(to_record(game), "south", iterations=5000)  # type: ignore[arg-type]
    scene = ReviewScene(app, game, "south", process)  # type: ignore[arg-type]
    app.push(scene)
    Driver(app).frames(2)
    scene.back()
    assert not process.alive() and app.top is not scene


def test_review_lists_the_costliest_first_by_turn_with_why_the_other_move_was_better(app: App) -> None:
    from engine import Game, to_record
    from engine.run.review import KeptReview, review
    from scenes.review_scene import ReviewScene, turns_and_views

    game = _finished_game()
    assert isinstance(game, Game)
    result = review(to_record(game), "south", iterations=30)
    assert len(result["marked"]) >= 2, "the game has moves to mark"
    scene = ReviewScene(app, game, "south", KeptReview(result))
    app.push(scene)
    scene.update(0.0)
    assert scene.marked is not None
    costs = [m["cost"] for m in scene.marked]
    assert costs == sorted(costs, reverse=True), "the costliest move first"
    turns = turns_and_views(game, "south")
    south_plays = len(turns)
    for item, mark in zip(scene.menu.items, scene.marked, strict=False):
        turn = turns[mark["index"]][0]
        assert 1 <= turn <= south_plays and turn <= mark["index"] // 2 + 1
        assert item.label.startswith(f"Your turn {turn}: you chose to ") and "win chance" in item.label
        assert item.hint.startswith("Better: "), item.hint
    assert scene.menu.items[-1].label == "Back"
