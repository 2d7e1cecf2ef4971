"""The title screen: the first frame, so it draws fast and asks only for a button."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import art, card_art, vista
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, Scene
from game.ui.text import fitted, shadowed, text
from game.ui.tween import pulse

from . import screens

FAN = ("r10", "y9", "alexander", "g8", "b7", "p6")


class TitleScene(Scene):
    name = "title"

    def __init__(self, app: object) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.clock = 0.0

    def handle(self, intent: Intent) -> None:
        if intent.kind in (Kind.CONFIRM, Kind.RELEASE, Kind.MENU):

            self.app.replace(screens.main_menu(self.app))
        elif intent.kind is Kind.BACK:  # B or Esc on the title quits, but only after a yes

            screens.ask_first(self.app, _("Quit Battle Line?"),
                              [_("Unfinished games are kept: Continue brings them back.")], _("Quit"), self.app.quit)

    def update(self, dt: float) -> None:
        self.clock += dt

    def activity(self) -> int:
        return AMBIENT

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(vista.scene((1920, 1080), night=False), (0, 0))  # the two armies on the field
        for i, card in enumerate(FAN):
            img = pygame.transform.rotate(card_art.face(card, "hand"), 25 - i * 10)
            surface.blit(img, img.get_rect(center=(960 + (i - 2.5) * 120, 700 + abs(i - 2.5) ** 2 * 12)))
        title = shadowed(_("Battle Line"), 150, art.HILITE, "serif", offset=5)
        box = title.get_rect(center=(960, 250))
        surface.blit(title, box)
        art.ornament(surface, (960, box.bottom + 6), 900)
        sub = fitted(_("Nine flags. Two armies. Knizia's duel of formations."), 36, 1800, art.CREAM)
        surface.blit(sub, sub.get_rect(center=(960, 400)))
        glyph = self.app.input.glyph(Kind.CONFIRM)
        press = text(_("Press {button} to begin", button=glyph), 40, art.HILITE, "bold")
        press.set_alpha(int(140 + 115 * pulse(self.clock, 1.8)))
        surface.blit(press, press.get_rect(center=(960, 980)))


screens.title.opens(TitleScene)
