"""A phone in a real headless Chromium hears the host's refusal in its own language, not in English."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from phone_browser import browser, start_phone_host, wait_for

from game.i18n import _, set_language
from game.i18n.refusals import PATTERNS
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


def test_every_refusal_shape_is_served_translated() -> None:
    data = json.loads(catalog_json("cs") or b"{}")
    assert [template for _pattern, template in data["refusals"]] == [_in("cs", t) for _p, t in PATTERNS]
    assert dict(data["refusals"])["^wrong join code$"] != "wrong join code"
    for pattern, _template in data["refusals"]:
        assert "(?P<" not in pattern  # JavaScript's named groups are (?<name>...)
        re.compile(pattern.replace("(?<", "(?P<"))


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
