"""Easing and simple timed tweens. The model changes at once; these only move the picture."""

from __future__ import annotations

import math

from game.ui import theme


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[int, int]:
    return round(lerp(a[0], b[0], t)), round(lerp(a[1], b[1], t))


def pulse(clock: float, period: float = 1.4) -> float:
    """0..1..0 smoothly, for glows that breathe (held steady under the theme's reduced motion)."""
    if theme.current().still:
        return 1.0
    return 0.5 - 0.5 * math.cos(2 * math.pi * clock / period)


def shake(t: float, amplitude: float = 14.0) -> int:
    """Horizontal offset of a refusal shake at progress t (0..1)."""
    return round(math.sin(t * math.pi * 6) * amplitude * (1 - t))
