"""The board as a place: a battlefield seen from above, standards on poles, frames for hands and decks.

The terrain is drawn once per size from seeded noise (a few octaves of random grids smoothed up),
so it costs one blit a frame. Colours stay dark and quiet so the cards, the brightest things on the
table, keep their contrast.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import art, card_art, figures
from game.ui.text import fitted, text

GRASS = (46, 74, 46)
EARTH = (84, 70, 50)
ROAD = (92, 78, 58)
ROAD_EDGE = (64, 54, 40)
POLE = (74, 54, 34)
FLAG_CLOTH = (196, 188, 168)


def _noise(size: tuple[int, int], grid: tuple[int, int], rng: random.Random, lo: int, hi: int) -> pygame.Surface:
    """A grey random grid of `grid` cells smoothed up to `size`: soft blotches for one octave."""
    small = pygame.Surface(grid)
    for y in range(grid[1]):
        for x in range(grid[0]):
            v = rng.randrange(lo, hi)
            small.set_at((x, y), (v, v, v))
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=4)
def terrain(size: tuple[int, int], road: tuple[int, int] | None = None, seed: int = 35) -> pygame.Surface:
    """Grass with earthy patches, darker toward the edges; with `road` (top and bottom y) a dirt road
    with wheel ruts runs across the field there."""
    w, h = size
    rng = random.Random(seed)
    surf = pygame.Surface(size)
    surf.fill(GRASS)
    for grid, lo, hi in (((12, 7), 150, 255), ((40, 22), 185, 255)):
        surf.blit(_noise(size, grid, rng, lo, hi), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # bare earth where the grass is worn: a few soft patches
    patches = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(18):
        cx, cy, r = rng.randrange(w), rng.randrange(h), rng.randrange(40, 140)
        for k in range(5):
            rr = r * (1 - k * 0.18)
            pygame.draw.ellipse(patches, (*EARTH, 18), (cx - rr, cy - rr * 0.6, 2 * rr, 1.2 * rr))
    surf.blit(patches, (0, 0))
    tufts = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(w * h // 4000):  # tufts of grass: short light and dark strokes (few: screenshots stay small)
        x, y = rng.randrange(w), rng.randrange(h)
        c = (120, 150, 90, rng.randrange(20, 50)) if rng.random() < 0.5 else (10, 24, 12, rng.randrange(30, 60))
        pygame.draw.line(tufts, c, (x, y), (x + rng.randrange(-2, 3), y - rng.randrange(3, 7)), 1)
    surf.blit(tufts, (0, 0))
    if road is not None:
        _road(surf, road, rng)
    _vignette(surf)
    return surf.convert() if pygame.display.get_surface() else surf


def _road(surf: pygame.Surface, band: tuple[int, int], rng: random.Random) -> None:
    w = surf.get_width()
    top, bottom = band
    step = 24
    upper = [(x, top + rng.randrange(-5, 6)) for x in range(-step, w + 2 * step, step)]
    lower = [(x, bottom + rng.randrange(-5, 6)) for x in range(w + step, -2 * step, -step)]
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*ROAD_EDGE, 255), [(x, y - 4) for x, y in upper] + [(x, y + 4) for x, y in lower])
    pygame.draw.polygon(layer, (*ROAD, 255), upper + lower)
    mid = (top + bottom) / 2
    for rut in (-0.22, 0.22):  # two wheel ruts and the worn middle between them
        y = mid + rut * (bottom - top)
        pts = [(x, y + 2 * math.sin(x / 90 + rut * 9)) for x in range(0, w + 20, 20)]
        pygame.draw.lines(layer, (*ROAD_EDGE, 150), False, pts, 5)
        pygame.draw.lines(layer, (120, 104, 80, 90), False, [(x, y + 4) for x, y in pts], 2)
    for _ in range(w // 12):  # pebbles
        x, y = rng.randrange(w), rng.randrange(top + 6, bottom - 6)
        shade = rng.randrange(70, 130)
        pebble = (x, y, rng.randrange(3, 7), rng.randrange(2, 5))
        pygame.draw.ellipse(layer, (shade, shade - 8, shade - 20, 160), pebble)
    surf.blit(layer, (0, 0))
    grass = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for x, y in upper[1:-1] + lower[1:-1]:  # grass creeping over both edges
        for _ in range(4):
            gx = x + rng.randrange(-12, 12)
            pygame.draw.line(grass, (*GRASS, 200), (gx, y), (gx + rng.randrange(-3, 4), y + rng.choice((-6, 6))), 2)
    surf.blit(grass, (0, 0))


def _vignette(surf: pygame.Surface) -> None:
    """Edges a little darker, drawn small and smoothed up (cheap at any size)."""
    w, h = surf.get_size()
    small = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            d = math.hypot((x + 0.5) / 32 - 0.5, (y + 0.5) / 18 - 0.5) / 0.707
            v = max(0, min(255, int(255 * (1.06 - 0.5 * d * d))))
            small.set_at((x, y), (v, v, v))
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def frame(surface: pygame.Surface, rect: pygame.Rect, radius: int = 14, well: int = 110) -> None:
    """A bronze-edged well sunk into the field: the place of a hand, a deck or a discard pile."""
    surface.blit(art.shade(rect.size, well) if radius == 0 else _well(rect.size, well, radius), rect.topleft)
    pygame.draw.rect(surface, (26, 20, 14), rect.inflate(4, 4), 3, border_radius=radius + 2)
    pygame.draw.rect(surface, art.GOLD_DARK, rect, 2, border_radius=radius)


def tray(surface: pygame.Surface, rect: pygame.Rect, radius: int = 18, rim: int = 8) -> None:
    """The hand's tray: a well with a walnut rim `rim` pixels wide just inside its edge, lit from above."""
    frame(surface, rect, radius, 120)
    surface.blit(_rim(rect.size, radius, rim), rect.topleft)


@lru_cache(maxsize=4)
def _rim(size: tuple[int, int], radius: int, rim: int) -> pygame.Surface:
    from game.ui import material

    ring = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(ring, (255, 255, 255, 255), ring.get_rect(), rim, border_radius=radius)
    out = _with_alpha(material.wood(size))
    out.blit(ring, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    material.bevel(out, pygame.Rect(0, 0, *size), radius, 90, 80)
    inner = pygame.Rect(rim, rim, size[0] - 2 * rim, size[1] - 2 * rim)
    pygame.draw.rect(out, (20, 12, 6, 200), inner.inflate(2, 2), 2, border_radius=max(2, radius - rim))
    return out


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


@lru_cache(maxsize=32)
def _well(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (8, 14, 10, alpha), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (0, 0, 0, min(255, alpha + 40)), s.get_rect(), 6, border_radius=radius)
    return s


def standard(surface: pygame.Surface, rect: pygame.Rect, number: int, cloth: tuple[int, int, int],
             wave: float | None = None, ink: tuple[int, int, int] = art.INK) -> None:
    """A military standard filling `rect`: a pole with a gold finial and a crossbar, a square cloth
    hanging from it with a fringe, the flag's number on the cloth. `wave` (a phase in turns) ripples
    the cloth, for the moment a flag is won; None hangs it still."""
    cx = rect.centerx
    bar_y = rect.y + 10
    shadow = pygame.Rect(0, 0, 34, 10)
    shadow.center = (cx + 6, rect.bottom - 2)
    surface.blit(_shadow(shadow.size), shadow.topleft)
    pygame.draw.line(surface, POLE, (cx, rect.y + 2), (cx, rect.bottom - 2), 5)
    pygame.draw.polygon(surface, art.GOLD, [(cx, rect.y - 8), (cx + 5, rect.y + 2), (cx, rect.y + 6),
                                            (cx - 5, rect.y + 2)])
    pygame.draw.line(surface, art.GOLD_DARK, (rect.x + 10, bar_y), (rect.right - 10, bar_y), 4)
    for end in (rect.x + 10, rect.right - 10):
        pygame.draw.circle(surface, art.GOLD, (end, bar_y), 4)
    left, right, top, bottom = rect.x + 14, rect.right - 14, bar_y + 2, rect.bottom - 14
    rows = 8
    amp = 0.0 if wave is None else 5.0
    edge_l, edge_r = [], []
    for i in range(rows + 1):
        t = i / rows
        y = top + (bottom - top) * t
        dx = amp * t * math.sin(2 * math.pi * (wave or 0) * 1.0 + t * 5)
        edge_l.append((left + dx, y))
        edge_r.append((right + dx * 1.4, y))
    pts = edge_l + edge_r[::-1]
    pygame.draw.polygon(surface, cloth, pts)
    dark = tuple(max(0, int(c * 0.72)) for c in cloth)
    fold_x = (left + right) / 2 + (amp * math.sin(2 * math.pi * (wave or 0) + 2.5) if wave is not None else 6)
    pygame.draw.line(surface, dark, (fold_x, top + 4), (fold_x + (edge_l[-1][0] - left), bottom - 2), 2)
    pygame.draw.polygon(surface, (50, 38, 26), pts, 2)
    fx0, fx1 = edge_l[-1][0], edge_r[-1][0]
    for i in range(7):  # the fringe
        x = fx0 + (fx1 - fx0) * (i + 0.5) / 7
        pygame.draw.line(surface, art.GOLD, (x, bottom), (x, bottom + 6), 2)
    num = text(str(number), 34, ink, "bold")
    surface.blit(num, num.get_rect(center=((fx0 + fx1) / 2 + (edge_l[rows // 2][0] - left), (top + bottom) / 2)))


ENV_LOOK = {"fog": ((188, 222, 222), (16, 24, 22)), "mud": ((118, 82, 44), art.CREAM)}  # ground, letters


def ground_marks(surf: pygame.Surface, col: pygame.Rect, r: pygame.Rect, kinds: list[str], emblem: bool = True) -> None:
    """Fog and Mud on their own flag, unmistakably: the ground of the flag's column `col` is changed (a pale
    mist with wisps, a brown mud with ruts) across its whole width around the standard `r`, and the card's corner
    letters (in the language) stand on it beside the standard, Fog left, Mud right, never between two flags;
    with `emblem`, the card's own emblem above its letters, read from the sofa (issue 59). The game's board and
    the replay viewer both draw them so."""
    band = pygame.Rect(col.x + 4, r.centery - r.height // 2 - 18, col.width - 8, r.height + 36)
    for i, kind in enumerate(kinds):
        ground, ink = ENV_LOOK[kind]
        part = band if len(kinds) == 1 else pygame.Rect(band.x + i * band.width // 2, band.y, band.width // 2,
                                                         band.height)
        layer = pygame.Surface(part.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*ground, 175), layer.get_rect(), border_radius=10)
        for k in range(3):  # wisps of mist, or ruts in the mud
            y = part.height * (k + 1) // 4
            if kind == "fog":
                points = [(x, y + 3 * math.sin(x / 9 + k)) for x in range(6, part.width - 6, 4)]
                pygame.draw.lines(layer, (255, 255, 255, 150), False, points, 2)
            else:
                pygame.draw.line(layer, (70, 46, 22, 160), (8, y), (part.width - 8, y + (k - 1) * 3), 3)
        pygame.draw.rect(layer, (*ground, 255), layer.get_rect(), 2, border_radius=10)
        surf.blit(layer, part)
        room = (col.width - r.width) // 2 - 4  # between the column's edge and the standard
        centre = ((col.x + r.x) // 2 + 2, r.centery) if kind == "fog" else ((r.right + col.right) // 2 - 2,
                                                                             r.centery)
        chip = fitted(card_art.tactic_code(kind), 26, room - 8, ink, "condensed", 12)
        box = chip.get_rect().inflate(8, 2)
        if emblem:
            side = min(room, 44)
            accent = card_art.KIND_COLOUR["environment"]
            icon = figures.render(kind, side, ink, ground, ground)
            plate = pygame.Rect(0, 0, side + 6, side + box.height + 6)
            plate.center = centre
            pygame.draw.rect(surf, ground, plate, border_radius=8)
            pygame.draw.rect(surf, accent, plate, 2, border_radius=8)
            surf.blit(icon, icon.get_rect(midtop=(plate.centerx, plate.y + 3)))
            box.midbottom = (plate.centerx, plate.bottom - 2)
        else:
            box.center = centre
            pygame.draw.rect(surf, ground, box, border_radius=6)
        surf.blit(chip, chip.get_rect(center=box.center))


@lru_cache(maxsize=4)
def _shadow(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, 90), s.get_rect())
    return s


def board_base(surf: pygame.Surface) -> None:
    """The board's still ground: the field with the road along the flags, faint lines between the
    flags' columns, wells for the decks and discards and a tray for the hand."""
    from game.ui import layout

    road = (layout.FLAG_ROW[0] + 32, layout.FLAG_ROW[1] - 32)
    surf.blit(terrain((layout.W, layout.H), road), (0, 0))
    lines = pygame.Surface((layout.W, layout.H), pygame.SRCALPHA)
    for n in range(2, 10):
        x = layout.column(n).x
        for y0, y1 in ((layout.TOP_AREA[0] + 10, road[0] - 8), (road[1] + 8, layout.BOTTOM_AREA[1] - 20)):
            pygame.draw.line(lines, (200, 220, 180, 26), (x, y0), (x, y1), 1)
    surf.blit(lines, (0, 0))
    for r in (layout.deck("tactics"), layout.deck("troops"), layout.discard("top"), layout.discard("bottom")):
        frame(surf, r.inflate(16, 16).move(3, 3), 12, 90)
    hand_tray = pygame.Rect(layout.HAND_X[0] - 14, layout.HAND_TOP - 6, layout.HAND_X[1] - layout.HAND_X[0] + 28,
                       layout.H - layout.HAND_TOP + 30)
    tray(surf, hand_tray, 18)


def board_base3(surf: pygame.Surface) -> None:
    """The three-player board's ground: the road along the viewer's two fronts, a faint line between
    their columns, the far front's patch of field in the gap, the troop deck's well and the hand's tray."""
    from game.ui import layout

    road = (layout.FLAG_ROW[0] + 32, layout.FLAG_ROW[1] - 32)
    surf.blit(terrain((layout.W, layout.H), road), (0, 0))
    frame(surf, layout.FAR_BOX.inflate(-12, -4), 18, 70)  # the far front: the two opponents' own, watched from here
    lines = pygame.Surface((layout.W, layout.H), pygame.SRCALPHA)
    for i in (1, 2, 4, 5):
        x = layout.near3_column(i).x
        for y0, y1 in ((layout.TOP_AREA[0] + 10, road[0] - 8), (road[1] + 8, layout.BOTTOM_AREA[1] - 20)):
            pygame.draw.line(lines, (200, 220, 180, 26), (x, y0), (x, y1), 1)
    surf.blit(lines, (0, 0))
    frame(surf, layout.deck("troops").inflate(16, 16).move(3, 3), 12, 90)
    hand_tray = pygame.Rect(layout.HAND_X[0] - 14, layout.HAND_TOP - 6, layout.HAND_X[1] - layout.HAND_X[0] + 28,
                       layout.H - layout.HAND_TOP + 30)
    tray(surf, hand_tray, 18)
