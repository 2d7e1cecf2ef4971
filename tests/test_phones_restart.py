"""The TV restarted the way a person does it (issue 56), with real headless Chromium phones: a table host
(a real process) is killed with SIGKILL mid-game and started again with the very same command. It resumes the
game kept in its save on the same join code and phone port, so both phones are back in their seats with nothing
tapped, a move from one reaches the other, and no phone lost its seat token on the way."""

from __future__ import annotations

import json
import random
import signal
import subprocess
from pathlib import Path
from typing import Any

from net_helpers import CLI
from phone_browser import browser, wait_for
from test_phones_party import HAS_STATE, SMALL, TALL, _join, _play, _saved_actions

#: the phone shows the game again, its link up (the host's state came after the restart)
BACK = ("return window.__traffic.length > window.__before"
        " && window.__traffic.slice(window.__before).some((m) => m.includes('\"t\":\"state\"'))"
        " && !document.getElementById('status').textContent.includes('reconnecting')")
TOKEN = "return JSON.parse(localStorage.getItem('battleline:' + location.host) || '{}').token || null"


def _tv(tmp: Path) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """The same command each time: a headless table serving phones, any free port, its save in tmp."""
    proc = subprocess.Popen(
        [*CLI, "host", "--headless", "--table", "--bind", "127.0.0.1", "--port", "0", "--code", "4321",
         "--accept-any", "--phones", "0", "--phones-qr", str(tmp / "qr"), "--save", str(tmp / "host-save.json")],
        stdout=subprocess.PIPE, stderr=(tmp / "host.log").open("a"), text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, f"the TV did not start: {(tmp / 'host.log').read_text()}"
    return proc, json.loads(line)


def test_the_tv_started_again_with_the_same_command_seats_both_phones_with_no_tap(tmp_path: Path) -> None:
    first, second = browser(tmp_path / "a", SMALL), browser(tmp_path / "b", TALL)
    ana, ben = next(first), next(second)
    phones = {"Ana": ana, "Ben": ben}
    tv, ready = _tv(tmp_path)
    save = tmp_path / "host-save.json"
    again: subprocess.Popen[str] | None = None
    try:
        for name, driver in phones.items():
            _join(driver, ready["phones"], name)
            wait_for(driver, HAS_STATE, timeout=30)
        rng = random.Random(11)
        _play(phones, rng, lambda: _saved_actions(save) >= 8, seconds=120)
        tokens = {name: d.execute_script(TOKEN) for name, d in phones.items()}
        assert all(tokens.values()), tokens
        tv.send_signal(signal.SIGKILL)
        tv.wait(timeout=10)
        done = _saved_actions(save)
        for driver in phones.values():
            wait_for(driver, "return document.getElementById('status').textContent.includes('reconnecting')")
            driver.execute_script("window.__before = window.__traffic.length; window.__samePage = true")
        again, back = _tv(tmp_path)  # the same command, nothing else
        for driver in phones.values():  # nothing tapped: each phone finds its seat by itself
            wait_for(driver, BACK, timeout=20)
        assert back["phones_port"] == ready["phones_port"] and back["code"] == "4321", back
        assert back.get("resumed") == str(save), back
        _play(phones, rng, lambda: _saved_actions(save) >= done + 4, seconds=120)  # moves reach the other side
        assert {name: d.execute_script(TOKEN) for name, d in phones.items()} == tokens
        assert all(d.execute_script("return window.__samePage === true") for d in phones.values()), "reloaded"
    finally:
        for gen in (first, second):
            gen.close()
        for proc in (tv, again):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
