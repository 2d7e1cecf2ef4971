"""What fits a phone's screen, checked in every step of a whole game by the phone tests (issue 49): nothing
scrolls, every tap target is 44 px each way and inside the screen, and each player is one colour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_phones_party import FITS

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


class FitCheck:
    """A check of one phone's screen for `_play`: what does not fit goes into `misfits` as "WxH what", and the
    first misfit at each size is kept as a screenshot to look at, when it fails."""

    def __init__(self, sizes: dict[str, tuple[int, int]], tmp: Path) -> None:
        self.sizes, self.tmp = sizes, tmp
        self.misfits: set[str] = set()
        self.steps = 0

    def __call__(self, name: str, driver: Any) -> None:
        self.steps += 1
        size = "x".join(map(str, self.sizes[name]))
        found = driver.execute_script(FITS)
        if found and not any(m.startswith(size) for m in self.misfits):
            driver.save_screenshot(str(self.tmp / f"misfit-{name}-{size}.png"))
        self.misfits.update(f"{size} {m}" for m in found)


def assert_one_colour_each(driver: Any, seat: str, players: int) -> None:
    """Each player is one colour on every screen: this phone's accents and its opponents' names are the
    colours the TV gives their seats (the Y's tints at three players, the boards' colours at two)."""
    assert all(SEAT_TINT[s] == art.SEAT_COLOURS[s] for s in SEAT_TINT), "the Y and the boards agree"
    tv = SEAT_TINT if players == 3 else art.SEAT_COLOURS
    seen = driver.execute_script(COLOURS)
    expected = {"mine": tv[seat], **{s: tv[s] for s in seen if s != "mine"}}
    assert seen == {k: "rgb({}, {}, {})".format(*v) for k, v in expected.items()}, (seat, seen)
    assert len(seen) == players, seen
