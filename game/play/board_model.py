"""The board's model as plain data: whose view it is, the choices, the focus, the turn story and the coach's
latest answers, with no window, picture or clock behind them.

The board's screen (scenes.board) keeps one `BoardModel` and it and its helpers read and write
its fields on it (`board.model.focus`, `board.model.flow`, ...: none is re-exported as the screen's own); the
screen keeps for itself what
needs pygame: where things are drawn, the still layer, animations and banners. Input
(scenes.board_input.Situation) and drawing read what is here, so a test can drive a board's choices and
story with pygame not even installed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.notation_types import Action, Event
from game.play.coach import Advice
from game.play.flow import Flow, Target

#: A finished turn as the board saw it: the seat that played and its events.
Turn = tuple[str, list[Event]]


@dataclass
class BoardModel:
    """What the board knows between frames about the game's choices and story (no pygame)."""

    viewer: str  # whose side of the board this screen shows (whose hand, in hot-seat the one to move)
    hotseat: bool = False  # two or three people share this screen
    hidden: bool = False  # the hand is turned away until the next player says they are ready
    seats: tuple[str, ...] = ("south", "north")  # the game's seats, in the view's order
    caption_all: bool = False  # every finished turn is captioned (the room's table: no side is "the other")
    #: the version of the table's view on show: one more each time the board is given a view (`new_view`); what a
    #: layer draws from a view (the still layer, scenes.board_still) or waits on in it (the card preview) is keyed
    #: by it, so nothing else says when such a layer is stale
    version: int = 0
    #: the board's layout on show (where its targets lie, which are lit): one more each time the board lays itself
    #: out again (`new_layout`: a new view, a pick, a step back); the hand's picture and the card preview's place
    #: are keyed by it
    layout: int = 0
    # -- the choices
    flow: Flow = field(default_factory=lambda: Flow([], "south"))
    legal: list[Action] = field(default_factory=list)  # the engine's legal actions, when it is this side's turn
    provable: list[int] = field(default_factory=list)  # flags a proof would win now (R9 aside)
    claimable: list[int] = field(default_factory=list)  # flags offered for a claim now
    # -- the focus and the pointer
    focus: Target | None = None
    hover: Target | None = None
    #: the card the player moved the focus or the mouse to: only that one is previewed, after a rest; a focus
    #: put somewhere by the game (a new phase, a new turn) never opens the preview by itself
    rested: Target | None = None
    pressed: Target | None = None
    #: where the mouse was last seen (logical pixels): when the table changes under a mouse that did not move,
    #: `hover` is aimed again at what now lies there (a drawn card in the slot a played one left)
    pointer: tuple[int, int] | None = None
    drag: tuple[str, tuple[int, int]] | None = None  # the card dragged and where the pointer is
    # -- the turn story
    log: list[Event] = field(default_factory=list)  # events, put into words when the log is opened
    turn_events: list[Event] = field(default_factory=list)  # the turn in progress, as this screen saw it
    #: the other side's last turn (seat, events): captioned and marked until the player here acts
    last_turn: Turn | None = None
    #: every seat's latest turns, oldest first: the three-player caption tells the story of all the turns since
    #: the viewer's own (R48: two of them), ringing each in its player's colour
    turns: list[Turn] = field(default_factory=list)
    #: the version of the story told (`last_turn`, `turns`): one more each time a turn is told or seen, so what is
    #: drawn from it (the marks, scenes.board_marks) is derived again exactly when it may differ. The story changes
    #: only through `note_turn`, `seen` and `recall_last_turn`, which bump it
    story_told: int = 0
    # -- the coach's state
    advice: Advice | None = None  # the coach's latest answer
    hint: Advice | None = None  # the hint asked for, shown until the player acts
    win_estimate: float | None = None
    hints_used: int = 0

    def new_view(self) -> int:
        """The board was given the table's view again: its version, one more than the last."""
        self.version += 1
        return self.version

    def new_layout(self) -> int:
        """The board laid itself out again: its layout's version, one more than the last."""
        self.layout += 1
        return self.layout

    @property
    def three(self) -> bool:
        """Three players (R46)."""
        return len(self.seats) == 3

    def choose(self, legal: list[Action]) -> None:
        """A new set of legal actions (the table changed): the picks start again."""
        self.legal = legal
        self.flow.reset(legal, self.viewer)

    def forced_pass(self, my_turn: bool) -> bool:
        """The player here may only pass (R9): no card can be played, so no claim and no draw this turn."""
        return my_turn and bool(self.legal) and all(a["type"] == "pass" for a in self.legal)

    def playable(self) -> set[Target]:
        """Hand cards with at least one legal play: the others are shown dimmed."""
        return {p[0] for p, _ in self.flow.paths if p and p[0][0] == "hand"}

    def fix_focus(self, shown: Iterable[Target]) -> None:
        """Keep the focus on something useful among the targets `shown`, in their order: a candidate when
        there are any, else where it was if it is still shown, else the first."""
        order = list(shown)
        cands = self.flow.candidates()
        if self.focus in order and (not cands or self.focus in cands):
            return
        ordered = [t for t in order if t in cands]
        if ordered:
            self.focus = ordered[0]
        elif self.focus not in order:
            self.focus = order[0] if order else None

    def captions_turn_of(self, seat: str) -> bool:
        """Whose finished turns get the caption and marks: the other side's (both sides' in hot-seat)."""
        return self.caption_all or seat != self.viewer or self.hotseat

    def note_turn(self, event: Event) -> None:
        """Collect the turn's events; when the other side's turn ends, keep it for the caption and marks."""
        if event["type"] not in ("turn", "game_over"):
            self.turn_events.append(event)
            return
        played = [e for e in self.turn_events if e.get("seat")]
        self.turn_events = []
        if not played:
            return
        seat = played[-1]["seat"]
        self.turns = [*self.turns, (seat, played)][-len(self.seats):]
        self.story_told += 1
        if self.captions_turn_of(seat):
            self.last_turn = (seat, played)

    def seen(self) -> None:
        """The player here acted: the other side's last turn has been seen (no caption, no marks)."""
        self.last_turn = None
        self.story_told += 1

    def recall_last_turn(self, local_seats: Iterable[str]) -> None:
        """The other side's last turn, told again from the log (after Continue), unless a player here acted
        since (`local_seats`: the seats played on this screen)."""
        here = set(local_seats)
        self.last_turn, self.turn_events, self.turns = None, [], []
        self.story_told += 1
        for event in self.log:
            if event.get("seat") in here and event["type"] not in ("turn", "game_over"):
                self.last_turn = None  # the player acted: the other side's turn had been seen
            self.note_turn(event)

    def story(self) -> list[Turn]:
        """The other players' turns since the viewer's own, oldest first (both of them, for three players),
        while the viewer has not acted; for two players, the one last turn."""
        if self.last_turn is None:
            return []
        if not self.three:
            return [self.last_turn]
        out: list[Turn] = []
        for seat, events in reversed(self.turns):
            if seat == self.viewer:
                break
            out.insert(0, (seat, events))
        return out or [self.last_turn]
