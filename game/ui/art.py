"""The house palette and the shared drawing of backdrops, panels, buttons and glows.

Everything here is drawn by code and cached by size, so a frame is mostly blits.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

INK = (34, 30, 26)
PAPER = (244, 236, 216)
CREAM = (240, 236, 224)
MUTED = (178, 184, 170)
GOLD = (232, 190, 92)
GOLD_DARK = (150, 112, 40)
FELT = (28, 58, 48)
FELT_DARK = (16, 36, 30)
NIGHT = (18, 22, 30)
PANEL = (20, 28, 26)
HILITE = (255, 214, 102)
GOOD = (120, 220, 140)
BAD = (240, 110, 96)
CYAN = (110, 210, 230)
#: seat colours: the bottom player is always warm, the top one cool, so sides are told apart at a glance
SEAT_TINT = {"bottom": (222, 168, 84), "top": (120, 170, 220)}
PANEL_MIN_ALPHA = 0  # high contrast raises it: panels go opaque so no busy table shows through text


@lru_cache(maxsize=8)
def backdrop(size: tuple[int, int], seed: int = 3, base: tuple[int, int, int] = FELT) -> pygame.Surface:
    """A felt table: a soft vignette gradient with faint woven speckle."""
    w, h = size
    surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
    cx, cy = w / 2, h / 2
    maxd = math.hypot(cx, cy)
    small = pygame.Surface((96, 54))
    for y in range(54):
        for x in range(96):
            d = math.hypot((x + 0.5) * w / 96 - cx, (y + 0.5) * h / 54 - cy) / maxd
            k = 1.08 - 0.55 * d * d
            small.set_at((x, y), tuple(max(0, min(255, int(c * k))) for c in base))
    pygame.transform.smoothscale(small, size, surf)
    rng = random.Random(seed)
    speck = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(w * h // 900):
        x, y = rng.randrange(w), rng.randrange(h)
        a = rng.randrange(6, 18)
        speck.fill((255, 255, 255, a) if rng.random() < 0.5 else (0, 0, 0, a), (x, y, 2, 2))
    surf.blit(speck, (0, 0))
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 200, border: tuple[int, int, int] | None = None,
          radius: int = 18, fill: tuple[int, int, int] = PANEL) -> None:
    """A translucent rounded panel; the translucent fill is cached per size."""
    alpha = max(alpha, PANEL_MIN_ALPHA)
    surface.blit(_panel_fill(rect.size, alpha, radius, fill), rect.topleft)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 3, border_radius=radius)


@lru_cache(maxsize=128)
def _panel_fill(size: tuple[int, int], alpha: int, radius: int, fill: tuple[int, int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*fill, alpha), s.get_rect(), border_radius=radius)
    return s


@lru_cache(maxsize=64)
def glow(size: tuple[int, int], colour: tuple[int, int, int], spread: int = 18, radius: int = 16) -> pygame.Surface:
    """A soft halo around a rectangle of `size`, drawn once and blitted with varying alpha."""
    w, h = size[0] + spread * 2, size[1] + spread * 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = spread // 2
    for i in range(steps):
        a = int(120 * (i + 1) / steps) // 2
        inset = spread - i * 2
        pygame.draw.rect(s, (*colour, a), (spread - inset, spread - inset, size[0] + inset * 2, size[1] + inset * 2),
                         4, border_radius=radius + inset)
    pygame.draw.rect(s, (*colour, 230), (spread - 3, spread - 3, size[0] + 6, size[1] + 6), 4,
                     border_radius=radius + 2)
    return s


def blit_glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], strength: float = 1.0,
              spread: int = 18, radius: int = 16) -> None:
    img = glow(rect.size, colour, spread, radius)
    img.set_alpha(int(255 * max(0.0, min(1.0, strength))))
    surface.blit(img, (rect.x - spread, rect.y - spread))


@lru_cache(maxsize=32)
def shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s
