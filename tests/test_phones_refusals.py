"""A phone in a real headless Chromium hears the host's refusals in its own language, from their codes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from phone_browser import browser, start_phone_host, wait_for

from game.i18n import _, set_language
from game.i18n.refusals import MSGIDS
from net.web.strings import catalog_json


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Any]:
    yield from browser(tmp_path)


def _in(lang: str, msgid: str, **fields: str) -> str:
    try:
        set_language(lang)
        return _(msgid, **fields)
    finally:
        set_language("en")


def test_every_refusal_code_is_served_translated() -> None:
    data = json.loads(catalog_json("cs") or b"{}")
    assert {code: words for code, words in data["refusals"].items() if isinstance(words, str)} == \
        {code: _in("cs", msgid) for code, msgid in MSGIDS.items() if isinstance(msgid, str)}
    assert data["refusals"]["wrong_code"] != "wrong join code"
    # a count's refusal comes in each of the language's forms (Czech: 1, 2-4, 5 and more)
    assert data["refusals"]["full"] == ["tuto hru už sleduje {n} divák", "tuto hru už sledují {n} diváci",
                                        "tuto hru už sleduje {n} diváků"]


def test_a_phone_hears_a_wrong_join_code_in_its_language(driver: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    host, ready = start_phone_host(tmp_path)
    try:
        driver.get(ready["phones"])
        driver.execute_script("localStorage.setItem('battleline:' + location.host, JSON.stringify({lang: 'hu'}))")
        driver.refresh()
        wait_for(driver, "return document.documentElement.lang === 'hu'")
        # Hungarian's article settled by the flag's number, as the window says it: "az 5.", "a 4.", never "a(z)"
        buttons = driver.execute_script("return [1, 4, 5].map((n) => t('To flag {flag}', {flag: n}))")
        assert buttons == [_in("hu", "To flag {flag}", flag=str(n)) for n in (1, 4, 5)], buttons
        assert buttons[0].startswith("Az 1.") and buttons[1].startswith("A 4.") and "(z)" not in "".join(buttons)
        code = driver.find_element(By.ID, "code")
        code.clear()
        code.send_keys("9999")
        driver.find_element(By.ID, "name").send_keys("Ana")
        driver.find_element(By.ID, "join-button").click()
        note = wait_for(driver, "const t = document.getElementById('join-note').textContent;"
                                "return window.__traffic.some((m) => m.includes('\"refused\"')) && t")
        expected = _in("hu", "The host refused: {reason}", reason=_in("hu", "wrong join code"))
        assert note == expected and "wrong join code" not in note
    finally:
        host.terminate()
        host.wait(timeout=30)


def test_r9_a_phone_hears_the_engines_refusal_in_its_language(driver: Any, tmp_path: Path) -> None:
    """The bridge sends the engine's refusal as its code; the page says it in Czech, not in English."""
    from selenium.webdriver.common.by import By

    host, ready = start_phone_host(tmp_path)
    try:
        driver.get(ready["phones"])
        driver.execute_script("localStorage.setItem('battleline:' + location.host, JSON.stringify({lang: 'cs'}))")
        driver.refresh()
        wait_for(driver, "return document.documentElement.lang === 'cs'")
        code = driver.find_element(By.ID, "code")
        code.clear()
        code.send_keys("4321")
        driver.find_element(By.ID, "name").send_keys("Ana")
        driver.find_element(By.ID, "join-button").click()
        wait_for(driver, "return ui.state && ui.state.legal.some((a) => a.type === 'play')", timeout=60)
        driver.execute_script("ui.ws.send(JSON.stringify({t: 'action', action: {type: 'pass'}}))")
        error = json.loads(wait_for(driver, "return window.__traffic.find((m) => m.includes('\"refusal\"'))"))
        assert error["refusal"] == "must_play_troop" and error["code"] == "illegal"
        note = wait_for(driver, "return ui.note")
        assert note == _in("cs", "you can play a troop, so you may not pass") and "pass" not in note
    finally:
        host.terminate()
        host.wait(timeout=30)
