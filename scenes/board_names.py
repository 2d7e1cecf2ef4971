"""The players' names in the board's top strip: drawn on the still layer (scenes.board_still), kept in sight by
board_cover (nothing is laid over a name). They are the view's on show (scenes.board_shown), not the board's."""

from __future__ import annotations

import pygame

from engine import OTHER
from game.ui import layout
from game.ui.text import fitted, shadowed

from .board_shown import Shown


def name_spots(shown: Shown) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Each player's name in the top strip and where it is drawn: the opponent's on the left, the viewer's
    on the right (three players: the opponents left and right, the viewer in the middle)."""
    right = layout.W - 28
    out = []
    if shown.three:
        for seat, where in zip(shown.opponents(), ("left", "right"), strict=False):
            img = name_img(shown.names[seat], shown.tint(seat), layout.NAME3_W)
            out.append((img, img.get_rect(topleft=(28, 16)) if where == "left" else img.get_rect(topright=(right, 16))))
        img = name_img(shown.names[shown.viewer], shown.tint(shown.viewer), 420)
        out.append((img, img.get_rect(midtop=(layout.W // 2, 10))))
        return out
    them = OTHER[shown.viewer]
    img = name_img(shown.names[them], shown.tint(them))
    out.append((img, img.get_rect(topleft=(28, 16))))
    img = name_img(shown.names[shown.viewer], shown.tint(shown.viewer))
    out.append((img, img.get_rect(topright=(right, 16))))
    return out


def under_names(shown: Shown, info: pygame.Surface, usual: int) -> int:
    """The top of a stats line drawn under the names: `usual`, or lower where a name's letters reach further
    down (large text, a Chinese face), so the two lines never touch."""
    ink = max(rect.y + img.get_bounding_rect().bottom for img, rect in name_spots(shown))
    return max(usual, ink + 3 - info.get_bounding_rect().top)


def name_rects(shown: Shown) -> list[pygame.Rect]:
    """Where the players' names are: nothing is laid over them."""
    return [rect for _, rect in name_spots(shown)]


def name_img(name: str, colour: tuple[int, int, int], width: int = layout.NAME_W) -> pygame.Surface:
    """A name in its colour with a shadow, or plainer and smaller where it is too wide for `width`."""
    img = shadowed(name, 40, colour)
    if img.get_width() <= width:
        return img
    return fitted(name, 40, width, colour, "bold")
