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


def _resonance(values: list[float], hz: float, q: float) -> list[float]:
    """A band-pass biquad (RBJ's constant peak gain form): the narrow ring of a sheet of card at `hz`."""
    w0 = 2 * math.pi * hz / RATE
    alpha = math.sin(w0) / (2 * q)
    a0 = 1 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2 * math.cos(w0) / a0, (1 - alpha) / a0
    out = [0.0] * len(values)
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(values):
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        out[i] = y
        x2, x1, y2, y1 = x1, x, y1, y
    return out


def _grain(seed: int, seconds: float, hz: float) -> list[float]:
    """Paper's friction is not a steady hiss: it sticks and slips. A slowly wandering, never negative level
    (rectified noise smoothed to below `hz`), squared so the loud grains stand out from the quiet ones."""
    smooth = _lowpass([abs(v) for v in _noise(seed, seconds)], 2 * math.pi * hz / RATE)
    top = max(smooth) or 1.0
    return [(v / top) ** 2 for v in smooth]


def _rub(seed: int, seconds: float, hz: float, q: float = 1.6) -> list[float]:
    """Card rubbing on card or cloth: noise rung through the sheet's resonance at `hz`, its level grained."""
    ring = _lowpass(_resonance(_resonance(_noise(seed, seconds), hz, q), hz * 1.4, q), 0.6)  # little above 8 kHz
    grain = _grain(seed + 100, seconds, 60.0)
    top = max(abs(v) for v in ring) or 1.0
    return [v / top * (0.25 + g) for v, g in zip(ring, grain, strict=True)]


def _crackle(seed: int, seconds: float, density: Callable[[float], float], most: float, low: float = 2400.0,
             high: float = 7000.0) -> list[float]:
    """Paper's crackle: hundreds of tiny separate ticks (each a fibre or an edge letting go: a damped ring
    between `low` and `high` Hz, dying in a millisecond or so), at random moments `density(t)` per second (never
    more than `most`),
    most faint and a few loud. This is what a spectrogram shows for paper: grains, not a smooth band."""
    n = int(seconds * RATE) + 1
    out = [0.0] * n
    rng = random.Random(seed)
    t = 0.0
    while True:  # a Poisson process thinned from `most` per second down to density(t)
        t += rng.expovariate(most)
        if t >= seconds:
            break
        if rng.random() * most > density(t):
            continue
        hz = math.exp(rng.uniform(math.log(low), math.log(high)))
        decay = rng.uniform(0.0006, 0.0018)
        level = min(2.5, rng.paretovariate(2.2) - 0.6) * (1 if rng.random() < 0.5 else -1)
        start = int(t * RATE)
        for k in range(min(n - start, int(decay * 10 * RATE))):
            u = k / RATE
            rise = math.sin(0.5 * math.pi * min(1.0, u / 0.00025))
            out[start + k] += level * rise * math.sin(2 * math.pi * hz * u) * math.exp(-u / decay)
    return out


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


def _roomed(seconds: float, signal: Signal, mix: float, cut_db: float = 0.0) -> array.array:
    """`signal` sampled, put in the room, its tallest peaks taken down by up to `cut_db`, then faded and
    levelled as _render does."""
    n = int(seconds * RATE)
    dry = [signal(i / RATE) for i in range(n)]
    wet = _room(dry, mix)
    if cut_db:
        wet = _limit(wet, cut_db)
    return _render(seconds, lambda t: wet[min(n - 1, round(t * RATE))], 1.0)


def _limit(values: list[float], cut_db: float, block: int = 66) -> list[float]:
    """Paper's loudest ticks stand far above the rest (a crest of 9 to 10): bring them down by up to `cut_db`
    so the whole sound can be levelled up by as much and be heard over the music. Each 1.5 ms block gets the
    gain its tallest sample and its neighbours' need, glides to it from the block before and recovers over
    about 10 ms, so the gain never steps (no click) and no sample passes the ceiling."""
    ceiling = max(abs(v) for v in values) * 10 ** (-cut_db / 20) or 1.0
    need = [min(1.0, ceiling / (max(abs(v) for v in values[i:i + block]) or ceiling))
            for i in range(0, len(values), block)]
    near = [min(need[max(0, k - 1):k + 2]) for k in range(len(need))]
    gain, gains = 1.0, []
    for want in near:
        gain = min(want, gain + (1 - gain) * 0.15)
        gains.append(gain)
    out = []
    for i, v in enumerate(values):
        at = max(0.0, i / block - 0.5)
        k = min(len(gains) - 1, int(at))
        t = min(1.0, at - k)
        out.append(v * (gains[k] + (gains[min(len(gains) - 1, k + 1)] - gains[k]) * t))
    return out


#: a table top: a low boom and a few wooden partials, what gives a card laid down its weight
TABLE = ((118.0, 0.09, 1.0), (243.0, 0.06, 0.55), (612.0, 0.025, 0.3), (1480.0, 0.01, 0.18))


def card_play() -> array.array:
    """A card slid across the cloth and laid down: the card's face rubs the cloth (a grained rustle rung at the
    card's own pitch, ticking as fibres catch), then it lands: a flap of air and paper, a spray of crackle
    as the edge settles, and a light knock of the table under it."""
    seconds = 0.45
    rub = _rub(1, seconds, 3200.0)
    down = 0.1
    ticks = _crackle(11, seconds, lambda t: 700 * math.sin(math.pi * min(1.0, t / down)) if t < down else
                     2400 * math.exp(-(t - down) / 0.02), 2500)
    flap = _resonance(_lowpass(_noise(21, seconds), 0.35), 1400.0, 0.9)
    top = max(abs(v) for v in flap) or 1.0

    def s(t: float) -> float:
        i = int(t * RATE)
        v = rub[i] * math.sin(math.pi * min(1.0, t / (down + 0.01))) ** 2 * 0.5 if t < down + 0.01 else 0.0
        v += ticks[i] * 0.22
        u = t - down
        if u >= 0:
            v += flap[i] / top * min(1.0, u / 0.002) * math.exp(-u / 0.009) * 0.9 + _body(u, TABLE) * 0.35
        return v
    return _roomed(seconds, s, 0.16, 6.0)


def card_draw() -> array.array:
    """A card drawn off the deck: its back rubs the next card's face, the rustle climbing in pitch as it
    speeds up (two rungs of the sheet crossfading), crackle thickening, and a dry flick as it comes free."""
    seconds = 0.42
    low, high = _rub(2, seconds, 2300.0), _rub(12, seconds, 4600.0)
    free = 0.24
    ticks = _crackle(22, seconds, lambda t: 300 + 1500 * min(1.0, t / free) if t < free else
                     4000 * math.exp(-(t - free) / 0.012), 4000, 3000.0, 8000.0)

    def s(t: float) -> float:
        i = int(t * RATE)
        shape = math.sin(math.pi * min(1.0, t / (free + 0.03))) ** 2 if t < free + 0.03 else 0.0
        bright = min(1.0, t / free)
        v = (low[i] * (1.0 - bright) + high[i] * bright) * shape * 0.6
        return v + ticks[i] * 0.25
    return _roomed(seconds, s, 0.12, 6.0)


def shuffle() -> array.array:
    """A deck riffled and bridged: about thirty flicks of card corners letting go, quickening (each a short
    cluster of paper ticks rung at the card's pitch), over the rustle of the halves; the bridge's cascade as
    a thick spray of crackle; the deck squared with two taps on the table."""
    seconds = 1.6
    rng = random.Random(5)
    flicks, t = [], 0.03
    while t < 0.8:
        flicks.append(t)
        t += 0.034 - 0.022 * (t / 0.8) + rng.uniform(-0.004, 0.004)

    def density(t: float) -> float:
        near = sum(math.exp(-((t - f) / 0.0015) ** 2) for f in flicks if abs(t - f) < 0.01)
        cascade = math.sin(math.pi * (t - 0.8) / 0.4) ** 2 if 0.8 < t < 1.2 else 0.0
        squared = sum(math.exp(-((t - at - 0.002) / 0.003) ** 2) for at in taps)  # the edges meet the table
        return (150 if t < 1.2 else 0) + 9000 * near + 5000 * cascade + 6000 * squared
    taps = (1.26, 1.38)
    ticks = _crackle(3, seconds, density, 9200, 2000.0, 7500.0)
    rub = _rub(4, seconds, 2800.0)

    def s(t: float) -> float:
        i = int(t * RATE)
        v = ticks[i] * 0.3
        if t < 1.2:
            v += rub[i] * math.sin(math.pi * min(1.0, t / 1.2)) ** 2 * 0.35
        for k, at in enumerate(taps):
            v += _body(t - at, TABLE, 0.003) * (0.45 - 0.15 * k)
        return v
    return _roomed(seconds, s, 0.16, 6.0)


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
