"""Pause: over the board, so the table stays in view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.ui.widgets import Item

from . import screens
from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App

    from .board_roles import ShownGame


class PauseScene(MenuScene):
    name = "pause"
    opaque = False
    title = N_("Paused")
    menu_top = 380

    def __init__(self, app: App, board: ShownGame) -> None:
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
        self.app.push(screens.log(self.app, self.board.game_log(), self.board.names))

    def _rules(self) -> None:
        self.app.push(screens.rules(self.app))

    def _settings(self) -> None:
        self.app.push(screens.settings(self.app))

    def _leave(self) -> None:
        """A game in progress is left only after a yes: one stray press must not end an evening's game."""
        if self.board.table.result is not None:
            self._to_menu()
            return
        session = self.board.session
        kept = session is not None and session.keeper is not None
        lines = [_("It is saved: Continue in the main menu brings it back.") if kept
                 else _("This game is not saved.")]
        screens.ask_first(self.app, _("Leave this game?"), lines, _("Leave to the main menu"), self._to_menu)

    def _to_menu(self) -> None:
        self.app.reset(screens.main_menu(self.app))


screens.pause.opens(PauseScene)
