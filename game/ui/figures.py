"""The card illustrations, drawn by code: a silhouette per troop type, an emblem per tactic.

Every picture is described in a 100x100 box (x to the right, y down, the figure facing right,
its feet on y=92) with a handful of polygons, circles and thick strokes. `render` draws it three
times larger and smooths it down, which gives clean edges without an image file; the result is
cached per size and colour, so a card face pays for it once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.ui.emblems import EMBLEMS
from game.ui.figure_parts import Pen, horse, man, man_top, rider, round_shield, spear

Point = tuple[float, float]
RGB = tuple[int, int, int]
SUPER = 3  # drawn this many times larger, then smoothed down


# ---------------------------------------------------------------------- the ten troop types
def _elephants(pen: Pen) -> None:
    """A war elephant with form: columns of legs with toenails, a high shoulder, a great head with its ear's
    fold, a ringed trunk and a tusk, a cloth over its back and a tower with a spearman in it."""
    for lx in (22, 56):  # the far legs
        pen.limb([(lx, 60), (lx + 1, 76), (lx + 1, 89)], [12, 10.5, 11.5])
    pen.poly([(14, 52), (16, 40), (30, 32), (52, 30), (66, 34), (74, 44), (72, 64), (60, 70), (26, 70), (16, 64)])
    pen.circle((70, 42), 15)  # the head's dome
    pen.circle((76, 36), 7)  # the brow
    pen.limb([(82, 46), (88, 58), (89, 72), (94, 82)], [11, 8, 5, 3.5])  # the trunk
    for y, x in ((56, 87), (63, 88.5), (70, 89)):
        pen.limb([(x - 3, y), (x + 3, y + 1)], [0.9, 0.9], pen.mid)
    pen.limb([(82, 56), (88, 60), (94, 57)], [3.6, 3, 1.8], pen.light)  # the tusk
    pen.circle((76, 40), 1.6, pen.light)  # the eye
    pen.limb([(15, 46), (8, 58), (8, 66)], [2.6, 2, 1.4])  # the tail
    pen.poly([(6, 65), (10, 65), (9, 71), (7, 71)])  # its tuft
    for lx in (30, 64):  # the near legs
        pen.limb([(lx, 60), (lx, 76), (lx, 89)], [14, 12, 13])
        for dx in (-4, 0, 4):
            pen.ellipse(lx + dx - 1.6, 87.5, 3.2, 2.2, pen.light)
    # the cloth over its back, edged, with a tassel
    pen.poly([(24, 34), (50, 32), (52, 54), (38, 58), (22, 54)], pen.mid)
    pen.limb([(22, 54), (38, 58), (52, 54)], [1.6, 1.6, 1.6], pen.light)
    pen.circle((38, 60), 2.2, pen.light)
    # the ear, outlined against the cloth, with its fold
    ear = [(58, 33), (71, 31), (73, 50), (67, 61), (58, 59), (55, 46)]
    pen.poly([(x + (x - 64) * 0.12, y + (y - 46) * 0.1) for x, y in ear], pen.ink)
    pen.poly(ear, pen.mid)
    pen.limb([(62, 37), (66, 48), (63, 56)], [1.2, 1.2, 1.2], pen.ink)
    # a spearman standing in the tower (drawn first: the tower's wall hides his legs)
    j = man_top(pen, (41, 24), 30, ((0.28, -0.06), (0.46, -0.24)), "crest")
    pen.poly([(27, 33), (53, 31), (52, 16), (28, 16)], pen.ink)
    pen.poly([(30, 30), (50, 28.5), (49.5, 19), (30.5, 19)], pen.mid)
    for x in (28, 34.5, 41, 47.5):  # the battlements
        pen.poly([(x, 17), (x + 4.5, 17), (x + 4.5, 12.5), (x, 12.5)])
    for x in (36, 44):
        pen.stroke([(x, 20), (x, 28)], 1.4, pen.ink)
    spear(pen, (j["front"][0] - 16, j["front"][1] + 10), (j["front"][0] + 16, j["front"][1] - 10), 1.5, 5)


def _chariots(pen: Pen) -> None:
    seat = horse(pen, 44, 50, 50, gallop=True)
    del seat
    pen.stroke([(26, 66), (54, 56)], 2.4)  # the pole
    pen.poly([(8, 46), (32, 46), (34, 68), (10, 68)])  # the car
    pen.poly([(11, 50), (30, 50), (31, 64), (13, 64)], pen.mid)
    pen.circle((20, 72), 16)  # the wheel
    pen.circle((20, 72), 12, pen.light)
    for i in range(6):
        a = i * math.pi / 3
        pen.stroke([(20 - 12 * math.cos(a), 72 - 12 * math.sin(a)), (20 + 12 * math.cos(a), 72 + 12 * math.sin(a))], 2)
    pen.circle((20, 72), 3.5)
    man_top(pen, (22, 46), 30, ((0.3, 0.1), (0.62, 0.18)), "crest")  # the driver
    pen.stroke([(40, 43), (72, 30)], 1.2)  # reins


def _heavy_cavalry(pen: Pen) -> None:
    seat = horse(pen, 14, 57, 64, armour=True)  # standing: its hooves on the ground
    r = rider(pen, seat, 38, ((0.22, 0.14), (0.42, 0.1)))
    spear(pen, (r["front"][0] - 26, r["front"][1] + 8), (r["front"][0] + 36, r["front"][1] - 12), 2.2, 6)
    round_shield(pen, (seat[0] - 4, seat[1] - 4), 9)


def _light_cavalry(pen: Pen) -> None:
    seat = horse(pen, 12, 54, 62, gallop=True)
    h = 34
    sx, sy = seat[0] + h * 0.03, seat[1] - h * 0.32  # the rider's shoulders: his cloak flies behind them
    pen.poly([(sx - 1, sy - 1), (sx - 12, sy + 1), (sx - 24, sy + 8), (sx - 16, sy + 10), (sx - 2, sy + 9)], pen.mid)
    pen.stroke([(sx - 2, sy), (sx - 14, sy + 3), (sx - 23, sy + 8)], 1.0, pen.ink)
    r = rider(pen, seat, h, ((0.05, -0.22), (-0.16, -0.34)), "cap")
    spear(pen, (r["front"][0] - 6, r["front"][1] + 4), (r["front"][0] + 34, r["front"][1] - 10), 1.5, 5)


def _hypaspists(pen: Pen) -> None:
    j = man(pen, (46, 62), 70, legs=(0.1, -0.08), arm_back=((0.16, 0.12), (0.3, 0.02)))
    spear(pen, (j["back"][0], 96), (j["back"][0], 6), 2.0, 6)
    round_shield(pen, (54, 50), 20)
    pen.circle((54, 50), 6, pen.ink)  # a star blazon would need colour: a plain boss reads at any size


def _phalangists(pen: Pen) -> None:
    for i, (x, h) in enumerate(((20, 56), (38, 62), (58, 68))):
        j = man(pen, (x, 92 - h * 0.48), h, legs=(0.25, -0.12), arm_front=((0.16, 0.12), (0.3, 0.06)))
        spear(pen, (j["front"][0] - 36, j["front"][1] + 18), (j["front"][0] + 46 - i * 8, j["front"][1] - 22 + i * 4),
              1.6, 5)
        round_shield(pen, (x + h * 0.1, 92 - h * 0.72), h * 0.17)


def _hoplites(pen: Pen) -> None:
    j = man(pen, (40, 60), 74, lean=0.15, legs=(0.4, -0.3), arm_back=((-0.02, -0.2), (0.12, -0.34)))
    spear(pen, (j["back"][0] - 30, j["back"][1] + 6), (j["back"][0] + 40, j["back"][1] - 4), 2.0, 6)
    round_shield(pen, (58, 52), 19)


def _javelineers(pen: Pen) -> None:
    j = man(pen, (44, 60), 72, lean=-0.15, legs=(0.45, -0.35), arm_back=((-0.2, -0.02), (-0.34, -0.16)),
            arm_front=((0.16, 0.04), (0.3, -0.04)), helmet="cap")
    spear(pen, (j["back"][0] - 14, j["back"][1] + 4), (j["back"][0] + 44, j["back"][1] - 14), 1.4, 5)
    spear(pen, (j["front"][0] - 22, j["front"][1] + 16), (j["front"][0] + 8, j["front"][1] - 6), 1.2, 4)


def _peltasts(pen: Pen) -> None:
    j = man(pen, (44, 60), 72, legs=(0.3, -0.25), arm_back=((-0.1, -0.1), (0.04, -0.3)),
            arm_front=((0.16, 0.1), (0.24, 0.02)), helmet="cap")
    spear(pen, (j["back"][0] - 10, j["back"][1] + 30), (j["back"][0] + 10, j["back"][1] - 24), 1.4, 5)
    spear(pen, (j["back"][0] - 2, j["back"][1] + 30), (j["back"][0] + 18, j["back"][1] - 22), 1.4, 5)
    # the pelta: a crescent shield
    c = (j["front"][0] + 6, j["front"][1])
    outer = pen.arc_poly(c, 17, -math.pi * 0.55, math.pi * 0.55, 16)
    inner = pen.arc_poly((c[0] + 7, c[1]), 9, math.pi * 0.6, -math.pi * 0.6, 12)
    pen.poly(outer + inner)
    pen.poly(pen.arc_poly(c, 12, -math.pi * 0.45, math.pi * 0.45, 12)
             + pen.arc_poly((c[0] + 7, c[1]), 12, math.pi * 0.4, -math.pi * 0.4, 12), pen.mid)


def _skirmishers(pen: Pen) -> None:
    j = man(pen, (46, 60), 70, lean=0.1, legs=(0.35, -0.3), arm_back=((-0.02, -0.2), (0.06, -0.38)),
            arm_front=((0.2, 0.06), (0.32, 0.1)), helmet="none")
    cx, cy = j["back"]
    whirl = pen.arc_poly((cx, cy - 11), 11, math.pi * 0.6, math.pi * 2.3, 20)  # the sling's whirl
    pen.stroke(whirl, 1.6, pen.mid)
    pen.stroke([(cx, cy), whirl[-1]], 1.6)
    pen.circle(whirl[-1], 3.2)
    pen.circle((j["front"][0] + 2, j["front"][1] + 2), 3.4, pen.mid)  # a stone in the other hand
    pen.ellipse(j["hip"][0] - 16, j["hip"][1] - 2, 12, 8, pen.mid)  # the pouch


TROOPS: dict[int, Callable[[Pen], None]] = {
    10: _elephants, 9: _chariots, 8: _heavy_cavalry, 7: _light_cavalry, 6: _hypaspists,
    5: _phalangists, 4: _hoplites, 3: _javelineers, 2: _peltasts, 1: _skirmishers,
}


# ---------------------------------------------------------------------- the two backs' medallions
def _troops_back(pen: Pen) -> None:
    """Two crossed spears behind a round shield."""
    spear(pen, (14, 90), (80, 16), 3.2, 9)
    spear(pen, (86, 90), (20, 16), 3.2, 9)
    pen.circle((50, 58), 21, pen.ink)
    pen.circle((50, 58), 16, pen.mid)
    pen.circle((50, 58), 6, pen.ink)


def _tactics_back(pen: Pen) -> None:
    """A crested helmet in profile inside a laurel wreath."""
    for side in (1, -1):
        for i in range(7):
            a = math.pi / 2 + side * (0.35 + i * 0.33)
            c = (50 + 40 * math.cos(a), 50 + 40 * math.sin(a))
            tilt = a + side * math.pi / 2
            tip = (c[0] + 10 * math.cos(tilt + side * 0.5), c[1] + 10 * math.sin(tilt + side * 0.5))
            pen.poly([c, (c[0] + 4 * math.cos(tilt + side * 1.8), c[1] + 4 * math.sin(tilt + side * 1.8)), tip,
                      (c[0] + 4 * math.cos(tilt - side * 1.2), c[1] + 4 * math.sin(tilt - side * 1.2))])
    # a Corinthian helmet: dome, cheek guard and a tall crest
    dome = pen.arc_poly((50, 54), 22, math.pi, math.pi * 2, 16)
    pen.poly([*dome, (72, 66), (62, 78), (58, 64), (50, 62), (44, 80), (30, 80), (28, 54)])
    pen.stroke([(52, 58), (66, 58)], 3, pen.mid)
    pen.poly([*pen.arc_poly((46, 40), 22, math.pi * 0.95, math.pi * 1.8, 12), (60, 34), (40, 40)], pen.mid)


#: the ten tactics' emblems (game/ui/emblems.py) and the two backs' medallions
TACTICS: dict[str, Callable[[Pen], None]] = {"troops_back": _troops_back, "tactics_back": _tactics_back, **EMBLEMS}


@lru_cache(maxsize=256)
def render(subject: int | str, size: int, ink: RGB, light: RGB, mid: RGB, glow: RGB | None = None) -> pygame.Surface:
    """The picture for a troop value (1..10) or a tactic's name, `size` pixels square. With `glow` (the colour
    of its light) it is illustrated (game/ui/illustrate.py): lit and shaded, and a troop stands on its ground;
    without, it is the flat figure (high contrast)."""
    big = pygame.Surface((size * SUPER, size * SUPER), pygame.SRCALPHA)
    pen = Pen(big, size * SUPER / 100, ink, light, mid)
    (TROOPS[subject] if isinstance(subject, int) else TACTICS[subject])(pen)
    flat = pygame.transform.smoothscale(big, (size, size))
    if glow is None:
        return flat
    from game.ui import illustrate

    figure = illustrate.lit(flat, glow)
    if not isinstance(subject, int) or subject not in TROOPS:
        return figure
    out = illustrate.ground(size, ink, light, mid)
    out.blit(figure, (0, 0))
    return out
