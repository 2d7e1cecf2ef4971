"""The screens' typed doors: `screens.board(app, table)` opens the board, with arguments mypy checks.

A screen opens another through its door here, never by importing it, so no scene imports another and no
circle forms. Each door is declared once, by a function with the screen's parameters (a board handed to a screen
over it is typed on the role that screen needs: scenes.board_roles) and what it gives back (`Scene`), and opens
the screen registered under its name (scenes/__init__.py). The screen's module, imported when its door is first
used, lets the screen in at the bottom: `screens.board.opens(BoardScene)`; mypy checks there that the screen
takes the door's parameters and is what the door promises, and tests/test_screens.py that every registered screen
has its door.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, Generic, ParamSpec, TypeVar

from engine.notation_types import Event, View
from game.ui.shell import scene_named

if TYPE_CHECKING:
    from engine import Game
    from engine.run.review import KeptReview, ReviewProcess
    from game.keep.lan_saved import LanSaved
    from game.play.flow import Target
    from game.play.saves import Saved
    from game.play.session import Session, Setup
    from game.play.table import Table
    from game.ui.scene import Scene
    from game.ui.shell import App
    from net.guest import Guest

    from .board_roles import Ended, Passed, ShownGame

P = ParamSpec("P")
R = TypeVar("R")


class Door(Generic[P, R]):
    """A screen's door, declared by a function: what the screen takes (the app, then `P`) and what the door
    gives back (`R`). The screen is made in its app's theme and language (App.active).

    The screen's module lets the screen in (`opens`) when it is imported, which the door does by the
    screen's registered name the first time it is used."""

    def __init__(self, name: str, declared: Callable[Concatenate[App, P], R]) -> None:
        self.name = name  # the screen's registered name (scenes/__init__.py)
        self.declared = declared
        self.made: Callable[Concatenate[App, P], R] | None = None
        functools.update_wrapper(self, declared)

    def opens(self, made: Callable[Concatenate[App, P], R]) -> None:
        """The screen this door opens (called by the screen's module, where mypy checks that it fits)."""
        self.made = made

    def screen(self) -> Callable[Concatenate[App, P], R]:
        """The screen let in, its module imported first if it was not yet."""
        if self.made is None:
            scene_named(self.name)
        if self.made is None:
            raise LookupError(f"the screen registered as {self.name!r} was not let in at its door")
        return self.made

    def __call__(self, app: App, *args: P.args, **kwargs: P.kwargs) -> R:
        with app.active():
            return self.declared(app, *args, **kwargs)


def door(name: str) -> Callable[[Callable[Concatenate[App, P], R]], Door[P, R]]:
    """Declare the door of the screen registered as `name` (the function's body calls the screen let in)."""
    return lambda declared: Door(name, declared)


@door("title")
def title(app: App) -> Scene:
    return title.screen()(app)


@door("welcome")
def welcome(app: App) -> Scene:
    return welcome.screen()(app)


@door("main_menu")
def main_menu(app: App) -> Scene:
    return main_menu.screen()(app)


@door("setup")
def setup(app: App) -> Scene:
    return setup.screen()(app)


@door("start_game")
def start(app: App, setup: Setup) -> None:
    """Start a sitting from the setup screen's choices (it opens the board itself)."""
    start.screen()(app, setup)


@door("seat_name")
def seat_name(app: App, seat_index: int, name: str, done: Callable[[str], None]) -> Scene:
    return seat_name.screen()(app, seat_index, name, done)


@door("names")
def names(app: App) -> Scene:
    return names.screen()(app)


@door("confirm")
def confirm(app: App, question: str, lines: list[str], answers: list[tuple[str, Callable[[], None]]]) -> Scene:
    return confirm.screen()(app, question, lines, answers)


@door("ask")
def ask_first(app: App, question: str, lines: list[str], yes: str, run: Callable[[], None], no: str = "") -> None:
    """A yes-or-no question over the screen (it pushes itself); `run` runs on yes."""
    ask_first.screen()(app, question, lines, yes, run, no)


@door("board")
def board(app: App, table: Table, session: Session | None = None, resumed: bool = False) -> Scene:
    """The board; `resumed`: a put-away game carried on (its log rebuilt from the record, the last turn told)."""
    return board.screen()(app, table, session, resumed)


@door("board_for")
def lan_board(app: App, table: Table) -> Scene:
    """The board a LAN table needs (a seat's, the spectator's, or the three-player Y), woken by its link."""
    return lan_board.screen()(app, table)


@door("tutorial")
def tutorial(app: App, index: int = 0, then_game: bool = False) -> Scene:
    return tutorial.screen()(app, index, then_game)


@door("pause")
def pause(app: App, board: ShownGame) -> Scene:
    return pause.screen()(app, board)


@door("log")
def log(app: App, events: list[Event], names: dict[str, str]) -> Scene:
    return log.screen()(app, events, names)


@door("inspect")
def inspect(app: App, view: View, viewer: str, names: dict[str, str]) -> Scene:
    return inspect.screen()(app, view, viewer, names)


@door("pass")
def pass_device(app: App, board: Passed, seat: str) -> Scene:
    return pass_device.screen()(app, board, seat)


@door("rules")
def rules(app: App, card: str | None = None, topic: str | None = None) -> Scene:
    return rules.screen()(app, card, topic)


def rules_at(app: App, card: str | None, looked_at: Target | None) -> Scene:
    """The rules reference at the page of what the player looks at (`looked_at`): the `card` the preview shows
    (a tactics card has its own page), the claim page for a flag, else the formations."""
    topic = "claim" if looked_at is not None and looked_at[0] == "flag" else "formations"
    return rules(app, card=card, topic=topic)


@door("results")
def results(app: App, board: Ended) -> Scene:
    return results.screen()(app, board)


@door("look")
def look(app: App) -> Scene:
    return look.screen()(app)


@door("review")
def review(app: App, game: Game, seat: str, process: ReviewProcess | KeptReview | None = None) -> Scene:
    return review.screen()(app, game, seat, process)


@door("scoreboard")
def scoreboard(app: App, session: Session) -> Scene:
    return scoreboard.screen()(app, session)


@door("continue")
def continue_game(app: App, saved: Saved) -> Scene:
    return continue_game.screen()(app, saved)


@door("continue_list")
def continue_list(app: App, saves: list[Saved], lan: list[LanSaved] | None = None) -> Scene:
    return continue_list.screen()(app, saves, lan)


@door("resume_into")
def resume(app: App, saved: Saved) -> None:
    """Resume a saved sitting straight into its board (it resets the stack itself)."""
    resume.screen()(app, saved)


@door("replay_list")
def replay_list(app: App) -> Scene:
    return replay_list.screen()(app)


@door("replay")
def replay(app: App, game: Game, when: str = "", on_close: Callable[[], None] | None = None) -> Scene:
    return replay.screen()(app, game, when, on_close)


@door("stats")
def stats(app: App) -> Scene:
    return stats.screen()(app)


@door("settings")
def settings(app: App) -> Scene:
    return settings.screen()(app)


@door("accessibility")
def accessibility(app: App) -> Scene:
    return accessibility.screen()(app)


@door("lan_menu")
def lan_menu(app: App) -> Scene:
    return lan_menu.screen()(app)


@door("host_lobby")
def host_lobby(app: App, bind: str = "0.0.0.0", advertise: bool = True, port: int = 47110, table: bool = False,
               players: int = 2) -> Scene:
    return host_lobby.screen()(app, bind, advertise, port, table, players)


@door("join_list")
def join_list(app: App, interfaces: list[str] | None = None) -> Scene:
    return join_list.screen()(app, interfaces)


@door("guest_wait")
def guest_wait(app: App, guest: Guest, rejoin: bool = False) -> Scene:
    return guest_wait.screen()(app, guest, rejoin)
