"""Autosave and Continue: the save after every action, resumed with the same hands and decks, through
the menus; and every kind of bad save set aside with a message, never a crash, never overwriting."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from builders import record_under_old_r9
from ui_driver import Driver

from game.keep.files import data_dir, take_notices, write_json
from game.keep.settings import Settings
from game.play.saves import load_save, resume, save_path
from game.play.session import Session, Setup
from game.play.table import LocalTable
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.continue_scene import ContinueScene, NoticeScene
from scenes.main_menu import MainMenuScene
from scenes.results import ResultsScene
from scenes.scoreboard import ScoreboardScene
from scenes.title import TitleScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    take_notices()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)


def play(table: LocalTable, moves: int, seed: int = 1) -> None:
    """Moves by both seats of a hot-seat table, claims first, else at random."""
    rng = random.Random(seed)
    for _ in range(moves):
        legal = table.legal_actions()
        if not legal:
            return
        claims = [a for a in legal if a["type"] == "claim"]
        table.submit(claims[0] if claims else rng.choice([a for a in legal if a["type"] != "pass"] or legal))


def play_out(table: LocalTable, seed: int = 1) -> None:
    play(table, 2000, seed)
    assert table.result is not None


def sitting(**setup: Any) -> tuple[Session, LocalTable]:
    session = Session(Setup(autosave=True, seed=3, starts="south", **setup))
    return session, session.new_table()


def test_every_action_is_saved_and_continue_has_the_same_hands_and_decks() -> None:
    session, table = sitting()
    assert load_save() is not None, "saved as soon as the game starts"
    for n in range(1, 30):
        play(table, 1, seed=n)
        assert json.loads(save_path().read_text())["game"]["actions"] == table.game.actions
    saved = load_save()
    assert saved is not None and saved.game is not None
    again, table2 = resume(saved)
    assert table2 is not None
    assert table2.game.view(None) == table.game.view(None), "hands, decks, flags: all the same"
    assert again.keeper.id == session.keeper.id
    play(table2, 5, seed=99)
    play(table, 5, seed=99)
    assert table2.game.actions == table.game.actions, "and it plays on the same"


def test_continue_through_the_title_and_menu(app: App) -> None:
    _, table = sitting()
    play(table, 25)
    app.push(TitleScene(app))
    driver = Driver(app)
    driver.key(pygame.K_RETURN)
    menu = app.top
    assert isinstance(menu, MainMenuScene) and menu.menu.items[0].label == "Continue"
    driver.key(pygame.K_RETURN)
    assert isinstance(app.top, ContinueScene)
    driver.key(pygame.K_RETURN)
    board = app.find(BoardScene)
    assert isinstance(board, BoardScene)
    assert board.table.record() == table.record()
    assert board.model.log, "the log is rebuilt from the record"


def test_a_match_between_games_continues_to_the_scoreboard_with_the_same_next_deal() -> None:
    session, table = sitting(match=True, match_end="games", match_limit=3)
    play_out(table)
    assert table.result is not None
    session.record(table.result)
    saved = load_save()
    assert saved is not None and saved.game is None and saved.match is not None
    again, none = resume(saved)
    assert none is None and again.match.scores == session.match.scores
    assert again.next_first == session.next_first
    assert again.new_table().game.view(None) == session.new_table().game.view(None), "the seed stream goes on"


def test_a_game_saved_after_its_last_move_shows_its_results_on_continue(app: App) -> None:
    _, table = sitting()
    play_out(table)  # killed before the results screen counted it
    saved = load_save()
    assert saved is not None and saved.game is not None and saved.game.over
    app.push(ContinueScene(app, saved))
    Driver(app).key(pygame.K_RETURN)
    Driver(app).frames(3)
    assert isinstance(app.top, ResultsScene)
    assert load_save() is None, "counted and kept: nothing left to continue"
    assert len(list((data_dir() / "games").glob("*.json"))) == 1


def test_continue_between_games_opens_the_scoreboard(app: App) -> None:
    session, table = sitting(match=True, match_end="points", match_limit=30)
    play_out(table)
    assert table.result is not None
    session.record(table.result)
    saved = load_save()
    assert saved is not None
    app.push(ContinueScene(app, saved))
    Driver(app).key(pygame.K_RETURN)
    assert isinstance(app.top, ScoreboardScene)
    Driver(app).key(pygame.K_RETURN)  # start the next game
    assert isinstance(app.find(BoardScene), BoardScene)
    saved = load_save()
    assert saved is not None and saved.game is not None and len(saved.match.games if saved.match else []) == 1


def _good_save() -> str:
    _, table = sitting()
    play(table, 12)
    return save_path().read_text()


def _tampered(text: str) -> str:
    data = json.loads(text)
    data["game"]["actions"][3] = {"type": "play", "card": "r1", "flag": 9}
    return json.dumps(data)


def _retyped(text: str) -> str:
    data = json.loads(text)
    data["setup"]["opponent"] = "wizard"
    return json.dumps(data)


def _rng_damaged(text: str) -> str:
    data = json.loads(text)
    data["rng"][1] = data["rng"][1][:10]
    return json.dumps(data)


def _old_r9(text: str) -> str:
    """A save whose game passed and then claimed, as the old R9 allowed."""
    data = json.loads(text)
    data["game"] = record_under_old_r9()
    data["setup"]["tactics"] = False
    return json.dumps(data)


BAD_SAVES = {
    "corrupt": lambda good: "{this is not json",
    "truncated": lambda good: good[: len(good) // 2],
    "empty": lambda good: "",
    "binary": lambda good: "",
    "foreign position": lambda good: json.dumps({"format": "battleline-position/1", "flags": []}),
    "foreign list": lambda good: "[1, 2, 3]",
    "settings file": lambda good: json.dumps({"fullscreen": False}),
    "illegal action": _tampered,
    "wrong field": _retyped,
    "damaged seed stream": _rng_damaged,
    "huge integer": lambda good: good.replace('"seed":', '"seed":' + "9" * 5000 + ",\"was\":", 1),
    "deep nesting": lambda good: "[" * 100_000 + "]" * 100_000,
    "made under the old R9": _old_r9,
}


@pytest.mark.parametrize("kind", list(BAD_SAVES))
def test_a_bad_save_is_set_aside_with_a_message_never_a_crash(app: App, kind: str) -> None:
    raw = b"\x00\xff\xfe garbage" if kind == "binary" else BAD_SAVES[kind](_good_save()).encode()
    path = save_path()
    path.write_bytes(raw)
    earlier_bad = path.with_name("current.json.bad")
    earlier_bad.write_text("an older bad save, kept as it was")
    take_notices()
    app.push(MainMenuScene(app))
    notice = app.top
    assert isinstance(notice, NoticeScene), "the player is told"
    assert "set aside as current.json.bad-2" in " ".join(notice.lines)
    menu = app.find(MainMenuScene)
    assert isinstance(menu, MainMenuScene) and "Continue" not in [i.label for i in menu.menu.items]
    assert not path.exists()
    assert earlier_bad.read_text() == "an older bad save, kept as it was", "no file is overwritten"
    assert path.with_name("current.json.bad-2").read_bytes() == raw, "set aside as it was"
    app.draw()
    Driver(app).key(pygame.K_RETURN)
    assert app.top is menu
    sitting()  # a new game saves afresh beside the set-aside file
    assert load_save() is not None


def test_writes_are_atomic_and_leftover_temporaries_are_cleaned(tmp_path: Path) -> None:
    target = data_dir() / "x.json"
    write_json(target, {"a": 1})
    stale = data_dir() / ".current.json.123.tmp"
    stale.write_text("{half a sa")
    assert load_save() is None
    assert not stale.exists()
    assert json.loads(target.read_text()) == {"a": 1}
    assert not list(data_dir().glob(".*.tmp"))
