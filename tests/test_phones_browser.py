"""A phone in a real headless Chromium (390x844, touch) plays a whole game by taps against a host's bot.

The records agree with the host's, a reload mid-game resumes the seat, the page's traffic reveals no
card its seat had not been shown, and the browser's screenshots go to docs/screenshots/ to be looked at.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from net_helpers import last_json
from phone_browser import FIND_TAP, browser, landscape, start_phone_host, tap, wait_for
from phone_leaks import known_by_step, leaks

from engine.notation_types import Event

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
HAS_STATE = "return window.__traffic.some((m) => m.includes('\"t\":\"state\"'))"


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Any]:
    yield from browser(tmp_path)


def _traffic(driver: Any) -> list[dict[str, Any]]:
    return [json.loads(m) for m in driver.execute_script("return window.__traffic")]


def _last_state(messages: list[dict[str, Any]]) -> dict[str, Any]:
    return [m for m in messages if m["t"] == "state"][-1]


def _board_caption(messages: list[dict[str, Any]], seat: str) -> str:
    """What the board would caption from the events this page received: the other side's last whole
    turn (game/play/turn_words.turn_caption), or nothing once `seat` has acted since (as BoardScene)."""
    from game.play.turn_words import turn_caption

    events: list[dict[str, Any]] = []
    number, players = None, {}
    for m in messages:
        if m["t"] == "state":
            if m["from"] == 0 or m["number"] != number:
                events = []
            number, players = m["number"], m["players"]
            events[m["from"]:] = m["events"]
    turn: list[dict[str, Any]] = []
    last: list[dict[str, Any]] | None = None
    for e in events:
        if e["type"] not in ("turn", "game_over"):
            turn.append(e)
            continue
        played, turn = [x for x in turn if x.get("seat")], []
        if played:
            last = None if played[-1]["seat"] == seat else played
    if last is None or any(x.get("seat") == seat for x in turn):
        return ""
    return turn_caption(last[-1]["seat"], cast(list[Event], last), players)


def test_phone_plays_a_whole_game_by_taps(driver: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    host, ready = start_phone_host(tmp_path)
    try:
        driver.get(ready["phones"])
        assert driver.find_element(By.ID, "code").get_attribute("value") == "4321"  # the QR's URL carries it
        driver.find_element(By.ID, "name").send_keys("Ana")
        driver.find_element(By.ID, "join-button").click()
        wait_for(driver, HAS_STATE)
        seat = _last_state(_traffic(driver))["seat"]
        rng = random.Random(20)
        traffic: list[dict[str, Any]] = []
        taps, shots, reloaded = 0, set(), False
        captions: list[tuple[str, str]] = []
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not driver.execute_script("return !!window.__record"):
            pick = rng.random()
            if not reloaded and driver.execute_script(FIND_TAP, pick) is not None:
                # the other side's last turn, said as the board says it (in English until the reload)
                shown, raw = driver.execute_script("return [document.getElementById('last-turn').textContent, "
                                                   "window.__traffic]")
                captions.append((shown, _board_caption([json.loads(m) for m in raw], seat)))
            kind = tap(driver, pick)
            if kind is None:
                time.sleep(0.05)
                continue
            taps += 1
            chosen = "card" in kind and driver.execute_script(
                "return document.querySelectorAll('#choices .go').length > 0")
            if chosen and taps >= 15 and "portrait" not in shots:
                shots.add("portrait")
                driver.save_screenshot(str(tmp_path / "phone-portrait.png"))
            elif chosen and taps >= 30 and "landscape" not in shots:
                shots.add("landscape")
                landscape(driver, True)
                time.sleep(0.3)
                driver.save_screenshot(str(tmp_path / "phone-landscape.png"))
                landscape(driver, False)
            elif taps >= 45 and not reloaded:
                # a reload mid-game (in Chinese this time): the page rejoins its seat with the kept token
                reloaded = True
                traffic += _traffic(driver)
                before = _last_state(traffic)
                driver.execute_script("const k = 'battleline:' + location.host; localStorage.setItem(k, "
                                      "JSON.stringify({...JSON.parse(localStorage.getItem(k)), lang: 'zh'}))")
                driver.refresh()
                wait_for(driver, HAS_STATE)
                after = _last_state(_traffic(driver))
                assert after["seat"] == seat and after["actions"] >= before["actions"]
                assert driver.find_element(By.ID, "join").get_attribute("hidden") is not None, "no join form again"
            elif chosen and reloaded and "zh" not in shots:
                shots.add("zh")
                driver.save_screenshot(str(tmp_path / "phone-zh.png"))
        traffic += _traffic(driver)
        # read from the raw frames: the seed is a 63-bit number that JavaScript's doubles would round
        phone_record = next((m["record"] for m in traffic if m["t"] == "record"), None)
        assert phone_record is not None, f"the game did not end in time ({taps} taps): {traffic[-3:]}"
        assert reloaded and shots == {"portrait", "landscape", "zh"}
        assert [shown for shown, said in captions if shown != said] == [], captions
        assert sum(bool(shown) for shown, _ in captions) >= 5, "the other side's turn was hardly ever shown"
    finally:
        driver.get("about:blank")  # the phone leaves: a host with phones waits while one may ask for another game
        result = last_json(host, timeout=60)
    assert phone_record == result["record"], "the phone's record differs from the host's"
    assert phone_record["players"][seat] == "Ana"
    # no state message named a card its seat had not been shown by then
    (tmp_path / "traffic.json").write_text(json.dumps({"seat": seat, "traffic": traffic}))
    assert leaks(traffic, phone_record, seat) == []
    assert sum(m["t"] == "state" for m in traffic) > 20
    # and the check can fail: the other hand, mid-game, is caught
    other = "north" if seat == "south" else "south"
    n = len(phone_record["actions"]) // 2
    from engine import from_record

    mid = from_record({**phone_record, "actions": phone_record["actions"][:n], "result": None})
    fake = {"t": "state", "actions": n, "view": {"hands": {other: mid.hand(other)}}}
    assert leaks([fake], phone_record, seat), "the leak check missed a hidden hand"
    assert known_by_step(phone_record, seat)[n] != known_by_step(phone_record, other)[n]
    for name in ("phone-portrait", "phone-landscape", "phone-zh"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000, f"{name}: the browser drew nothing"
        if os.environ.get("BATTLELINE_UPDATE_SCREENSHOTS"):  # a test run leaves the repository as it was
            shutil.copy(tmp_path / f"{name}.png", SHOTS / f"{name}.png")
