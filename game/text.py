"""Fonts and text surfaces, cached: rendering text is the slowest thing a frame can do.

Sizes are in logical pixels at 1920x1080. Anything a player must read uses at least MIN_READ.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from assets import FONTS_DIR

MIN_READ = 28
FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}
Colour = tuple[int, int, int] | tuple[int, int, int, int]


@lru_cache(maxsize=64)
def font(size: int, face: str = "regular") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONTS_DIR / FACES[face]), size)


@lru_cache(maxsize=4096)
def text(words: str, size: int, colour: Colour = (240, 236, 224), face: str = "regular") -> pygame.Surface:
    """A rendered line of text; the same words in the same style are drawn once per run."""
    return font(size, face).render(words, True, colour)


@lru_cache(maxsize=512)
def shadowed(words: str, size: int, colour: Colour = (240, 236, 224), face: str = "bold",
             shadow: Colour = (0, 0, 0), offset: int = 2) -> pygame.Surface:
    """Text with a soft drop shadow, for words over busy backgrounds."""
    front = text(words, size, colour, face)
    back = text(words, size, shadow, face)
    out = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
    back = back.copy()
    back.set_alpha(150)
    out.blit(back, (offset, offset))
    out.blit(front, (0, 0))
    return out


def wrap(words: str, size: int, width: int, face: str = "regular") -> list[str]:
    """Split words into lines that fit `width` pixels; explicit newlines are kept."""
    return list(_wrap(words, size, width, face))


@lru_cache(maxsize=1024)
def _wrap(words: str, size: int, width: int, face: str) -> tuple[str, ...]:
    """Cached: prompts and banners are re-wrapped every frame otherwise."""
    f = font(size, face)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def blit_lines(surface: pygame.Surface, lines: list[str], size: int, colour: Colour, pos: tuple[int, int],
               face: str = "regular", align: str = "left", spacing: float = 1.2) -> int:
    """Draw lines from `pos` (top-left, or top-centre when centred); returns the y below them."""
    x, y = pos
    step = int(size * spacing)
    for line in lines:
        img = text(line, size, colour, face)
        if align == "center":
            surface.blit(img, (x - img.get_width() // 2, y))
        elif align == "right":
            surface.blit(img, (x - img.get_width(), y))
        else:
            surface.blit(img, (x, y))
        y += step
    return y


def centred(surface: pygame.Surface, img: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(center=center))
