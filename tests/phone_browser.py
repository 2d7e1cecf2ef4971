"""A real headless Chromium at a 390x844 touch viewport for the phone tests; skips when it is not installed."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from net_helpers import CLI

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
REASON = "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"

# the first legal option on screen, as the element to tap: a highlighted choice, then any choice, then a card
FIND_TAP = """
if (window.__record) return null;
const pick = (list) => list.length ? list[Math.floor(arguments[0] * list.length)] : null;
const choices = [...document.querySelectorAll('#choices button:not(:disabled)')];
return pick(choices.filter((b) => b.classList.contains('go')))
    || pick(choices.filter((b) => !b.classList.contains('back')))
    || pick([...document.querySelectorAll('#hand button.card:not(:disabled)')]);
"""
# the same choice, brought into view as WebDriver's click would, as the point a finger would press and its class
TAP_POINT = FIND_TAP.replace("return pick(choices", "const e = pick(choices").rstrip().rstrip(";") + """;
if (!e) return null;
e.scrollIntoView({block: 'nearest', inline: 'nearest'});
const r = e.getBoundingClientRect();
return [r.left + r.width / 2, r.top + r.height / 2, e.className];
"""


def browser(tmp: Path, size: tuple[int, int] = (390, 844)) -> Generator[Any, None, None]:
    """A touch phone of `size` CSS pixels (390x844 by default, 360x640 the smallest we fit); closed on exit."""
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip(REASON)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 f"--user-data-dir={tmp / 'chromium-profile'}", "--lang=en-US"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": 2.0, "touch": True}})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def landscape(driver: Any, on: bool) -> None:
    width, height = (844, 390) if on else (390, 844)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True,
        "screenOrientation": {"type": "landscapePrimary" if on else "portraitPrimary", "angle": 90 if on else 0}})


def start_phone_host(tmp: Path, *extra: str, code: str = "4321") -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """A headless host (a random bot in its seat) serving phones; returns it and its ready line."""
    proc = subprocess.Popen(
        [*CLI, "host", "--headless", "--bot", "random", "--bind", "127.0.0.1", "--port", "0", "--code", code,
         "--accept-any", "--phones", "0", "--phones-qr", str(tmp / "qr"),
         "--save", str(tmp / "host-save.json"), *extra],
        stdout=subprocess.PIPE, stderr=(tmp / "host.log").open("a"), text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, f"host did not start: {(tmp / 'host.log').read_text()}"
    return proc, json.loads(line)


def wait_for(driver: Any, script: str, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}")


def tap(driver: Any, pick: float) -> str | None:
    """Taps the option FIND_TAP would pick (`pick` in [0, 1) chooses among equals); returns its class, or None
    when this phone has nothing to tap. The press and release go through Chromium's own input pipeline, as
    WebDriver's click sends them, in one round trip each instead of its several checks (a whole game by taps
    took half the time)."""
    point = driver.execute_script(TAP_POINT, pick)
    if point is None:
        return None
    x, y, kind = point
    for event in ("mousePressed", "mouseReleased"):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                               {"type": event, "x": x, "y": y, "button": "left", "clickCount": 1})
    return str(kind)
