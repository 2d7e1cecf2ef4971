"""Pause: over the board, so the table stays in view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.ui.widgets import Item

from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App

    from .board import BoardScene


class PauseScene(MenuScene):
    name = "pause"
    opaque = False
    title = N_("Paused")
    menu_top = 380

    def __init__(self, app: App, board: BoardScene) -> None:
        self.board = board
        super().__init__(app)

    def items(self) -> list[Item]:
        return [
            Item(_("Resume"), self.back),
            Item(_("Game log"), self._log),
            Item(_("Rules"), self._rules),
            Item(_("Settings"), self._settings),
            Item(_("Leave to the main menu"), self._leave),
        ]

    def _log(self) -> None:
        from .overlays import LogScene

        self.app.push(LogScene(self.app, self.board.log, self.board.names))

    def _rules(self) -> None:
        from .rules_ref import RulesScene

        self.app.push(RulesScene(self.app))

    def _settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def _leave(self) -> None:
        """A game in progress is left only after a yes: one stray press must not end an evening's game."""
        from .confirm import ask

        if self.board.table.result is not None:
            self._to_menu()
            return
        session = self.board.session
        kept = session is not None and session.keeper is not None
        lines = [_("It is saved: Continue in the main menu brings it back.") if kept
                 else _("This game is not saved.")]
        ask(self.app, _("Leave this game?"), lines, _("Leave to the main menu"), self._to_menu)

    def _to_menu(self) -> None:
        from .main_menu import MainMenuScene

        self.app.reset(MainMenuScene(self.app))
