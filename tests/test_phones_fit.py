"""Two phones, each in its own headless Chromium (360x640 and 390x844, touch), play a whole game by taps
against each other on a table host (`host --table`, which holds no hand).

No phone screen scrolls, and every tap target is 44 px each way, in every step: the lobby, each turn (whoever's
it is), and the end screen (issue 49); each player has one colour on every screen. Both phones' records equal
the host's, and neither phone's traffic names a card its seat had not been shown. The three-player game's
fit is checked in the same way in tests/test_phones_three.py."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from net_helpers import last_json
from phone_browser import browser, start_phone_host, wait_for
from phone_fit import FitCheck, assert_one_colour_each
from phone_leaks import leaks
from test_phones_party import HAS_STATE, LAST_STATE, SMALL, TALL, _join, _play, _shot


def test_no_phone_screen_scrolls_in_any_step_of_a_whole_game_and_both_records_are_the_tables(
        tmp_path: Path) -> None:
    sizes = {"Ana": SMALL, "Ben": TALL}
    gens = [browser(tmp_path / name, size) for name, size in sizes.items()]
    phones: dict[str, Any] = {name: next(gen) for name, gen in zip(sizes, gens, strict=True)}
    host, ready = start_phone_host(tmp_path, "--table")
    check = FitCheck(sizes, tmp_path)
    played = False
    try:
        for name, driver in phones.items():
            _join(driver, ready["phones"], name)
            wait_for(driver, HAS_STATE, timeout=30)
            check(name, driver)  # the lobby, as each comes in
        over = "return !!window.__record && !document.getElementById('end').hidden"
        _play(phones, random.Random(21), lambda: all(d.execute_script(over) for d in phones.values()),
              check=check)
        for name, driver in phones.items():  # the end screen, on every phone
            check(name, driver)
        assert check.steps > 40, "the game was looked at step by step"
        assert sorted(check.misfits) == [], f"scrolls or small targets: {sorted(check.misfits)[:10]}"
        seats = {name: wait_for(driver, LAST_STATE)["seat"] for name, driver in phones.items()}
        for name, driver in phones.items():
            assert_one_colour_each(driver, seats[name], 2)
        _shot(phones["Ana"], tmp_path, "phone-fit-end-2p-360")
        _shot(phones["Ben"], tmp_path, "phone-fit-end-2p-390")
        traffic = {name: [json.loads(m) for m in d.execute_script("return window.__traffic")]
                   for name, d in phones.items()}
        played = True
    finally:
        for gen in gens:  # the phones leave: the host ends once nobody may ask for another game
            gen.close()
        if not played:
            host.kill()
            host.wait(timeout=10)
    record = last_json(host, timeout=60)["record"]
    assert sorted(record["players"].values()) == ["Ana", "Ben"]
    for name, seen in traffic.items():
        assert next(m["record"] for m in seen if m["t"] == "record") == record, f"{name}'s record is the table's"
        assert sum(m["t"] == "state" for m in seen) > 20
        assert leaks(seen, record, seats[name]) == [], f"{name}'s phone saw a hidden card"
