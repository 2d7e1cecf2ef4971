"""Issue 57: the TV as the table with a phone in the room and a player from elsewhere in one game. The table host
(`host --table --internet --phones 0`) keeps its game's port on this computer; the phone (a real headless Chromium)
joins through the phone page, the remote player through a wormhole (real mailbox and relay processes on
127.0.0.1). One record at the phone, the remote guest and the table."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from internet_helpers import servers, start_internet_guest, start_internet_host
from net_helpers import last_json
from phone_browser import browser, tap, wait_for
from phone_leaks import leaks
from waiting import wait_until

HAS_STATE = "return window.__traffic.some((m) => m.includes('\"t\":\"state\"'))"


def test_a_table_plays_a_phone_in_the_room_against_a_player_over_the_internet(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    phone_gen = browser(tmp_path / "phone")
    phone = next(phone_gen)
    with servers(tmp_path) as srv:
        # the page on an address of the room's network (127.0.0.2 stands for one), the game's port on 127.0.0.1
        host, ready = start_internet_host(tmp_path, srv, "--table", "--bind", "127.0.0.2", "--phones", "0",
                                          "--phones-qr", str(tmp_path / "qr"))
        try:
            assert ready["phones"].startswith("http://127.0.0.2:"), ready
            codes = ready["wormholes"]
            assert len(codes) == 2 and all(codes), "a code for each seat; a phone in the room needs none"
            phone.get(ready["phones"])
            phone.find_element(By.ID, "name").send_keys("Ana")
            phone.find_element(By.ID, "join-button").click()
            wait_for(phone, "return window.__traffic.some((m) => m.includes('\"t\":\"lobby\"'))", timeout=60)
            remote = start_internet_guest(srv, codes[0], "--name", "Ben", "--pace", "0.02")
            wait_for(phone, HAS_STATE, timeout=180)
            rng = random.Random(57)
            record = None
            deadline = time.monotonic() + 400
            while time.monotonic() < deadline and record is None:
                if phone.execute_script("return !!window.__record"):
                    traffic = [json.loads(m) for m in phone.execute_script("return window.__traffic")]
                    record = next(m["record"] for m in traffic if m["t"] == "record")
                    break
                if tap(phone, rng.random()) is None:
                    time.sleep(0.05)
            assert record is not None, "the game did not end in time"
            traffic = [json.loads(m) for m in phone.execute_script("return window.__traffic")]
            guest_out: dict[str, Any] = last_json(remote, 120)
        finally:
            phone_gen.close()
            result = last_json(host, timeout=60) if host.poll() is None or host.stdout else {}
            host.kill()
    assert record == guest_out["record"] == result["record"], "one game at the phone, the remote guest and the table"
    players = result["record"]["players"]
    assert players == {"south": "Ana", "north": "Ben"}
    assert guest_out["seat"] == "north"
    assert leaks(traffic, result["record"], "south") == [], "the phone saw no hidden card"
    log = (tmp_path / "host.log").read_text()
    assert "connected, direct" in log or "connected, relayed" in log, "Ben came through the wormhole"


def test_the_windows_internet_table_offers_the_phone_page_and_seats_a_phone_beside_a_remote_player(
        tmp_path: Path, monkeypatch: Any) -> None:
    """The window's Host over the internet as the table: the lobby shows the phone page's QR code beside the
    wormhole codes; a phone in the room (headless Chromium) and a player through a wormhole are let in, the table
    starts and the game goes to the end with one record. Before, an internet lobby offered no phone page."""
    import pygame
    from selenium.webdriver.common.by import By
    from ui_driver import Driver

    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes.internet_host import InternetHostScene
    from scenes.results import ResultsScene

    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    phone_gen = browser(tmp_path / "phone")
    phone = next(phone_gen)
    with servers(tmp_path) as srv:
        monkeypatch.setenv("BATTLELINE_MAILBOX", f"ws://127.0.0.1:{srv.mailbox_port}/v1")
        monkeypatch.setenv("BATTLELINE_TRANSIT", f"tcp:127.0.0.1:{srv.relay_port}")
        monkeypatch.setenv("BATTLELINE_WORMHOLE_LOOPBACK", "1")
        app = App(Settings(animation_speed="off", names=["TV"], phones_port=0), fixed_dt=1 / 60)
        driver = Driver(app)
        lobby = InternetHostScene(app, table=True, phones_bind="127.0.0.1")
        app.push(lobby)
        lobby.menu.focus = [item.label for item in lobby.menu.items].index("Open the lobby")
        driver.key(pygame.K_RETURN)
        door, host = lobby.door, lobby.host
        assert door is not None and host is not None and host.seen.table
        deadline = time.monotonic() + 120
        while not all(door.codes()):
            assert time.monotonic() < deadline, "no codes"
            driver.frames(1)
        assert lobby.phones is not None and lobby.qr is not None, "the phone page beside the codes"
        assert lobby.phones_url.startswith("http://127.0.0.1:")
        shot = pygame.Surface((1920, 1080))
        app.draw(shot)
        pygame.image.save(shot, str(tmp_path / "lobby.png"))  # looked at while writing this test
        remote = None
        try:
            phone.get(lobby.phones_url)
            phone.find_element(By.ID, "name").send_keys("Ana")
            phone.find_element(By.ID, "join-button").click()

            def let_in(name: str) -> bool:
                if host.seen.join_request is not None:
                    assert lobby.menu.items[0].label == "Accept"
                    driver.key(pygame.K_RETURN)
                return name in [r.name for r in host.seen.remotes.values() if r.identity is not None]

            wait_until(lambda: let_in("Ana"), 120, "the phone was not seated", step=lambda: driver.frames(1))
            remote = start_internet_guest(srv, door.codes()[1] or "", "--name", "Ben", "--pace", "0.02")
            deadline = time.monotonic() + 180
            while not let_in("Ben"):
                assert time.monotonic() < deadline, "the remote player was not seated"
                driver.frames(1)
                time.sleep(0.01)
            assert lobby.joined
            lobby.menu.focus = 0
            driver.key(pygame.K_RETURN)  # Start the game
            board = app.top
            rng = random.Random(58)
            deadline = time.monotonic() + 400
            while not isinstance(app.top, ResultsScene):
                assert time.monotonic() < deadline, "the game did not end"
                driver.frames(1)
                if tap(phone, rng.random()) is None:
                    time.sleep(0.01)
            record = board.table.record()  # type: ignore[union-attr]
            for _ in range(300):  # the players fetch the record, then leave
                driver.frames(1)
            out = last_json(remote, 120)
        finally:
            phone_gen.close()
            if remote is not None:
                remote.kill()
            app.close()
    assert out["record"] == record and out["seat"] in ("south", "north")
    assert sorted(record["players"].values()) == ["Ana", "Ben"]
