"""No cache key or membership is made of object ids in the game (issue 60 item 5): an object's id is reused once
it is freed, so a key built of ids can hand back what belonged to another object. The setup menu's rows are told
apart by identity (`is`), and its hidden rows still follow the number of players."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.keep.settings import Settings
from game.ui.shell import App
from scenes.setup import SetupScene

ROOT = Path(__file__).resolve().parent.parent
ID_CALL = re.compile(r"(?<![\w.])(?<!def )id\(")  # tools/house_figures.py's id_in_keys


def test_no_id_calls_in_the_game() -> None:
    found = [f"{path.relative_to(ROOT)}:{n}" for package in ("scenes", "game")
             for path in sorted((ROOT / package).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if ID_CALL.search(line)]
    assert found == []


def test_the_setup_rows_shown_follow_the_number_of_players() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    with app.active():
        setup = SetupScene(app)
        app.push(setup)
        players = next(i for i in setup.menu.items if i.label == "Players")
        assert players.on_change is not None
        players.on_change("2")  # what choosing it on the menu does
        two = list(setup.menu.items)
        players.on_change("3")
        three = list(setup.menu.items)
    assert any(row is setup.tactics for row in two) and not any(row is setup.third for row in two)
    assert not any(row is setup.tactics for row in three) and any(row is setup.third for row in three)
