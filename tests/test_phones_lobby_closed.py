"""Esc on the TV's lobby tells the phones (issue 56): a phone waiting in the table's lobby says the link to the
table is lost, never "Waiting for the game to start…" for a lobby that is gone. The TV is the window's own
lobby (pygame's dummy drivers) serving the page; the phone is headless Chromium."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
from phone_browser import browser, wait_for
from test_lan_kept import data  # noqa: F401  (the fixture)
from test_phones_party import _join
from ui_driver import Driver
from waiting import wait_until

from app.lan_cli import open_host_window
from game.keep.settings import Settings
from game.ui.shell import App
from net.cli_args import args_host
from scenes import screens
from scenes.lan_host import HostLobbyScene

STATUS = "return document.getElementById('status').textContent"


def test_esc_on_the_tv_lobby_tells_a_waiting_phone(data: Path, tmp_path: Path) -> None:  # noqa: F811
    gen = browser(tmp_path / "a")
    phone = next(gen)
    pygame.init()
    app = App(Settings(animation_speed="off", names=["TV"], welcomed=True), fixed_dt=1 / 60)
    driver = Driver(app)
    parser = argparse.ArgumentParser()
    args_host(parser)
    lobby: HostLobbyScene = open_host_window(app, parser.parse_args(
        ["--table", "--bind", "127.0.0.1", "--port", "0", "--phones", "0"]))
    try:
        assert lobby.host is not None and lobby.phones is not None
        _join(phone, lobby.phones_url, "Ana")

        def turn() -> None:
            driver.frames(1)
            if lobby.host is not None and lobby.host.seen.join_request is not None:
                lobby.answer(True)

        wait_until(lambda: "Waiting for the game to start" in (phone.execute_script(STATUS) or ""), 60,
                   lambda: phone.execute_script(STATUS), step=turn)
        driver.key(pygame.K_ESCAPE)  # the TV closes its lobby
        assert lobby.host is None
        wait_for(phone, "return document.getElementById('status').textContent.includes('lost')", timeout=30)
    finally:
        gen.close()
        app.reset(screens.main_menu(app))
