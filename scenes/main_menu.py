"""The main menu: new game, rules, settings, quit."""

from __future__ import annotations

from game.widgets import Item

from .menu_base import MenuScene


class MainMenuScene(MenuScene):
    name = "menu"
    title = "Battle Line"
    subtitle = "A game by Reiner Knizia for two generals"
    menu_top = 260

    def items(self) -> list[Item]:
        from game.saves import load_save

        self.saved = load_save()
        resume = [Item("Continue", self._continue, hint="Your unfinished game, exactly where it stopped")]
        return resume * (self.saved is not None) + [
            Item("New game", self._setup, hint="Hot-seat on this screen, or against a bot"),
            Item("Host a LAN game", self._host_lan, hint="Play someone on another computer at home"),
            Item("Join a LAN game", self._join_lan, hint="Join a game hosted on this network"),
            Item("Replays", self._replays, hint="Every finished game, step by step; export and import"),
            Item("Statistics", self._stats, hint="Games and matches won, per player and opponent"),
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

    def _host_lan(self) -> None:
        from .lan_host import HostLobbyScene

        self.app.push(HostLobbyScene(self.app))

    def _join_lan(self) -> None:
        from .lan_join import JoinListScene

        self.app.push(JoinListScene(self.app))

    def enter(self) -> None:
        from .continue_scene import show_notices

        show_notices(self.app)  # a save that could not be read was set aside: say so
        from game import audio

        audio.music(self.app)  # the music loop starts with the menu (if its volume is above 0)

    def _continue(self) -> None:
        from .continue_scene import ContinueScene

        if self.saved is not None:
            self.app.push(ContinueScene(self.app, self.saved))

    def _replays(self) -> None:
        from .replay_list import ReplayListScene

        self.app.push(ReplayListScene(self.app))

    def _stats(self) -> None:
        from .stats_scene import StatsScene

        self.app.push(StatsScene(self.app))

    def _rules(self) -> None:
        from .rules_ref import RulesScene

        self.app.push(RulesScene(self.app))

    def _settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))
