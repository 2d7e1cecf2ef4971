"""What the board knows between frames, and the model's questions about it, apart from how it is drawn.

`BoardState` holds the table's view, the flow of choices, focus, toasts, the turn story and the coach's
latest answer, and answers what the drawing and the input ask of them (whose turn, which seat sits where,
what can be chosen and where it lies). `scenes.board.BoardScene` adds the rest of a screen: handling
input, performing commands, the events' animations and drawing. The helper modules (board_draw,
board_coach, board_events, board_zoom, board_cover, board_names, lan_wait) take a `BoardState`, so none of
them imports the scene that imports them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from engine import OTHER
from engine.notation_types import Action, Event, View
from game.i18n import language
from game.play import hand_order, undo
from game.play.board_model import BoardModel, Turn
from game.play.coach import Coach
from game.play.explain import Referee
from game.play.flow import Flow, Target
from game.play.table import Table
from game.play.words import shown_name
from game.ui import layout
from game.ui.scene import Scene

from . import board_input
from .board_anim import Animator
from .board_banner import BannerView
from .board_hand import HandView
from .board_shown import Shown
from .board_still import StillView
from .board_zoom_view import ZoomView

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.shell import App

TOAST_TIME = 3.0  # a banner fades after about three seconds (it never waits for the next action)
TOAST_MAX = 6.0
TOAST_FADE = 0.5
RULES_W = 112  # the "?" button beside Menu


class Toast:
    def __init__(self, lines: list[str], colour: tuple[int, int, int], until: float, title: str = "",
                 start: float = 0.0, queued: bool = False, about: Target | None = None) -> None:
        self.lines, self.colour, self.until, self.title = lines, colour, until, title
        self.start, self.queued = start, queued
        self.about = about  # the card or flag the words are about: the banner never covers it
        # what the banner looks like, worked out once: per (width, text scale, language) its lines, text size and
        # height (scenes.board_hud.toast_layout); the words never change once said. Its drawn panel is the
        # board's BannerView's (scenes.board_banner)
        self.looks: dict[tuple[int, Any, str], tuple[list[str], int, int]] = {}

    def alpha(self, now: float) -> float:
        """1 while shown, fading to 0 over its last half second, 0 before its turn."""
        if now < self.start:
            return 0.0
        return max(0.0, min(1.0, (self.until - now) / TOAST_FADE))


class BoardState(Scene):
    """The board's state and the questions drawing and input ask of it (no drawing, no commands)."""

    name = "board"

    def __init__(self, app: App, table: Table, session: Session | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.session = session
        # a screen with no hand (the table, a watcher) sees the board from south's side
        first_here = table.to_move in table.local_seats
        hotseat = len(table.local_seats) >= 2  # two people (or three) share this screen
        viewer = table.to_move if hotseat and first_here else (table.local_seats or ("south",))[0]
        self.model = BoardModel(viewer, hotseat=hotseat, hidden=hotseat, flow=Flow([], viewer))
        self.clock = 0.0
        self.anims = Animator()
        self.toasts: list[Toast] = []
        self.preview_box: pygame.Rect | None = None  # where the card preview is this frame (banners avoid it)
        self.pending_pass: str | None = table.to_move if hotseat and first_here else None
        self.pending_results = False
        self.results_shown = False
        self.still = StillView()  # the still layer: drawn from `shown`, found stale by itself (scenes.board_still)
        self.hand_view = HandView()  # the still layer with the hand on it (scenes.board_hand)
        self.zoom = ZoomView()  # the card preview's rest and place (scenes.board_zoom_view)
        self.banner_view = BannerView()  # the banner's drawn panel (scenes.board_banner)
        self.save_told: str | None = None  # the saving trouble last told on a hosting screen (scenes.lan_wait)
        self.recorded = False  # the game's result is counted in the sitting (once: scenes.results)
        self.coach: Coach | None = None  # the scene makes one (scenes.board_coach.make_coach)
        self.targets: dict[Target, pygame.Rect] = {}
        self.rects: dict[Any, pygame.Rect] = {}
        self.hand_rects: dict[str, pygame.Rect] = {}  # the hand's cards' targets by card, in the hand's order
        self.lang = language()

    def record_result(self) -> None:
        """Count the game's result in the sitting, once however often the results are shown."""
        result = self.table.result
        if result is not None and self.session is not None and not self.recorded:
            self.session.record(result)
            self.recorded = True

    # ------------------------------------------------------------------ model
    @property
    def speed(self) -> float:
        return self.app.settings.speed

    @property
    def names(self) -> dict[str, str]:
        """Names as drawn: a bot's name in the current language (records keep the stable English one)."""
        return {seat: shown_name(name) for seat, name in self.table.names.items()}

    def game_log(self) -> list[Event]:
        """The game's events so far (the pause's log: scenes.screens.ShownGame)."""
        return self.model.log

    @property
    def view(self) -> View:
        """The table's view on show (scenes.board_shown.Shown.view)."""
        return self.shown.view

    @property
    def geo(self) -> layout.Duel:
        """The board's geometry from the viewer's side (scenes.board_shown.Shown.geo)."""
        return self.shown.geo

    @property
    def labels(self) -> dict[tuple[int, str], str | None]:
        """(flag, seat) -> the formation's name said there (scenes.board_shown.Shown.labels)."""
        return self.shown.labels

    @property
    def three(self) -> bool:
        return self.shown.three

    @property
    def my_turn(self) -> bool:
        return (self.table.result is None and not self.model.hidden and self.table.to_move == self.model.viewer
                and self.model.viewer in self.table.local_seats)

    def refresh(self) -> None:
        """Re-read the table after it changed: view, legal actions, claimable flags, targets."""
        self.lang = language()
        view = self.table.view(self.model.viewer)
        # a new view and its version: what is drawn from it (the still layer) or waits on it (the preview) follows
        viewer = self.model.viewer
        shown = Shown(view, viewer, layout.geometry(view["rules"], viewer), self.model.new_view(), self.names)
        self.shown = shown
        self.model.seats = shown.seats
        self.model.choose(self.table.legal_actions() if self.my_turn else [])
        self.ref = Referee(view, self.model.viewer, shown.names)
        shows_hand = self.my_turn or (self.model.hotseat and not self.model.hidden)
        self.model.provable = self.ref.claimable() if shows_hand else []
        # R9: a pass is the whole turn, so when Pass is all there is, no flag is offered to claim (it stays
        # provable until a card can be played, or both pass: R39)
        self.model.claimable = [] if self.forced_pass() else self.model.provable
        labels = {(n, s): self.ref.label(n, s) for n in range(1, 10) for s in shown.flag_seats(n)}
        self.shown = replace(shown, labels=labels)
        if self.table.phase != "over":
            from game.ui import audio

            audio.board_music(self.app, self.view["flags"])  # the game's piece, or the tense one near the end
        self.relayout()

    def rules_legal(self) -> list[Action]:
        """The actions the rules allow now (the tutorial offers fewer: its prompts must not say why from those)."""
        return self.model.legal

    def forced_pass(self) -> bool:
        """The player here may only pass (R9): no card can be played, so no claim and no draw this turn."""
        return self.model.forced_pass(self.my_turn)

    def still_layer(self) -> pygame.Surface:
        """The still layer for the view on show, the cards in flight left out (scenes.board_still.StillView)."""
        link = self.table.link
        return self.still.layer(self.shown, frozenset(self.anims.hidden()), link.watching if link is not None else 0)

    def relayout(self) -> None:
        """Screen rectangles of everything that can be chosen (and of cards, for animations)."""
        view, me, geo = self.view, self.model.viewer, self.geo
        targets: dict[Target, pygame.Rect] = {}
        rects: dict[Any, pygame.Rect] = {}
        hand = hand_order.ordered(view["hands"][me] or [], self.app.settings.hand_order)
        picked = set(self.model.flow.picked)
        raised = [i for i, c in enumerate(hand) if ("hand", c) in picked]
        hand_rects = layout.hand(len(hand))
        for i, card in enumerate(hand):
            r = hand_rects[i].move(0, -30 if i in raised else 0)
            targets[("hand", card)] = r
            rects[("hand", card)] = r
        if self.three:
            for seat, where in zip(self.shown.opponents(), ("left", "right"), strict=False):
                for i, r in enumerate(layout.opponent_hand3(view["hand_sizes"][seat], where)):
                    rects[(self.shown.backs_key(seat), i)] = r
        else:
            for i, r in enumerate(layout.opponent_hand(view["hand_sizes"][OTHER[me]])):
                rects[("opp", i)] = r
        for n, flag in enumerate(view["flags"], start=1):
            if geo.is_far(n):  # the front between the two opponents: its cards can be looked at, not played to
                for seat in self.shown.flag_seats(n):
                    cards = flag[seat]
                    side = geo.side_for(seat, n)
                    for i, card in enumerate(cards):
                        r = geo.slot(n, side, i)
                        rects[("slot", n, seat, card)] = r
                        shown = r.copy()  # the part not under a nearer card: the mouse rests there to zoom
                        if (side == "left" and i > 0) or (side == "right" and i < len(cards) - 1):
                            shown.width = layout.FAR_STEP
                        targets[("card", n, seat, card)] = shown
                continue
            area = geo.side_area(n, "bottom")
            targets[("flag", n)] = area.union(geo.pennant(n, self.shown.pennant_shift(flag)))
            for seat in (me, *(s for s in self.shown.flag_seats(n) if s != me)):
                cards = flag[seat]
                side = self.shown.side_of(seat, n)
                for i, card in enumerate(cards):
                    r = geo.slot(n, side, i, len(cards))
                    rects[("slot", n, seat, card)] = r
                    visible = r.copy()
                    if i < len(cards) - 1:  # an overlapped card: only its strip can be clicked
                        visible.height = layout.offset(len(cards))
                        if side == "top":
                            visible.bottom = r.bottom
                            visible.top = r.top
                    targets[("card", n, seat, card)] = visible
        for d in ("troops",) if self.three else ("troops", "tactics"):
            targets[("deck", d)] = layout.deck(d)
        if not self.three:  # R46: no tactics, so nothing is ever discarded in the three-player game
            for seat in (me, OTHER[me]):
                targets[("discard", seat)] = layout.discard(self.shown.side_of(seat))
        for name, rect in layout.button_rects(self.buttons()).items():
            targets[("button", name)] = rect
        menu = targets[("button", "menu")]  # "?" (the rules) shares the Menu button's row: one click away
        targets[("button", "rules")] = pygame.Rect(menu.right - RULES_W, menu.y, RULES_W, menu.height)
        menu.width -= RULES_W + 8
        self.targets = targets
        self.rects = rects
        self.hand_rects = {str(t[1]): r for t, r in targets.items() if t[0] == "hand"}
        self.model.new_layout()  # what the hand's picture and the preview's place are keyed by
        if self.model.pointer is not None and self.model.hover is not None:  # the mouse did not move, the table did
            self.model.hover = board_input.target_at(self.situation(), self.model.pointer)
        self.fix_focus()

    def highlight(self, target: Target) -> pygame.Rect | None:
        """Where a target is shown as lit: a flag lights the slot the card would land in, or its pennant."""
        if target[0] == "flag":
            n = int(target[1])
            flag = self.view["flags"][n - 1]
            if self.model.flow.card is not None and self.model.flow.card not in ("fog", "mud"):
                return self.geo.slot(n, "bottom", len(flag[self.model.viewer]))
            return self.geo.pennant(n, self.shown.pennant_shift(flag)).inflate(12, 8)
        return self.targets.get(target)

    def named_cards(self) -> list[pygame.Rect]:
        """Cards the words on screen speak of, beyond a hint's and a banner's (the tutorial's): kept in sight."""
        return []

    def playable(self) -> set[Target]:
        """Hand cards with at least one legal play: the others are shown dimmed."""
        return self.model.playable()

    def buttons(self) -> list[str]:
        """Buttons shown now, bottom first: Menu and Log always, then what the phase offers."""
        out = ["menu", "log"]
        cands = self.model.flow.candidates()
        for name in ("pass", "done", "scout", "return"):
            if ("button", name) in cands:
                out.append(name)
        if not self.model.hidden and undo.offered(self.table, self.app.settings.takebacks):
            out.append("undo")
        if self.coach is not None and self.my_turn:
            out.append("hint")
        return out

    # ------------------------------------------------------------------ focus
    def navigable(self) -> list[Target]:
        """What the focus may rest on now (scenes.board_input)."""
        return board_input.navigable(self.situation())

    def fix_focus(self) -> None:
        """Keep the focus on something useful: a candidate when there are any."""
        self.model.fix_focus(self.targets)

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """What is under the mouse, choices first (scenes.board_input)."""
        return board_input.target_at(self.situation(), pos)

    # ------------------------------------------------------------------ input
    def situation(self) -> board_input.Situation:
        """The board as its input reads it: what an intent means is decided from this alone."""
        return board_input.Situation(
            targets=self.targets, flow=self.model.flow, focus=self.model.focus, pressed=self.model.pressed,
            drag=self.model.drag,
            my_turn=self.my_turn, phase=self.table.phase, geo=self.geo, ref=self.ref, legal=self.model.legal,
            claim_timing=self.view["rules"]["claim_timing"], provable=tuple(self.model.provable),
            claimable=tuple(self.model.claimable), forced_pass=self.forced_pass())

    def note_turn(self, event: Event) -> None:
        """Collect the turn's events for the caption and marks (game.play.board_model)."""
        self.model.note_turn(event)

    def recall_last_turn(self) -> None:
        """After Continue: the other side's last turn, captioned and ringed as before the game was put away
        (unless the player here had acted since), from the log rebuilt from the record."""
        self.model.recall_last_turn(self.table.local_seats)

    def reveal(self, seat: str) -> None:
        """The pass screen was confirmed: show `seat`'s hand."""
        self.model.viewer = seat
        self.model.hidden = False
        self.model.rested = None  # the new player's focus was put there, not rested on
        self.refresh()

    def story(self) -> list[Turn]:
        """The turns the caption tells (game.play.board_model.BoardModel.story)."""
        return self.model.story()

    def captions_turn_of(self, seat: str) -> bool:
        """Whose finished turns get the caption and marks (game.play.board_model)."""
        return self.model.captions_turn_of(seat)

    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False, about: Target | None = None) -> None:
        """A toast. Refusals show at once; `queued` ones (the other side's moves) follow each other."""
        from game.ui import art

        colour = art.BAD if bad else (art.GOOD if good else art.CREAM)
        words = sum(len(line) for line in lines) + len(title)
        duration = min(TOAST_MAX, TOAST_TIME + words / 40)  # ~3 s, a little more for a long proof
        start = self.clock
        if queued:
            start = max([start, *(t.until for t in self.toasts if t.queued)])
        else:
            self.toasts = [t for t in self.toasts if t.queued]
        self.toasts.append(Toast(lines, colour, start + duration, title, start, queued, about))
