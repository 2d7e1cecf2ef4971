"""Three phones in real headless Chromium (touch; 390x844, 360x640 and 360x640 in Hungarian) at a headless
`battleline host --table --players 3` play a whole three-player game by taps only (R46-R53). No phone screen
scrolls, and every tap target is 44 px each way, in every step: the lobby, each turn and the end screen; each
player is one colour on every screen (issue 49).

Mid-game the host is killed with SIGKILL and resumed from its save on the phones' own port: every phone
comes back by itself with the token it kept. The records on the three phones and the host agree, no
phone's traffic names a card its seat had not been shown, and the page's screenshots at both sizes go to
docs/screenshots/ to be looked at (BATTLELINE_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from net_helpers import CLI, last_json, saved_actions
from phone_browser import browser, start_phone_host, tap, wait_for
from phone_fit import FitCheck, assert_one_colour_each
from phone_leaks import leaks

from engine import from_record

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
# a glowing flag of the line of six takes the tap itself: six columns of 44 px fit a 360 px phone
TAPPABLE = ("const f = document.querySelector('#flags .flag.target');"
            "return f === null || getComputedStyle(f).pointerEvents !== 'none';")
CHOSEN = "return document.querySelectorAll('#choices .go').length > 0"
HAS_STATE = "return window.__traffic.some((m) => m.includes('\"t\":\"state\"'))"
PHONES = (("Ana", (390, 844), "en"), ("Ben", (360, 640), "en"), ("Cleo", (360, 640), "hu"))
# the line of six (R47) as the page draws it, and the far front above
LINE_JS = ("JSON.stringify([...document.querySelectorAll('#flags .flag')].map((f) => +f.dataset.flag))"
           ".replaceAll(',', ', ')")
FAR = "return [...document.querySelectorAll('#far .flag')].map((f) => +f.dataset.flag)"
# everything of a turn on the screen: the chosen card's flag buttons and the hand, inside the viewport
FITS = """
const out = [...document.querySelectorAll('#choices button, #hand button, #flags .flag')].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.top < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || r.width < 44 || r.height < 44;
});
return out.map((e) => e.textContent + '@' + JSON.stringify(e.getBoundingClientRect())).join(' ')
  + (document.scrollingElement.scrollTop ? ' scrolled' : '');
"""


def _traffic(driver: Any) -> list[dict[str, Any]]:
    return [json.loads(m) for m in driver.execute_script("return window.__traffic")]


def _last_state(driver: Any) -> dict[str, Any]:
    return [m for m in _traffic(driver) if m["t"] == "state"][-1]


def _resume(tmp: Path) -> subprocess.Popen[str]:
    """The killed table again, from its save: no --phones, so the phone page comes back on the port it had."""
    proc = subprocess.Popen(
        [*CLI, "host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--accept-any",
         "--resume", str(tmp / "host-save.json"), "--timeout", "400"],
        stdout=subprocess.PIPE, stderr=(tmp / "host.log").open("a"), text=True)
    assert proc.stdout is not None and proc.stdout.readline(), (tmp / "host.log").read_text()
    return proc


def test_r46_three_phones_play_a_whole_game_by_taps_through_a_kill_of_the_table(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    check = FitCheck({name: size for name, size, _lang in PHONES}, tmp_path)
    host, ready = start_phone_host(tmp_path, "--table", "--players", "3", "--seed", "34", "--timeout", "400")
    stack = contextlib.ExitStack()
    drivers: list[Any] = []
    try:
        for n, (name, size, lang) in enumerate(PHONES):
            (tmp_path / name).mkdir()
            phone = browser(tmp_path / name, size)
            driver = next(phone)
            stack.callback(phone.close)  # quits the browser
            drivers.append(driver)
            driver.get(ready["phones"])
            if lang != "en":  # the page's language, kept as the language menu keeps it
                driver.execute_script(f"localStorage.setItem('battleline:' + location.host, "
                                      f"JSON.stringify({{lang: '{lang}'}}))")
                driver.refresh()
            driver.find_element(By.ID, "name").send_keys(name)
            driver.find_element(By.ID, "join-button").click()
            wait_for(driver, HAS_STATE, 60)
            check(name, driver)  # the lobby, as each comes in
            if n == 1:  # the lobby shows three seats: two players in, one still awaited
                wait_for(drivers[0], "return document.querySelectorAll('#seats li.here').length === 2", 30)
                rows = drivers[0].execute_script("return [...document.querySelectorAll('#seats li')]"
                                                 ".map((li) => li.className + ':' + li.textContent)")
                assert rows == ["here:Ana (you)", "here:Ben", "away:Waiting for a player…"], rows
                assert "Waiting for the other players" in drivers[0].find_element(By.ID, "lobby-note").text
                drivers[0].save_screenshot(str(tmp_path / "phone3-lobby-390x844.png"))
        seats = [_last_state(d)["seat"] for d in drivers]
        assert seats == ["south", "west", "east"], "seats go south, west, east in the order players join"
        for driver, seat in zip(drivers, seats, strict=True):  # R47: each phone's own line, the far front above
            line = {"south": [1, 2, 3, 4, 5, 6], "west": [9, 8, 7, 3, 2, 1], "east": [6, 5, 4, 7, 8, 9]}[seat]
            far = {"south": [7, 8, 9], "west": [4, 5, 6], "east": [1, 2, 3]}[seat]
            drawn = f"return !document.getElementById('table').hidden && {LINE_JS} === '{json.dumps(line)}'"
            wait_for(driver, drawn, 30)
            assert driver.execute_script(FAR) == far
        rng = random.Random(34)
        taps, killed, at_kill, shots, fits, tappable = 0, False, 0, set(), [], []
        deadline = time.monotonic() + 420
        done = "return !!window.__record"
        while not all(d.execute_script(done) for d in drivers):
            assert time.monotonic() < deadline, f"the game did not end in time ({taps} taps)"
            tapped = False
            for driver, (name, size, lang) in zip(drivers, PHONES, strict=True):
                check(name, driver)
                kind = tap(driver, rng.random())
                if kind is None:
                    continue
                taps, tapped = taps + 1, True
                chosen = "card" in kind and driver.execute_script(CHOSEN)
                key = f"{size[0]}x{size[1]}-{lang}"
                if chosen and taps >= 20 and key not in shots:
                    shots.add(key)
                    driver.save_screenshot(str(tmp_path / f"phone3-{key}.png"))
                if chosen and size == (360, 640):
                    fits.append(driver.execute_script(FITS))
                    tappable.append(driver.execute_script(TAPPABLE))
            if not killed and saved_actions(tmp_path) >= 30:  # the table's process dies mid-game
                host.send_signal(signal.SIGKILL)
                host.wait(10)
                killed, at_kill = True, saved_actions(tmp_path)
                before = [(len(_traffic(d)), _last_state(d)["actions"]) for d in drivers]
                host = _resume(tmp_path)
                for driver, seat, (heard, count) in zip(drivers, seats, before, strict=True):  # each back by itself
                    back = (f"return window.__traffic.slice({heard}).some((m) => m.includes('\"t\":\"state\"'))"
                            " && document.getElementById('link').textContent === ''")
                    wait_for(driver, back, 60)
                    assert _last_state(driver)["seat"] == seat and _last_state(driver)["actions"] >= count
            if not tapped:
                time.sleep(0.03)
        records, traffic = [], []
        for driver, (name, size, lang) in zip(drivers, PHONES, strict=True):
            wait_for(driver, "return !document.getElementById('end').hidden", 20)
            check(name, driver)  # the end screen
            assert_one_colour_each(driver, _last_state(driver)["seat"], 3)
            driver.save_screenshot(str(tmp_path / f"phone3-end-{size[0]}x{size[1]}-{lang}.png"))
            messages = _traffic(driver)
            traffic.append(messages)
            # read from the raw frames: the seed is a 63-bit number that JavaScript's doubles would round
            records.append(next(m["record"] for m in messages if m["t"] == "record"))
        ends = [d.find_element(By.ID, "end").text for d in drivers]
        for driver in drivers:
            driver.get("about:blank")  # the phones leave: the host ends once nobody may ask for another game
        result = last_json(host, timeout=90)
    finally:
        stack.close()
        if host.poll() is None:
            host.kill()
    record = result["record"]
    assert records[0] == records[1] == records[2] == record, "a phone's record differs from the host's"
    game = from_record(record)
    assert game.over and killed and len(game.actions) > at_kill
    assert record["players"] == {"south": "Ana", "west": "Ben", "east": "Cleo"}
    for seat, messages in zip(seats, traffic, strict=True):
        assert sum(m["t"] == "state" for m in messages) > 20
        assert leaks(messages, record, seat) == [], seat
    # the end screen names the winner (or the draw), how, and every player's flags
    assert game.result is not None
    winner, flags = game.result["winner"], game.result["flags"]
    assert f"Flags: you {flags['south']}, Ben {flags['west']}, Cleo {flags['east']}" in ends[0], ends[0]
    if winner is not None:
        assert ("You won!" if winner == "south" else f"{record['players'][winner]} wins!") in ends[0], ends[0]
    assert check.steps > 40, "the game was looked at step by step"
    assert sorted(check.misfits) == [], f"scrolls or small targets: {sorted(check.misfits)[:10]}"
    assert fits and [f for f in fits if f] == [], "a turn on a 360x640 phone needed scrolling, or a target was small"
    assert tappable and all(tappable), "the line's flags did not take taps on a 360x640 phone"
    assert shots >= {"390x844-en", "360x640-en", "360x640-hu"}, shots
    names = [p.name for p in tmp_path.glob("phone3-*.png")]
    for name in names:
        assert (tmp_path / name).stat().st_size > 10_000, f"{name}: the browser drew nothing"
        if os.environ.get("BATTLELINE_UPDATE_SCREENSHOTS"):  # a test run leaves the repository as it was
            shutil.copy(tmp_path / name, SHOTS / name)
