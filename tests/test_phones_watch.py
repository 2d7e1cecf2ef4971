"""Issue 56: a phone at a full game may watch, as a laptop can. A real host (a bot in one seat), a phone in the
other seat, and a third phone, a real headless Chromium: refused because every seat is taken, it is offered
Watch, and watching it sees the table (the public view, no hand) while the game goes on."""

from __future__ import annotations

from pathlib import Path

from phone_browser import browser, start_phone_host, wait_for
from test_phones_party import _join

from tools.attack.siege import CODE, phone_waits

WATCHING = """return typeof ui === 'object' && !!ui.state && ui.state.seat === null
    && !document.getElementById('game').hidden && document.getElementById('play').hidden
    && document.querySelectorAll('#flags .flag').length === 9"""


def test_a_phone_at_a_full_game_is_offered_watch_and_then_watches(tmp_path: Path) -> None:
    host, ready = start_phone_host(tmp_path, code=CODE)
    gen = browser(tmp_path / "c")
    phone = next(gen)
    try:
        _waited, ben = phone_waits(ready["phones_port"], "Ben", None, limit=60)
        assert ben is not None and ben["seat"] == "north", ben  # every seat is taken now (the bot plays south)
        _join(phone, ready["phones"], "Cleo")
        wait_for(phone, "return !document.getElementById('watch-button').hidden", timeout=60)
        note = phone.execute_script("return document.getElementById('join-note').textContent")
        assert "refused" in note, note
        phone.execute_script("document.getElementById('watch-button').click()")
        wait_for(phone, WATCHING, timeout=60)
        status = phone.execute_script("return document.getElementById('status').textContent")
        assert status and "Your turn" not in status, status
        assert phone.execute_script("return document.getElementById('hand').children.length") == 0
    finally:
        gen.close()
        host.kill()
        host.wait(10)
