"""No phone screen scrolls, and every tap target is 44 px each way, at 360x640 and 390x844, in every step of a
whole two- or three-player game: the lobby, each turn (whoever's it is), and the end screen (issue 49). Real
headless Chromium phones against a real headless table host, played by taps."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from phone_browser import browser, start_phone_host, wait_for
from test_phones_party import FITS, HAS_STATE, LAST_STATE, SMALL, TALL, _join, _play, _shot

from game.ui import art
from game.ui.table_y import SEAT_TINT

#: each seat's colour as this phone draws it: its own accents (--mine), and each opponent's name
COLOURS = """
const body = getComputedStyle(document.body), out = {};
const rgb = (hex) => 'rgb(' + [1, 3, 5].map((i) => parseInt(hex.trim().slice(i, i + 2), 16)).join(', ') + ')';
out.mine = rgb(body.getPropertyValue('--mine'));
for (const e of document.querySelectorAll('#theirs [data-seat]')) out[e.dataset.seat] = getComputedStyle(e).color;
return out;
"""


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22)])
def test_no_phone_screen_scrolls_in_any_step_of_a_whole_game(tmp_path: Path, players: int, seed: int) -> None:
    sizes = [SMALL, TALL, SMALL][:players]
    names = ["Ana", "Ben", "Cleo"][:players]
    gens = [browser(tmp_path / name, size) for name, size in zip(names, sizes, strict=True)]
    phones: dict[str, Any] = {name: next(gen) for name, gen in zip(names, gens, strict=True)}
    extra = ("--players", "3") if players == 3 else ()
    host, ready = start_phone_host(tmp_path, "--table", *extra)
    misfits: set[str] = set()
    steps = 0

    def check(name: str, driver: Any) -> None:
        nonlocal steps
        steps += 1
        size = "x".join(map(str, sizes[names.index(name)]))
        found = driver.execute_script(FITS)
        if found and not any(m.startswith(size) for m in misfits):
            driver.save_screenshot(str(tmp_path / f"misfit-{name}-{size}.png"))  # to look at, when it fails
        misfits.update(f"{size} {m}" for m in found)

    try:
        for name, driver in phones.items():
            _join(driver, ready["phones"], name)
            wait_for(driver, HAS_STATE, timeout=30)
            check(name, driver)  # the lobby, as each comes in
        over = "return !!window.__record && !document.getElementById('end').hidden"
        _play(phones, random.Random(seed), lambda: all(d.execute_script(over) for d in phones.values()),
              check=check)
        for name, driver in phones.items():  # the end screen, on every phone
            check(name, driver)
        assert steps > 40, "the game was looked at step by step"
        assert sorted(misfits) == [], f"scrolls or small targets: {sorted(misfits)[:10]}"
        tv = SEAT_TINT if players == 3 else art.SEAT_COLOURS  # the TV's colour of each seat
        assert all(SEAT_TINT[seat] == art.SEAT_COLOURS[seat] for seat in SEAT_TINT), "the Y and the boards agree"
        for name, driver in phones.items():  # each player one colour on every screen
            seat = wait_for(driver, LAST_STATE)["seat"]
            seen = driver.execute_script(COLOURS)
            expected = {"mine": tv[seat], **{s: tv[s] for s in seen if s != "mine"}}
            assert seen == {k: "rgb({}, {}, {})".format(*v) for k, v in expected.items()}, (name, seat, seen)
            assert len(seen) == players, seen
        _shot(phones["Ana"], tmp_path, f"phone-fit-end-{players}p-360")
        _shot(phones["Ben"], tmp_path, f"phone-fit-end-{players}p-390")
    finally:
        for gen in gens:
            gen.close()
        host.kill()
        host.wait(timeout=10)
