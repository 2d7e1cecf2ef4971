"""Saves, Continue, replays, statistics and matches of the three-player game at one screen (R46-R53)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from engine import from_record
from game.keep.files import data_dir, take_notices
from game.keep.records import library
from game.keep.settings import Settings
from game.keep.stats import load_stats
from game.play.saves import load_save, load_saves, resume, save_path
from game.play.session import Session, Setup
from game.play.table import LocalTable
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.continue_scene import ContinueScene
from scenes.main_menu import MainMenuScene
from scenes.pass_device import PassScene
from scenes.replay_view import ReplayScene
from scenes.scoreboard import ScoreboardScene
from scenes.title import TitleScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    take_notices()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)


def sitting(**setup: Any) -> tuple[Session, LocalTable]:
    session = Session(Setup(players=3, autosave=True, seed=3, starts="south", **setup), bot_pace=0.0,
                      in_process_bots=True)
    return session, session.new_table()


def play(table: LocalTable, moves: int, seed: int = 1) -> None:
    """Moves by every seat, bots included (asked at once), claims first, else at random."""
    rng = random.Random(seed)
    for _ in range(moves):
        if table.result is not None:
            return
        if table.to_move in table.bots:
            for _tick in range(3):
                table.tick(ready=True)
            continue
        legal = table.legal_actions()
        claims = [a for a in legal if a["type"] == "claim"]
        table.submit(claims[0] if claims else rng.choice([a for a in legal if a["type"] != "pass"] or legal))


def test_r46_three_player_sitting_continues_through_the_menus_with_the_pass_screen(app: App) -> None:
    _session, table = sitting(opponent="human", third="human", names=["Ana", "Ben", "Cy"])
    play(table, 40)
    while table.phase != "play":  # stopped between turns: the next player has not acted yet
        play(table, 1)
    assert save_path("three-human-human").exists(), "filed under its own kind: three people"
    assert load_save("human") is None, "a two-player hot-seat sitting is another kind"
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.key(pygame.K_RETURN)
    menu = app.top
    assert isinstance(menu, MainMenuScene) and menu.menu.items[0].label == "Continue"
    driver.key(pygame.K_RETURN)
    assert isinstance(app.top, ContinueScene)
    assert app.top.saved.setup.players == 3
    app.draw(app.screen)  # the three names, the score and the flags held in three colours
    driver.key(pygame.K_RETURN)
    board = app.find(BoardScene)
    assert isinstance(board, BoardScene) and board.three
    assert board.table.record() == table.record(), "the same game, every card where it was"
    assert board.model.log and board.story(), "the log rebuilt, and the story since the player's own turn"
    driver.frames(2)
    assert isinstance(app.top, PassScene) and app.top.seat == table.to_move, "the device goes to the player to move"
    driver.key(pygame.K_RETURN)
    assert board.model.viewer == table.to_move and not board.model.hidden


def test_r46_a_person_and_two_bots_resume_with_the_same_bots_and_deal() -> None:
    session, table = sitting(opponent="easy", third="random")
    play(table, 30, seed=4)
    saved = load_save("three-easy-random")
    assert saved is not None and saved.game is not None and saved.setup.kinds == {
        "south": "human", "west": "easy", "east": "random"}
    again, table2 = resume(saved, bot_pace=0.0, in_process_bots=True)
    assert table2 is not None and set(table2.bots) == {"west", "east"} and table2.local_seats == ("south",)
    assert table2.game.view(None) == table.game.view(None), "hands, decks, flags: all the same"
    assert again.keeper.id == session.keeper.id
    table.close()
    table2.close()


def test_r40_three_player_match_scoreboard_replays_and_statistics(app: App) -> None:
    session, table = sitting(opponent="human", third="easy", names=["Ana", "Ben", "Cy"], match=True,
                             match_end="games", match_limit=3)
    play(table, 3000)
    assert table.result is not None
    session.record(table.result)
    kept = library()
    assert len(kept) == 1 and len(kept[0].game.seats) == 3, "the finished game is in the replay library"
    assert from_record(table.record()).result == table.result
    saved = load_save("three-human-easy")
    assert saved is not None and saved.game is None and saved.match is not None and saved.match.players == 3
    again, none = resume(saved, in_process_bots=True)
    assert none is None and again.match.scores == session.match.scores and len(again.match.scores) == 3
    stats = load_stats()
    people = {name: p.games.get("three") for name, p in stats.players.items()}
    assert set(people) == {"Ana", "Ben"}, "the people are counted, the bot is not"
    assert all(row is not None and sum(row) == 1 for row in people.values())
    assert table.result is not None
    winner = table.result["winner"]
    for seat, name in (("south", "Ana"), ("west", "Ben")):
        row = people[name]
        assert row is not None and row[0 if winner == seat else 2 if winner is None else 1] == 1
    app.push(ScoreboardScene(app, again))
    app.draw(app.screen)
    assert isinstance(app.top, ScoreboardScene)
    rows = app.top.rows()
    assert len(rows) == 1 and rows[0][3].count("\u2013") == 2, "each game's flags for the three seats"
    app.push(ReplayScene(app, kept[0].game, kept[0].when))
    assert isinstance(app.top, ReplayScene)
    app.top.go(app.top.replay.steps)
    app.draw(app.screen)
    assert list(data_dir().glob("current-*.json")) == [save_path("three-human-easy")]
    assert len(load_saves()) == 1
    table.close()
