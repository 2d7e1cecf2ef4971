"""Hearing a click in a sound file without ears: a step in the wave, or a sound cut off instead of dying away.

A click is a discontinuity: one sample jumps where the sound around it moves smoothly. The second difference
of the wave (x[i] - 2 x[i-1] + x[i-2]) is small and even for tones and noise alike, and an isolated spike where
the wave steps; `step_ratio` is the largest spike over the RMS of the 10 ms around it. A cut shows in the
envelope: `sudden_drop` is the largest fall, in dB, over 10 ms from a level above -30 dBFS (a hit dies away over
tens of milliseconds; a stopped note falls at once).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

FULL = 32767.0
STEP_LIMIT = 10.0  # spikes over the surrounding RMS: tones and noise stay under 8, a step of -44 dBFS is 13+
DROP_LIMIT = 30.0  # dB in 10 ms: a knock dying over 5 ms falls 17 dB in that time, a cut sound 60 and more
EDGE = 0.01  # a sound starts and ends within 1 % of full scale of silence: the mixer joins it to silence


def step_ratio(x: Sequence[int], half: int = 220, floor: int = 300) -> tuple[float, int]:
    """(the largest spike of the second difference over the RMS of the 2 x `half` samples around it, where)."""
    d2 = [x[i] - 2 * x[i - 1] + x[i - 2] for i in range(2, len(x))]
    sums = [0.0]
    for v in d2:
        sums.append(sums[-1] + v * v)
    worst = (0.0, 0)
    for i, v in enumerate(d2):
        if abs(v) < floor:  # -40 dBFS: nothing quieter is heard as a click over the sound around it
            continue
        lo, hi = max(0, i - half), min(len(d2), i + half)
        near = range(max(lo, i - 2), min(hi, i + 3))
        rest = sums[hi] - sums[lo] - sum(d2[j] * d2[j] for j in near)
        rms = math.sqrt(rest / max(1, hi - lo - len(near))) or 1.0
        if abs(v) / rms > worst[0]:
            worst = (abs(v) / rms, i + 2)
    return worst


def sudden_drop(x: Sequence[int], window: int = 441, hop: int = 88) -> float:
    """The largest fall of the envelope (RMS over 10 ms windows, long enough for a low D's period) from one
    window to the next that does not overlap it, from above -30 dBFS."""
    levels = []
    for k in range(0, len(x) - window, hop):
        power = sum(v * v for v in x[k:k + window]) / window
        levels.append(10 * math.log10(max(power, 1e-12) / FULL ** 2))
    ahead = window // hop
    return max((levels[k] - levels[k + ahead] for k in range(len(levels) - ahead) if levels[k] > -30), default=0.0)


def clicks(x: Sequence[int], ends: bool = True) -> list[str]:
    """What in `x` would be heard as a click; none: []. `ends`: it must start and end at silence (not a loop,
    whose end joins its start)."""
    out = []
    ratio, at = step_ratio(x)
    if ratio > STEP_LIMIT:
        out.append(f"a step in the wave at sample {at} ({ratio:.1f} times the sound around it)")
    drop = sudden_drop(x)
    if drop > DROP_LIMIT:
        out.append(f"cut off: the sound falls {drop:.0f} dB in 10 ms")
    if ends and (abs(x[0]) > EDGE * FULL or abs(x[-1]) > EDGE * FULL):
        out.append(f"starts or ends away from silence ({x[0]}, {x[-1]})")
    return out
