"""The screens' typed doors: `screens.board(app, table)` opens the board, with arguments mypy checks.

A screen still opens another by its registered name (`App.open`, the names in scenes/__init__.py), so no
scene imports another and no circle forms; this module wraps each name in a function with the screen's
own parameters and return type. Each door's body names its screen twice: for mypy (under `TYPE_CHECKING`,
so the call is checked against the screen's constructor, and nothing is imported when the game runs) and
for the game (the registered name). tests/test_screens.py checks that the two agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.notation_types import Event, View

if TYPE_CHECKING:
    from engine import Game
    from engine.run.review import KeptReview, ReviewProcess
    from game.keep.lan_saved import LanSaved
    from game.play.saves import Saved
    from game.play.session import Session, Setup
    from game.play.table import Table
    from game.ui.scene import Scene
    from game.ui.shell import App
    from net.guest import Guest

    from .accessibility_scene import AccessibilityScene
    from .board import BoardScene
    from .confirm import ConfirmScene, ask
    from .continue_scene import ContinueListScene, ContinueScene, resume_into
    from .lan_host import HostLobbyScene
    from .lan_join import GuestWaitScene, JoinListScene
    from .lan_menu import LanMenuScene
    from .look import LookScene
    from .main_menu import MainMenuScene
    from .name_entry import NameScene, NamesScene, seat_name_scene
    from .overlays import InspectScene, LogScene
    from .pass_device import PassScene
    from .pause import PauseScene, ShownGame
    from .replay_list import ReplayListScene
    from .replay_view import ReplayScene
    from .results import ResultsScene
    from .review_scene import ReviewScene
    from .rules_ref import RulesScene
    from .scoreboard import ScoreboardScene
    from .settings_scene import SettingsScene
    from .setup import SetupScene, start_game
    from .stats_scene import StatsScene
    from .table_board import board_for
    from .title import TitleScene
    from .tutorial import TutorialScene
    from .welcome import WelcomeScene



def title(app: App) -> TitleScene:
    if TYPE_CHECKING:
        return TitleScene(app)
    return app.open("title")


def welcome(app: App) -> WelcomeScene:
    if TYPE_CHECKING:
        return WelcomeScene(app)
    return app.open("welcome")


def main_menu(app: App) -> MainMenuScene:
    if TYPE_CHECKING:
        return MainMenuScene(app)
    return app.open("main_menu")


def setup(app: App) -> SetupScene:
    if TYPE_CHECKING:
        return SetupScene(app)
    return app.open("setup")


def start(app: App, chosen: Setup) -> None:
    """Start a sitting from the setup screen's choices (it opens the board itself)."""
    if TYPE_CHECKING:
        start_game(app, chosen)
    app.open("start_game", chosen)


def seat_name(app: App, seat_index: int, name: str, done: Callable[[str], None]) -> NameScene:
    if TYPE_CHECKING:
        return seat_name_scene(app, seat_index, name, done)
    return app.open("seat_name", seat_index, name, done)


def names(app: App) -> NamesScene:
    if TYPE_CHECKING:
        return NamesScene(app)
    return app.open("names")


def confirm(app: App, question: str, lines: list[str], answers: list[tuple[str, Callable[[], None]]]) -> ConfirmScene:
    if TYPE_CHECKING:
        return ConfirmScene(app, question, lines, answers)
    return app.open("confirm", question, lines, answers)


def ask_first(app: App, question: str, lines: list[str], yes: str, run: Callable[[], None], no: str = "") -> None:
    """A yes-or-no question over the screen (it pushes itself); `run` runs on yes."""
    if TYPE_CHECKING:
        ask(app, question, lines, yes, run, no)
    app.open("ask", question, lines, yes, run, no)


def board(app: App, table: Table, session: Session | None = None) -> BoardScene:
    if TYPE_CHECKING:
        return BoardScene(app, table, session)
    return app.open("board", table, session)


def lan_board(app: App, table: Table) -> Scene:
    """The board a LAN table needs (a seat's, the spectator's, or the three-player Y), woken by its link."""
    if TYPE_CHECKING:
        return board_for(app, table)
    return app.open("board_for", table)


def tutorial(app: App, index: int = 0, then_game: bool = False) -> TutorialScene:
    if TYPE_CHECKING:
        return TutorialScene(app, index, then_game)
    return app.open("tutorial", index, then_game)


def pause(app: App, shown: ShownGame) -> PauseScene:
    if TYPE_CHECKING:
        return PauseScene(app, shown)
    return app.open("pause", shown)


def log(app: App, events: list[Event], seat_names: dict[str, str]) -> LogScene:
    if TYPE_CHECKING:
        return LogScene(app, events, seat_names)
    return app.open("log", events, seat_names)


def inspect(app: App, view: View, viewer: str, seat_names: dict[str, str]) -> InspectScene:
    if TYPE_CHECKING:
        return InspectScene(app, view, viewer, seat_names)
    return app.open("inspect", view, viewer, seat_names)


def pass_device(app: App, shown: BoardScene, seat: str) -> PassScene:
    if TYPE_CHECKING:
        return PassScene(app, shown, seat)
    return app.open("pass", shown, seat)


def rules(app: App, card: str | None = None, topic: str | None = None) -> RulesScene:
    if TYPE_CHECKING:
        return RulesScene(app, card, topic)
    return app.open("rules", card, topic)


def results(app: App, shown: BoardScene) -> ResultsScene:
    if TYPE_CHECKING:
        return ResultsScene(app, shown)
    return app.open("results", shown)


def look(app: App) -> LookScene:
    if TYPE_CHECKING:
        return LookScene(app)
    return app.open("look")


def review(app: App, game: Game, seat: str, process: ReviewProcess | KeptReview | None = None) -> ReviewScene:
    if TYPE_CHECKING:
        return ReviewScene(app, game, seat, process)
    return app.open("review", game, seat, process)


def scoreboard(app: App, session: Session) -> ScoreboardScene:
    if TYPE_CHECKING:
        return ScoreboardScene(app, session)
    return app.open("scoreboard", session)


def continue_game(app: App, saved: Saved) -> ContinueScene:
    if TYPE_CHECKING:
        return ContinueScene(app, saved)
    return app.open("continue", saved)


def continue_list(app: App, saves: list[Saved], lan: list[LanSaved] | None = None) -> ContinueListScene:
    if TYPE_CHECKING:
        return ContinueListScene(app, saves, lan)
    return app.open("continue_list", saves, lan)


def resume(app: App, saved: Saved) -> None:
    """Resume a saved sitting straight into its board (it resets the stack itself)."""
    if TYPE_CHECKING:
        resume_into(app, saved)
    app.open("resume_into", saved)


def replay_list(app: App) -> ReplayListScene:
    if TYPE_CHECKING:
        return ReplayListScene(app)
    return app.open("replay_list")


def replay(app: App, game: Game, when: str = "", on_close: Callable[[], None] | None = None) -> ReplayScene:
    if TYPE_CHECKING:
        return ReplayScene(app, game, when, on_close)
    return app.open("replay", game, when, on_close)


def stats(app: App) -> StatsScene:
    if TYPE_CHECKING:
        return StatsScene(app)
    return app.open("stats")


def settings(app: App) -> SettingsScene:
    if TYPE_CHECKING:
        return SettingsScene(app)
    return app.open("settings")


def accessibility(app: App) -> AccessibilityScene:
    if TYPE_CHECKING:
        return AccessibilityScene(app)
    return app.open("accessibility")


def lan_menu(app: App) -> LanMenuScene:
    if TYPE_CHECKING:
        return LanMenuScene(app)
    return app.open("lan_menu")


def host_lobby(app: App, bind: str = "0.0.0.0", advertise: bool = True, port: int = 47110, table: bool = False,
               players: int = 2) -> HostLobbyScene:
    if TYPE_CHECKING:
        return HostLobbyScene(app, bind, advertise, port, table, players)
    return app.open("host_lobby", bind, advertise, port, table, players)


def join_list(app: App, interfaces: list[str] | None = None) -> JoinListScene:
    if TYPE_CHECKING:
        return JoinListScene(app, interfaces)
    return app.open("join_list", interfaces)


def guest_wait(app: App, guest: Guest, rejoin: bool = False) -> GuestWaitScene:
    if TYPE_CHECKING:
        return GuestWaitScene(app, guest, rejoin)
    return app.open("guest_wait", guest, rejoin)
