"""Little pictures for the rules reference: real card faces at flags, before and after a tactics card.

A picture is one or more flags, each with the opponent's cards above a pennant and yours below
(empty slots drawn as outlines), plus Fog or Mud beside the pennant when a flag has it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import art, card_art
from game.ui.text import MIN_READ, fitted, wrap

CARD_W, CARD_H = card_art.SIZES["small"]
GAP = 8
EMPTY = "-"


@dataclass
class Flag:
    theirs: list[str] = field(default_factory=list)
    yours: list[str] = field(default_factory=list)
    beside: str = ""  # "fog" or "mud" at this flag
    slots: int = 3


def flag_size(flag: Flag) -> tuple[int, int]:
    extra = CARD_W + GAP if flag.beside else 0
    return flag.slots * (CARD_W + GAP) - GAP + extra, 2 * CARD_H + 64


def _row(surface: pygame.Surface, cards: list[str], slots: int, x: int, y: int) -> None:
    for i in range(slots):
        r = pygame.Rect(x + i * (CARD_W + GAP), y, CARD_W, CARD_H)
        card = cards[i] if i < len(cards) else EMPTY
        if card == EMPTY:
            pygame.draw.rect(surface, art.MUTED, r, 2, border_radius=8)
        else:
            surface.blit(card_art.face(card, "small"), r)


def draw_flag(surface: pygame.Surface, flag: Flag, topleft: tuple[int, int], number: int = 0) -> pygame.Rect:
    w, h = flag_size(flag)
    x, y = topleft
    _row(surface, flag.theirs, flag.slots, x, y)
    band = pygame.Rect(x, y + CARD_H + 10, flag.slots * (CARD_W + GAP) - GAP, 44)
    pygame.draw.rect(surface, (40, 56, 50), band, border_radius=10)
    pole = (band.centerx - 22, band.y + 6)
    pygame.draw.line(surface, art.CREAM, pole, (pole[0], band.bottom - 6), 3)
    pygame.draw.polygon(surface, art.CREAM, [(pole[0], pole[1]), (pole[0] + 44, pole[1] + 10), (pole[0], pole[1] + 22)])
    if number:
        num = fitted(str(number), 28, 40, art.CREAM, "bold")
        surface.blit(num, num.get_rect(center=(pole[0] + 66, band.centery)))
    _row(surface, flag.yours, flag.slots, x, band.bottom + 10)
    if flag.beside:
        surface.blit(card_art.face(flag.beside, "small"), (band.right + GAP, band.centery - CARD_H // 2))
    return pygame.Rect(x, y, w, h)


def draw_picture(surface: pygame.Surface, flags: list[Flag], center_x: int, top: int, caption: str,
                 label: str = "", numbers: tuple[int, ...] = ()) -> pygame.Rect:
    """Flags side by side, centred on `center_x`, a label above and a caption (wrapped) below."""
    sizes = [flag_size(f) for f in flags]
    width = sum(w for w, _ in sizes) + 40 * (len(flags) - 1)
    height = max(h for _, h in sizes)
    x = center_x - width // 2
    y = top
    if label:
        img = fitted(label, 32, 560, art.HILITE, "bold", MIN_READ)
        surface.blit(img, img.get_rect(midtop=(center_x, y)))
        y += 46
    for i, (flag, (w, _)) in enumerate(zip(flags, sizes, strict=True)):
        draw_flag(surface, flag, (x, y), numbers[i] if i < len(numbers) else 0)
        x += w + 40
    y += height + 8
    for line in wrap(caption, 28, 620):
        img = fitted(line, 28, 620, art.CREAM, "regular", MIN_READ)
        surface.blit(img, img.get_rect(midtop=(center_x, y)))
        y += 36
    return pygame.Rect(center_x - width // 2, top, width, y - top)


def arrow(surface: pygame.Surface, center: tuple[int, int]) -> None:
    x, y = center
    pygame.draw.line(surface, art.HILITE, (x - 40, y), (x + 30, y), 8)
    pygame.draw.polygon(surface, art.HILITE, [(x + 20, y - 22), (x + 48, y), (x + 20, y + 22)])


def cards_row(surface: pygame.Surface, cards: list[str], topleft: tuple[int, int], size: str = "small") -> int:
    """A row of faces; returns the x after the last one."""
    w = card_art.SIZES[size][0]
    x, y = topleft
    for card in cards:
        surface.blit(card_art.face(card, size), (x, y))
        x += w + GAP
    return x
