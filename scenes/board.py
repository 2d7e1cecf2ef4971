"""The board: one game at the table, played with any device.

The scene shows `table.view(viewer)`, offers picks from the engine's legal actions through a Flow,
and turns the table's events into animations and log lines. It never decides a rule itself:
refusals and proofs come from the engine (game.play.explain).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from engine import IllegalAction, NotationError
from engine.notation_types import Action, Event, View
from game.i18n import _, language
from game.play import hand_order, undo
from game.play.board_model import BoardModel, Turn
from game.play.coach import Coach
from game.play.explain import Referee, said
from game.play.flow import Flow, Target
from game.play.table import Table
from game.play.words import shown_name
from game.ui import layout
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, IDLE, MOVING, Scene

from . import (
    board_coach,
    board_draw,
    board_events,
    board_hud,
    board_input,
    board_next,
    board_places,
    board_zoom,
    screens,
)
from .board_anim import Animator
from .board_banner import BannerView
from .board_bar_view import WinBarView
from .board_flag_view import FlagLineView
from .board_hand import HandView
from .board_hud_view import HudView
from .board_marks import StoryMarks
from .board_shown import Shown
from .board_state import TOAST_FADE, Toast, with_toast
from .board_still import StillView
from .board_zoom_view import ZoomView

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.shell import App

COACH_POLL = 0.1  # seconds between looks at the coach's pipe while it thinks (the loop sleeps in between)


class BoardScene(Scene):
    """A game at the table on screen. It holds its parts: the model (plain data), the places, the animations,
    the banners and the views that draw one layer each; input becomes commands (scenes.board_input), performed
    here. It meets each role its helpers take it as (scenes.board_roles) without inheriting one."""

    name = "board"

    def __init__(self, app: App, table: Table, session: Session | None = None, resumed: bool = False) -> None:
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
        self.hud_view = HudView()  # the status panel, who thinks and the caption (scenes.board_hud_view)
        self.flag_view = FlagLineView()  # the claims, the last turn's marks, the victory (scenes.board_flag_view)
        self.marks = StoryMarks()  # the last turns' marks, derived once per key (scenes.board_marks)
        self.bar_view = WinBarView()  # the coach's win-estimate bar (scenes.board_bar_view)
        self.save_told: str | None = None  # the saving trouble last told on a hosting screen (scenes.lan_wait)
        self.recorded = False  # the game's result is counted in the sitting (once: scenes.results)
        self.takebacks = undo.Takebacks()  # what may be taken back, its floor remembered per record (game.play.undo)
        self.targets: dict[Target, pygame.Rect] = {}
        self.rects: dict[Any, pygame.Rect] = {}
        self.hand_rects: dict[str, pygame.Rect] = {}  # the hand's cards' targets by card, in the hand's order
        self.laid_buttons: tuple[str, ...] = ()
        self.lang = language()
        self.coach: Coach | None = board_coach.make_coach(table, hotseat, session)  # none where no coach is wanted
        self.refresh()
        if not any(f.get(s) for f in self.view["flags"] for s in self.shown.seats):
            from game.ui import audio

            audio.cue(app, "shuffle")  # a new game: the decks are shuffled
        if resumed:
            self.resume()

    def resume(self) -> None:
        """A put-away game carried on: the log rebuilt from the record, the other side's last turn told, and the
        results shown if it stopped after the last move, before they were counted."""
        table = self.table
        if table.local is not None:
            self.model.log = undo.log_events(table.local, table.local_seats[0] if len(table.local_seats) == 1 else None)
        self.model.recall_last_turn(table.local_seats)  # told and ringed as before, unless a player here acted
        if table.result is not None:
            self.pending_pass = None
            self.model.hidden = False
            self.pending_results = True
            self.refresh()

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
        """The game's events so far (the pause's log: scenes.board_roles.ShownGame)."""
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
        """Screen rectangles of everything that can be chosen (and of cards, for animations): scenes.board_places."""
        hand = hand_order.ordered(self.view["hands"][self.model.viewer] or [], self.app.settings.hand_order)
        placed = board_places.places(self.shown, hand, set(self.model.flow.picked), self.buttons())
        self.targets, self.rects, self.hand_rects = placed.targets, placed.rects, placed.hand
        self.laid_buttons = placed.buttons  # what the buttons drawn are (asking `buttons` again costs a replay)
        self.model.new_layout()  # what the hand's picture and the preview's place are keyed by
        if self.model.pointer is not None and self.model.hover is not None:  # the mouse did not move, the table did
            self.model.hover = board_input.target_at(self.situation(), self.model.pointer)
        self.model.fix_focus(self.targets)  # kept on something useful: a candidate when there are any

    def highlight(self, target: Target) -> pygame.Rect | None:
        """Where a target is shown as lit (scenes.board_places.highlight)."""
        return board_places.highlight(self.shown, self.model.flow.card, self.targets, target)

    def named_cards(self) -> list[pygame.Rect]:
        """Cards the words on screen speak of, beyond a hint's and a banner's (the tutorial's): kept in sight."""
        return []

    def buttons(self) -> list[str]:
        """Buttons shown now, bottom first: Menu and Log always, then what the phase offers."""
        out = ["menu", "log"]
        cands = self.model.flow.candidates()
        for name in ("pass", "done", "scout", "return"):
            if ("button", name) in cands:
                out.append(name)
        if not self.model.hidden and self.takebacks.offered(self.table, self.app.settings.takebacks):
            out.append("undo")
        if self.coach is not None and self.my_turn:
            out.append("hint")
        return out

    # ------------------------------------------------------------------ focus
    def navigable(self) -> list[Target]:
        """What the focus may rest on now (scenes.board_input)."""
        return board_input.navigable(self.situation())

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

    def reveal(self, seat: str) -> None:
        """The pass screen was confirmed: show `seat`'s hand."""
        self.model.viewer = seat
        self.model.hidden = False
        self.model.rested = None  # the new player's focus was put there, not rested on
        self.refresh()

    def story(self) -> list[Turn]:
        """The turns the caption tells (game.play.board_model.BoardModel.story)."""
        return self.model.story()

    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False, about: Target | None = None) -> None:
        """A toast. Refusals show at once; `queued` ones (the other side's moves) follow each other."""
        self.toasts = with_toast(self.toasts, self.clock, lines, bad, title, good, queued, about)

    # ------------------------------------------------------------------ commands
    def handle(self, intent: Intent) -> None:
        """Intent -> commands (scenes.board_input, which touches nothing), performed here in order."""
        self.perform_all(board_input.commands(self.situation(), intent))

    def activate(self, target: Target) -> None:
        """CONFIRM on a target: pick it if the engine allows, else explain why not."""
        self.perform_all(board_input.activation(self.situation(), target))

    def try_claim(self, flag: int) -> None:
        """Claim `flag` if the engine's proof holds; else say why not."""
        self.perform_all(board_input.claim(self.situation(), flag))

    def perform_all(self, commands: list[board_input.Command]) -> None:
        for command in commands:
            self.perform(command)

    def perform(self, command: board_input.Command) -> None:
        """Carry out one command: the one place the board's input changes picks, focus, the table or scenes."""
        match command:
            case board_input.Focus(target):
                self.model.focus = target
                self.model.rested = target  # moved here by the player: the preview may open once it rests
            case board_input.Pick(picks):
                for target in picks:
                    self.model.flow.pick(target)
                self.relayout()
            case board_input.Act(action, picks):
                for target in picks:
                    self.model.flow.pick(target)
                self.submit(action)
            case board_input.StepBack():
                self.model.flow.back()
                self.relayout()
            case board_input.Refuse(target, words, prompt):
                if words is None:
                    words = self.prompt()[0] if prompt else self.refusal_for(target)
                self.refuse(target, words)
            case board_input.Tell(words):
                self.say([words], bad=True)
            case board_input.FinishFirst():
                self.say([_("Finish or cancel the current move first ({button}).",
                            button=self.app.input.glyph(Kind.BACK))], bad=True)
            case board_input.Pause():
                self.open_pause()
            case board_input.OpenLog():
                self.open_log()
            case board_input.OpenRules():  # at the page of the card previewed, or of what the player looks at
                shown = board_zoom.rest(self).shown
                looked_at = self.model.hover if self.app.input.last_device == "mouse" else self.model.focus
                self.app.push(screens.rules_at(self.app, shown[1] if shown else None, looked_at))
            case board_input.OpenInspect():
                self.open_inspect()
            case board_input.AskHint():
                board_coach.ask_hint(self)
            case board_input.TakeBack():  # the Take back button (game.play.undo): the game shown as it was
                words, taken = self.takebacks.press(self.table, self.app.settings.takebacks, self.model)
                if taken:
                    self.refresh()
                self.say([words], bad=not taken, good=taken)
            case board_input.Hover(target, pos):
                self.model.hover, self.model.pointer = target, pos
                if self.model.drag:
                    self.model.drag = (self.model.drag[0], pos)
            case board_input.Press(target, drag, pos):
                self.model.pressed, self.model.hover, self.model.pointer = target, target, pos
                if drag is not None:
                    self.model.drag = (drag, pos)
            case board_input.LetGo():
                self.model.drag = self.model.pressed = None

    def refusal_for(self, target: Target) -> str:
        """Why `target` is not a choice now, from the engine where it has the words (scenes.board_hud)."""
        return board_hud.refusal_words(target, self.table, self.my_turn, self.names, self.model.flow, self.ref,
                                       self.prompt)

    def refuse(self, target: Target, words: str) -> None:
        from game.ui import audio

        from .board_anim import Shake

        audio.cue(self.app, "refuse")
        if self.speed > 0:
            self.anims.shakes.append(Shake(target, self.clock, 0.35))
        self.say([words], bad=True, about=target)

    def submit(self, action: Action) -> None:
        before = dict(self.rects)
        try:
            self.table.submit(action)
        except (IllegalAction, NotationError) as exc:
            words = said(exc) if isinstance(exc, IllegalAction) else str(exc)
            self.refuse(self.model.focus or ("button", "menu"), words[:1].upper() + words[1:] + ".")
            self.refresh()
            return
        self.model.seen()  # the player acted: the other side's turn has been seen
        self.consume(before)

    def consume(self, before: dict[Any, pygame.Rect] | None = None) -> None:
        events = self.table.poll_events()
        if not events:
            return
        before = before if before is not None else dict(self.rects)
        self.refresh()
        for event in events:
            self.model.log.append(event)
            self.model.note_turn(event)  # the turn's events, for the caption and marks
            board_events.on_event(self, event, before)

    # ------------------------------------------------------------------ scenes on top
    def open_pause(self) -> None:
        self.app.push(screens.pause(self.app, self))

    def open_log(self) -> None:
        self.app.push(screens.log(self.app, self.model.log, self.names))

    def open_inspect(self) -> None:
        self.app.push(screens.inspect(self.app, self.view, self.model.viewer, self.names))

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.clock += dt
        self.anims.update(self.clock)
        if self.app.top is not self:
            if self.table.link is not None:  # a LAN table answers heartbeats under any overlay
                self.table.link.keep_alive()
            return
        board_next.step(self)  # the table, the coach and the peer given their turn; then what comes next

    def activity(self) -> int:
        if self.anims.busy(self.clock) or self.anims.shakes or self.anims.confetti or self.model.drag:
            return MOVING
        fading = any(t.start <= self.clock and t.until - TOAST_FADE <= self.clock for t in self.toasts)
        if self.table.thinking or self.model.claimable or fading or self.table.result is not None:
            return AMBIENT
        return IDLE

    def wake_in(self) -> float | None:
        """The next timed change with nothing moving: the zoom's delay, a banner's turn or fade, a coach's answer."""
        times = [t.start - self.clock if t.start > self.clock else t.until - TOAST_FADE - self.clock
                 for t in self.toasts]
        zoom = board_zoom.wake_in(self)
        if zoom is not None:
            times.append(zoom)
        if self.coach is not None and self.coach.thinking:
            times.append(COACH_POLL)
        return max(0.0, min(times)) if times else None

    # ------------------------------------------------------------------ words
    def prompt(self) -> list[str]:
        return board_hud.prompt_lines(self)

    def draw(self, surface: pygame.Surface) -> None:
        if language() != self.lang:  # a switch mid-game: every label on the table is drawn again
            self.refresh()
        board_draw.draw(self, surface)

    def enter(self) -> None:
        """Hot-seat: the first player's hand stays hidden until they hold the device."""
        if self.pending_pass is not None:

            seat, self.pending_pass = self.pending_pass, None
            self.app.push(screens.pass_device(self.app, self, seat))

    def leave(self) -> None:
        if self.app.find(BoardScene) is None:
            self.table.close()
            board_coach.close(self.coach)


screens.board.opens(BoardScene)
