"""The board: one game at the table, played with any device.

The scene shows `table.view(viewer)`, offers picks from the engine's legal actions through a Flow,
and turns the table's events into animations and log lines. It never decides a rule itself:
refusals and proofs come from the engine (game.play.explain).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine import IllegalAction, NotationError
from engine.notation_types import Action
from game.i18n import _, language
from game.play import undo
from game.play.explain import said
from game.play.flow import Target
from game.play.table import Table
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, IDLE, MOVING

from . import board_coach, board_draw, board_events, board_hud, board_input, board_zoom, screens
from .board_state import TOAST_FADE, BoardState
from .lan_wait import watch_peer

if TYPE_CHECKING:
    from game.play.session import Session
    from game.ui.shell import App

COACH_POLL = 0.1  # seconds between looks at the coach's pipe while it thinks (the loop sleeps in between)


class BoardScene(BoardState):
    """A game at the table on screen: input, commands, the events' animations and drawing."""

    def __init__(self, app: App, table: Table, session: Session | None = None) -> None:
        super().__init__(app, table, session)
        self.coach = board_coach.make_coach(self)
        self.refresh()
        if not any(f.get(s) for f in self.view["flags"] for s in self.shown.seats):
            from game.ui import audio

            audio.cue(app, "shuffle")  # a new game: the decks are shuffled

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
            case board_input.OpenRules():
                self.open_rules()
            case board_input.OpenInspect():
                self.open_inspect()
            case board_input.AskHint():
                board_coach.ask_hint(self)
            case board_input.TakeBack():
                self.take_back()
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
        """Why `target` is not a choice now, from the engine where it has the words."""
        if self.table.result is not None:
            return _("The game is over.")
        if not self.my_turn:
            return _("It is {who}'s turn.", who=self.names[self.table.to_move])
        card = self.model.flow.card
        phase = self.table.phase
        if target[0] == "hand" and phase == "play" and not self.model.flow.picked:
            return self.ref.why_card_unplayable(str(target[1]))
        if target[0] == "flag" and card is not None and len(self.model.flow.picked) == 1:
            reason = self.ref.refusal({"type": "play", "card": card, "flag": target[1]})
            if reason:
                return reason[0].upper() + reason[1:] + "."
        return _("Not a choice now. {prompt}", prompt=" ".join(self.prompt()))

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
        self.model.last_turn = None  # the player acted: the other side's turn has been seen
        self.consume(before)

    def consume(self, before: dict[Any, pygame.Rect] | None = None) -> None:
        events = self.table.poll_events()
        if not events:
            return
        before = before if before is not None else dict(self.rects)
        self.refresh()
        for event in events:
            self.model.log.append(event)
            self.note_turn(event)
            board_events.on_event(self, event, before)

    # ------------------------------------------------------------------ scenes on top
    def take_back(self) -> None:
        """The Take back button: undo one action (game.play.undo) and show the game as it was."""
        local = self.table.local
        if local is None or not undo.offered(local, self.app.settings.takebacks):
            self.say([_("Nothing to take back now.")], bad=True)
            return
        undone = undo.take_back(local)
        viewer = local.local_seats[0] if len(local.local_seats) == 1 else None
        self.model.log = undo.log_events(local, viewer)
        self.model.flow.reset([], self.model.viewer)
        self.refresh()
        self.say([_("Taken back: {what}.", what=undo.undone_words(undone))], good=True)

    def open_pause(self) -> None:
        self.app.push(screens.pause(self.app, self))

    def open_log(self) -> None:
        self.app.push(screens.log(self.app, self.model.log, self.names))

    def open_rules(self) -> None:
        """The rules reference at the page of what is under the focus: a tactics card's own page, the claim
        page for a flag, else the formations."""
        shown = board_zoom.zoomed(self)
        target = self.model.hover if self.app.input.last_device == "mouse" else self.model.focus
        topic = "claim" if target is not None and target[0] == "flag" else "formations"
        self.app.push(screens.rules(self.app, card=shown[1] if shown else None, topic=topic))

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
        self.toasts = [t for t in self.toasts if t.until > self.clock]
        busy = self.anims.busy(self.clock)
        self.table.tick(ready=not busy and self.pending_pass is None)
        board_coach.tick(self)
        watch_peer(self)
        self.consume()
        busy = self.anims.busy(self.clock)
        if busy:
            return
        if self.pending_pass is not None and self.table.result is None:

            seat, self.pending_pass = self.pending_pass, None
            self.model.hidden = True
            self.refresh()
            self.app.push(screens.pass_device(self.app, self, seat))
        elif self.pending_results and not self.results_shown:

            self.results_shown = True
            self.app.push(screens.results(self.app, self))
        elif self.my_turn and self.table.phase == "claim" and self.app.settings.auto_claim:
            claims = [a for a in self.model.legal if a["type"] == "claim"]
            if claims:
                self.submit(claims[0])

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
            board_coach.close(self)


screens.board.opens(BoardScene)
