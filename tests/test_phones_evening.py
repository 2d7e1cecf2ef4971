"""From one evening to the next (issue 49): the TV keeps its phone page's port (chosen once, kept in the
settings, a new one only when that one is taken), so a phone's browser, which keeps what it knows per address,
still has its player's name; and the TV started as the table opens fullscreen. A real window lobby (dummy
drivers), real headless Chromium, real processes for the command line."""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
from pathlib import Path
from typing import Any

import pygame
import pytest
from net_helpers import CLI
from phone_browser import browser, wait_for

from app.lan_cli import open_host_window
from game.keep.settings import Settings
from game.ui.shell import App
from net.cli_args import args_host


def _lobby(app: App) -> Any:
    parser = argparse.ArgumentParser()
    args_host(parser)
    lobby = open_host_window(app, parser.parse_args(["--table", "--bind", "127.0.0.1", "--port", "0"]))
    assert lobby.phones is not None
    return lobby


def _saved_port(config: Path) -> int:
    return int(json.loads((config / "settings.json").read_text())["phones_port"])


def test_the_tv_keeps_its_phone_port_so_the_phone_still_knows_its_name(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from selenium.webdriver.common.by import By

    config = tmp_path / "config"
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(config))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = App(Settings(animation_speed="off", names=["TV"]), fixed_dt=1 / 60)
    gen = browser(tmp_path / "phone")
    phone = next(gen)
    try:
        first = _lobby(app)
        port = first.phones.port
        assert _saved_port(config) == port, "the port chosen the first evening is kept in the settings"
        phone.get(first.phones_url)
        phone.find_element(By.ID, "name").send_keys("Zoë")
        phone.find_element(By.ID, "join-button").click()
        app.reset(app.open("main_menu"))  # the evening ends: the lobby and its phone page close
        second = _lobby(app)  # the next evening
        assert second.phones.port == port and second.phones_busy is None
        phone.get(second.phones_url)
        assert wait_for(phone, "return document.getElementById('name').value") == "Zoë", "the phone kept the name"
        app.reset(app.open("main_menu"))
        with socket.socket() as taken:  # something else took the port meanwhile: a new one, kept from now on
            taken.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the phone's closed connections
            taken.bind(("0.0.0.0", port))
            taken.listen()
            third = _lobby(app)
            assert third.phones.port != port and third.phones_busy == port
            assert _saved_port(config) == third.phones.port
            app.reset(app.open("main_menu"))
    finally:
        gen.close()


@pytest.mark.parametrize(("extra", "way"), [((), "fullscreen"), (("--windowed",), "windowed")])
def test_the_tv_started_as_the_table_opens_fullscreen(tmp_path: Path, extra: tuple[str, ...], way: str) -> None:
    env = {**os.environ, "BATTLELINE_FIRST_FRAME": "1", "BATTLELINE_DATA_DIR": str(tmp_path / "data"),
           "BATTLELINE_CONFIG_DIR": str(tmp_path / "config"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([*CLI, "host", "--table", "--port", "0", "--bind", "127.0.0.1", *extra], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"showing host_lobby, {way}" in done.stdout, done.stdout
    assert json.loads((tmp_path / "config" / "settings.json").read_text())["fullscreen"] is False, \
        "the table's fullscreen is for this start only: the player's own setting is untouched"
