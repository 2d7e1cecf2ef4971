"""'Look at the board' after a game: the results step aside, and any press brings them back.

Without it the results screen was a dead end: once dismissed, Rematch could not be reached again.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import art, cover
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import MIN_READ, fitted

from . import screens


class LookScene(Scene):
    name = "look"
    opaque = False

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CONFIRM, Kind.BACK, Kind.MENU, Kind.RELEASE):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        from .board import BoardScene
        from .board_names import name_rects

        board = self.app.find(BoardScene)
        kept = name_rects(board.shown) if isinstance(board, BoardScene) else []
        top, bottom = pygame.Rect(0, 0, 1060, 66), pygame.Rect(0, 0, 1060, 66)
        top.midtop, bottom.midbottom = (960, 8), (960, 1072)
        box = cover.overlay("the look banner", cover.place([top, bottom], kept) or top)  # never on a name
        art.panel(surface, box, alpha=240, border=art.HILITE, radius=16, fill=(16, 22, 22))
        g = self.app.input.glyph
        words = _("{confirm} or {back}: back to the results and Rematch", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        img = fitted(words, 32, box.width - 40, art.HILITE, "bold", MIN_READ)
        surface.blit(img, img.get_rect(center=box.center))


screens.look.opens(LookScene)
