"""Synthesise the game's sounds into assets/sounds/ (pure Python: `wave`, `array`, `math`).

Every sound is made here from sine partials, envelopes and seeded noise, so the project owns
them outright and a test can check that this script reproduces the committed files byte for byte.
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


def card_play() -> array.array:
    """A card slid across the table and snapped down: a short paper swish, then a click over a low thump."""
    swish = _lowpass(_noise(1, 0.3), 0.35)
    click = _noise(11, 0.3)
    snap_at = 0.075

    def s(t: float) -> float:
        i = int(t * RATE)
        slide = swish[i] * math.sin(math.pi * min(1.0, t / snap_at)) ** 2 * 1.6 if t < snap_at else 0.0
        if t < snap_at:
            return slide
        u = t - snap_at
        thump = math.sin(2 * math.pi * (150 - 260 * u) * u) * _env(u, 0.002, 0.045)
        return thump + click[i] * _env(u, 0.0005, 0.008) * 0.8
    return _render(0.26, s, 0.55)


def card_draw() -> array.array:
    """A card drawn off the deck: a swelling paper slide ending in a soft flick."""
    smooth = _lowpass(_noise(2, 0.35), 0.25)
    flick = _noise(12, 0.35)

    def s(t: float) -> float:
        i = int(t * RATE)
        shape = math.sin(math.pi * min(1.0, t / 0.26)) ** 2
        tail = flick[i] * _env(t - 0.24, 0.001, 0.012) * 0.6 if t >= 0.24 else 0.0
        return smooth[i] * shape * 2.2 + tail
    return _render(0.32, s, 0.7)


def shuffle() -> array.array:
    """A deck riffled and bridged: about thirty quick card ticks speeding up, then a settling swish."""
    ticks = _noise(3, 1.3)
    swish = _lowpass(_noise(4, 1.3), 0.3)
    rng = random.Random(5)
    times, t = [], 0.02
    while t < 0.8:
        times.append(t)
        t += 0.034 - 0.022 * (t / 0.8) + rng.uniform(-0.004, 0.004)

    def s(t: float) -> float:
        i = int(t * RATE)
        v = 0.0
        for start in times:
            if 0 <= t - start < 0.02:
                v += ticks[i] * _env(t - start, 0.0005, 0.004) * (0.6 + 0.4 * math.sin(start * 40) ** 2)
        if t > 0.78:
            v += swish[i] * math.sin(math.pi * min(1.0, (t - 0.78) / 0.42)) ** 2 * 1.8
        return v
    return _render(1.2, s, 0.6)


def refuse() -> array.array:
    """Not allowed: two soft wooden knocks, falling a step; round, not a buzzer."""
    def s(t: float) -> float:
        total = 0.0
        for start, f in ((0.0, 330.0), (0.11, 262.0)):
            u = t - start
            if u >= 0:
                knock = math.sin(2 * math.pi * f * u) + 0.25 * math.sin(2 * math.pi * f * 2.7 * u)
                total += knock * _env(u, 0.003, 0.035)
        return total * 0.6
    return _render(0.3, s)


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
