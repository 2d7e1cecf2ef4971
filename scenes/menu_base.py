"""A scene that is a title and a Menu: main menu, setup, settings and pause are all this shape."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import _
from game.ui import art
from game.ui.input import Intent, Kind
from game.ui.scene import Scene
from game.ui.text import fit_size, fitted, shadowed, text
from game.ui.widgets import ROW_H, Item, Menu

if TYPE_CHECKING:
    from game.ui.shell import App


#: the highest a title's letters start: its ornament (at y 16 or lower, 9 px each way) stays clear of the edge
TITLE_TOP = 30


class MenuScene(Scene):
    title = ""
    subtitle = ""
    menu_top = 300
    hint_bottom = 1050
    row_h = ROW_H  # the menu's rows' pitch

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = Menu(self.items(), 960, self.menu_top)
        self.menu.row_h = self.row_h
        self.rows_in = i18n.current().lang  # the language the rows were said in (say_rows_again)

    def items(self) -> list[Item]:
        return []

    def new_rows(self) -> None:
        """New items (a lobby opened, a guest joined): the focus goes to the first, the likely next step."""
        self.menu.items = self.items()
        self.menu.focus = 0
        self.rows_in = i18n.current().lang

    def say_rows_again(self) -> None:
        """Rows said in another language than the window's (made before its language was active: a lobby opened
        or resumed from the command line, news read outside a frame; or the language changed) are said again,
        the focus kept."""
        if self.rows_in != self.app.tr.lang:
            focus = self.menu.focus
            self.menu.items = self.items()
            self.menu.focus = min(focus, len(self.menu.items) - 1)
            self.rows_in = self.app.tr.lang

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> None:
        if intent.kind is Kind.BACK or (intent.kind is Kind.MENU and not self.opaque):
            self.back()
            return
        self.menu.handle(intent)

    def over_menu(self) -> bool:
        """Opened from another menu (Sound and accessibility from Settings): that menu's words must not show
        through around this one's card, so this one is drawn on the whole backdrop."""
        stack = self.app.stack
        return self in stack and stack.index(self) > 0 and isinstance(stack[stack.index(self) - 1], MenuScene)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.opaque or self.over_menu():
            surface.blit(art.backdrop((1920, 1080), 11, art.NIGHT), (0, 0))
        else:  # over the board: a solid card behind the menu, so its words never sit on busy cards
            surface.blit(art.shade((1920, 1080), 190), (0, 0))
            top = max(8, self.menu_top - 240)  # a long menu (Settings) keeps its card on the screen
            bottom = min(1072, self.menu_top + len(self.menu.items) * self.menu.row_h + 110)
            box = pygame.Rect(0, 0, self.menu.width + 140, bottom - top)
            box.midtop = (960, top)
            art.panel(surface, box, alpha=245, border=art.GOLD_DARK, radius=24, fill=(14, 20, 20))
            self.hint_bottom = box.bottom - 12

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        if self.title:
            title = _(self.title)  # shrinks to fit: a long name in a long language stays on the screen
            size = fit_size(title, 72, 1800, "serif")
            img = shadowed(title, size, art.HILITE, "serif", offset=3)
            ink = img.get_bounding_rect()
            box = img.get_rect(center=(960, max(56, self.menu_top - 150)))
            box.y = max(box.y, TITLE_TOP - ink.y)  # letters and ornament clear the top edge (large text, Chinese)
            while size > 40 and box.y + ink.bottom > self.menu_top - 12:  # nor the first row
                size -= 4
                img = shadowed(title, size, art.HILITE, "serif", offset=3)
                ink = img.get_bounding_rect()
                box = img.get_rect(center=(960, max(56, self.menu_top - 150)))
                box.y = max(box.y, TITLE_TOP - ink.y)
            surface.blit(img, box)
            art.ornament(surface, (960, max(16, box.top - 6)), min(760, box.width + 240))
        if self.subtitle:
            img = fitted(_(self.subtitle), 30, 1800, art.MUTED)
            surface.blit(img, img.get_rect(center=(960, self.menu_top - 80)))
        g = self.app.input.glyph
        words = _("{confirm} choose  \u00b7  {back} back", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        hint = text(words, 28, art.MUTED)
        bottom = 1050 if self.opaque or self.over_menu() else self.hint_bottom
        self.menu.bottom = bottom - hint.get_height() - 4  # the focused item's hint ends above the keys
        self.menu.draw(surface)
        surface.blit(hint, hint.get_rect(midbottom=(960, bottom)))
