"""The small seams of issue 56's evening: `battleline --windowed` is taken as `battleline play --windowed`; a
table's kept game says the players' phones find their seats (not "your guest rejoins"); a phone with no name is
asked for one (two nameless "Phone"s would merge in the statistics). Real processes, real pygame, headless
Chromium for the page."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from net_helpers import CLI
from phone_browser import browser, start_phone_host, wait_for

from game.keep.lan_saved import LanSaved
from scenes.continue_scene import _lan_hint


def test_battleline_windowed_opens_the_game_in_a_window(tmp_path: Path) -> None:
    env = {**os.environ, "BATTLELINE_FIRST_FRAME": "1", "BATTLELINE_DATA_DIR": str(tmp_path / "data"),
           "BATTLELINE_CONFIG_DIR": str(tmp_path / "config"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([*CLI, "--windowed"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "showing title, windowed" in done.stdout, done.stdout


def test_a_kept_table_game_says_the_phones_find_their_seats() -> None:
    table = LanSaved({"south": "Ana", "north": "Ben"}, "2026-11-29 06:00", {"south": 1, "north": 0},
                     path=Path("x.json"), peers=["Ana", "Ben"], table=True)
    assert "phones find their seats" in _lan_hint(table)
    hosted = LanSaved({"south": "Ana", "north": "Ben"}, "2026-11-29 06:00", {"south": 1, "north": 0},
                      path=Path("y.json"), peers=["Ben"])
    assert "your guest rejoins" in _lan_hint(hosted)


def test_a_phone_with_no_name_is_asked_for_one(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    gen = browser(tmp_path / "a")
    driver = next(gen)
    host, ready = start_phone_host(tmp_path)
    try:
        driver.get(ready["phones"])
        wait_for(driver, "return document.querySelector('[data-word=\"Your name\"]') !== null")
        driver.find_element(By.ID, "join-button").click()
        wait_for(driver, "return document.getElementById('join-note').textContent === 'Your name'")
        assert driver.execute_script("return window.__traffic.length") == 0, "a nameless join was sent"
        driver.find_element(By.ID, "name").send_keys("Ana")
        driver.find_element(By.ID, "join-button").click()
        wait_for(driver, "return window.__traffic.some((m) => m.includes('\"t\":\"state\"'))", timeout=30)
    finally:
        gen.close()
        host.kill()
        host.wait(10)

