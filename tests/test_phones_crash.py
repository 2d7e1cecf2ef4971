"""A phone never shows a state the host does not have: the TV (a headless table host, a real process) is
killed with SIGKILL on a phone's turn, the phone's player taps while the link is down, and the TV comes back
from its save. The phone says the link is lost and takes no tap meanwhile; once the TV is back it takes its
whole state from the host and plays on within 10 s, with no reload (real headless Chromium phones)."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from net_helpers import CLI
from phone_browser import FIND_TAP, browser, start_phone_host, tap, wait_for
from test_phones_party import HAS_STATE, SMALL, TALL, _join, _play, _saved_actions, _shot

#: a card this phone could play now (the play phase of its own turn, as the page shows it)
CAN_PLAY = "return document.querySelectorAll('#hand button.card:not(:disabled)').length > 0"
#: the phone's own turn, with something to tap, and the link up
PLAYS_ON = ("return document.getElementById('status').classList.contains('mine')"
            " && !document.getElementById('status').textContent.includes('reconnecting')"
            " && document.querySelectorAll('#choices button:not(:disabled),"
            " #hand button.card:not(:disabled)').length > 0")


def test_a_tap_while_the_tv_is_down_is_not_sent_and_the_phone_plays_on_after_the_resume(tmp_path: Path) -> None:
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
        rng = random.Random(7)
        _play(phones, rng, lambda: _saved_actions(save) >= 6, seconds=120)
        deadline = time.monotonic() + 60  # on to a turn where one phone may play a card from its hand
        mover: Any = None
        while mover is None and time.monotonic() < deadline:
            mover = next((d for d in phones.values() if d.execute_script(CAN_PLAY)), None)
            if mover is None:
                for driver in phones.values():
                    if driver.execute_script(FIND_TAP, 0.0) is not None and not driver.execute_script(CAN_PLAY):
                        tap(driver, rng.random())  # a claim or a draw: on to the next play
                time.sleep(0.05)
        assert mover is not None, "no phone came to play a card"
        for driver in phones.values():
            driver.execute_script("window.__samePage = true")  # gone if the page were reloaded
        host.send_signal(signal.SIGKILL)  # the TV crashes on the mover's turn
        host.wait(timeout=10)
        done = _saved_actions(save)
        wait_for(mover, "return document.getElementById('status').textContent.includes('reconnecting')")
        # a card, then where it goes: nothing may take it
        taps = sum(tap(mover, rng.random()) is not None for _ in range(3))
        link_words = mover.execute_script("return document.getElementById('status').textContent")
        for driver, size in ((ana, 360), (ben, 390)):
            wait_for(driver, "return document.getElementById('status').textContent.includes('reconnecting')")
            _shot(driver, tmp_path, f"phone-party-link-lost-{size}")
        resumed = subprocess.Popen(
            [*CLI, "host", "--headless", "--table", "--resume", str(save), "--bind", "127.0.0.1", "--port", "0",
             "--accept-any"], stdout=subprocess.PIPE, stderr=(tmp_path / "resumed.log").open("a"), text=True)
        assert resumed.stdout is not None
        again = json.loads(resumed.stdout.readline() or "{}")
        assert again.get("phones_port") == ready["phones_port"], again
        wait_for(mover, PLAYS_ON, timeout=10)  # the bound: playing on within 10 s of the TV's return
        _play(phones, rng, lambda: _saved_actions(save) >= done + 4, seconds=90)
        assert all(d.execute_script("return window.__samePage === true") for d in phones.values()), "no reload"
        assert taps == 0, f"the phone took {taps} taps while its link was down"
        assert "lost" in link_words, f"the phone did not say the link was down: {link_words!r}"
    finally:
        for gen in (first, second):
            gen.close()
        for proc in (host, resumed):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
