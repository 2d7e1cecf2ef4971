"""Synthesise the game's sounds into assets/sounds/ (pure Python: `wave`, `array`, `math`).

Every sound is made here from seeded noise filtered to paper, damped partials of a table top and a wood block
(their body), and a small room around them, so the project owns them outright and a test can check that this
script reproduces the committed files byte for byte. Nothing starts with a step: every hit rises over a few
milliseconds (tests/sound_checks.py listens for clicks).
Run: `python tools/make_sounds.py [OUT_DIR]`.
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100  # the mixer's rate: no resampling, whose ringing would lift the peaks
PEAK = 0.5  # every file peaks at -6 dBFS, like tools/make_music.py's
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
Signal = Callable[[float], float]


def _render(seconds: float, signal: Signal, gain: float = 0.8, rate: int = RATE) -> array.array:
    """Sample `signal(t)` into 16-bit mono peaking at exactly PEAK of full scale (the mix's headroom is shared
    out by game.ui.audio); a short fade at both ends avoids clicks. `gain` only shapes the signal's sum."""
    n = int(seconds * rate)
    fade = int(0.004 * rate)
    values = [signal(i / rate) * gain * (min(1.0, i / fade, (n - 1 - i) / fade) if fade else 1.0) for i in range(n)]
    scale = PEAK * 32767 / (max(abs(v) for v in values) or 1.0)
    return array.array("h", (round(v * scale) for v in values))


def _env(t: float, attack: float, decay: float) -> float:
    """A percussive envelope: quick rise, exponential fall."""
    return t / attack if t < attack else math.exp(-(t - attack) / decay)


def _noise(seed: int, seconds: float) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE) + 1)]


def _lowpass(values: list[float], k: float) -> list[float]:
    """A one-pole low-pass filter: `k` near 0 keeps only the rumble, near 1 almost everything."""
    out, acc = [0.0] * len(values), 0.0
    for i, v in enumerate(values):
        acc += k * (v - acc)
        out[i] = acc
    return out


def _band(values: list[float], low: float, high: float) -> list[float]:
    """Noise kept between two corners: a low-pass at `high`, less its own low-pass at `low` (paper, not hiss)."""
    top = _lowpass(values, high)
    floor = _lowpass(top, low)
    return [a - b for a, b in zip(top, floor, strict=True)]


def _body(u: float, modes: tuple[tuple[float, float, float], ...], rise: float = 0.0025) -> float:
    """What a knock sets ringing (the table under a card, a wood block): damped partials as (Hz, decay s, level),
    rising over `rise` seconds (a half cosine) from their zero crossing, so a hit is never a step in the wave."""
    if u < 0:
        return 0.0
    grow = 0.5 - 0.5 * math.cos(math.pi * u / rise) if u < rise else 1.0  # no corner where it starts
    return grow * sum(a * math.sin(2 * math.pi * f * u) * math.exp(-u / d) for f, d, a in modes)


def _room(values: list[float], mix: float, rate: int = RATE) -> list[float]:
    """A small wooden room: four damped comb filters in parallel and two all-passes in series (Schroeder's
    reverberator) mixed under the dry sound, so a knock has a space around it instead of stopping dead."""
    wet = [0.0] * len(values)
    for delay_ms, feedback in ((25.3, 0.74), (26.9, 0.72), (28.9, 0.70), (30.7, 0.68)):
        d = int(delay_ms * rate / 1000)
        line, acc = [0.0] * len(values), 0.0
        for i, v in enumerate(values):
            back = line[i - d] if i >= d else 0.0
            acc += 0.4 * (back - acc)  # the walls soak up the highs
            line[i] = v + feedback * acc
            wet[i] += back * 0.25
    for delay_ms in (12.6, 10.0):
        d, g = int(delay_ms * rate / 1000), 0.6
        out = [0.0] * len(wet)
        for i, v in enumerate(wet):
            past = out[i - d] if i >= d else 0.0
            before = wet[i - d] if i >= d else 0.0
            out[i] = -g * v + before + g * past
        wet = out
    return [v + mix * w for v, w in zip(values, wet, strict=True)]


def _roomed(seconds: float, signal: Signal, mix: float) -> array.array:
    """`signal` sampled, put in the room, then faded and levelled as _render does."""
    n = int(seconds * RATE)
    dry = [signal(i / RATE) for i in range(n)]
    wet = _room(dry, mix)
    return _render(seconds, lambda t: wet[min(n - 1, round(t * RATE))], 1.0)


#: a table top: a low boom and a few wooden partials, what gives a card laid down its weight
TABLE = ((118.0, 0.09, 1.0), (243.0, 0.06, 0.55), (612.0, 0.025, 0.3), (1480.0, 0.01, 0.18))


def card_play() -> array.array:
    """A card slid across the cloth and laid down: a paper slide, then a slap of paper over the table's thump."""
    slide = _band(_noise(1, 0.5), 0.02, 0.3)
    slap = _band(_noise(11, 0.5), 0.08, 0.7)
    down = 0.09

    def s(t: float) -> float:
        i = int(t * RATE)
        v = slide[i] * math.sin(math.pi * min(1.0, t / down)) ** 2 * 1.3 if t < down else 0.0
        u = t - down
        if u >= 0:
            v += slap[i] * min(1.0, u / 0.0015) * math.exp(-u / 0.012) * 1.6 + _body(u, TABLE) * 0.9
        return v
    return _roomed(0.45, s, 0.22)


def card_draw() -> array.array:
    """A card drawn off the deck: paper drawn over paper, brightening as it comes free, and a soft lift."""
    low = _band(_noise(2, 0.5), 0.02, 0.2)
    high = _band(_noise(12, 0.5), 0.1, 0.6)
    free = 0.24

    def s(t: float) -> float:
        i = int(t * RATE)
        shape = math.sin(math.pi * min(1.0, t / (free + 0.03))) ** 2
        bright = min(1.0, t / free)
        v = (low[i] * (1.0 - 0.5 * bright) * 2.0 + high[i] * bright * 1.2) * shape
        u = t - free
        if u >= 0:
            v += high[i] * min(1.0, u / 0.002) * math.exp(-u / 0.02) * 0.9
            v += _body(u, ((880.0, 0.02, 0.25), (240.0, 0.05, 0.25)))
        return v
    return _roomed(0.42, s, 0.18)


def shuffle() -> array.array:
    """A deck riffled and bridged: about thirty ticks of cards falling together, quickening, over a flutter;
    the cascade as the bridge lets go; the deck squared with two taps on the table."""
    ticks = _band(_noise(3, 1.6), 0.15, 0.85)
    flutter = _band(_noise(4, 1.6), 0.03, 0.4)
    rng = random.Random(5)
    times, t = [], 0.03
    while t < 0.8:
        times.append((t, 1700.0 + rng.uniform(-400, 400)))
        t += 0.034 - 0.022 * (t / 0.8) + rng.uniform(-0.004, 0.004)
    taps = (1.22, 1.34)

    def s(t: float) -> float:
        i = int(t * RATE)
        v = 0.0
        for start, tone in times:
            u = t - start
            if 0 <= u < 0.03:
                level = 0.6 + 0.4 * math.sin(start * 40) ** 2
                v += (ticks[i] * min(1.0, u / 0.0008) * math.exp(-u / 0.005) * 1.3
                      + _body(u, ((tone, 0.006, 0.35),), 0.001)) * level
        if t < 0.85:
            v += flutter[i] * math.sin(math.pi * min(1.0, t / 0.85)) ** 2 * 0.8
        if 0.78 < t < 1.2:
            v += flutter[i] * math.sin(math.pi * (t - 0.78) / 0.42) ** 2 * 2.0
        for k, at in enumerate(taps):
            v += _body(t - at, TABLE, 0.003) * (0.7 - 0.25 * k)
        return v
    return _roomed(1.6, s, 0.2)


#: a wood block: a bar's inharmonic partials (1 : 2.76 : 5.40), short lived
WOOD = ((1.0, 0.07, 1.0), (2.76, 0.03, 0.35), (5.40, 0.012, 0.15))


def refuse() -> array.array:
    """Not allowed: two round wooden knocks, the second a fourth lower, over a soft thud; not a buzzer."""
    def s(t: float) -> float:
        total = 0.0
        for start, f in ((0.0, 294.0), (0.12, 220.0)):
            u = t - start
            total += _body(u, tuple((f * k, d, a) for k, d, a in WOOD), 0.002)
            total += _body(u, ((96.0, 0.05, 0.5),), 0.004)
        return total
    return _roomed(0.45, s, 0.16)


#: the table's small sounds; the music, the claim, the horn and the endings come from tools/make_music.py
SOUNDS: dict[str, Callable[[], array.array]] = {
    "play": card_play, "draw": card_draw, "shuffle": shuffle, "refuse": refuse,
}


def write(name: str, samples: array.array, out_dir: Path, rate: int = RATE) -> Path:
    path = out_dir / f"{name}.wav"
    if sys.byteorder != "little":  # WAV is little-endian
        samples = array.array("h", samples)
        samples.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = write(name, make(), out_dir)
        print(f"{path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
