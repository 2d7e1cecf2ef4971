"""A phone and the pygame host mix: the host's lobby serves the phone page, a phone takes the guest's seat
through it, and the game is played to the end on the TV's board and the phone's socket, records agreeing."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_driver import Driver
from websockets.sync.client import connect

from game.keep.settings import Settings
from game.play.lan_tables import HostTable
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.lan_host import HostLobbyScene
from scenes.results import ResultsScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["Ana", "Ben"]), fixed_dt=1 / 60)


def test_a_phone_joins_the_lobby_and_plays_the_pygame_host(app: App) -> None:
    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    for _ in range([item.label for item in lobby.menu.items].index("Open the lobby")):
        driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    assert lobby.host is not None and lobby.phones is not None and lobby.qr is not None
    assert lobby.phones_url.endswith(f"/?code={lobby.host.seen.code}")
    bridge = lobby.phones
    rng = random.Random(3)
    with connect(f"ws://127.0.0.1:{bridge.port}/ws") as ws:
        ws.send(json.dumps({"t": "join", "code": lobby.host.seen.code, "name": "Phone", "token": None}))
        for _ in range(2000):
            driver.frames(1)
            if lobby.host is not None and lobby.host.seen.join_request is not None:
                break
        assert lobby.host is not None and lobby.host.seen.join_request == "Phone", "the host's player is asked"
        driver.key(pygame.K_RETURN)  # Accept is focused first
        for _ in range(2000):
            driver.frames(1)
            if lobby.joined:
                break
        assert lobby.menu.items[0].enabled, "Start is offered once the phone has joined"
        driver.key(pygame.K_RETURN)
        board = app.top
        assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
        phone_record: dict[str, Any] | None = None
        sent = -1
        errors: list[dict[str, Any]] = []
        last_state: dict[str, Any] = {"t": "none"}
        frames = 0
        for _ in range(60000):
            driver.frames(1)
            frames += 1
            try:
                message = json.loads(ws.recv(timeout=0))
            except TimeoutError:
                message = {"t": "none"}
            if message["t"] == "error":  # faster than any thumb: told to slow down, wait and try again
                errors.append(message)
                time.sleep(0.2)
                message, sent = last_state, -1
            if message["t"] == "state":
                last_state = message
            if message["t"] == "state" and message["legal"] and message["actions"] != sent:
                claims = [a for a in message["legal"] if a["type"] == "claim"]
                ws.send(json.dumps({"t": "action", "action": claims[0] if claims else rng.choice(message["legal"])}))
                sent = message["actions"]
            elif message["t"] == "record":
                phone_record = message["record"]
            if phone_record is not None and isinstance(app.top, ResultsScene):
                break
            legal = board.table.legal_actions()
            if legal and app.top is board:
                claims = [a for a in legal if a["type"] == "claim"]
                driver.play(board, claims[0] if claims else rng.choice(legal), "keyboard")
        assert phone_record is not None, f"the game did not finish in {frames} frames; errors: {errors}"
        assert all(e["code"] == "flood" for e in errors), errors
        assert phone_record == board.table.record()
        assert phone_record["players"]["north" if board.table.host.seen.host_seat == "south" else "south"] == "Phone"
    board.table.close()  # the host closes: the phone page follows it
    assert bridge.wait_closed(5.0)


def test_a_fresh_join_code_reaches_the_phone_address_and_qr(app: App) -> None:
    """After too many wrong codes the host draws a fresh one: the QR code on the TV must carry it."""
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    lobby.open_lobby()
    assert lobby.host is not None and lobby.qr is not None
    old_code, old_qr = lobby.host.seen.code, pygame.image.tobytes(lobby.qr, "RGB")
    assert lobby.phones_url.endswith(f"/?code={old_code}")
    lobby.host.seen.admission.renew()
    lobby.update(0.01)
    assert lobby.host.seen.code != old_code
    assert lobby.phones_url.endswith(f"/?code={lobby.host.seen.code}")
    assert pygame.image.tobytes(lobby.qr, "RGB") != old_qr, "the QR code is drawn again"
    lobby.leave()
