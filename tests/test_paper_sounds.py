"""The card sounds are paper, not broadband bursts (issue 59, item 5): their energy sits in the band a sheet of card
rings in (about 2 to 8 kHz, tools/make_sounds.py) and little reaches above 10 kHz, where the old white-ish noise
bursts kept a large part of theirs (play -14.9 dB, draw -8.0 dB, shuffle -8.1 dB of their whole energy)."""

from __future__ import annotations

import array
import math
import wave

import pytest

from assets import ASSETS_DIR

RATE = 44100


def _samples(name: str) -> list[float]:
    with wave.open(str(ASSETS_DIR / "sounds" / f"{name}.wav"), "rb") as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1
        return [float(v) for v in array.array("h", w.readframes(w.getnframes()))]


def _filter(x: list[float], hz: float, kind: str, q: float = 0.707) -> list[float]:
    """A second-order high-pass or band-pass (RBJ's cookbook biquads)."""
    w0 = 2 * math.pi * hz / RATE
    alpha, c = math.sin(w0) / (2 * q), math.cos(w0)
    b = ((1 + c) / 2, -(1 + c), (1 + c) / 2) if kind == "high" else (alpha, 0.0, -alpha)
    a0 = 1 + alpha
    b0, b1, b2, a1, a2 = b[0] / a0, b[1] / a0, b[2] / a0, -2 * c / a0, (1 - alpha) / a0
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        out.append(y)
        x2, x1, y2, y1 = x1, v, y1, y
    return out


def _share_db(part: list[float], whole: list[float]) -> float:
    return 10 * math.log10(sum(v * v for v in part) / sum(v * v for v in whole))


@pytest.mark.parametrize("name", ["play", "draw", "shuffle"])
def test_a_card_sound_keeps_its_energy_below_ten_kilohertz(name: str) -> None:
    x = _samples(name)
    above = _share_db(_filter(_filter(x, 10000, "high"), 10000, "high"), x)
    assert above < -16, f"{name}: {above:.1f} dB of its energy above 10 kHz, a broadband burst"


@pytest.mark.parametrize("name", ["draw", "shuffle"])
def test_a_card_rubbing_rings_in_the_paper_band(name: str) -> None:
    """A rub or a riffle (no table under it) is mostly the sheet's own ring: 2 to 8 kHz, centred near 4 kHz."""
    x = _samples(name)
    band = _share_db(_filter(_filter(x, 4000, "band", 0.6), 4000, "band", 0.6), x)
    assert band > -6, f"{name}: only {band:.1f} dB of its energy in the paper band"
