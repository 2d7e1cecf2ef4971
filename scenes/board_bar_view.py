"""The coach's win-estimate bar drawn from what it shows (Settings: off by default).

The board makes a `WinBar` value each frame from the coach's latest estimate (scenes.board_draw.win_bar_of), or
none where no bar is shown; `WinBarView` draws it beside the player's name and keeps the label it rendered for one
value's words and look, so a still frame renders no text again. It never reads the board."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import language
from game.ui import art, theme
from game.ui.text import text
from game.ui.widgets import chance_bar

BAR_W, BAR_H = 170, 14


@dataclass(frozen=True)
class WinBar:
    """The estimate shown (0 to 1), its words, and whether the board seats three (the bar's place differs)."""

    chance: float
    words: str  # "Win estimate: 62%", in the language on show
    three: bool = False


class WinBarView:
    """Draws a `WinBar`; its label is rendered once per words, theme and language (the face it is set in)."""

    def __init__(self) -> None:
        self.label: tuple[tuple[str, theme.Theme, str], pygame.Surface] | None = None
        self.rendered = 0  # how many labels were rendered (a still frame adds none: tests read it)

    def draw(self, surface: pygame.Surface, bar: WinBar | None) -> None:
        """Under the player's name and flag count, right-aligned, above the deck labels and clear of the caption
        box; for three players under the name in the middle of the top strip. Nothing for no value."""
        if bar is None:
            return
        box = pygame.Rect(surface.get_width() - 28 - BAR_W, 108, BAR_W, BAR_H)
        if bar.three:
            box = pygame.Rect(surface.get_width() // 2 + 40, 88, BAR_W, BAR_H)
        chance_bar(surface, box, bar.chance)
        key = (bar.words, theme.current(), language())
        if self.label is None or self.label[0] != key:
            self.rendered += 1
            self.label = (key, text(bar.words, 22, art.MUTED))
        label = self.label[1]
        surface.blit(label, label.get_rect(midright=(box.x - 10, box.centery)))
