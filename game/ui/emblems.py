"""The ten tactics' emblems, drawn in the troops' hand (issue 59): bodies with form from game/ui/figure_parts.py,
details in the middle tone over the dark ink, lit by game/ui/illustrate.py like the troops.

Each is described in the 100x100 picture box of game/ui/figures.py (x to the right, y down) and fills it, so it
reads on the far front's 84 px card; its parts (a coin's beaded rim, a mane's strands, a blade's bevel) show at
the preview's size. The subjects keep what each emblem always said: the two kings' heads on coins, the
Companions' horse, the shield with its three studs, the fog's bands, the wheel in the mud, the look-out on his
hill, the arrows of a redeployment, the man who runs, the dagger and its price.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.ui.figure_parts import Pen, man, round_shield, spear

Point = tuple[float, float]


def _in(pen: Pen, colour: tuple[int, int, int]) -> Pen:
    """The same pen with every tone in one colour: a figure seen through fog, a shape cut in the coin's field."""
    return Pen(pen.surface, pen.k, colour, colour, colour)


# ---------------------------------------------------------------------- the leaders: heads on coins
def _coin(pen: Pen) -> None:
    """A silver coin: a dark rim, its field in the middle tone, a ring of beads inside the rim."""
    pen.circle((50, 50), 49)
    pen.circle((50, 50), 45, pen.mid)
    for i in range(30):
        a = i * math.tau / 30
        pen.circle((50 + 41.5 * math.cos(a), 50 + 41.5 * math.sin(a)), 1.5)


def _head(pen: Pen) -> None:
    """A head in profile facing right down to its neck, with an ear, a brow and lips in the field's tone."""
    pen.poly([(34, 44), (38, 28), (50, 21), (62, 22), (68, 30), (70, 38), (71, 42), (77, 51), (76, 53), (71, 54),
              (72, 57), (70, 59), (71, 62), (69, 67), (64, 71), (58, 72), (58, 80), (42, 80), (40, 68), (34, 56)])
    pen.limb([(61, 36), (69, 37)], [1.6, 1.2], pen.mid)  # the brow
    pen.stroke([(62, 41), (66, 40.5)], 1.5, pen.light)  # the eye
    pen.stroke([(70, 57.5), (73, 57.5)], 1.0, pen.mid)  # the lips
    pen.ellipse(48, 43, 8, 11, pen.mid)  # the ear
    pen.ellipse(50, 46, 4, 6)


def _bust(pen: Pen, robe: bool) -> None:
    """Shoulders cut off as on a coin: a cloak pinned at the shoulder, or a king's robe with its folds."""
    pen.poly([(30, 92), (33, 82), (44, 76), (60, 77), (72, 84), (74, 92), (62, 95), (40, 95)])
    if robe:
        for x in (40, 50, 60):
            pen.limb([(x, 80), (x + 3, 93)], [1.4, 1.0], pen.mid)
    else:
        pen.limb([(34, 84), (50, 80), (70, 86)], [1.6, 1.4, 1.2], pen.mid)  # the cloak's edge
        pen.circle((60, 80), 2.6, pen.light)  # its brooch


def _alexander(pen: Pen) -> None:
    """Alexander: a young head with the diadem and its ribbons, the locks of hair curling, a cloak pinned."""
    _coin(pen)
    _bust(pen, robe=False)
    for c in ((36, 27), (44, 19), (55, 17), (64, 19), (30, 36), (29, 47), (31, 58), (35, 68)):
        pen.circle(c, 6.5)  # the locks, each with its curl
    _head(pen)
    for c in ((36, 27), (44, 19), (55, 17), (64, 19), (30, 36), (29, 47), (31, 58), (35, 68)):
        pen.circle(c, 6.5)
        pen.circle((c[0] + 1, c[1] + 1), 2.6, pen.mid)
    pen.limb([(36, 36), (52, 29), (69, 31)], [3.6, 3.4, 3.0], pen.light)  # the diadem
    pen.limb([(38, 38), (28, 48), (24, 60)], [2.4, 2.0, 1.4], pen.light)  # its ribbon ends
    pen.limb([(37, 40), (31, 54), (32, 66)], [2.4, 2.0, 1.4], pen.light)


def _darius(pen: Pen) -> None:
    """Darius: the tall crenellated crown, the squared beard in rows of curls, the hair's knot, a robe."""
    _coin(pen)
    _bust(pen, robe=True)
    _head(pen)
    pen.poly([(36, 33), (38, 9), (67, 9), (69, 31)])  # the crown
    for x in (40, 47.5, 55, 62.5):
        pen.poly([(x - 3.5, 9.5), (x, 3), (x + 3.5, 9.5)])
    for x in (45, 52, 59):
        pen.limb([(x, 11), (x, 29)], [1.8, 1.8], pen.mid)
    pen.limb([(37, 31), (68, 29)], [2.2, 2.2], pen.light)  # its band
    pen.poly([(54, 58), (73, 60), (71, 84), (51, 86)])  # the beard
    for row, y in enumerate((64, 71, 78)):
        for x in range(56 + 2 * row % 4, 70, 4):
            pen.circle((x, y + (x % 3)), 1.3, pen.mid)
    pen.circle((34, 64), 9)  # the knot of hair at the nape
    pen.circle((35, 65), 3.5, pen.mid)


# ---------------------------------------------------------------------- the other morale tactics
def _cavalry(pen: Pen) -> None:
    """Companion Cavalry: a warhorse's head and arched neck, mane in strands, a bridle and a plume, its chest
    in a studded peytral."""
    pen.limb([(36, 96), (38, 72), (45, 48), (55, 28)], [36, 30, 23, 16])  # the neck
    pen.limb([(55, 26), (68, 36), (82, 51), (89, 61)], [22, 20, 15, 13])  # the head to the muzzle
    pen.circle((61, 38), 14)  # the cheek
    pen.poly([(51, 19), (52, 3), (60, 15)])  # the ears
    pen.poly([(57, 19), (61, 5), (64, 18)])
    for k in range(6):  # the mane, strand by strand along the crest of the neck
        t = k / 5
        root = (52 - 18 * t, 22 + 44 * t)
        pen.limb([root, (root[0] - 9 + 2 * t, root[1] + 4), (root[0] - 12 + 3 * t, root[1] + 11)], [7, 5, 1.5])
        pen.limb([(root[0] - 2, root[1] + 2), (root[0] - 8 + 2 * t, root[1] + 7)], [1.4, 0.8], pen.mid)
    pen.limb([(40, 60), (46, 40), (53, 28)], [2.0, 1.8, 1.4], pen.mid)  # the muscle of the neck
    pen.circle((66, 32), 2.8, pen.light)  # the eye
    pen.circle((66.5, 32), 1.2)
    pen.ellipse(85, 55, 5, 4, pen.mid)  # the nostril
    pen.limb([(84, 64), (90, 65)], [1.2, 0.8], pen.mid)  # the mouth
    pen.limb([(58, 21), (63, 46)], [1.8, 1.8], pen.light)  # the bridle: headstall, noseband, reins
    pen.limb([(75, 45), (82, 40)], [1.8, 1.8], pen.light)
    pen.limb([(63, 46), (79, 52), (86, 58)], [1.6, 1.6, 1.6], pen.light)
    pen.limb([(80, 57), (60, 66), (44, 70)], [1.4, 1.4, 1.4], pen.light)
    pen.limb([(60, 14), (56, 4), (46, 1)], [3.5, 6, 2.5], pen.mid)  # the plume
    pen.poly([(22, 84), (54, 78), (58, 96), (20, 96)], pen.mid)  # the peytral
    for x, y in ((28, 88), (38, 86), (48, 84)):
        pen.circle((x, y), 2.2, pen.light)


def _shield(pen: Pen) -> None:
    """Shield Bearers: a hypaspist behind his great shield, its three studs for the values 1, 2 or 3, his
    crest over its rim and his spear upright."""
    j = man(pen, (44, 52), 86, legs=(0.22, -0.18), arm_back=((-0.1, 0.12), (0.02, 0.2)))
    spear(pen, (j["back"][0], 98), (j["back"][0], 8), 2.2, 6)
    round_shield(pen, (54, 60), 36)
    for a in (-math.pi / 2, math.pi / 6, math.pi * 5 / 6):
        c = (54 + 18 * math.cos(a), 60 + 18 * math.sin(a))
        pen.circle(c, 6.5)
        pen.circle((c[0] - 1.5, c[1] - 1.5), 1.8, pen.light)


# ---------------------------------------------------------------------- the environment
def _fog(pen: Pen) -> None:
    """Fog: a file of spearmen fading into it, the banks of mist rolling across them."""
    far = _in(pen, pen.mid)
    for x, h in ((20, 66), (48, 74), (78, 82)):
        j = man(far, (x, 92 - h * 0.48), h, legs=(0.15, -0.12), arm_front=((0.14, 0.12), (0.2, 0.0)))
        spear(far, (j["front"][0], 96), (j["front"][0], 6), 1.6, 5)
    for i, y in enumerate((40, 64, 88)):
        pts = [(2 + 96 * t / 24, y + 4.5 * math.sin(t / 24 * math.pi * 3 + i)) for t in range(25)]
        pen.stroke(pts, 11 if i != 1 else 8)
        pen.stroke([(x, y_ - 2.5) for x, y_ in pts], 2.4, pen.light)  # the light on its top


def _mud(pen: Pen) -> None:
    """Mud: a chariot wheel sunk to its hub, its spokes and rim turned, the mud rippling and spattered."""
    c = (50, 46)
    pen.circle(c, 36)
    pen.circle(c, 30, pen.light)
    pen.circle(c, 33, pen.mid, 1.6)  # the felloe's joint
    for i in range(4):
        a = i * math.pi / 4 + 0.2
        pen.limb([(c[0] - 30 * math.cos(a), c[1] - 30 * math.sin(a)), c,
                  (c[0] + 30 * math.cos(a), c[1] + 30 * math.sin(a))], [3, 6, 3])
    pen.circle(c, 9)
    pen.circle((c[0] - 2, c[1] - 2), 3.5, pen.light)
    pen.ellipse(0, 54, 100, 42, pen.mid)  # the mud
    pen.stroke([(4, 62), (26, 57), (50, 62), (74, 56), (96, 62)], 4)
    for y, span in ((72, (14, 44)), (80, (54, 86)), (86, (20, 40))):  # its ripples
        pen.stroke([(span[0], y), ((span[0] + span[1]) / 2, y - 2.5), (span[1], y)], 1.6)
    for x, y, r in ((12, 46, 3), (86, 42, 3.5), (92, 52, 2.2), (20, 38, 2)):  # spatter
        pen.circle((x, y), r)
        pen.limb([(x, y), (x + (x - 50) * 0.12, y + 6)], [r * 1.4, 0.3])


# ---------------------------------------------------------------------- guile
def _scout(pen: Pen) -> None:
    """Scout: a look-out on his hill, a hand shading his eyes, his spear grounded, his gaze going out."""
    pen.poly(pen.arc_poly((44, 150), 78, math.pi * 1.18, math.pi * 1.82, 24), pen.mid)  # the hill
    pen.stroke(pen.arc_poly((44, 151.5), 78, math.pi * 1.3, math.pi * 1.62, 16), 2.2, pen.light)  # its lit brow
    for x, y in ((20, 86), (34, 80), (62, 80), (76, 86)):
        pen.limb([(x, y), (x + 2, y - 5)], [1.6, 0.4])  # tufts of grass on it
    j = man(pen, (38, 44), 82, legs=(0.12, -0.1), arm_front=((0.14, -0.04), (0.2, -0.17)),
            arm_back=((-0.08, 0.14), (-0.06, 0.28)), helmet="cap")
    spear(pen, (j["back"][0], 78), (j["back"][0], 4), 2.0, 5)
    pen.limb([(j["shoulder"][0] - 6, j["shoulder"][1] + 4), (j["hip"][0] + 6, j["hip"][1] - 2)], [2.2, 2.2],
             pen.light)  # the strap of his satchel
    eye = (j["head"][0] + 6, j["head"][1])
    for dy in (-8, 0, 8):  # his gaze
        pen.limb([(eye[0] + 12, eye[1] + dy * 0.5), (96, eye[1] + dy * 1.6)], [2.2, 0.6], pen.mid)


def _arrow(pen: Pen, a0: float, a1: float) -> None:
    """A curved arrow round the middle, from angle a0 to a1: an ink edge, a middle-tone body, a full head."""
    pts = pen.arc_poly((50, 50), 40, a0, a1, 18)
    pen.stroke(pts, 9)
    pen.stroke(pts[:-1], 4.5, pen.mid)
    pen.stroke(pen.arc_poly((50, 50), 42, a0 + 0.1, a1 - 0.1, 14), 1.4, pen.light)  # its lit outer edge
    end, prev = pts[-1], pts[-3]
    dx, dy = end[0] - prev[0], end[1] - prev[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    pen.poly([(end[0] + ux * 14, end[1] + uy * 14), (end[0] - uy * 11, end[1] + ux * 11),
              (end[0] + uy * 11, end[1] - ux * 11)])


def _redeploy(pen: Pen) -> None:
    """Redeploy: a soldier marching to his new place, the two arrows of the move turning round him."""
    _arrow(pen, math.pi * 1.15, math.pi * 1.85)
    _arrow(pen, math.pi * 0.15, math.pi * 0.85)
    j = man(pen, (48, 52), 70, legs=(0.35, -0.3), arm_back=((-0.02, -0.12), (0.1, -0.22)))
    spear(pen, (j["back"][0] - 22, j["back"][1] + 22), (j["back"][0] + 12, j["back"][1] - 34), 1.6, 5)
    round_shield(pen, (j["shoulder"][0] + 8, j["shoulder"][1] + 14), 11)


def _deserter(pen: Pen) -> None:
    """Deserter: a man running from the line, bareheaded, his shield and broken spear thrown down behind him."""
    pen.ellipse(2, 82, 34, 12, pen.mid)  # the shield lying on its face, its rim
    pen.ellipse(6, 84, 26, 8)
    pen.ellipse(14, 86, 10, 4, pen.light)
    spear(pen, (6, 94), (30, 80), 2.0, 0)  # the spear, broken: shaft, and the head part apart
    spear(pen, (36, 78), (42, 74), 2.0, 6)
    sx, sy = 60 + 0.3 * 88 * 0.3, 48 - 88 * 0.32  # his shoulders: the cloak flies out behind them
    pen.poly([(sx - 2, sy), (sx - 20, sy + 2), (sx - 34, sy + 12), (sx - 20, sy + 16), (sx - 4, sy + 12)], pen.mid)
    pen.limb([(sx - 2, sy + 1), (sx - 18, sy + 4), (sx - 32, sy + 12)], [1.6, 1.4, 1.0], pen.light)
    man(pen, (60, 48), 88, lean=0.3, legs=(0.75, -0.6), arm_front=((-0.12, 0.14), (-0.04, 0.28)),
        arm_back=((0.12, 0.1), (0.26, 0.02)), helmet="none")
    for y in (40, 50, 60):  # the speed of it
        pen.limb([(6 + (y - 40) * 0.3, y), (30, y)], [0.5, 2.2], pen.mid)


def _traitor(pen: Pen) -> None:
    """Traitor: a dagger, its blade bevelled in light and shade, the grip bound, and the purse of its price
    spilling coins."""
    x = 38
    pen.poly([(x, 2), (x + 10, 18), (x + 8, 58), (x - 8, 58), (x - 10, 18)])  # the blade's outline
    pen.poly([(x, 5), (x, 56), (x - 6, 56), (x - 7.5, 19)], pen.light)  # the lit bevel
    pen.poly([(x, 5), (x + 7.5, 19), (x + 6, 56), (x, 56)], pen.mid)  # the shaded bevel
    pen.limb([(x - 22, 58), (x - 14, 62), (x + 14, 62), (x + 22, 58)], [5, 7, 7, 5])  # the crossguard
    pen.limb([(x, 64), (x, 86)], [9, 8])  # the grip
    for y in (68, 73, 78, 83):
        pen.stroke([(x - 4, y), (x + 4, y + 2)], 1.2, pen.mid)
    pen.circle((x, 90), 7)  # the pommel
    pen.circle((x - 2, 88), 2.4, pen.light)
    pen.circle((78, 80), 15)  # the purse, tied at its neck
    pen.poly([(72, 67), (84, 67), (91, 57), (65, 57)])
    pen.limb([(71, 66), (85, 66)], [2.4, 2.4], pen.mid)  # its drawstring
    pen.limb([(70, 76), (74, 90)], [1.4, 1.0], pen.mid)  # a fold
    for c in ((58, 94), (70, 96), (84, 96), (96, 94)):  # its coins
        pen.ellipse(c[0] - 7, c[1] - 4, 14, 8)
        pen.ellipse(c[0] - 5, c[1] - 3, 10, 5, pen.light)


EMBLEMS: dict[str, Callable[[Pen], None]] = {
    "alexander": _alexander, "darius": _darius, "cavalry": _cavalry, "shield": _shield, "fog": _fog, "mud": _mud,
    "scout": _scout, "redeploy": _redeploy, "deserter": _deserter, "traitor": _traitor,
}
