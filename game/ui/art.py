"""The house palette and the shared drawing of backdrops, panels, buttons and glows.

Everything here is drawn by code and cached by size, so a frame is mostly blits. The colours high
contrast changes (CREAM, MUTED, PAPER, PANEL, NIGHT, HILITE, GOOD, BAD) are the theme's
(game.ui.theme): `art.CREAM` is looked up in the theme being drawn with each time it is read.
"""

from __future__ import annotations

import sys
import types
from functools import lru_cache

import pygame

from game.ui import material, theme

Colour = tuple[int, int, int]
INK = (34, 30, 26)
GOLD = (232, 190, 92)
GOLD_DARK = (150, 112, 40)
FELT = (28, 58, 48)
#: seat colours: the bottom player is always warm, the top one cool, so sides are told apart at a glance
SEAT_TINT = {"bottom": (222, 168, 84), "top": (120, 170, 220)}
#: each seat's colour for a whole game: south amber, north and west blue, east silver (apart in lightness
#: from both, so it stays apart under every common colour blindness)
SEAT_COLOURS = {"south": SEAT_TINT["bottom"], "north": SEAT_TINT["top"], "west": SEAT_TINT["top"],
                "east": (228, 228, 222)}

#: the colours high contrast changes: declared here, read from the current theme on each use (below)
CREAM: Colour
MUTED: Colour
PAPER: Colour
PANEL: Colour
NIGHT: Colour
HILITE: Colour
GOOD: Colour
BAD: Colour


class _ThemedModule(types.ModuleType):
    """This module's type: CREAM, MUTED, PAPER, PANEL, NIGHT, HILITE, GOOD and BAD are properties that
    read the current theme (game.ui.theme.current) each time, so nothing keeps the colour of import time."""


def _themed(field: str) -> property:
    return property(lambda _module: getattr(theme.current(), field), doc=f"the current theme's {field}")


for _name, _field in theme.PALETTE.items():
    setattr(_ThemedModule, _name, _themed(_field))
del _name, _field
sys.modules[__name__].__class__ = _ThemedModule


@lru_cache(maxsize=8)
def backdrop(size: tuple[int, int], seed: int = 3, base: tuple[int, int, int] = FELT) -> pygame.Surface:
    """The field seen from above (game.ui.battlefield), its grass tinted to average `base`: the day
    field behind the title and the board, a night field behind the menus."""
    from game.ui import battlefield

    field = battlefield.terrain(size, None, seed).copy()
    tint = tuple(min(255, round(b * 255 / g)) for b, g in zip(base, battlefield.GRASS, strict=True))
    field.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
    return field.convert() if pygame.display.get_surface() else field


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 200, border: tuple[int, int, int] | None = None,
          radius: int = 18, fill: tuple[int, int, int] | None = None) -> None:
    """A translucent rounded panel of woven cloth (the theme's panel colour unless `fill` names one; opaque
    and plain in high contrast), framed when it has a `border`; composed once per size and look."""
    look = theme.current()
    alpha = max(alpha, look.panel_min_alpha)
    fill = look.panel if fill is None else fill
    surface.blit(_panel_picture(rect.size, alpha, radius, fill, border, look.high_contrast), rect.topleft)


@lru_cache(maxsize=32)
def _panel_picture(size: tuple[int, int], alpha: int, radius: int, fill: Colour, border: Colour | None,
                   plain: bool) -> pygame.Surface:
    """The whole panel composed once per size and look, shown with one blit a frame: its fill, its woven cloth
    and, with a `border`, a gilt moulding in that colour (game.ui.material's nine-slice); `plain` (high
    contrast): the fill and a hard line only."""
    out = _panel_fill(size, alpha, radius, fill).copy()
    if not plain:
        out.blit(_panel_cloth(size, radius), (0, 0))
    if border is not None and plain:
        pygame.draw.rect(out, border, out.get_rect(), 3, border_radius=radius)
    elif border is not None:
        out.blit(material.framed(size, border), (0, 0))
    return out


@lru_cache(maxsize=8)
def _panel_cloth(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The panel's woven cloth, cut to its rounded shape."""
    cloth = material.cloth(size).copy()
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return cloth


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


@lru_cache(maxsize=64)
def _plaque(size: tuple[int, int], state: str, hilite: Colour) -> pygame.Surface:
    """A bronze-edged plaque: darker at the bottom, a fine inner line; lit when focused, sunk when pressed."""
    h = size[1]
    s = pygame.Surface(size, pygame.SRCALPHA)
    top, bottom = {"idle": ((40, 44, 40), (22, 26, 24)), "focus": ((78, 66, 38), (40, 32, 18)),
                   "pressed": ((30, 26, 16), (52, 44, 26)), "disabled": ((30, 32, 32), (24, 26, 26))}[state]
    alpha = 150 if state == "disabled" else 235
    band = pygame.Surface((1, 8), pygame.SRCALPHA)
    for y in range(8):
        k = y / 7
        band.set_at((0, y), (*(round(a + (b - a) * k) for a, b in zip(top, bottom, strict=True)), alpha))
    fill = pygame.transform.smoothscale(band, size)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    radius = min(14, h // 3)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(fill, (0, 0))
    edge = {"idle": GOLD_DARK, "focus": hilite, "pressed": GOLD, "disabled": (70, 72, 70)}[state]
    pygame.draw.rect(s, edge, s.get_rect(), 3 if state in ("focus", "pressed") else 2, border_radius=radius)
    inner = s.get_rect().inflate(-10, -10)
    pygame.draw.rect(s, (*edge, 70), inner, 1, border_radius=max(2, radius - 4))
    return s


def plaque(surface: pygame.Surface, rect: pygame.Rect, state: str = "idle", points: bool = True) -> pygame.Rect:
    """A button in one of four states (idle, focus, pressed, disabled); returns where its label goes
    (a pressed plaque sinks a little). `points`: spear points either side of a focused one (menus)."""
    r = rect.move(0, 3) if state == "pressed" else rect
    hilite = theme.current().hilite
    if state in ("focus", "pressed"):
        blit_glow(surface, r, hilite, 0.35 if state == "focus" else 0.15, spread=10, radius=14)
    surface.blit(_plaque(rect.size, state, hilite), r.topleft)
    if points and state in ("focus", "pressed"):  # spear points either side, pointing at the chosen row
        cy = r.centery
        for x, d in ((r.x - 22, 1), (r.right + 22, -1)):
            pygame.draw.polygon(surface, hilite, [(x, cy - 8), (x + d * 16, cy), (x, cy + 8), (x + d * 5, cy)])
    return r


def ornament(surface: pygame.Surface, center: tuple[int, int], width: int, colour: tuple[int, int, int] = GOLD) -> None:
    """A rule under a title: two lines tapering out from a diamond between two dots."""
    cx, cy = center
    half = width // 2
    for d in (-1, 1):
        for i, t in enumerate((2, 1)):
            x0, x1 = cx + d * 22, cx + d * (half - i * half // 3)
            pygame.draw.line(surface, colour, (x0, cy + (i * 2 - 1) * 0), (x1, cy), t)
        pygame.draw.circle(surface, colour, (cx + d * 16, cy), 3)
        pygame.draw.circle(surface, colour, (cx + d * half, cy), 3)
    pygame.draw.polygon(surface, colour, [(cx, cy - 9), (cx + 8, cy), (cx, cy + 9), (cx - 8, cy)])
