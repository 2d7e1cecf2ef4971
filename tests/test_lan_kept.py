"""Every finished game is kept, at a TV table too: in `games/` (so Replays lists it) and in the statistics,
whether the table is a window (the TV) or the headless host; a resumed game finished again is kept once.
Real host and guest processes on 127.0.0.1; the window with pygame's dummy drivers."""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame
import pytest
from net_helpers import CLI, last_json, start_host
from ui_driver import Driver

from app.lan_cli import open_host_window
from engine import Game, Rules, from_record
from game.keep.lan_games import keep_lan_game
from game.keep.records import games_dir, library
from game.keep.settings import Settings
from game.keep.stats import load_stats
from game.ui.shell import App
from net.cli_args import args_host
from scenes import screens
from scenes.results import ResultsScene


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _join(tmp: Path, port: int, code: str, name: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", code, "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--timeout", "240"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _kept_once(record: Mapping[str, Any], names: tuple[str, ...]) -> None:
    """The record is in the library exactly once, and each player's game is counted against a person."""
    kept = library()
    assert [k.game.result for k in kept] == [from_record(record).result], [k.path.name for k in kept]
    assert json.loads(kept[0].path.read_text()) == record
    stats = load_stats()
    assert len(stats.games_counted) == 1
    kind = "three" if len(names) == 3 else "human"  # people against people (three players: their own line)
    for name in names:
        assert sum(stats.player(name).games[kind]) == 1, (name, stats.to_dict())


def test_a_finished_game_at_the_windowed_tv_table_goes_to_games(data: Path, tmp_path: Path) -> None:
    pygame.init()
    app = App(Settings(animation_speed="off", names=["TV"]), fixed_dt=1 / 60)
    driver = Driver(app)
    parser = argparse.ArgumentParser()
    args_host(parser)
    lobby = open_host_window(app, parser.parse_args(["--table", "--bind", "127.0.0.1", "--port", "0"]))
    host = lobby.host
    assert host is not None
    peers = []
    try:
        for name in ("Ana", "Ben"):
            peers.append(_join(tmp_path, host.port, host.seen.code, name))
            deadline = time.monotonic() + 60
            while name not in [r.name for r in host.seen.remotes.values() if r.identity is not None]:
                assert time.monotonic() < deadline, f"{name} was never asked about"
                driver.frames(1)
                if host.seen.join_request is not None:
                    lobby.answer(True)
                time.sleep(0.002)
        lobby.start()
        deadline = time.monotonic() + 240
        while not isinstance(app.top, ResultsScene):
            assert time.monotonic() < deadline, "the game did not end in time"
            driver.frames(1)
            time.sleep(0.002)
        driver.frames(3)
        record = app.top.board.table.record()
        for proc in peers:
            last_json(proc, 60)
    finally:
        for proc in peers:
            proc.kill()
        app.reset(screens.main_menu(app))
    _kept_once(record, ("Ana", "Ben"))


@pytest.mark.parametrize("names", [("Ana", "Ben"), ("Ana", "Ben", "Cy")])
def test_a_finished_game_at_the_headless_table_goes_to_games(data: Path, tmp_path: Path,
                                                             names: tuple[str, ...]) -> None:
    players = ("--players", "3") if len(names) == 3 else ()
    host, port = start_host(tmp_path, "--table", "--seed", "35", "--timeout", "240", *players)
    guests = [_join(tmp_path, port, "4321", name) for name in names]
    for proc in guests:
        last_json(proc, 240)
    record = last_json(host, 60)["record"]
    _kept_once(record, names)


def test_a_lan_game_kept_twice_is_one_file_counted_once(data: Path) -> None:
    import random

    game = Game.new(Rules(True, "standard"), 77, "south", {"south": "Ana", "north": "Ben"})
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert keep_lan_game(game) == keep_lan_game(game)  # the same game after a resume: the same file
    assert len(list(games_dir().glob("*.json"))) == 1 and len(load_stats().games_counted) == 1
    unfinished = Game.new(Rules(True, "standard"), 78, "south", {"south": "Ana", "north": "Ben"})
    assert keep_lan_game(unfinished) is None
