"""Statistics per player name: games and matches by opponent kind and bot level, Breakthroughs and
Envelopments (R38), each game counted once; a bad statistics file is set aside; the screen."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from engine.notation_types import Result
from game.keep.files import take_notices
from game.keep.settings import Settings
from game.keep.stats import count_game, count_match, load_stats, stats_path
from game.play.session import Session, Setup
from game.ui.shell import App
from scenes.stats_scene import StatsScene

BREAK: Result = {"winner": "south", "how": "breakthrough", "flags": {"south": 3, "north": 1}}
ENVELOP: Result = {"winner": "north", "how": "envelopment", "flags": {"south": 2, "north": 5}}
DRAW: Result = {"winner": None, "how": "draw", "flags": {"south": 1, "north": 1}}


def test_hot_seat_counts_both_players_a_bot_game_only_the_person() -> None:
    people = {"south": "Ana", "north": "Ben"}
    assert count_game("g1", people, "human", BREAK)
    assert count_game("g2", people, "human", ENVELOP)
    assert count_game("g3", {"south": "Ana", "north": "Bot (hard)"}, "hard", DRAW)
    assert count_game("g4", {"south": "Ana", "north": "Bot (easy)"}, "easy", ENVELOP)
    stats = load_stats()
    assert set(stats.players) == {"Ana", "Ben"}, "bots have no statistics"
    ana, ben = stats.players["Ana"], stats.players["Ben"]
    assert ana.games == {"human": [1, 1, 0], "hard": [0, 0, 1], "easy": [0, 1, 0]}
    assert ben.games == {"human": [1, 1, 0]}
    assert (ana.breakthroughs, ana.envelopments, ben.breakthroughs, ben.envelopments) == (1, 0, 0, 1)
    assert ana.totals("games") == [1, 2, 1]


def test_each_game_and_match_is_counted_once() -> None:
    people = {"south": "Ana", "north": "Ben"}
    assert count_game("same", people, "human", BREAK)
    assert not count_game("same", people, "human", BREAK)
    assert count_match("m", people, "human", "north")
    assert not count_match("m", people, "human", "north")
    stats = load_stats()
    assert stats.players["Ana"].games["human"] == [1, 0, 0]
    assert stats.players["Ana"].matches["human"] == [0, 1, 0] and stats.players["Ben"].matches["human"] == [1, 0, 0]


def test_a_finished_match_against_a_bot_is_counted_by_level() -> None:
    session = Session(Setup(opponent="normal", match=True, match_end="games", match_limit=2, autosave=True),
                      in_process_bots=True)
    session.record(BREAK)
    session.record(DRAW)
    stats = load_stats()
    assert stats.players["Ana"].games["normal"] == [1, 0, 1]
    assert stats.players["Ana"].matches["normal"] == [1, 0, 0]


@pytest.mark.parametrize("content", [b"{broken", b"", b"\xff\xfe", json.dumps({"format": "other"}).encode(),
                                     json.dumps({"format": "battleline-stats/1", "games_counted": "x"}).encode(),
                                     json.dumps({"format": "battleline-stats/1", "games_counted": [],
                                                 "matches_counted": [],
                                                 "players": {"Ana": {"games": {"easy": [1, -2, 0]}}}}).encode()])
def test_a_bad_statistics_file_is_set_aside_and_counting_starts_afresh(content: bytes) -> None:
    stats_path().parent.mkdir(parents=True, exist_ok=True)
    stats_path().write_bytes(content)
    take_notices()
    assert count_game("g", {"south": "Ana", "north": "Ben"}, "human", BREAK)
    assert stats_path().with_name("stats.json.bad").read_bytes() == content, "set aside as it was"
    assert load_stats().players["Ana"].games == {"human": [1, 0, 0]}
    assert any("statistics file" in n for n in take_notices())


def test_the_statistics_screen_shows_each_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off"), fixed_dt=1 / 60)
    empty = StatsScene(app)
    app.push(empty)
    app.draw()
    app.pop(empty)
    count_game("a", {"south": "Ana", "north": "Ben"}, "human", BREAK)
    count_game("b", {"south": "Cleo", "north": "Bot (easy)"}, "easy", BREAK)
    scene = StatsScene(app)
    app.push(scene)
    driver = Driver(app)
    seen = set()
    for _ in range(3):
        seen.add(scene.names[scene.index])
        driver.key(pygame.K_RIGHT)
    assert seen == {"Ana", "Ben", "Cleo"}
    driver.key(pygame.K_ESCAPE)
    assert app.top is None
