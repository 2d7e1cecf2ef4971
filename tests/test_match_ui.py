"""Matches in the game: the setup options of R41, every end condition, the scoreboard between games,
the winner starting the next game (R5, R40) and the match summary, played through the scenes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, cast

import pygame
import pytest
from ui_driver import Driver, game_of

from engine.notation_types import Result
from game.keep.settings import Settings
from game.keep.stats import load_stats
from game.play.session import Session, Setup
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.results import ResultsScene
from scenes.scoreboard import ScoreboardScene
from scenes.setup import PLAY_CHOICES, SetupScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)


def win(seat: str, how: str, mine: int, theirs: int) -> dict[str, Any]:
    other = "north" if seat == "south" else "south"
    return {"winner": seat, "how": how, "flags": {seat: mine, other: theirs}}


DRAW = {"winner": None, "how": "draw", "flags": {"south": 2, "north": 2}}
#: end condition -> (setup, results that end the match exactly at the last one, the match's winner)
ENDINGS: dict[str, tuple[dict[str, Any], list[dict[str, Any]], str | None]] = {
    "r41_fixed_number_of_games": ({"match_end": "games", "match_limit": 3},
                                  [win("north", "flags", 4, 3), DRAW, win("south", "breakthrough", 3, 1)], "south"),
    "r41_first_to_n_points": ({"match_end": "points", "match_limit": 15},
                              [win("south", "flags", 5, 4), win("north", "envelopment", 5, 1),
                               win("south", "breakthrough", 3, 2), win("south", "flags", 4, 2)], "south"),
    "r41_hungarian_lead_of_10": ({"match_end": "hungarian"},
                                 [win("north", "breakthrough", 3, 0), win("north", "envelopment", 5, 0)], "north"),
    "r41_hungarian_5_wins_in_a_row": ({"match_end": "hungarian"}, [win("south", "flags", 5, 4)] * 5, "south"),
    "r41_hungarian_3_breakthroughs_in_a_row": ({"match_end": "hungarian"},
                                               [win("north", "flags", 5, 4), win("south", "breakthrough", 3, 4),
                                                win("south", "breakthrough", 3, 4),
                                                win("south", "breakthrough", 3, 4)], "south"),
}


@pytest.mark.parametrize("ending", list(ENDINGS))
def test_match_ends_by_each_condition_and_the_scoreboard_says_so(app: App, ending: str) -> None:
    options, results, winner = ENDINGS[ending]
    session = Session(Setup(match=True, starts="north", autosave=True, **options))
    first = session.new_table().game.first
    assert first == "north"
    for i, result in enumerate(results):
        assert not session.match_over, f"not over before game {i + 1}"
        previous_first = first
        session.record(cast(Result, result))
        table = session.new_table() if not session.match_over else None
        if table is not None:
            first = table.game.first
            expected = result["winner"] or previous_first  # R5, R40: the winner starts; a draw, the same again
            assert first == expected
    assert session.match_over and session.match.winner == winner
    board = ScoreboardScene(app, session)
    app.push(board)
    app.draw()
    assert winner is not None and board.over and board.progress() == f"{session.names[winner]} wins the match"
    assert [i.label for i in board.menu.items] == ["New match", "Main menu"]
    stats = load_stats()
    assert sum(stats.player("Ana").totals("matches")) == 1, "the match is counted once"


def test_setup_offers_every_match_end_of_r41(app: App) -> None:
    scene = SetupScene(app)
    play = next(i for i in scene.menu.items if i.label == "Play")
    ends = set()
    for value in PLAY_CHOICES:
        play.index = PLAY_CHOICES.index(value)
        assert play.on_change is not None
        play.on_change(value)
        if value == "single":
            assert not scene.setup.match
            continue
        match = Session(scene.setup).match
        ends.add(match.end)
        assert match.limit == (None if value == "hungarian" else int(value.split(":")[1]))
    assert ends == {"games", "points", "hungarian"}


def finish(board: BoardScene, driver: Driver, seed: int) -> None:
    """Play the board's game to its end through the scene (both seats here), claims first."""
    rng = random.Random(seed)
    for _ in range(3000):
        driver.frames(1)
        if board.table.result is not None:
            break
        if board.app.top is not board:  # the pass screen of hot-seat
            driver.key(pygame.K_RETURN)
            continue
        legal = board.table.legal_actions()
        claims = [a for a in legal if a["type"] == "claim"]
        board.submit(claims[0] if claims else rng.choice([a for a in legal if a["type"] != "pass"] or legal))
    driver.frames(3)


def test_a_two_game_match_end_to_end_with_scoreboard_and_summary(app: App) -> None:
    session = Session(Setup(match=True, match_end="games", match_limit=2, seed=8, autosave=True))
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    driver = Driver(app)
    finish(board, driver, 1)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.menu.items[0].label == "Scoreboard"
    winner = board.table.result["winner"] if board.table.result else None
    driver.key(pygame.K_RETURN)
    scoreboard = app.top
    assert isinstance(scoreboard, ScoreboardScene) and not scoreboard.over
    assert scoreboard.menu.items[0].label == "Start game 2"
    first_of_game_one = game_of(board.table).first
    driver.key(pygame.K_RETURN)
    next_board = app.find(BoardScene)
    assert isinstance(next_board, BoardScene)
    board = next_board
    assert game_of(board.table).first == (winner or first_of_game_one), "the winner starts the next game (R5)"
    finish(board, driver, 2)
    results = app.top
    assert isinstance(results, ResultsScene) and results.menu.items[0].label == "Match summary"
    driver.key(pygame.K_RETURN)
    summary = app.top
    assert isinstance(summary, ScoreboardScene) and summary.over and len(summary.rows()) == 2
    driver.key(pygame.K_RETURN)  # a new match
    assert isinstance(app.find(BoardScene), BoardScene)
    new = app.find(BoardScene)
    assert isinstance(new, BoardScene) and new.session is not None and new.session.match.games == []
