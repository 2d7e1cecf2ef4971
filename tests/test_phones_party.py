"""The couch party's seams, in real headless Chromium phones (touch, 360x640 and 390x844) against real hosts:
a table host killed with SIGKILL and resumed brings both phones back by themselves (same port, same tokens);
a whole game by taps on the smallest phone with everything of a turn on screen; the end screen, and Play again
from the phones (both agree) starting the next game on both; a headless bot host playing again when asked.
Screenshots of each step go to docs/screenshots/ with BATTLELINE_UPDATE_SCREENSHOTS=1."""

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

from net_helpers import CLI
from phone_browser import browser, start_phone_host, tap, wait_for

SHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
SMALL, TALL = (360, 640), (390, 844)
HAS_STATE = "return window.__traffic.some((m) => m.includes('\"t\":\"state\"'))"
#: the last state message this page received, parsed (null before the first)
LAST = ("(() => { const s = window.__traffic.filter((m) => m.includes('\"t\":\"state\"'));"
        " return s.length ? JSON.parse(s[s.length - 1]) : null; })()")
LAST_STATE = f"return {LAST}"
# everything of a turn on screen: no scrolling, every tap target 44 px each way and inside the screen: the
# enabled buttons, and the miniature board's glowing flags where a tap on them acts (nine columns of 44 px
# need a board 424 px wide: narrower, the flags only glow and the "To flag N" buttons take the tap)
FITS = """
const out = [], h = innerHeight;
if (document.scrollingElement.scrollHeight > h) out.push('scrolls ' + document.scrollingElement.scrollHeight);
for (const b of document.querySelectorAll('#game button:not(:disabled), #game .flag.target')) {
  const r = b.getBoundingClientRect();
  if (!r.width || getComputedStyle(b).pointerEvents === 'none') continue;
  if (r.height < 44 || r.width < 44 || r.bottom > h + 0.5 || r.top < -0.5)
    out.push((b.id || b.className) + ' ' + b.textContent.slice(0, 16) + ' '
             + [r.width, r.height, r.bottom].map(Math.round));
}
return out;
"""


def _shot(driver: Any, tmp: Path, name: str) -> None:
    path = tmp / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.stat().st_size > 5_000, f"{name}: the browser drew nothing"
    if os.environ.get("BATTLELINE_UPDATE_SCREENSHOTS"):
        shutil.copy(path, SHOTS / f"{name}.png")


def _join(driver: Any, url: str, name: str) -> None:
    from selenium.webdriver.common.by import By

    driver.get(url)
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join-button").click()


def _state(driver: Any) -> dict[str, Any] | None:
    state: dict[str, Any] | None = driver.execute_script(LAST_STATE)
    return state


def _text(driver: Any, element: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element}').textContent"))


def _play(phones: dict[str, Any], rng: random.Random, until: Any, seconds: float = 300, check: Any = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until():
        idle = True
        for name, driver in phones.items():
            if check is not None:
                check(name, driver)
            idle = tap(driver, rng.random()) is None and idle
        if idle:
            time.sleep(0.03)
    assert until(), "the phones did not get there in time"


def _saved_actions(save: Path) -> int:
    return len(json.loads(save.read_text())["record"]["actions"])


def test_a_killed_table_host_resumes_and_both_phones_come_back_by_themselves(tmp_path: Path) -> None:
    first, second = browser(tmp_path / "a", SMALL), browser(tmp_path / "b", TALL)
    ana, ben = next(first), next(second)
    phones = {"Ana": ana, "Ben": ben}
    host, ready = start_phone_host(tmp_path, "--table")
    save = tmp_path / "host-save.json"
    resumed: subprocess.Popen[str] | None = None
    try:
        for name, driver in phones.items():
            _join(driver, ready["phones"], name)
            wait_for(driver, HAS_STATE, timeout=30)
        _play(phones, random.Random(5), lambda: _saved_actions(save) >= 12, seconds=120)
        host.send_signal(signal.SIGKILL)  # the TV crashes: no goodbye to anyone
        host.wait(timeout=10)
        done = _saved_actions(save)
        for driver in phones.values():
            wait_for(driver, "return document.getElementById('status').textContent.includes('reconnecting')")
        resumed = subprocess.Popen(
            [*CLI, "host", "--headless", "--table", "--resume", str(save), "--bind", "127.0.0.1", "--port", "0",
             "--accept-any"], stdout=subprocess.PIPE, stderr=(tmp_path / "resumed.log").open("a"), text=True)
        assert resumed.stdout is not None
        again = json.loads(resumed.stdout.readline() or "{}")
        assert again.get("phones_port") == ready["phones_port"], f"the phones' port is kept with the save: {again}"
        for name, driver in phones.items():  # no rescan, no typing: the page's own reconnect, its kept token
            wait_for(driver, f"const s = {LAST}; return s && s.actions >= {done}"
                             " && !document.getElementById('game').hidden"
                             " && !document.getElementById('status').textContent.includes('reconnecting')",
                     timeout=30)
            assert driver.execute_script("return document.getElementById('join').hidden"), f"{name}: no join form"
        _shot(ana, tmp_path, "phone-party-rejoined-360")
        seats = {name: str((_state(d) or {}).get("seat")) for name, d in phones.items()}
        assert sorted(seats.values()) == ["north", "south"], seats
        _play(phones, random.Random(6), lambda: _saved_actions(save) >= done + 6, seconds=120)
    finally:
        for gen in (first, second):
            gen.close()
        for proc in (host, resumed):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)


def test_a_whole_game_fits_the_smallest_phone_then_play_again_from_both_phones(tmp_path: Path) -> None:
    first, second = browser(tmp_path / "a", SMALL), browser(tmp_path / "b", SMALL)
    ana, ben = next(first), next(second)
    spoof = "{what}"  # a name that looks like a placeholder must be said as it is
    phones = {"Ana": ana, spoof: ben}
    host, ready = start_phone_host(tmp_path, "--table")
    misfits: list[str] = []
    captions: list[str] = []
    shots: set[str] = set()

    def check(name: str, driver: Any) -> None:
        if name == "Ana":
            misfits.extend(driver.execute_script(FITS))
            caption = _text(driver, "last-turn")
            if caption:
                captions.append(caption)
            chosen = driver.execute_script("return document.querySelectorAll('#choices .go').length")
            if chosen and "phone-party-turn-360" not in shots:
                shots.add("phone-party-turn-360")
                _shot(driver, tmp_path, "phone-party-turn-360")

    try:
        for name, driver in phones.items():
            _join(driver, ready["phones"], name)
            wait_for(driver, HAS_STATE, timeout=30)
        over = "return !!window.__record && !document.getElementById('end').hidden"
        _play(phones, random.Random(11), lambda: all(d.execute_script(over) for d in phones.values()), check=check)
        assert misfits == [], f"not everything of a turn fits 360x640: {sorted(set(misfits))[:8]}"
        assert captions and all(c.startswith(spoof + ":") for c in captions if not c.startswith("Ana:")), captions[:5]
        result = json.loads(next(m for m in reversed(ana.execute_script("return window.__traffic"))
                                 if '"t":"record"' in m))["record"]["result"]
        seat = {name: (_state(d) or {})["seat"] for name, d in phones.items()}
        for name, driver in phones.items():
            title = _text(driver, "end-title")
            expected = "A drawn game" if result["winner"] is None else \
                "You won!" if result["winner"] == seat[name] else "You lost."
            assert title == expected, (name, title, result)
            assert f"you {result['flags'][seat[name]]}," in _text(driver, "end-flags")
            assert driver.execute_script("return !document.getElementById('again-button').hidden")
        _shot(ana, tmp_path, "phone-party-end-360")
        ana.find_element("id", "again-button").click()
        wait_for(ana, f"return document.getElementById('end-note').textContent === 'Waiting for {spoof} to agree…'")
        wait_for(ben, "return document.getElementById('end-note').textContent === 'Ana wants to play again.'")
        _shot(ben, tmp_path, "phone-party-again-360")
        ben.find_element("id", "again-button").click()
        for driver in phones.values():  # the next game on both phones: its prompts, not the old result
            wait_for(driver, "return !window.__record && document.getElementById('end').hidden")
            assert wait_for(driver, LAST_STATE)["number"] == 2
            assert "wins" not in _text(driver, "status")
        to_move = next(d for d in phones.values() if (_state(d) or {}).get("legal"))
        wait_for(to_move, "return document.getElementById('status').classList.contains('mine')")
    finally:
        for gen in (first, second):
            gen.close()
        host.kill()  # the second game is under way: a table host waits for its players, so end it here
        host.wait(timeout=10)


def test_a_headless_bot_host_plays_again_when_the_phone_asks(tmp_path: Path) -> None:
    gen = browser(tmp_path, TALL)
    phone = next(gen)
    host, ready = start_phone_host(tmp_path)
    try:
        _join(phone, ready["phones"], "Ana")
        wait_for(phone, HAS_STATE, timeout=30)
        _play({"Ana": phone}, random.Random(4), lambda: phone.execute_script("return !!window.__record"))
        wait_for(phone, "return !document.getElementById('again-button').hidden")
        _shot(phone, tmp_path, "phone-party-end-390")
        time.sleep(1.0)  # the duration is the point: the host is still there a second after the game ended
        assert host.poll() is None, "the host waits for the phone's answer instead of exiting"
        phone.find_element("id", "again-button").click()
        wait_for(phone, f"const s = {LAST}; return s && s.number === 2 && !window.__record")
        assert "lost" not in _text(phone, "status")
        assert json.loads((tmp_path / "host-save.json").read_text())["number"] == 2, "the host's own save says so"
    finally:
        gen.close()
        host.kill()  # the second game is under way: the host would wait for its player to come back
        host.wait(timeout=10)


class _AskingTable:
    """A table host that asks before letting anyone in (as the TV does), served on its own thread; the test
    answers for the TV through `answer`, run on that thread (the host is not shared between threads)."""

    def __init__(self) -> None:
        import queue
        import threading

        from engine import Rules
        from net.host import Host
        from net.web.bridge import PhoneBridge

        self.host = Host.new(rules=Rules(True, "standard"), seed=5, code="1357", host_name="TV", host_seat=None,
                             port=0, bind="127.0.0.1")
        self.bridge = PhoneBridge(f"127.0.0.1:{self.host.port}", port=0, bind="127.0.0.1")
        self.bridge.start()
        self.url = f"http://127.0.0.1:{self.bridge.port}/?code=1357"
        self.asking: str | None = None
        self.orders: queue.Queue[bool] = queue.Queue()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        import queue

        while not self.stop.is_set():
            self.host.poll(20)
            self.asking = self.host.seen.join_request
            with contextlib.suppress(queue.Empty):
                self.host.answer(self.orders.get_nowait())

    def answer(self, accept: bool) -> None:
        deadline = time.monotonic() + 20
        while self.asking is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.asking is not None, "nobody asked to join"
        self.orders.put(accept)
        while self.asking is not None and time.monotonic() < deadline:
            time.sleep(0.02)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.bridge.stop()
        self.host.close()


def test_joining_step_by_step_then_the_lobby_and_start_from_a_phone(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    note = "return document.getElementById('join-note').textContent"
    seats = "return [...document.querySelectorAll('#seats li')].map((li) => li.className + ':' + li.textContent)"
    first, second = browser(tmp_path / "a", SMALL), browser(tmp_path / "b", TALL)
    ana, ben = next(first), next(second)
    table = _AskingTable()
    try:
        _join(ana, table.url, "Ana")
        wait_for(ana, f"{note} === 'Waiting for the TV to accept you…'")
        _shot(ana, tmp_path, "phone-party-asking-360")
        heard = ana.execute_script("return window.__traffic.length")
        ana.find_element(By.ID, "join-button").click()  # a second tap is answered, not refused in silence
        wait_for(ana, f"return window.__traffic.slice({heard}).some((m) => JSON.parse(m).t === 'step')",
                 timeout=60)  # the answer: where joining stands
        assert ana.execute_script(note) == "Waiting for the TV to accept you…"
        assert not any('"joined"' in m for m in ana.execute_script("return window.__traffic")), "not refused"
        table.answer(True)
        wait_for(ana, "return !document.getElementById('lobby').hidden")
        assert ana.execute_script(seats) == ["here:Ana (you)", "away:Waiting for a player…"]
        assert "Waiting for a second player" in _text(ana, "lobby-note")
        assert ana.execute_script("return document.getElementById('start-button').hidden")
        _shot(ana, tmp_path, "phone-party-lobby-360")
        _join(ben, table.url, "Ben")  # refused first: the TV said no, and the phone says why
        wait_for(ben, f"{note} === 'Waiting for the TV to accept you…'")
        table.answer(False)
        wait_for(ben, "return document.getElementById('join-note').textContent.startsWith('The host refused: ')")
        assert "turned you away" in ben.execute_script(note)
        _shot(ben, tmp_path, "phone-party-refused-390")
        code = ben.find_element(By.ID, "code")  # a refusal draws a fresh code: the TV shows it, Ben types it
        code.clear()
        code.send_keys(table.host.seen.code)
        ben.find_element(By.ID, "join-button").click()
        table.answer(True)
        for driver in (ana, ben):  # the lobby: both names, both here, Start on both phones
            wait_for(driver, "return !document.getElementById('start-button').hidden")
        assert ana.execute_script(seats) == ["here:Ana (you)", "here:Ben"]
        assert ben.execute_script(seats) == ["here:Ana", "here:Ben (you)"]
        _shot(ben, tmp_path, "phone-party-lobby-390")
        ben.find_element(By.ID, "start-button").click()
        for driver in (ana, ben):
            wait_for(driver, "return document.getElementById('lobby').hidden"
                             " && !document.getElementById('table').hidden")
        assert table.host.seen.started
        mover = next(d for d in (ana, ben) if (_state(d) or {}).get("legal"))
        wait_for(mover, "return document.getElementById('status').classList.contains('mine')")
        assert mover.execute_script("return window.__buzzes || 0") >= 1, "your turn is felt (vibration where it exists)"
    finally:
        for gen in (first, second):
            gen.close()
        table.close()
