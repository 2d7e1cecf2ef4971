"""Materials made by code: paper grain for card faces, a woven cloth for panels, a gilt moulding drawn as a
nine-slice for framed panels, and a wooden rim for the hand's tray.

Each texture is generated from a seeded random field the first time it is asked for and cached per size, so a
frame only blits it. Nothing is read from disk: the project owns every pixel (assets/CREDITS.md). High contrast
draws none of them (plain panels and faces read best there).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]
GRAIN = 96  # the side of the tiles that repeat: large enough that no pattern is seen on a card


@lru_cache(maxsize=8)
def _field(side: int, cells: int, seed: int) -> pygame.Surface:
    """A smooth random field of greys around 128 that tiles without a seam: `cells` random values a side,
    laid 3 x 3, smoothly scaled up, and the middle copy cut out (its edges were smoothed into its neighbours)."""
    rng = random.Random(seed)
    small = pygame.Surface((cells, cells))
    for x in range(cells):
        for y in range(cells):
            v = rng.randint(0, 255)
            small.set_at((x, y), (v, v, v))
    wrapped = pygame.Surface((3 * cells, 3 * cells))
    for i in range(3):
        for j in range(3):
            wrapped.blit(small, (i * cells, j * cells))
    big = pygame.transform.smoothscale(wrapped, (3 * side, 3 * side))
    return big.subsurface((side, side, side, side)).copy()


@lru_cache(maxsize=4)
def _grain_tile(seed: int, strength: int) -> pygame.Surface:
    """A tile to multiply a face by: broad mottling and fine fibres, from 255 - `strength` to white (x 255/255):
    a face never darkens by more than `strength` levels, so no colour drifts toward another's (a green card's
    shade must never pass for Fog's ground)."""
    tile = pygame.Surface((GRAIN, GRAIN))
    broad = _field(GRAIN, 6, seed)
    fine = _field(GRAIN, 48, seed + 1)
    rng = random.Random(seed + 2)
    for x in range(GRAIN):
        for y in range(GRAIN):
            b = broad.get_at((x, y))[0] - 128
            f = fine.get_at((x, y))[0] - 128
            v = 255 - strength // 2 + round((b * 0.6 + f * 0.4) * strength / 256)
            tile.set_at((x, y), (v, v, max(0, v - 2)))
    for _ in range(GRAIN // 2):  # a few longer fibres
        x, y = rng.randrange(GRAIN), rng.randrange(GRAIN)
        a = rng.uniform(0, math.pi)
        n = rng.randint(4, 10)
        v = 255 - strength
        pygame.draw.line(tile, (v, v, v), (x, y), (x + n * math.cos(a), y + n * math.sin(a)))
    return tile


def grain(surface: pygame.Surface, strength: int = 8, seed: int = 7, rect: pygame.Rect | None = None) -> None:
    """Multiply `surface` (or `rect` of it) by paper grain, `strength` levels of 255 deep; its alpha is kept."""
    area = surface.get_rect() if rect is None else rect
    tile = _grain_tile(seed, strength)
    layer = pygame.Surface(area.size, pygame.SRCALPHA)
    for x in range(0, area.width, GRAIN):
        for y in range(0, area.height, GRAIN):
            layer.blit(tile, (x, y))
    layer.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)  # opaque, so alpha stays the face's own
    surface.blit(layer, area.topleft, special_flags=pygame.BLEND_RGBA_MULT)


def bevel(surface: pygame.Surface, rect: pygame.Rect, radius: int, light: int = 60, dark: int = 60) -> None:
    """A raised edge inside `rect`: a light line along the top and left, a shadow along the bottom and right."""
    lit = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(lit, (255, 255, 255, light), lit.get_rect(), 2, border_radius=radius)
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, dark), shadow.get_rect(), 2, border_radius=radius)
    w, h = rect.size
    cut = pygame.Surface(rect.size, pygame.SRCALPHA)  # keep the light's top-left half, the shadow's other half
    pygame.draw.polygon(cut, (255, 255, 255, 255), [(0, 0), (w, 0), (w - h * 0.2, h * 0.2), (0, h)])
    lit.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    cut.fill((0, 0, 0, 0))
    pygame.draw.polygon(cut, (255, 255, 255, 255), [(w, 0), (w, h), (0, h), (w - h * 0.2, h * 0.2)])
    shadow.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(lit, rect.topleft)
    surface.blit(shadow, rect.topleft)


@lru_cache(maxsize=4)
def _weave_tile(seed: int) -> pygame.Surface:
    """Cloth: light weft threads across, darker warp threads down, each thread a little heavier or lighter
    than the next (slubs), as an alpha layer of light and dark over the panel's fill."""
    tile = pygame.Surface((GRAIN, GRAIN), pygame.SRCALPHA)
    rng = random.Random(seed)
    weft = [rng.randint(3, 9) for _ in range(GRAIN // 3)]
    warp = [rng.randint(3, 9) for _ in range(GRAIN // 3)]
    for x in range(GRAIN):
        for y in range(GRAIN):
            v = (weft[y // 3] if y % 3 == 0 else 0) - (warp[x // 3] if x % 3 == 1 else 0)
            tile.set_at((x, y), (255, 255, 255, v) if v > 0 else (0, 0, 0, -v))
    return tile


@lru_cache(maxsize=8)
def cloth(size: tuple[int, int], seed: int = 11) -> pygame.Surface:
    """A woven texture of `size` to lay over a panel's fill (mostly transparent)."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    tile = _weave_tile(seed)
    for x in range(0, size[0], GRAIN):
        for y in range(0, size[1], GRAIN):
            out.blit(tile, (x, y))
    return out


MOULDING = 10  # the gilt frame's width: the nine-slice's corner and edge size (text sits 14 px in)


@lru_cache(maxsize=4)
def _moulding(edge: Colour) -> pygame.Surface:
    """The nine-slice source: a gilt moulding (a bright bead, a dark cove, a fine inner line) round a clear
    middle, 3 x MOULDING a side; its corners are rounded."""
    side = 3 * MOULDING
    src = pygame.Surface((side, side), pygame.SRCALPHA)
    r = src.get_rect()
    dark = tuple(max(0, int(c * 0.4)) for c in edge)
    light = tuple(min(255, int(c * 1.2) + 30) for c in edge)
    pygame.draw.rect(src, (*dark, 230), r, MOULDING - 2, border_radius=MOULDING + 4)  # the cove
    pygame.draw.rect(src, (*edge, 255), r, 3, border_radius=MOULDING + 4)  # the outer bead
    pygame.draw.rect(src, (*light, 170), r.inflate(-2, -2), 1, border_radius=MOULDING + 3)  # light on the bead
    pygame.draw.rect(src, (*edge, 200), r.inflate(-2 * MOULDING + 6, -2 * MOULDING + 6), 1,
                     border_radius=6)  # the fine inner line
    grain(src, 18, seed=5)
    return src


@lru_cache(maxsize=16)
def framed(size: tuple[int, int], edge: Colour) -> pygame.Surface:
    """A frame of `size` cut from the moulding as a nine-slice: corners kept, edges stretched, middle clear."""
    src = _moulding(edge)
    m, w, h = MOULDING, size[0], size[1]
    out = pygame.Surface(size, pygame.SRCALPHA)
    if w < 2 * m or h < 2 * m:
        return out
    cuts = ((0, m), (m, m), (2 * m, m))
    for sx, sw in cuts:
        for sy, sh in cuts:
            dw = w - 2 * m if sx == m else m
            dh = h - 2 * m if sy == m else m
            if sx == m and sy == m:
                continue  # the middle stays clear: the panel's cloth shows there
            piece = src.subsurface((sx, sy, sw, sh))
            if (dw, dh) != (sw, sh):
                piece = pygame.transform.scale(piece, (dw, dh))
            dx = 0 if sx == 0 else (m if sx == m else w - m)
            dy = 0 if sy == 0 else (m if sy == m else h - m)
            out.blit(piece, (dx, dy))
    return out


@lru_cache(maxsize=8)
def wood(size: tuple[int, int], seed: int = 21) -> pygame.Surface:
    """Walnut: long grain lines that wander, over a warm brown that varies along them."""
    w, h = size
    base = pygame.transform.smoothscale(_field(64, 8, seed), (w, h))
    out = pygame.Surface(size)
    out.fill((92, 58, 32))
    shade = base.copy()
    shade.fill((200, 190, 180), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.fill((40, 24, 12), special_flags=pygame.BLEND_RGB_ADD)
    rng = random.Random(seed)
    for k in range(h // 3):
        y0 = rng.uniform(0, h)
        amp, freq, phase = rng.uniform(1, 4), rng.uniform(0.004, 0.012), rng.uniform(0, 6.3)
        tone = rng.choice(((58, 34, 18), (120, 80, 46), (70, 42, 22)))
        pts = [(x, y0 + amp * math.sin(x * freq * 2 * math.pi + phase)) for x in range(0, w + 24, 24)]
        if len(pts) > 1:
            pygame.draw.lines(out, tone, False, pts, 1 if k % 3 else 2)
    return out
