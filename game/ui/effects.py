"""The end of a game as a moment: laurels and light for a triumph, fewer laurels for another win, and a
still dusk over the board for a game lost at this screen (`dusk`, drawn without animation).

A `Finale` has the interface the board's animator expects of its end effect (`done`, `draw`), so it
replaces the old confetti. Sprites (leaves at eight angles, the ray fan) are drawn once and cached;
a frame blits at most about a hundred small images.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.ui import art

#: kinds of celebrated ending: a Breakthrough or an Envelopment, and another win
KINDS = ("triumph", "win")
LEAF_COLOURS = ((92, 140, 64), (120, 160, 72), (232, 190, 92), (200, 160, 70))


@lru_cache(maxsize=64)
def leaf(colour: int, angle: int) -> pygame.Surface:
    """A laurel leaf (one of LEAF_COLOURS) turned by `angle` eighths of a half turn."""
    s = pygame.Surface((26, 12), pygame.SRCALPHA)
    c = LEAF_COLOURS[colour]
    pygame.draw.ellipse(s, c, (0, 1, 26, 10))
    pygame.draw.line(s, tuple(int(v * 0.6) for v in c), (2, 6), (24, 6), 1)
    return pygame.transform.rotate(s, angle * 22.5)


@lru_cache(maxsize=4)
def rays(radius: int, hilite: art.Colour) -> pygame.Surface:
    """A fan of soft gold rays around a point, for the standards of a triumph (in the theme's `hilite`)."""
    s = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    for i in range(16):
        a0, a1 = i * math.pi / 8, i * math.pi / 8 + math.pi / 20
        pygame.draw.polygon(s, (*hilite, 46), [(radius, radius),
                                                  (radius + radius * math.cos(a0), radius + radius * math.sin(a0)),
                                                  (radius + radius * math.cos(a1), radius + radius * math.sin(a1))])
    pygame.draw.circle(s, (*hilite, 40), (radius, radius), radius // 3)
    return s


@dataclass
class Finale:
    """The end effect that starts at `start`: leaves fall and rays shine for a triumph; fewer leaves for
    another win."""

    start: float
    kind: str = "win"
    duration: float = 4.5
    bits: list[tuple[float, float, float, float, int, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        rng = random.Random(35)
        count = {"triumph": 110, "win": 50}[self.kind]
        for _ in range(count):  # x, y0, fall speed, sway, colour, spin
            self.bits.append((rng.uniform(0, 1920), rng.uniform(-700, -20), rng.uniform(130, 260),
                              rng.uniform(20, 60), rng.randrange(len(LEAF_COLOURS)), rng.uniform(1.0, 3.0)))

    def done(self, now: float) -> bool:
        return now >= self.start + self.duration

    def draw(self, surface: pygame.Surface, now: float, anchors: Sequence[pygame.Rect] = ()) -> None:
        t = now - self.start
        if t < 0:
            return
        if self.kind == "triumph":
            glow = rays(130, art.HILITE)
            glow.set_alpha(int(255 * min(1.0, t / 0.6) * max(0.0, min(1.0, (self.duration - t) / 1.0))))
            for r in anchors:
                surface.blit(glow, glow.get_rect(center=r.center))
        for x, y, vy, sway, colour, spin in self.bits:
            py = y + vy * t
            if -20 <= py <= 1090:
                px = x + sway * math.sin(t * spin + x)
                img = leaf(colour, int(t * spin * 4 + x) % 8)
                surface.blit(img, (px, py))


def finale_kind(how: str | None) -> str:
    """Which celebration a won game gets."""
    return "triumph" if how in ("breakthrough", "envelopment") else "win"


def dusk(surface: pygame.Surface) -> None:
    """A game lost at this screen: the board dimmed a little, once, with nothing moving."""
    surface.blit(art.shade(surface.get_size(), 70), (0, 0))


def claim_ring(surface: pygame.Surface, center: tuple[int, int], progress: float) -> None:
    """The moment a flag is won: a gold ring spreading from its standard and fading (progress 0..1)."""
    if not 0 <= progress < 1:
        return
    radius = int(36 + 70 * progress)
    ring = _ring(radius, art.HILITE)
    ring.set_alpha(int(220 * (1 - progress) ** 1.5))
    surface.blit(ring, ring.get_rect(center=center))


@lru_cache(maxsize=128)
def _ring(radius: int, hilite: art.Colour) -> pygame.Surface:
    s = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
    pygame.draw.circle(s, (*hilite, 255), (radius + 2, radius + 2), radius, 4)
    pygame.draw.circle(s, (*hilite, 90), (radius + 2, radius + 2), max(1, radius - 8), 3)
    return s
