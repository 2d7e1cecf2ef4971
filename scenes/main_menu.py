"""The main menu: new game, rules, settings, quit."""

from __future__ import annotations

from game.widgets import Item

from .menu_base import MenuScene


class MainMenuScene(MenuScene):
    name = "menu"
    title = "Battle Line"
    subtitle = "A game by Reiner Knizia for two generals"
    menu_top = 380

    def items(self) -> list[Item]:
        return [
            Item("New game", self._setup, hint="Hot-seat on this screen, or against a bot"),
            Item("Rules", self._rules, hint="How to play, every rule and option"),
            Item("Settings", self._settings, hint="Window, animations, auto-claim, names"),
            Item("Quit", self.app.quit),
        ]

    def back(self) -> None:
        from .title import TitleScene

        self.app.replace(TitleScene(self.app))

    def _setup(self) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def _rules(self) -> None:
        from .rules_ref import RulesScene

        self.app.push(RulesScene(self.app))

    def _settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))
