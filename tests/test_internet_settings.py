"""Settings -> Internet servers: the mailbox and the transit relay typed in, checked with words that say the form,
saved, and used by Host over the internet (a real mailbox on 127.0.0.1, no environment variable naming it)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from internet_helpers import servers
from ui_driver import Driver
from waiting import wait_until

from game.keep.settings import Settings, load_settings, settings_path
from game.ui.input import Intent, Kind
from game.ui.shell import App
from scenes.internet_host import InternetHostScene
from scenes.settings_scene import SettingsScene
from scenes.settings_servers import ServerEntry, ServersScene, server_problem


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    for name in ("BATTLELINE_MAILBOX", "BATTLELINE_TRANSIT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("BATTLELINE_WORMHOLE_LOOPBACK", "1")
    pygame.init()
    return App(Settings(animation_speed="off", names=["Ana", "Ben"]), fixed_dt=1 / 60)


def _type(scene: ServerEntry, words: str) -> None:
    scene.handle(Intent(Kind.TEXT, "keyboard", text=words))


def _choose(driver: Driver, app: App, label: str) -> None:
    scene = app.top
    assert isinstance(scene, (SettingsScene, ServersScene))
    menu = scene.menu
    menu.focus = [item.label for item in menu.items].index(label)
    driver.key(pygame.K_RETURN)


def test_server_addresses_in_magic_wormholes_forms_only() -> None:
    assert server_problem("wormhole_mailbox", "") is None  # the public one
    assert server_problem("wormhole_mailbox", "ws://games.example.org:4000/v1") is None
    assert server_problem("wormhole_mailbox", "wss://games.example.org/v1") is None
    assert server_problem("wormhole_transit", "tcp:games.example.org:4001") is None
    said = server_problem("wormhole_mailbox", "http://games.example.org:4000/v1")
    assert said == "Expected ws://HOST:PORT/v1, for example ws://relay.magic-wormhole.io:4000/v1"
    assert server_problem("wormhole_mailbox", "ws://") is not None
    assert server_problem("wormhole_transit", "games.example.org:4001") == \
        "Expected tcp:HOST:PORT, for example tcp:transit.magic-wormhole.io:4001"
    assert server_problem("wormhole_transit", "tcp:games.example.org:99999") == "The port must be from 1 to 65535"
    assert server_problem("wormhole_mailbox", "ws://games.example.org:0/v1") == "The port must be from 1 to 65535"


def test_settings_take_a_mailbox_typed_refuse_a_bad_relay_in_words_and_keep_both(app: App) -> None:
    driver = Driver(app)
    app.push(SettingsScene(app))
    _choose(driver, app, "Internet servers")
    assert isinstance(app.top, ServersScene)
    _choose(driver, app, "Mailbox server")
    entry = app.top
    assert isinstance(entry, ServerEntry) and entry.typed == ""
    _type(entry, "ws://games.example.org:4000/v1")
    driver.key(pygame.K_RETURN)  # Save
    assert app.top is not entry and app.settings.wormhole_mailbox == "ws://games.example.org:4000/v1"
    _choose(driver, app, "Transit relay")
    entry = app.top
    assert isinstance(entry, ServerEntry)
    _type(entry, "games.example.org:4001")  # the tcp: left out
    driver.key(pygame.K_RETURN)
    assert app.top is entry and entry.problem.startswith("Expected tcp:HOST:PORT")
    entry.draw(pygame.Surface((1920, 1080)))  # said on the screen, no traceback
    assert app.settings.wormhole_transit == ""
    driver.key(pygame.K_ESCAPE)  # Cancel: nothing saved
    assert isinstance(app.top, ServersScene) and app.settings.wormhole_transit == ""
    saved = json.loads(settings_path().read_text())
    assert saved["wormhole_mailbox"] == "ws://games.example.org:4000/v1" and saved["wormhole_transit"] == ""
    assert load_settings().wormhole_mailbox == "ws://games.example.org:4000/v1"
    _choose(driver, app, "Mailbox server")
    entry = app.top
    assert isinstance(entry, ServerEntry) and entry.typed == "ws://games.example.org:4000/v1"
    entry.public()  # the public one again
    assert app.settings.wormhole_mailbox == ""


def test_host_over_the_internet_meets_at_the_mailbox_settings_name(app: App, tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        app.settings.wormhole_mailbox = f"ws://127.0.0.1:{srv.mailbox_port}/v1"
        app.settings.wormhole_transit = f"tcp:127.0.0.1:{srv.relay_port}"
        driver = Driver(app)
        lobby = InternetHostScene(app)
        app.push(lobby)
        try:
            lobby.open_lobby()
            assert lobby.door is not None
            assert lobby.door.options.mailbox == app.settings.wormhole_mailbox
            assert lobby.door.options.transit == app.settings.wormhole_transit
            door = lobby.door
            wait_until(lambda: all(door.codes()) or door.failure is not None, 120, "a code or a failure",
                       step=lambda: driver.frames(1))
            assert all(lobby.door.codes()), lobby.door.failure  # a code from the mailbox the settings name
        finally:
            lobby.leave()
