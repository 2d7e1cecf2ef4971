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


def _drum(t: float, pitch: float, seed_noise: list[float]) -> float:
    """One hit on a frame drum: a membrane falling in pitch, its overtone and a burst of skin noise."""
    if t < 0:
        return 0.0
    f = pitch * (1 + 0.6 * math.exp(-t / 0.02))
    body = math.sin(2 * math.pi * f * t) * _env(t, 0.002, 0.16)
    ring = 0.35 * math.sin(2 * math.pi * f * 1.59 * t) * _env(t, 0.002, 0.07)
    skin = seed_noise[int(t * RATE) % len(seed_noise)] * _env(t, 0.001, 0.02) * 0.5
    return body + ring + skin


def claim() -> array.array:
    """A flag taken: a drum pickup and a full hit (ba-DUM), under a cloth flap as the standard moves."""
    skin = _lowpass(_noise(6, 0.2), 0.5)
    cloth = _lowpass(_noise(7, 1.0), 0.12)

    def s(t: float) -> float:
        drum = 0.45 * _drum(t, 92, skin) + _drum(t - 0.14, 68, skin)
        flap = cloth[int(t * RATE)] * (0.5 + 0.5 * math.sin(2 * math.pi * 7 * t)) * _env(t - 0.1, 0.05, 0.2) * 2.5
        return drum + (flap if t > 0.1 else 0.0)
    return _render(1.0, s, 0.6)


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


def _horn_note(u: float, f: float, length: float) -> float:
    """A brass-like note: harmonics fading with their number, a slow swell and a little vibrato."""
    if u < 0 or u > length:
        return 0.0
    swell = min(1.0, u / 0.08) * min(1.0, (length - u) / 0.12)
    vib = 1 + 0.006 * math.sin(2 * math.pi * 5.2 * u) * min(1.0, u / 0.3)
    return swell * sum(math.sin(2 * math.pi * f * vib * n * u) / n ** 1.3 for n in range(1, 7)) * 0.5


def horn() -> array.array:
    """A Breakthrough or an Envelopment: a horn call (fifth, octave, held) over two drum hits."""
    skin = _lowpass(_noise(8, 0.2), 0.5)
    call = [(0.0, 0.28, 196.0), (0.3, 0.28, 293.66), (0.6, 1.3, 392.0)]

    def s(t: float) -> float:
        v = sum(_horn_note(t - start, f, length) for start, length, f in call)
        return v + 0.7 * _drum(t - 0.6, 70, skin) + 0.5 * _drum(t - 1.2, 64, skin)
    return _render(2.2, s, 0.6)


def _bell(freqs: list[tuple[float, float]], decay: float) -> Signal:
    def s(t: float) -> float:
        total = 0.0
        for start, f in freqs:
            if t >= start:
                u = t - start
                total += (math.sin(2 * math.pi * f * u) + 0.3 * math.sin(4 * math.pi * f * u)) * _env(u, 0.005, decay)
        return total * 0.45
    return s


def victory() -> array.array:
    """The game won on flags alone (no Breakthrough named): a rising arpeggio that rings out."""
    notes = [(0.0, 392.0), (0.14, 523.25), (0.28, 659.25), (0.42, 783.99), (0.62, 1046.5)]
    return _render(2.0, _bell(notes, 0.5), 0.7)


def defeat() -> array.array:
    """The game lost at this screen: a low, quiet falling phrase on a muted string, and one soft drum."""
    skin = _lowpass(_noise(9, 0.2), 0.5)
    notes = [(0.0, 220.0), (0.45, 196.0), (0.9, 174.61), (1.35, 164.81)]

    def s(t: float) -> float:
        v = 0.0
        for start, f in notes:
            u = t - start
            if u >= 0:
                v += (math.sin(2 * math.pi * f * u) + 0.2 * math.sin(4 * math.pi * f * u)) * _env(u, 0.03, 0.45)
        return 0.5 * v + 0.4 * _drum(t - 1.35, 58, skin)
    return _render(2.6, s, 0.45)


#: D Dorian, low to high: the lyre's melody walks over these
SCALE = [146.83, 164.81, 174.61, 196.0, 220.0, 246.94, 261.63, 293.66, 329.63, 349.23, 392.0]


def music() -> array.array:
    """A quiet, looping bed, 24 seconds: a drone with six slow chords, a lyre melody that wanders
    (seeded, so it differs bar to bar but not run to run) and a soft frame-drum pulse; seamless at the loop."""
    bar = 4.0
    chords = [(73.42, 110.0, 146.83), (65.41, 98.0, 130.81), (87.31, 130.81, 174.61), (73.42, 110.0, 146.83),
              (58.27, 87.31, 116.54), (65.41, 98.0, 130.81)]
    rng = random.Random(35)
    melody: list[tuple[float, float]] = []
    step = 5
    for b in range(len(chords)):
        for beat in range(8):  # eighths at 120/min, some left out
            if rng.random() < (0.55 if beat % 2 == 0 else 0.25):
                step = max(0, min(len(SCALE) - 1, step + rng.choice((-2, -1, -1, 1, 1, 2))))
                melody.append((b * bar + beat * 0.5, SCALE[step]))
    skin = _lowpass(_noise(10, 0.2), 0.4)
    length = bar * len(chords)

    def s(t: float) -> float:
        k = int(t // bar) % len(chords)
        u = t - k * bar
        swell = 0.55 + 0.45 * math.sin(math.pi * u / bar) ** 2
        pad = sum(math.sin(2 * math.pi * f * t) + 0.15 * math.sin(4 * math.pi * f * t) for f in chords[k]) / 3.5
        lyre = 0.0
        for start, f in melody:
            d = t - start
            if 0 <= d < 1.2:
                lyre += (math.sin(2 * math.pi * f * d) + 0.3 * math.sin(4 * math.pi * f * d)) * _env(d, 0.004, 0.3)
        pulse = 0.0
        for hit in (0.0, 1.5, 2.0):  # DUM . . da DUM . . .
            pulse += _drum(u - hit, 62 if hit != 1.5 else 80, skin) * (0.35 if hit != 1.5 else 0.18)
        fade = min(1.0, t / 0.05, (length - t) / 0.05)
        return (pad * swell * 0.8 + lyre * 0.45 + pulse) * fade
    return _render(length, s, 0.3, MUSIC_RATE)


SOUNDS: dict[str, Callable[[], array.array]] = {
    "play": card_play, "draw": card_draw, "shuffle": shuffle, "claim": claim, "refuse": refuse, "horn": horn,
    "victory": victory, "defeat": defeat, "music": music,
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
