"""Idle connections from 32 addresses do not stop the phone page loading (issue 56, finding 3): a real headless
Chromium loads the page (its style and script over parallel connections, as every browser does), its script
runs and the phone joins, while 1,100 idle connections from 127.0.0.2-33 hold the phone port's door.

The idle connections are held until the phone has its seat (not for a fixed time that a slow machine could
outlast): each wait below is for an event, generous for a loaded machine; how long a page takes under this
attack is measured by `battleline bench attack`, not asserted here."""

from __future__ import annotations

import threading
from pathlib import Path

from phone_browser import browser, start_phone_host, wait_for
from test_phones_party import HAS_STATE, _join
from waiting import wait_until

from tools.attack import harness as attack

HELD_AT_MOST_S = 300.0  # the attack ends when the phone is seated; this only bounds a failing run


def test_the_page_loads_and_joins_while_32_addresses_hold_idle_connections(tmp_path: Path) -> None:
    gen = browser(tmp_path / "a")
    phone = next(gen)
    host, ready = start_phone_host(tmp_path)
    figures: dict[str, object] = {}
    seated = threading.Event()
    thread = threading.Thread(target=lambda: figures.update(attack.hold_raw(
        ready["phones_port"], HELD_AT_MOST_S, connections=1100, addresses=32, stop=seated)), daemon=True)
    try:
        thread.start()
        wait_until(lambda: "turned away" in (tmp_path / "host.log").read_text(), 60,
                   "the door full (MAX_CONNECTIONS, fewer than 32 addresses' share): newcomers turned away")
        phone.set_page_load_timeout(120)
        _join(phone, ready["phones"], "Ana")  # the page, its style and script; then its words and the socket
        wait_for(phone, "return typeof ui === 'object' && ui.joined === true", timeout=60)  # phone.js ran
        wait_for(phone, HAS_STATE, timeout=120)
        assert thread.is_alive(), f"the attack ended before the phone was seated: {figures}"
    finally:
        seated.set()
        gen.close()
        thread.join(30)
        host.kill()
        host.wait(10)
    assert figures.get("reopened") and figures.get("stopped"), figures
