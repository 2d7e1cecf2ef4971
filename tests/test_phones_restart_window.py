"""The TV restarted the way a person does it (issue 56), the TV a real window: `battleline host --table --windowed`
under Xvfb, two headless Chromium phones seated (each accepted on the TV with the Enter key, a real X key event),
the window killed with SIGKILL mid-game, and the very same command run again. The TV asks once "Continue the
game with Ana & Ben?"; one Enter, and both phones are back in their seats with nothing tapped, a move from one
reaches the other, and the game goes on to its end and is kept once."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from net_helpers import free_port
from phone_browser import browser, wait_for
from test_phones_party import HAS_STATE, SMALL, TALL, _join, _play, _saved_actions
from test_phones_restart import BACK, TOKEN
from xvfb import start_xvfb

from game.keep.lan_store import host_save_for
from game.keep.records import library
from game.keep.stats import load_stats

ROOT = Path(__file__).resolve().parent.parent
ASKING = "return window.__traffic.some((m) => m.includes('\"step\":\"asking\"'))"
STARTED = "return window.__traffic.some((m) => m.includes('\"t\":\"state\"') && m.includes('\"started\":true'))"
OVER = "return window.__traffic.some((m) => m.includes('\"t\":\"record\"'))"

pytestmark = pytest.mark.skipif(not all(shutil.which(t) for t in ("Xvfb", "xdotool")),
                                reason="needs Xvfb and xdotool (Debian: xvfb, xdotool)")


def _until(condition: Callable[[], bool], what: str, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def _serves(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/phone.css", timeout=5) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def test_the_windowed_tv_killed_and_started_again_asks_once_and_both_phones_are_back(tmp_path: Path) -> None:
    xvfb, display = start_xvfb()
    env = {k: v for k, v in os.environ.items() if k not in ("PYGAME_HIDE_SUPPORT_PROMPT", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    port, phones_port = free_port(), free_port()
    command = [sys.executable, "-m", "app.cli", "host", "--table", "--windowed", "--bind", "127.0.0.1",
               "--port", str(port), "--code", "4321", "--phones", str(phones_port), "--phones-qr", str(tmp_path / "qr")]
    url = f"http://127.0.0.1:{phones_port}/?code=4321"
    save = host_save_for({"south": "Ana", "north": "Ben"}, True)  # where the TV keeps this pair's game

    def enter() -> None:  # the Enter key, as the TV's remote sends it, to the window that has the keyboard
        subprocess.run(["xdotool", "key", "Return"], env=env, check=True, timeout=60)

    def window_open() -> bool:
        found = subprocess.run(["xdotool", "search", "--class", "battleline"], env=env, capture_output=True,
                               text=True, timeout=60)
        return bool(found.stdout.strip())

    def tv(ready: Callable[[], bool]) -> subprocess.Popen[str]:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                stderr=(tmp_path / "tv.log").open("a"), text=True)
        _until(lambda: ready() or proc.poll() is not None, "the TV did not open")
        assert proc.poll() is None, (tmp_path / "tv.log").read_text()[-2000:]
        return proc

    first, second = browser(tmp_path / "a", SMALL), browser(tmp_path / "b", TALL)
    ana, ben = next(first), next(second)
    phones = {"Ana": ana, "Ben": ben}
    procs: list[subprocess.Popen[str]] = []
    try:
        procs.append(tv(lambda: _serves(phones_port)))  # the lobby, its phone page open
        for name, driver in phones.items():
            _join(driver, url, name)
            wait_for(driver, ASKING, timeout=60)  # "Ana wants to join": Accept has the focus
            enter()
            wait_for(driver, HAS_STATE, timeout=60)
        enter()  # both are in: "Start the game" on the TV
        for driver in phones.values():
            wait_for(driver, STARTED, timeout=60)
        rng = random.Random(13)
        _play(phones, rng, lambda: save.is_file() and _saved_actions(save) >= 8, seconds=180)
        tokens = {name: d.execute_script(TOKEN) for name, d in phones.items()}
        assert all(tokens.values()), tokens
        procs[0].send_signal(signal.SIGKILL)  # the TV crashes mid-game
        procs[0].wait(timeout=10)
        before = json.loads(save.read_text(encoding="utf-8"))["record"]
        done = len(before["actions"])
        for driver in phones.values():
            wait_for(driver, "return document.getElementById('status').textContent.includes('reconnecting')")
            driver.execute_script("window.__before = window.__traffic.length; window.__samePage = true")
        procs.append(tv(window_open))  # the same command: "Continue the game with Ana & Ben?" (no lobby yet)
        assert not _serves(phones_port), "the TV opened a lobby without asking"
        time.sleep(1.0)  # the question is drawn (nothing outside the window says so)
        enter()  # the one key pressed
        for driver in phones.values():  # nothing tapped: each phone finds its seat by itself
            wait_for(driver, BACK, timeout=60)
        assert {name: d.execute_script(TOKEN) for name, d in phones.items()} == tokens
        _play(phones, rng, lambda: _saved_actions(save) >= done + 4, seconds=120)  # moves reach the other side
        _play(phones, rng, lambda: all(d.execute_script(OVER) for d in phones.values()), seconds=600)
        assert all(d.execute_script("return window.__samePage === true") for d in phones.values()), "reloaded"
        _until(lambda: len(library()) >= 1, "the finished game was not kept", 60)
        time.sleep(1.0)  # the duration is the point: nothing more is written within a second of the first copy
        kept = library()
        assert len(kept) == 1, [k.path.name for k in kept]
        record = json.loads(kept[0].path.read_text(encoding="utf-8"))
        assert record["seed"] == before["seed"] and record["actions"][:done] == before["actions"]
        stats = load_stats()
        assert [sum(stats.player(n).games["human"]) for n in ("Ana", "Ben")] == [1, 1], stats.to_dict()
    finally:
        for gen in (first, second):
            gen.close()
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
        xvfb.kill()
        xvfb.communicate(timeout=60)
