"""Two phones, each in its own headless Chromium, play a whole game against each other on a table host.

The table host (`host --table`) holds no hand; both seats are phones joined by the code, played by taps only.
Both phones' records equal the host's, and neither phone's traffic names a card its seat had not been shown.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from net_helpers import last_json
from phone_browser import FIND_TAP, browser, start_phone_host, wait_for
from phone_leaks import leaks

HAS_STATE = "return window.__traffic.some((m) => m.includes('\"t\":\"state\"'))"


def _join(driver: Any, url: str, name: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(url)
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join-button").click()
    wait_for(driver, HAS_STATE, timeout=30)


def _traffic(driver: Any) -> list[dict[str, Any]]:
    return [json.loads(m) for m in driver.execute_script("return window.__traffic")]


def test_two_phones_play_a_whole_game_on_a_table_host(tmp_path: Path) -> None:
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    first, second = browser(tmp_path / "a"), browser(tmp_path / "b")
    ana, ben = next(first), next(second)
    host, ready = start_phone_host(tmp_path, "--table")
    records: dict[str, Any] = {}
    try:
        _join(ana, ready["phones"], "Ana")
        _join(ben, ready["phones"], "Ben")
        rng = random.Random(7)
        deadline = time.monotonic() + 400
        while time.monotonic() < deadline and len(records) < 2:
            idle = True
            for name, driver in (("Ana", ana), ("Ben", ben)):
                if name in records:
                    continue
                if driver.execute_script("return !!window.__record"):
                    records[name] = next(m["record"] for m in _traffic(driver) if m["t"] == "record")
                    continue
                target = driver.execute_script(FIND_TAP, rng.random())
                if target is None:
                    continue
                idle = False
                try:
                    target.click()
                except (StaleElementReferenceException, WebDriverException):
                    continue
            if idle:
                time.sleep(0.05)
        assert len(records) == 2, f"the game did not end in time: {sorted(records)}"
        traffic = {name: _traffic(d) for name, d in (("Ana", ana), ("Ben", ben))}
    finally:
        for gen in (first, second):  # the phones leave: the host waits while one may ask for another game
            gen.close()
        result = last_json(host, timeout=60)
    assert records["Ana"] == records["Ben"] == result["record"], "one record on both phones and the table"
    players = result["record"]["players"]
    assert sorted(players.values()) == ["Ana", "Ben"]
    for name, seen in traffic.items():
        seat = next(s for s, n in players.items() if n == name)
        assert leaks(seen, result["record"], seat) == [], f"{name}'s phone saw a hidden card"
        assert sum(m["t"] == "state" for m in seen) > 20
