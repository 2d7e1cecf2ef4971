"""The TV started again as the table after a crash (issue 56): `host --table` finds the table game kept
unfinished and asks once, "Continue the game with Ana & Ben?". Enter reopens it on its own join code and port,
so both players (real guest processes that never stopped) are back with nothing typed and the game finishes,
kept once; Esc opens a new lobby and the kept game stays for Continue. The first TV is a real table host process
killed with SIGKILL mid-game; the second is the window's own lobby (pygame's dummy drivers)."""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import time
from pathlib import Path

import pygame
from net_helpers import CLI, free_port, last_json
from test_lan_kept import _join, _kept_once, data  # noqa: F401  (data: the fixture)
from ui_driver import Driver
from waiting import wait_until

from app.lan_cli import open_host_window
from game.keep.lan_store import host_save_for
from game.keep.settings import Settings
from game.ui.shell import App
from net.cli_args import args_host
from scenes import screens
from scenes.host_choices import hosted_saves
from scenes.lan_host import HostLobbyScene
from scenes.results import ResultsScene


def _window_lobby(app: App, *extra: str) -> HostLobbyScene:
    parser = argparse.ArgumentParser()
    args_host(parser)
    lobby: HostLobbyScene = open_host_window(app, parser.parse_args(["--table", "--bind", "127.0.0.1", *extra]))
    return lobby


def _actions(save: Path) -> int:
    try:
        return len(json.loads(save.read_text(encoding="utf-8"))["record"]["actions"])
    except (OSError, ValueError, KeyError):
        return 0


def test_the_tv_restarted_as_the_table_asks_once_and_enter_seats_both_players(data: Path,  # noqa: F811
                                                                                 tmp_path: Path) -> None:
    save = host_save_for({"south": "Ana", "north": "Ben"}, True)  # where the TV keeps this pair's game
    port = free_port()
    tv = subprocess.Popen(
        [*CLI, "host", "--headless", "--table", "--bind", "127.0.0.1", "--port", str(port), "--code", "4321",
         "--accept-any", "--save", str(save)], stdout=subprocess.PIPE, stderr=(tmp_path / "tv.log").open("a"),
        text=True)
    assert tv.stdout is not None and tv.stdout.readline(), (tmp_path / "tv.log").read_text()
    guests = [_join(tmp_path, port, "4321", name) for name in ("Ana", "Ben")]
    pygame.init()
    app = App(Settings(animation_speed="off", names=["TV"]), fixed_dt=1 / 60)
    driver = Driver(app)
    try:
        wait_until(lambda: _actions(save) >= 8, 120, "the game did not get going")
        tv.send_signal(signal.SIGKILL)  # the TV crashes mid-game
        tv.wait(timeout=10)
        kept = json.loads(save.read_text(encoding="utf-8"))["record"]

        lobby = _window_lobby(app, "--port", "0")  # Esc: a new game; the kept one stays for Continue
        assert lobby.host is None and lobby.offer is not None
        assert "Ana" in lobby.title and "Ben" in lobby.title, lobby.title
        driver.key(pygame.K_ESCAPE)
        assert lobby.host is not None and lobby.offer is None
        assert lobby.host.seen.code != "4321" or lobby.host.seen.game.seed != kept["seed"]
        assert [s.path for s in hosted_saves()] == [save]
        app.reset(screens.main_menu(app))

        lobby = _window_lobby(app, "--port", str(port))  # the same command as before the crash: Enter
        assert lobby.offer is not None
        driver.key(pygame.K_RETURN)
        host = lobby.host
        assert host is not None and host.seen.code == "4321" and host.port == port
        deadline = time.monotonic() + 240
        while not isinstance(app.top, ResultsScene):  # nothing typed: both come back, the game goes on to its end
            assert time.monotonic() < deadline, "the game did not end in time"
            driver.frames(1)
            time.sleep(0.002)
        driver.frames(3)
        record = app.top.board.table.record()
        for proc in guests:
            last_json(proc, 60)
    finally:
        for proc in (tv, *guests):
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        app.reset(screens.main_menu(app))
    assert record["seed"] == kept["seed"] and record["actions"][:len(kept["actions"])] == kept["actions"]
    _kept_once(record, ("Ana", "Ben"))
