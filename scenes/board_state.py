"""The board as its helpers see it, and the banners it shows.

`Board` is a protocol: what the helpers that still take the whole board read and call on it. Those orchestrate
(board_events: an event -> animations, banners, what comes next; board_coach's ask_hint, show, tick: the coach's
commands and answers) or compose a view's value from several parts each frame (board_draw.draw, board_hud's hud_of,
flag_line_of, the prompt's words, board_cover's kept, board_zoom's rest), plus the screens over the board
(pass_device, results, lan_wait). A helper that reads one part is given that part instead. The one screen class,
`scenes.board.BoardScene`, holds its parts (the model, the views, the animations, the places) and meets this
protocol without inheriting it, so no helper imports the scene that imports it and no class is the board's half.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine.notation_types import Action, Event
from game.play.board_model import BoardModel, Turn
from game.play.coach import Coach
from game.play.explain import Referee
from game.play.flow import Target
from game.play.table import Table

from .board_anim import Animator
from .board_banner import BannerView
from .board_bar_view import WinBarView
from .board_flag_view import FlagLineView
from .board_hand import HandView
from .board_hud_view import HudView
from .board_marks import StoryMarks
from .board_shown import Shown
from .board_still import StillView
from .board_zoom_view import ZoomView

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.shell import App

TOAST_TIME = 3.0  # a banner fades after about three seconds (it never waits for the next action)
TOAST_MAX = 6.0
TOAST_FADE = 0.5

class Toast:
    def __init__(self, lines: list[str], colour: tuple[int, int, int], until: float, title: str = "",
                 start: float = 0.0, queued: bool = False, about: Target | None = None) -> None:
        self.lines, self.colour, self.until, self.title = lines, colour, until, title
        self.start, self.queued = start, queued
        self.about = about  # the card or flag the words are about: the banner never covers it
        # how its words are laid out per width is the board's BannerView's (scenes.board_banner), by its words

    def alpha(self, now: float) -> float:
        """1 while shown, fading to 0 over its last half second, 0 before its turn."""
        if now < self.start:
            return 0.0
        return max(0.0, min(1.0, (self.until - now) / TOAST_FADE))


def with_toast(toasts: list[Toast], now: float, lines: list[str], bad: bool = False, title: str = "",
               good: bool = False, queued: bool = False, about: Target | None = None) -> list[Toast]:
    """The banners after one more is said at `now`: a refusal shows at once (the unqueued ones before it go),
    `queued` ones (the other side's moves) follow each other."""
    from game.ui import art

    colour = art.BAD if bad else (art.GOOD if good else art.CREAM)
    words = sum(len(line) for line in lines) + len(title)
    duration = min(TOAST_MAX, TOAST_TIME + words / 40)  # ~3 s, a little more for a long proof
    start = now
    if queued:
        start = max([start, *(t.until for t in toasts if t.queued)])
    else:
        toasts = [t for t in toasts if t.queued]
    return [*toasts, Toast(lines, colour, start + duration, title, start, queued, about)]


class Board(Protocol):
    """What the board's helpers read and call on it (scenes.board.BoardScene meets it)."""

    app: App
    table: Table
    session: Session | None
    model: BoardModel  # the board's plain data (game.play.board_model)
    shown: Shown  # the view on show and what is drawn from it
    ref: Referee
    clock: float
    anims: Animator
    toasts: list[Toast]
    preview_box: pygame.Rect | None
    pending_pass: str | None
    pending_results: bool
    still: StillView
    hand_view: HandView
    zoom: ZoomView
    banner_view: BannerView
    hud_view: HudView
    flag_view: FlagLineView
    marks: StoryMarks
    bar_view: WinBarView
    coach: Coach | None
    save_told: str | None  # the saving trouble last told (scenes.lan_wait.Watched: the results follow a LAN game)
    targets: dict[Target, pygame.Rect]
    rects: dict[Any, pygame.Rect]
    hand_rects: dict[str, pygame.Rect]
    laid_buttons: tuple[str, ...]  # the buttons as last laid out, bottom first

    @property
    def speed(self) -> float: ...
    @property
    def names(self) -> dict[str, str]: ...
    @property
    def my_turn(self) -> bool: ...
    def record_result(self) -> None: ...
    def game_log(self) -> list[Event]: ...  # the pass screen opens the pause (scenes.screens.ShownGame)
    def rules_legal(self) -> list[Action]: ...
    def still_layer(self) -> pygame.Surface: ...
    def highlight(self, target: Target) -> pygame.Rect | None: ...
    def named_cards(self) -> list[pygame.Rect]: ...
    def reveal(self, seat: str) -> None: ...
    def story(self) -> list[Turn]: ...
    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False, about: Target | None = None) -> None: ...
