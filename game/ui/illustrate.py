"""The card pictures given form: light, shade and ground over the figures of game/ui/figures.py (issue 59).

A figure is drawn flat (ink, a light and a middle tone); here it is lit as a painter would light it, from the
upper left, in the card's own colours: a soft light over its upper part and a shade over its lower, a bright rim
along the edges that face the light and a dark core along those that turn away, and a troop stands on a ground
(a patch of earth and grass with the figure's cast shadow, a pale haze of sky behind it). Nothing here is
copied art: it is pygame's blend modes on the figure's own outline, so every troop and tactic gets the same
hand. The result is cached with the figure (figures.render), so a frame still only blits a card face.
"""

from __future__ import annotations

import pygame

RGB = tuple[int, int, int]


def _mask(flat: pygame.Surface, colour: RGB = (255, 255, 255)) -> pygame.Surface:
    """The figure's outline in one colour (its alpha kept)."""
    out = flat.copy()
    out.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_MAX)  # every colour channel up to 255, alpha kept
    if colour != (255, 255, 255):
        out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _within(layer: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """`layer` kept only where the figure is (its alpha times the outline's)."""
    out = layer.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _edge(mask: pygame.Surface, dx: int, dy: int) -> pygame.Surface:
    """The figure's edge facing (-dx, -dy): its outline less the outline moved by (dx, dy)."""
    out = mask.copy()
    moved = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    moved.blit(mask, (dx, dy))
    out.blit(moved, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    return out


def _gradient(size: tuple[int, int], top: tuple[int, int, int, int], bottom: tuple[int, int, int, int],
              ) -> pygame.Surface:
    """A vertical blend from `top` to `bottom` (colours with alpha)."""
    w, h = size
    column = pygame.Surface((1, 2), pygame.SRCALPHA)
    column.set_at((0, 0), top)
    column.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(column, (w, h))


def lit(flat: pygame.Surface, light: RGB) -> pygame.Surface:
    """The figure with light and shade: a glow over its upper part, a shade over its lower, a bright rim on the
    edges facing the upper left and a dark core on those facing away."""
    w, h = flat.get_size()
    k = max(1, round(w / 60))  # the rim's width: a pixel on the far front's miniature, three on the preview
    out = flat.copy()
    mask = _mask(flat)
    out.blit(_within(_gradient((w, h), (*light, 95), (0, 0, 0, 80)), mask), (0, 0))
    rim = _within(_edge(mask, k, k), _mask(flat, light))
    rim.fill((255, 255, 255, 170), special_flags=pygame.BLEND_RGBA_MULT)
    core = _mask(_edge(mask, -k, -k), (0, 0, 0))
    core.fill((255, 255, 255, 75), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(core, (0, 0))
    out.blit(rim, (0, 0))
    return out


def ground(size: int, ink: RGB, light: RGB, mid: RGB) -> pygame.Surface:
    """What a troop stands on, `size` pixels square: a haze of sky behind the figure, a patch of earth with
    tufts of grass in the card's tones, and the figure's cast shadow falling to the right."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    haze = pygame.Surface((size, size), pygame.SRCALPHA)
    haze.fill((255, 255, 255, 0))  # clear but white: blurring its edge must not bring in black
    pygame.draw.ellipse(haze, (255, 255, 255, 60), pygame.Rect(size * 0.1, size * 0.06, size * 0.8, size * 0.8))
    haze = pygame.transform.smoothscale(pygame.transform.smoothscale(haze, (max(1, size // 8),) * 2), (size, size))
    out.blit(haze, (0, 0))
    earth = pygame.Rect(0, 0, int(size * 0.96), max(3, int(size * 0.16)))
    earth.center = (size // 2, int(size * 0.93))
    pygame.draw.ellipse(out, (*mid, 255), earth)
    pygame.draw.ellipse(out, (*ink, 90), earth.inflate(-2, -2).move(0, max(1, size // 60)))
    shadow = pygame.Rect(0, 0, int(size * 0.62), max(2, int(size * 0.07)))
    shadow.center = (int(size * 0.56), int(size * 0.925))
    pygame.draw.ellipse(out, (*ink, 110), shadow)
    blade = max(1, size // 90)
    grass = tuple((a * 2 + b) // 3 for a, b in zip(ink, mid, strict=True))
    for i in range(11):  # tufts along the patch's near rim: a few blades each, of uneven height
        x = size * (0.07 + 0.085 * i + 0.02 * ((i * 7) % 3))
        y = size * (0.9 + 0.025 * ((i * 5) % 3))
        for j, lean in enumerate((-0.03, -0.01, 0.012, 0.03)):
            tall = size * (0.03 + 0.012 * ((i + j * 3) % 3))
            pygame.draw.aaline(out, grass, (x, y), (x + size * lean, y - tall))
            if blade > 1:
                pygame.draw.line(out, grass, (x, y), (x + size * lean, y - tall), blade)
    pygame.draw.ellipse(out, (*light, 120), pygame.Rect(earth.x + earth.w // 8, earth.y + 1, earth.w // 3,
                                                        max(1, earth.h // 3)))
    return out
