"""The main menu: new game, rules, settings, quit."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.ui import vista
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene


class MainMenuScene(MenuScene):
    name = "menu"
    title = N_("Battle Line")
    subtitle = N_("A game by Reiner Knizia for two or three generals")
    menu_top = 260

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The battlefield at night with the two armies facing each other (game.ui.vista), not a bare field."""
        surface.blit(vista.scene((1920, 1080), night=True), (0, 0))

    def items(self) -> list[Item]:
        from game.keep.lan_saved import lan_saves
        from game.play.saves import load_saves

        self.saves = load_saves()
        self.saved = self.saves[0] if self.saves else None
        self.lan = lan_saves()  # LAN games hosted here (one per peer) and joined from here, beside the others
        count = len(self.saves) + len(self.lan)
        hint = _("Your unfinished game, exactly where it stopped") if count < 2 else \
            ngettext("{n} unfinished game: choose one", "{n} unfinished games: choose one", count)
        resume = [Item(_("Continue"), self._continue, hint=hint)]
        return resume * (count > 0) + [
            Item(_("New game"), self._setup, hint=_("Hot-seat on this screen, or against a bot")),
            Item(_("Tutorial"), self._tutorial, hint=_("Learn to play in seven short lessons")),
            Item(_("Play over the LAN"), self._lan, hint=_("Host or join a game between two computers at home")),
            Item(_("Replays"), self._replays, hint=_("Every finished game, step by step; export and import")),
            Item(_("Statistics"), self._stats, hint=_("Games and matches won, per player and opponent")),
            Item(_("Rules"), self._rules, hint=_("How to play, every rule and option")),
            Item(_("Settings"), self._settings, hint=_("Window, language, animations, auto-claim")),
            Item(_("Quit"), self._quit),
        ]

    def back(self) -> None:
        self.app.replace(screens.title(self.app))

    def _quit(self) -> None:
        screens.ask_first(self.app, _("Quit Battle Line?"),
                          [_("Unfinished games are kept: Continue brings them back.")], _("Quit"), self.app.quit)

    def _setup(self) -> None:
        self.app.push(screens.setup(self.app))

    def _tutorial(self) -> None:
        self.app.push(screens.tutorial(self.app))

    def _lan(self) -> None:
        self.app.push(screens.lan_menu(self.app))

    def enter(self) -> None:
        from .continue_scene import show_notices

        if not self.app.settings.welcomed:  # the very first launch: offer a way in, once

            self.app.push(screens.welcome(self.app))
        show_notices(self.app)  # a save that could not be read was set aside: say so
        from game.ui import audio

        audio.music(self.app, "menu")  # the menu's piece, faded over from the game's (at a volume above 0)

    def resume(self) -> None:
        super().resume()
        from game.ui import audio

        audio.music(self.app, "menu")  # back from a game: its music fades over to the menu's

    def _continue(self) -> None:
        if len(self.saves) > 1 or self.lan:
            self.app.push(screens.continue_list(self.app, self.saves, self.lan))
        elif self.saved is not None:
            self.app.push(screens.continue_game(self.app, self.saved))

    def _replays(self) -> None:
        self.app.push(screens.replay_list(self.app))

    def _stats(self) -> None:
        self.app.push(screens.stats(self.app))

    def _rules(self) -> None:
        self.app.push(screens.rules(self.app))

    def _settings(self) -> None:
        self.app.push(screens.settings(self.app))


screens.main_menu.opens(MainMenuScene)
