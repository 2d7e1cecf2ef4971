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

RATE = 22050
MUSIC_RATE = 11025  # the pad has nothing above 1.1 kHz: half the rate, half the file
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
Signal = Callable[[float], float]


def _render(seconds: float, signal: Signal, gain: float = 0.8, rate: int = RATE) -> array.array:
    """Sample `signal(t)` (about -1..1) into 16-bit mono; a short fade at both ends avoids clicks."""
    n = int(seconds * rate)
    out = array.array("h", bytes(2 * n))
    fade = int(0.004 * rate)
    for i in range(n):
        edge = min(1.0, i / fade, (n - 1 - i) / fade) if fade else 1.0
        v = max(-1.0, min(1.0, signal(i / rate) * gain * edge))
        out[i] = round(v * 32767)
    return out


def _env(t: float, attack: float, decay: float) -> float:
    """A percussive envelope: quick rise, exponential fall."""
    return t / attack if t < attack else math.exp(-(t - attack) / decay)


def _noise(seed: int, seconds: float) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE) + 1)]


def card_play() -> array.array:
    """A card laid on felt: a soft low thump with a brushed-noise slap."""
    noise = _noise(1, 0.2)

    def s(t: float) -> float:
        thump = math.sin(2 * math.pi * (140 - 200 * t) * t) * _env(t, 0.003, 0.05)
        slap = noise[int(t * RATE)] * _env(t, 0.001, 0.018) * 0.5
        return thump + slap
    return _render(0.2, s, 0.55)


def card_draw() -> array.array:
    """A card slid off the deck: filtered noise that swells and fades."""
    noise = _noise(2, 0.3)
    smooth = [0.0] * len(noise)
    acc = 0.0
    for i, v in enumerate(noise):  # a one-pole low-pass: paper, not hiss
        acc += 0.25 * (v - acc)
        smooth[i] = acc

    def s(t: float) -> float:
        shape = math.sin(math.pi * min(1.0, t / 0.28)) ** 2
        return smooth[int(t * RATE)] * shape * 2.2
    return _render(0.28, s, 0.7)


def _bell(freqs: list[tuple[float, float]], decay: float) -> Signal:
    def s(t: float) -> float:
        total = 0.0
        for start, f in freqs:
            if t >= start:
                u = t - start
                total += (math.sin(2 * math.pi * f * u) + 0.3 * math.sin(4 * math.pi * f * u)) * _env(u, 0.005, decay)
        return total * 0.45
    return s


def claim() -> array.array:
    """A flag taken: two rising bell notes (a fifth)."""
    return _render(0.9, _bell([(0.0, 523.25), (0.12, 783.99)], 0.28))


def refuse() -> array.array:
    """Not allowed: a short, low, falling double buzz, gentle enough to hear many times."""
    def s(t: float) -> float:
        u = t % 0.12
        f = 180 - 60 * t
        tone = math.sin(2 * math.pi * f * t) + 0.35 * math.sin(2 * math.pi * 2 * f * t)
        return tone * _env(u, 0.004, 0.04) * 0.7
    return _render(0.24, s)


def victory() -> array.array:
    """The game won: a rising major arpeggio that rings out."""
    notes = [(0.0, 392.0), (0.14, 523.25), (0.28, 659.25), (0.42, 783.99), (0.62, 1046.5)]
    return _render(2.0, _bell(notes, 0.5), 0.7)


def music() -> array.array:
    """A quiet, looping pad: four slow chords (C, Am, F, G), 16 seconds, seamless at the loop."""
    chords = [(130.81, 164.81, 196.0), (110.0, 130.81, 164.81), (87.31, 110.0, 130.81), (98.0, 123.47, 146.83)]
    bar = 4.0

    def s(t: float) -> float:
        k = int(t // bar) % 4
        u = t - k * bar
        swell = math.sin(math.pi * u / bar) ** 2
        total = 0.0
        for f in chords[k]:
            total += math.sin(2 * math.pi * f * t) + 0.2 * math.sin(4 * math.pi * f * t)
        pluck = math.sin(2 * math.pi * chords[k][0] * 4 * t) * _env((u * 2) % 1.0, 0.01, 0.25) * 0.25
        return (total / 3.6) * swell + pluck * swell
    return _render(16.0, s, 0.35, MUSIC_RATE)


SOUNDS: dict[str, Callable[[], array.array]] = {
    "play": card_play, "draw": card_draw, "claim": claim, "refuse": refuse, "victory": victory, "music": music,
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
        path = write(name, make(), out_dir, MUSIC_RATE if name == "music" else RATE)
        print(f"{path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
