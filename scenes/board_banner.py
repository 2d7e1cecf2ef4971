"""The banner (a toast: a claim, a refusal, a note) drawn from what it shows (`Banner`, a value the board makes each
frame a banner is on show) by a view that keeps its drawn panel (`BannerView`): a banner stays up for seconds
while cards fly, so its panel is drawn once and only faded after."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import art
from game.ui.text import blit_lines, fitted, line_height

#: a banner's words laid out at one width: its lines, their text size and the box's height
Look = tuple[list[str], int, int]


@dataclass(frozen=True)
class Banner:
    """What the banner on show looks like this frame: where it goes, its title and colour, its words and their
    lines fitted to its width (BannerView.look), how opaque it is, and the look it is drawn in."""

    box: pygame.Rect  # where it goes (scenes.board_hud.toast_spot)
    title: str
    colour: tuple[int, int, int]
    words: str  # all its words in one line: its line spacing is theirs
    lines: tuple[str, ...]  # the words wrapped to the box's width
    size: int  # their text size
    alpha: float  # 1 while shown, fading to 0 (scenes.board_state.Toast.alpha)
    look: tuple[object, ...]  # the theme and language it is drawn in

    def key(self) -> tuple[object, ...]:
        """What the drawn panel depends on: all but where it stands and how faded it is."""
        return (self.box.size, self.title, self.colour, self.words, self.lines, self.size, self.look)


class BannerView:
    """The banner's panel, drawn again only when what it depends on changes (`Banner.key`): a new banner, a new
    width, a new look. Each frame it is only faded and blitted."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.layer: pygame.Surface | None = None
        #: the banner's words laid out per (width, look): (lines, text size, height), for the words of `said`
        self.said: tuple[str, tuple[str, ...]] | None = None
        self.looks: dict[tuple[object, ...], Look] = {}

    def look(self, words: tuple[str, tuple[str, ...]], width: int, look: tuple[object, ...],
             work: Callable[[int], Look]) -> Look:
        """The layout of a banner's `words` (its title and lines) at `width` in `look` (theme, language), worked
        out by `work` once per banner: a banner on show is laid out at three widths every frame."""
        if words != self.said:
            self.said, self.looks = words, {}
        key = (width, *look)
        if key not in self.looks:
            self.looks[key] = work(width)
        return self.looks[key]

    def draw(self, surface: pygame.Surface, banner: Banner) -> None:
        """`banner` on `surface` at its box and its alpha."""
        key = banner.key()
        if self.layer is None or key != self.key:
            self.layer, self.key = draw_panel(banner), key
        self.layer.set_alpha(round(255 * banner.alpha))
        surface.blit(self.layer, banner.box)


def draw_panel(banner: Banner) -> pygame.Surface:
    """The banner drawn on its own layer its box's size, opaque (faded by the layer's alpha)."""
    layer = pygame.Surface(banner.box.size, pygame.SRCALPHA)
    box = layer.get_rect()
    art.panel(layer, box, alpha=240, border=banner.colour, radius=18, fill=(14, 20, 20))
    y = box.y + 10
    if banner.title:
        img = fitted(banner.title, 34, box.width - 40, banner.colour, "bold")
        layer.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += line_height(banner.title, 34, "bold", 1.25)
    blit_lines(layer, list(banner.lines), banner.size, art.CREAM if banner.title else banner.colour,
               (box.centerx, y), "bold", align="center", step=line_height(banner.words, banner.size, "bold", 1.22))
    return layer
