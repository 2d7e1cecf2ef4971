"""What each of the board's helpers needs of it: small role protocols, one per kind of helper, in place of one
facade of everything.

A helper that reads one part is given that part. Those that still take the board take it as one of these roles,
the narrowest that covers what they read and what the helpers they hand it to need (tests/test_board_roles.py
holds them to that, and tools/house_figures.py's `board_roles` counts what each is offered). The one screen
class, `scenes.board.BoardScene`, meets them all without inheriting any, so no helper imports the scene.

- the orchestrators: an event or a command becomes animations, banners and what comes next (`Flying`,
  `Claiming`, `Events` for scenes.board_events; `Hinting`, `Coaching` for scenes.board_coach; `Stepping` for
  scenes.board_next, each frame's turn for the table, the coach and a LAN peer, then what comes next);
- the composers: a view's value made from several parts each frame (`InSight` for scenes.board_cover, `Resting`
  and `ZoomDrawn` for scenes.board_zoom, `Prompted`, `Hudded`, `Flagged` and `Bannered` for scenes.board_hud,
  `Handed`, `Focused` and the whole frame's `Framed` for scenes.board_draw);
- the screens over the board: `ShownGame` (the pause, with the log), `Watched` (a LAN peer watched, the saving
  trouble told), which the three-player table's Y meets too; `Passed` (the hot-seat pass screen) and `Ended`
  (the results).
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
from .board_state import Toast
from .board_still import StillView
from .board_zoom_view import ZoomView

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.shell import App


# ---------------------------------------------------------------------- the orchestrators
class Flying(Protocol):
    """A card's flight from where it was to where it lands, on the board's clock at its speed."""

    anims: Animator
    clock: float
    shown: Shown  # the view on show and what is drawn from it
    rects: dict[Any, pygame.Rect]  # where each card lies as laid out now

    @property
    def speed(self) -> float: ...


class Claiming(Flying, Protocol):
    """A claim told: its banner (held back while the flag slides) and the slide."""

    model: BoardModel
    toasts: list[Toast]

    @property
    def names(self) -> dict[str, str]: ...
    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False, about: Target | None = None) -> None: ...


class Events(Claiming, Protocol):
    """An engine event becomes sounds, flights, banners and what comes next (the pass screen, the results)."""

    app: App
    table: Table
    pending_pass: str | None
    pending_results: bool


class Hinting(Protocol):
    """A hint shown: counted, kept in the model, its "thinking" banner answered."""

    app: App
    model: BoardModel
    toasts: list[Toast]


class Coaching(Hinting, Protocol):
    """The coach asked (the Hint command, the win bar's estimate) and its answers collected."""

    coach: Coach | None
    table: Table

    @property
    def my_turn(self) -> bool: ...
    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False, about: Target | None = None) -> None: ...


# ---------------------------------------------------------------------- the composers
class InSight(Protocol):
    """What must stay in sight this frame: the choices, the claimable flags, what a hint or banner names, the
    names; with the open preview (`preview_box`)."""

    clock: float
    toasts: list[Toast]
    model: BoardModel
    table: Table
    shown: Shown
    targets: dict[Target, pygame.Rect]
    rects: dict[Any, pygame.Rect]
    preview_box: pygame.Rect | None

    @property
    def my_turn(self) -> bool: ...
    def highlight(self, target: Target) -> pygame.Rect | None: ...
    def named_cards(self) -> list[pygame.Rect]: ...


class Resting(Protocol):
    """What the card preview waits on: the card under the focus or pointer, the model's version, the clock."""

    app: App
    clock: float
    model: BoardModel
    shown: Shown
    zoom: ZoomView


class ZoomDrawn(Resting, InSight, Protocol):
    """The card preview drawn where it hides nothing kept in sight."""


class Bannered(InSight, Protocol):
    """The banner on show, drawn where it hides nothing kept in sight."""

    banner_view: BannerView


class Prompted(Protocol):
    """The status panel's sentence: what the player should do now."""

    model: BoardModel
    table: Table
    shown: Shown

    @property
    def my_turn(self) -> bool: ...
    @property
    def names(self) -> dict[str, str]: ...
    def rules_legal(self) -> list[Action]: ...


class Hudded(Prompted, Protocol):
    """The HUD's words: the prompt with the focused card's note and the keys, who thinks, the caption."""

    app: App
    ref: Referee

    def story(self) -> list[Turn]: ...


class Flagged(Protocol):
    """The line of flags: the claimable pennants, the last turns' marks, the winner's pennants."""

    anims: Animator
    marks: StoryMarks
    model: BoardModel
    table: Table
    shown: Shown
    rects: dict[Any, pygame.Rect]

    def story(self) -> list[Turn]: ...


class Handed(Protocol):
    """What the hand shows this frame."""

    anims: Animator
    app: App
    model: BoardModel
    table: Table
    shown: Shown
    hand_rects: dict[str, pygame.Rect]

    @property
    def my_turn(self) -> bool: ...


class Focused(Protocol):
    """The focus ring (or the pointer's)."""

    anims: Animator
    app: App
    model: BoardModel
    shown: Shown
    targets: dict[Target, pygame.Rect]

    def highlight(self, target: Target) -> pygame.Rect | None: ...


class Framed(Hudded, Flagged, Handed, Focused, ZoomDrawn, Bannered, Protocol):
    """The whole frame: every layer, each drawn by its view from the value composed for it."""

    still: StillView
    hand_view: HandView
    flag_view: FlagLineView
    bar_view: WinBarView
    hud_view: HudView
    coach: Coach | None
    laid_buttons: tuple[str, ...]  # the buttons as last laid out, bottom first

    def still_layer(self) -> pygame.Surface: ...


# ---------------------------------------------------------------------- the screens over the board
class Sitting(Protocol):
    """The game a screen over the board is about: its table, its sitting (None: none) and the players' names."""

    @property
    def table(self) -> Table: ...
    @property
    def session(self) -> Session | None: ...
    @property
    def names(self) -> dict[str, str]: ...


class ShownGame(Sitting, Protocol):
    """What the pause asks of the screen under it: the board, or the three-player table's Y (scenes.table_board)."""

    def game_log(self) -> list[Event]:
        """The game's events so far, for the log the pause opens."""
        ...


class Watched(Protocol):
    """What watching a LAN peer asks of a screen (a board, or the three-player table's Y): its app and table, a
    line to say, and the saving trouble it last told of (`save_told`, declared by the screen; None: none)."""

    save_told: str | None

    @property
    def app(self) -> App: ...

    @property
    def table(self) -> Table: ...

    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False) -> None: ...


class Passed(ShownGame, Protocol):
    """The hot-seat pass screen: whose turn it is, what the other side did, and the hand shown when confirmed
    (its pause opens over the board: `ShownGame`)."""

    model: BoardModel
    shown: Shown

    def story(self) -> list[Turn]: ...
    def reveal(self, seat: str) -> None: ...


class Ended(Sitting, Protocol):
    """The results: the game's result counted once, a rematch in the sitting, the review against a bot, a LAN
    game's next one (scenes.lan_results)."""

    model: BoardModel
    coach: Coach | None

    def record_result(self) -> None: ...


class Stepping(Coaching, Passed, Ended, Watched, Protocol):
    """A frame of the board on top (scenes.board_next): the table, the coach and a LAN peer given their turn, the
    events told; then the pass screen, the results or a claim made for the player."""

    anims: Animator
    clock: float
    pending_pass: str | None
    pending_results: bool
    results_shown: bool

    def consume(self) -> None: ...
    def refresh(self) -> None: ...
    def submit(self, action: Action) -> None: ...
