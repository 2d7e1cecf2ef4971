"""The first launch: a newcomer is offered the tutorial or a game against the easy bot, once.

Any answer, "not now" and Back included, is remembered in the settings (`welcomed`), so the
welcome never comes back; the main menu below is where every other way in stays.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.play.session import Setup
from game.ui import art, card_art
from game.ui.input import Kind
from game.ui.text import fit_size, fitted, shadowed
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene

CARDS = ("r7", "r8", "r9")


class WelcomeScene(MenuScene):
    name = "welcome"
    title = N_("Welcome to Battle Line")
    subtitle = N_("Two or three generals, nine flags: win three flags side by side, or any five "
                  "(any four with three players).")
    menu_top = 570

    def items(self) -> list[Item]:
        return [
            Item(_("New here? The tutorial (5 min)"), self._tutorial,
                 hint=_("Seven short lessons on a real board, then a game")),
            Item(_("Play the easy bot"), self._easy, hint=_("A patient opponent: learn by playing")),
            Item(_("Not now"), self.back, hint=_("Everything is in the main menu; this is not asked again")),
        ]

    def _answered(self) -> None:
        self.app.settings.welcomed = True
        self.app.save_settings()

    def back(self) -> None:
        self._answered()
        self.app.pop(self)

    def _tutorial(self) -> None:
        self.back()
        self.app.push(screens.tutorial(self.app, then_game=True))

    def _easy(self) -> None:
        self._answered()
        setup = Setup(opponent="easy", names=list(self.app.settings.names))
        screens.start(self.app, setup)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        title = _(self.title)
        img = shadowed(title, fit_size(title, 72, 1800, "serif"), art.HILITE, "serif", offset=3)
        surface.blit(img, img.get_rect(center=(960, 120)))
        img = fitted(_(self.subtitle), 32, 1800, art.MUTED)
        surface.blit(img, img.get_rect(center=(960, 200)))
        for i, card in enumerate(CARDS):  # a Wedge, the strongest formation: a promise of what is coming
            img = pygame.transform.rotate(card_art.face(card, "table"), 12 - i * 12)
            surface.blit(img, img.get_rect(center=(960 + (i - 1) * 110, 350 + abs(i - 1) * 10)))
        img = fitted(_("How would you like to start?"), 36, 1600, art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=(960, 500)))
        self.menu.draw(surface)
        g = self.app.input.glyph
        words = _("{confirm} choose  \u00b7  {back} not now", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        hint = fitted(words, 28, 1800, art.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(960, 1050)))


screens.welcome.opens(WelcomeScene)
