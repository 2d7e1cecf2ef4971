"""The pen and the bodies of the card figures (game/ui/figures.py): men and horses drawn with form (issue 59).

A body is not a stick figure: limbs taper from thigh to ankle and from shoulder to wrist, a man wears a cuirass
over a chest and a narrow waist, a belt and the hanging strips of his skirt, a helmet with a cheek guard and a
crest, greaves or bare shins; a horse has a chest and a haunch, an arched neck with a mane, a tapering head,
jointed legs with hooves and a flowing tail. The details are in the card's middle tone over the dark ink, so
the figure still reads as one silhouette at 84 px and shows its parts at the preview's size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

Point = tuple[float, float]
RGB = tuple[int, int, int]


class Pen:
    """Draws in the 100x100 picture box onto a surface `scale` pixels per unit."""

    def __init__(self, surface: pygame.Surface, scale: float, ink: RGB, light: RGB, mid: RGB) -> None:
        self.surface, self.k = surface, scale
        self.ink, self.light, self.mid = ink, light, mid

    def _p(self, p: Point) -> tuple[float, float]:
        return p[0] * self.k, p[1] * self.k

    def poly(self, pts: Sequence[Point], colour: RGB | None = None) -> None:
        pygame.draw.polygon(self.surface, colour or self.ink, [self._p(p) for p in pts])

    def circle(self, c: Point, r: float, colour: RGB | None = None, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour or self.ink, self._p(c), r * self.k,
                           max(1, round(width * self.k)) if width else 0)

    def ellipse(self, x: float, y: float, w: float, h: float, colour: RGB | None = None) -> None:
        pygame.draw.ellipse(self.surface, colour or self.ink,
                            pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k)))

    def stroke(self, pts: Sequence[Point], width: float, colour: RGB | None = None) -> None:
        """A thick line through `pts` with round joints and ends (spears, poles, reins)."""
        self.limb(pts, [width] * len(pts), colour)

    def limb(self, pts: Sequence[Point], widths: Sequence[float], colour: RGB | None = None) -> None:
        """A line through `pts` as wide as `widths` at each point, tapering between them, with round joints:
        a thigh narrowing to the knee and the ankle, an arm to the wrist, a trunk to its tip."""
        colour = colour or self.ink
        for (a, wa), (b, wb) in itertools.pairwise(zip(pts, widths, strict=True)):
            dx, dy = b[0] - a[0], b[1] - a[1]
            d = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / d, dx / d
            ra, rb = wa / 2, wb / 2
            self.poly([(a[0] + nx * ra, a[1] + ny * ra), (b[0] + nx * rb, b[1] + ny * rb),
                       (b[0] - nx * rb, b[1] - ny * rb), (a[0] - nx * ra, a[1] - ny * ra)], colour)
        for p, w in zip(pts, widths, strict=True):
            self.circle(p, w / 2, colour)

    def arc_poly(self, c: Point, r: float, a0: float, a1: float, steps: int = 16) -> list[Point]:
        return [(c[0] + r * math.cos(a0 + (a1 - a0) * i / steps), c[1] + r * math.sin(a0 + (a1 - a0) * i / steps))
                for i in range(steps + 1)]


# ---------------------------------------------------------------------- men
def man(pen: Pen, hip: Point, height: float, *, lean: float = 0.0, legs: tuple[float, float] = (0.25, -0.2),
        arm_front: tuple[Point, Point] | None = None, arm_back: tuple[Point, Point] | None = None,
        helmet: str = "crest") -> dict[str, Point]:
    """A standing or striding soldier; returns his joints so weapons can be put in his hands.
    `legs` are the two legs' angles from the vertical (radians, + forward); arms are (elbow, hand)
    offsets from the shoulder in units of `height`."""
    h = height
    hx, hy = hip
    sx, sy = hx + lean * h * 0.3, hy - h * 0.32  # shoulders
    for n, ang in enumerate(legs):
        knee = (hx + math.sin(ang) * h * 0.24, hy + math.cos(ang) * h * 0.24)
        foot = (knee[0] + math.sin(ang * 0.4) * h * 0.24, knee[1] + math.cos(ang * 0.4) * h * 0.24)
        pen.limb([(hx, hy), knee, foot], [h * 0.12, h * 0.075, h * 0.05])
        pen.poly([(foot[0] - h * 0.03, foot[1] - h * 0.025), (foot[0] + h * 0.085, foot[1] + h * 0.005),
                  (foot[0] + h * 0.08, foot[1] + h * 0.03), (foot[0] - h * 0.035, foot[1] + h * 0.03)])  # sandal
        if helmet == "crest":  # a bronze greave on the shin
            pen.limb([(knee[0] + (foot[0] - knee[0]) * 0.15, knee[1] + (foot[1] - knee[1]) * 0.15),
                      (knee[0] + (foot[0] - knee[0]) * 0.8, knee[1] + (foot[1] - knee[1]) * 0.8)],
                     [h * 0.04, h * 0.026], pen.mid if n else pen.light)
    torso(pen, (sx, sy), hip, h)
    for dx in (-0.055, 0.05):  # round shoulders
        pen.circle((sx + h * dx, sy + h * 0.035), h * 0.055)
    head = (sx + lean * h * 0.05 + h * 0.02, sy - h * 0.115)
    pen.limb([(sx, sy + h * 0.02), (head[0] - h * 0.01, head[1] + h * 0.04)], [h * 0.075, h * 0.055])  # the neck
    headgear(pen, head, h, helmet)
    joints = {"head": head, "shoulder": (sx, sy), "hip": hip}
    for name, arm in (("back", arm_back), ("front", arm_front)):
        if arm is not None:
            joints[name] = arm_of(pen, (sx, sy), h, arm)
    return joints


def torso(pen: Pen, shoulder: Point, hip: Point, h: float) -> None:
    """A cuirass over a broad chest and a narrow waist, a belt and a skirt of hanging strips."""
    sx, sy = shoulder
    hx, hy = hip
    pen.poly([(sx - h * 0.1, sy - h * 0.005), (sx + h * 0.09, sy - h * 0.005), (sx + h * 0.115, sy + h * 0.1),
              (hx + h * 0.07, hy - h * 0.05), (hx + h * 0.12, hy + h * 0.11), (hx - h * 0.12, hy + h * 0.11),
              (hx - h * 0.075, hy - h * 0.05), (sx - h * 0.1, sy + h * 0.12)])
    pen.limb([(sx - h * 0.02, sy + h * 0.11), (sx + h * 0.085, sy + h * 0.09)], [h * 0.018, h * 0.018], pen.mid)
    pen.limb([(hx - h * 0.075, hy - h * 0.035), (hx + h * 0.07, hy - h * 0.035)], [h * 0.035] * 2, pen.mid)  # belt
    for k in (-0.06, 0.0, 0.06):  # the skirt's strips
        pen.limb([(hx + h * k, hy - h * 0.005), (hx + h * k * 1.4, hy + h * 0.095)], [h * 0.014] * 2, pen.mid)


def headgear(pen: Pen, head: Point, h: float, helmet: str) -> None:
    """A head facing right: with a crested helmet and its cheek guard, a felt cap, or bare with hair."""
    x, y = head
    r = h * 0.075
    pen.circle(head, r)
    pen.poly([(x + r * 0.8, y - r * 0.1), (x + r * 1.35, y + r * 0.35), (x + r * 0.85, y + r * 0.45)])  # the nose
    if helmet == "crest":
        dome = pen.arc_poly((x - r * 0.05, y), r * 1.12, math.pi, math.pi * 2, 12)
        pen.poly([*dome, (x + r * 1.0, y + r * 0.2), (x + r * 0.55, y + r * 0.95), (x + r * 0.2, y + r * 0.9),
                  (x + r * 0.1, y + r * 0.15), (x - r * 0.9, y + r * 0.15), (x - r * 1.2, y + r * 0.85)])
        pen.limb([(x + r * 0.15, y + r * 0.05), (x + r * 1.05, y + r * 0.05)], [r * 0.2] * 2, pen.light)  # the brow
        crest(pen, head, h)
    elif helmet == "cap":  # a felt cap, its tip bent forward
        dome = pen.arc_poly((x - r * 0.05, y - r * 0.05), r * 1.12, math.pi * 0.95, math.pi * 2.02, 12)
        pen.poly([*dome, (x + r * 0.2, y - r * 0.2), (x - r * 1.0, y + r * 0.3)])
        pen.poly([(x - r * 0.45, y - r * 0.9), (x + r * 0.35, y - r * 1.75), (x + r * 1.05, y - r * 1.5),
                  (x + r * 0.55, y - r * 0.85)])
        pen.limb([(x - r * 1.05, y + r * 0.05), (x + r * 1.05, y - r * 0.2)], [r * 0.25] * 2, pen.mid)
    else:  # bare: hair gathered at the nape
        pen.poly(pen.arc_poly((x - r * 0.1, y - r * 0.1), r * 1.05, math.pi * 0.8, math.pi * 1.75, 10))
        pen.circle((x - r * 0.95, y + r * 0.2), r * 0.35)
    pen.circle((x + r * 0.45, y - r * 0.1), max(0.5, r * 0.12), pen.light)  # the eye


def crest(pen: Pen, head: Point, h: float) -> None:
    """A horsehair crest from brow to nape over a head of a man `h` tall, its hair combed in the middle tone."""
    c = (head[0] - h * 0.02, head[1] - h * 0.02)
    outer = pen.arc_poly(c, h * 0.135, math.pi * 1.02, math.pi * 1.8, 12)
    inner = pen.arc_poly(c, h * 0.085, math.pi * 1.8, math.pi * 1.02, 12)
    pen.poly(outer + inner)
    for a in (1.2, 1.4, 1.6):
        inside, out = math.pi * a, math.pi * (a - 0.06)
        pen.limb([(c[0] + h * 0.095 * math.cos(inside), c[1] + h * 0.095 * math.sin(inside)),
                  (c[0] + h * 0.125 * math.cos(out), c[1] + h * 0.125 * math.sin(out))], [h * 0.012] * 2, pen.mid)


def arm_of(pen: Pen, shoulder: Point, h: float, arm: tuple[Point, Point]) -> Point:
    """An arm from `shoulder`: (elbow, hand) offsets in units of `h`; tapered, with a fist. Returns the hand."""
    sx, sy = shoulder
    (ex, ey), (wx, wy) = arm
    elbow, hand = (sx + ex * h, sy + ey * h), (sx + wx * h, sy + wy * h)
    pen.limb([(sx, sy), elbow, hand], [h * 0.085, h * 0.06, h * 0.048])
    pen.circle(hand, h * 0.035)
    return hand


def man_top(pen: Pen, hip: Point, h: float, arm: tuple[Point, Point], helmet: str) -> dict[str, Point]:
    """A man from the hips up (a rider, a driver in his car)."""
    hx, hy = hip
    sx, sy = hx + h * 0.03, hy - h * 0.32
    pen.poly([(sx - h * 0.1, sy), (sx + h * 0.09, sy), (sx + h * 0.11, sy + h * 0.1), (hx + h * 0.08, hy + h * 0.04),
              (hx - h * 0.09, hy + h * 0.04), (sx - h * 0.1, sy + h * 0.12)])
    pen.limb([(hx - h * 0.08, hy - h * 0.03), (hx + h * 0.075, hy - h * 0.03)], [h * 0.035] * 2, pen.mid)
    head = (sx + h * 0.02, sy - h * 0.115)
    pen.limb([(sx, sy + h * 0.02), (head[0] - h * 0.01, head[1] + h * 0.04)], [h * 0.075, h * 0.055])
    headgear(pen, head, h, helmet)
    return {"head": head, "shoulder": (sx, sy), "front": arm_of(pen, (sx, sy), h, arm)}


def rider(pen: Pen, seat: Point, h: float, arm: tuple[Point, Point], helmet: str = "crest") -> dict[str, Point]:
    """A rider from the saddle up, one leg hanging down the horse's side."""
    sx, sy = seat
    pen.limb([(sx, sy), (sx + h * 0.13, sy + h * 0.16), (sx + h * 0.06, sy + h * 0.33)], [h * 0.11, h * 0.07, h * 0.05])
    pen.poly([(sx + h * 0.03, sy + h * 0.31), (sx + h * 0.13, sy + h * 0.34), (sx + h * 0.04, sy + h * 0.36)])
    return man_top(pen, seat, h, arm, helmet)


# ---------------------------------------------------------------------- horses
def horse(pen: Pen, x: float, y: float, s: float, gallop: bool = False, armour: bool = False) -> Point:
    """A horse facing right with its back at height `y`, `s` units long; returns where a rider sits."""
    bottom = y + s * 0.22
    leg = s * 0.065
    back_legs, fore_legs = _legs(x, bottom, s, gallop)
    for joints in back_legs:  # the far legs first, a shade lighter behind the body
        pen.limb(joints, [leg * 1.5, leg, leg * 0.8, leg * 0.75], pen.ink)
    pen.ellipse(x + s * 0.36, y - s * 0.06, s * 0.3, s * 0.3)  # the chest
    pen.ellipse(x - s * 0.04, y - s * 0.07, s * 0.3, s * 0.31)  # the haunch
    pen.poly([(x + s * 0.1, y - s * 0.06), (x + s * 0.5, y - s * 0.05), (x + s * 0.52, y + s * 0.2),
              (x + s * 0.1, y + s * 0.21)])  # the barrel
    pen.poly([(x + s * 0.46, y + s * 0.04), (x + s * 0.62, y - s * 0.22), (x + s * 0.72, y - s * 0.3),
              (x + s * 0.78, y - s * 0.24), (x + s * 0.68, y - s * 0.05), (x + s * 0.64, y + s * 0.14)])  # the neck
    pen.limb([(x + s * 0.72, y - s * 0.27), (x + s * 0.92, y - s * 0.12)], [s * 0.11, s * 0.06])  # the head
    pen.poly([(x + s * 0.7, y - s * 0.3), (x + s * 0.72, y - s * 0.39), (x + s * 0.76, y - s * 0.3)])  # the ear
    pen.limb([(x + s * 0.5, y - s * 0.04), (x + s * 0.6, y - s * 0.2), (x + s * 0.7, y - s * 0.31)],
             [s * 0.025, s * 0.03, s * 0.02], pen.mid)  # the mane
    pen.circle((x + s * 0.79, y - s * 0.23), max(0.6, s * 0.012), pen.light)  # the eye
    pen.limb([(x + s * 0.82, y - s * 0.12), (x + s * 0.74, y - s * 0.08)], [s * 0.01] * 2, pen.mid)  # the bridle
    pen.limb([(x + s * 0.02, y), (x - s * 0.1, y + s * 0.08), (x - s * 0.14, y + s * 0.22)],
             [s * 0.06, s * 0.05, s * 0.02])  # the tail
    for joints in fore_legs:
        pen.limb(joints, [leg * 1.6, leg, leg * 0.8, leg * 0.75])
        pen.ellipse(joints[-1][0] - leg * 0.6, joints[-1][1] - leg * 0.2, leg * 1.5, leg * 0.7, pen.mid)  # hoof
    if armour:  # a quilted cloth over the back
        pen.poly([(x + s * 0.12, y - s * 0.05), (x + s * 0.44, y - s * 0.05), (x + s * 0.48, y + s * 0.16),
                  (x + s * 0.1, y + s * 0.16)], pen.mid)
        for i in range(4):
            pen.stroke([(x + s * (0.16 + 0.08 * i), y - s * 0.03), (x + s * (0.16 + 0.08 * i), y + s * 0.14)],
                       s * 0.012, pen.ink)
    return x + s * 0.3, y - s * 0.06


def _legs(x: float, bottom: float, s: float, gallop: bool) -> tuple[list[list[Point]], list[list[Point]]]:
    """The far and the near legs, each as (top, knee or hock, fetlock, hoof)."""
    def at(px: float, py: float) -> Point:
        return x + s * px, bottom + s * py

    if gallop:  # fore legs reaching, hind legs pushing
        far = [[at(0.5, -0.04), at(0.66, 0.06), at(0.78, 0.02), at(0.82, 0.05)],
               [at(0.12, -0.04), at(-0.02, 0.1), at(-0.12, 0.18), at(-0.16, 0.22)]]
        near = [[at(0.46, -0.04), at(0.56, 0.1), at(0.66, 0.1), at(0.7, 0.14)],
                [at(0.16, -0.04), at(0.1, 0.12), at(0.02, 0.22), at(0.0, 0.26)]]
    else:
        far = [[at(0.52, -0.04), at(0.55, 0.12), at(0.56, 0.22), at(0.57, 0.26)],
               [at(0.14, -0.04), at(0.08, 0.1), at(0.1, 0.22), at(0.11, 0.26)]]
        near = [[at(0.46, -0.04), at(0.47, 0.12), at(0.47, 0.22), at(0.48, 0.26)],
                [at(0.2, -0.04), at(0.16, 0.1), at(0.18, 0.22), at(0.19, 0.26)]]
    return far, near


# ---------------------------------------------------------------------- arms
def round_shield(pen: Pen, c: Point, r: float) -> None:
    """The hoplite's aspis: a dark rim, a pale field, a ring and a boss."""
    pen.circle(c, r)
    pen.circle(c, r * 0.8, pen.mid)
    pen.circle(c, r * 0.6, pen.ink, r * 0.05)
    pen.circle(c, r * 0.22, pen.light)


def spear(pen: Pen, a: Point, b: Point, width: float = 1.6, head: float = 5.0) -> None:
    """A shaft from a to b with a leaf-shaped point at b."""
    pen.stroke([a, b], width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    tip = (b[0] + ux * head, b[1] + uy * head)
    w = head * 0.35
    pen.poly([tip, (b[0] - uy * w, b[1] + ux * w), (b[0] - ux * head * 0.2, b[1] - uy * head * 0.2),
              (b[0] + uy * w, b[1] - ux * w)])
