"""The title's and the main menu's scene (issue 59, item 1): the battlefield with two armies facing each other.

The same hand as the cards and the board: the field and its road from game.ui.battlefield, the troops drawn by
game.ui.figures and lit by game.ui.illustrate, the board's standards. The amber army stands on the left facing
right, the blue one on the right facing left, each behind its standard on the road; the middle is left to the
title and the menu, darkened toward the centre so their words stay on a quiet ground. Composed once per size and
look (a frame is one blit); in high contrast the plain field, nothing busy behind the words.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import art, battlefield, figures, illustrate, theme

RGB = tuple[int, int, int]
#: each army, front to back: (troop value, x from the road's middle outward, y of the feet, size in pixels)
RANKS = ((10, 285, 520, 220), (9, 190, 690, 180), (8, 170, 920, 175), (5, 90, 430, 150), (4, 60, 810, 160),
         (6, 40, 1020, 150), (7, 320, 1000, 165))


def _mix(a: RGB, b: RGB, k: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


def scene(size: tuple[int, int], night: bool) -> pygame.Surface:
    """The composed field `size` big: the night field behind the menus, the day field behind the title."""
    return _scene(size, night, theme.current().high_contrast)


@lru_cache(maxsize=4)
def _scene(size: tuple[int, int], night: bool, plain: bool) -> pygame.Surface:
    w, h = size
    if plain:
        return art.backdrop(size, 11, art.NIGHT) if night else art.backdrop(size)
    road = (round(h * 0.55), round(h * 0.62))
    surf = battlefield.terrain(size, road, 23).copy()
    if night:
        surf = _moonlit(surf)
    k = w / 1920
    for side, colour in ((-1, art.SEAT_TINT["bottom"]), (1, art.SEAT_TINT["top"])):
        ink = _mix(colour, (12, 14, 20), 0.72)
        mid = _mix(colour, (12, 14, 20), 0.35)
        light = _mix(colour, (255, 255, 255), 0.35)
        for value, out, foot, px in sorted(RANKS, key=lambda r: r[2]):  # the farther (higher) first
            figure = illustrate.lit(figures.render(value, round(px * k), ink, light, mid), light)
            if side > 0:
                figure = pygame.transform.flip(figure, True, False)  # the right army faces left
            x = out * k if side < 0 else w - out * k
            spot = figure.get_rect(midbottom=(round(x), round(foot * h / 1080)))
            shadow = pygame.Rect(0, 0, round(spot.width * 0.7), max(3, spot.height // 12))
            shadow.center = (spot.centerx + side * -spot.width // 12, spot.bottom - spot.height * 8 // 100)
            surf.blit(_shadow(shadow.size), shadow)  # its cast shadow on the field
            surf.blit(figure, spot)
        pole = pygame.Rect(0, 0, round(88 * k), round(66 * k))
        pole.midbottom = (round(380 * k) if side < 0 else w - round(380 * k), road[1] - round(4 * k))
        battlefield.standard(surf, pole, 1 if side < 0 else 2, colour)
    _quiet_middle(surf)
    return surf.convert() if pygame.display.get_surface() else surf


#: moonlight: the field's brightness carried in a cool grey-blue (green above red, so nothing turns violet)...
MOON = (44, 56, 96)
#: ...and a little of each thing's own colour kept under it (the road stays earth, the grass stays grass)
DAY_KEPT = 56  # of 255
MOON_LIFT = (6, 7, 10)


def _moonlit(day: pygame.Surface) -> pygame.Surface:
    """The field by night. Tinting each channel by night/grass (the old way) turned the brown road violet (red
    above green under a blue cast); here the brightness is taken to the moon's blue-grey and some of the day's
    own colour kept, so the grass reads as dark blue-green and the road as a grey earth."""
    night = pygame.transform.grayscale(day)
    night.fill(MOON, special_flags=pygame.BLEND_RGB_MULT)
    kept = day.copy()
    kept.fill((DAY_KEPT,) * 3, special_flags=pygame.BLEND_RGB_MULT)
    night.blit(kept, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    night.fill(MOON_LIFT, special_flags=pygame.BLEND_RGB_ADD)
    return night


def _shadow(size: tuple[int, int]) -> pygame.Surface:
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(out, (0, 0, 0, 110), out.get_rect())
    return out


def _quiet_middle(surf: pygame.Surface) -> None:
    """Darken the field toward the middle, where the title and the menu stand (their words on a quiet ground)."""
    w, h = surf.get_size()
    small = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            d = abs((x + 0.5) / 32 - 0.5) * 2  # 0 in the middle, 1 at the edges
            v = round(255 * (0.45 + 0.55 * min(1.0, d * d * 1.6)))
            small.set_at((x, y), (v, v, v))
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
