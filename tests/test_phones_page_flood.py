"""Idle connections from 32 addresses do not stop the phone page loading (issue 56, finding 3): a real headless
Chromium loads the page (its style and script over parallel connections, as every browser does), its script
runs and the phone joins, while 1,100 idle connections from 127.0.0.2-33 hold the phone port's door."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from phone_browser import browser, start_phone_host, wait_for
from test_phones_party import HAS_STATE, _join

from tools.attack import harness as attack


def test_the_page_loads_and_joins_while_32_addresses_hold_idle_connections(tmp_path: Path) -> None:
    gen = browser(tmp_path / "a")
    phone = next(gen)
    host, ready = start_phone_host(tmp_path)
    figures: dict[str, object] = {}
    thread = threading.Thread(target=lambda: figures.update(
        attack.hold_raw(ready["phones_port"], 60.0, connections=1100, addresses=32)), daemon=True)
    try:
        thread.start()
        time.sleep(3.0)  # every place at the door is held
        phone.set_page_load_timeout(60)
        _join(phone, ready["phones"], "Ana")  # the page, its style and script; then its words and the socket
        wait_for(phone, "return typeof ui === 'object' && ui.joined === true", timeout=30)  # phone.js ran
        wait_for(phone, HAS_STATE, timeout=30)
    finally:
        gen.close()
        thread.join(90)
        host.kill()
        host.wait(10)
    assert figures.get("reopened"), figures
