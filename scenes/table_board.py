"""The board seen by a screen that holds no hand: the TV in table mode, or a watcher.

For two players it is the ordinary board with south at the bottom, both hands shown as backs (troop or tactics, as
the view's public `hand_tactics` tells), nothing to pick, and whose turn it is in large type for the room. On joining
mid-game the game so far goes straight into the log, without replaying its animations.
For three players it is the whole table as a Y seen from above (game.ui.table_y, THREE.md), with each
seat's hand backs and count in its corner and the latest turn marked and put into words.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from engine.notation_types import Event, View
from game.i18n import N_, _, language
from game.play.turn_words import turn_caption
from game.play.words import shown_name
from game.ui import art, card_art, layout, table_y
from game.ui.input import Intent, Kind
from game.ui.scene import AMBIENT, IDLE, Scene
from game.ui.text import fitted, shadowed, text, wrap

from . import screens
from .board import BoardScene

if TYPE_CHECKING:
    from game.play.table import Table
    from game.ui.shell import App

PHASE_WORDS = {"play": N_("plays a card"), "claim": N_("may claim flags"), "draw": N_("draws a card"),
               "scout_draw": N_("Scout: draws cards"), "scout_return": N_("Scout: puts cards back")}


def bottom_backs(count: int) -> list[pygame.Rect]:
    """The bottom player's hand as backs rising from the bottom edge: the top strip, mirrored."""
    out = []
    for r in layout.opponent_hand(count):
        r.top = layout.H - layout.TOP_STRIP - 2
        out.append(r)
    return out


class SpectatorBoard(BoardScene):
    name = "table_board"
    woken = False  # the table's messages wake the window (board_for): no need to stay awake at rest

    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app, table)
        self.model.caption_all = True  # every finished turn is captioned here (issue 16): no side is "the other"
        for event in table.poll_events():  # the game so far, into the log without its animations
            self.model.log.append(event)
            self.model.note_turn(event)
        self.refresh()

    def activity(self) -> int:
        """Awake while the other screens' moves may arrive unannounced; a table whose messages wake the
        window (board_for) sleeps at rest like any board."""
        from game.ui.scene import AMBIENT

        return super().activity() if self.woken else max(super().activity(), AMBIENT)

    def back_deck(self, seat: str, index: int) -> str:
        """Troop backs first, tactics backs last: the view says how many tactics each hand holds (R45)."""
        size = self.view["hand_sizes"][seat]
        tactics = min(size, int(self.view.get("hand_tactics", {}).get(seat, 0)))
        return "tactics" if index >= size - tactics else "troops"

    def relayout(self) -> None:
        super().relayout()
        for i, r in enumerate(bottom_backs(self.view["hand_sizes"][self.model.viewer])):
            self.rects[("back", i)] = r

    def fix_focus(self) -> None:
        """Nothing on the board is a choice here: the focus rests on the Menu button until moved."""
        if self.model.focus not in self.targets:
            self.model.focus = ("button", "menu")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        hidden = self.anims.hidden()
        backs = bottom_backs(self.view["hand_sizes"][self.model.viewer])
        for i, r in enumerate(backs):
            if ("back", i) not in hidden:
                surface.blit(card_art.back(self.back_deck(self.model.viewer, i), "small"), r)
        info = fitted(_("in hand: {n}", n=self.view["hand_sizes"][self.model.viewer]), 28, 300, art.MUTED)
        left = backs[0].left if backs else layout.W // 2
        surface.blit(info, info.get_rect(bottomright=(left - 20, layout.H - 20)))
        if self.table.result is None:
            self._turn_banner(surface)

    def _turn_banner(self, surface: pygame.Surface) -> None:
        """Whose turn, large enough to read from the sofa."""
        seat = self.table.to_move
        tint = art.SEAT_TINT["bottom" if seat == self.model.viewer else "top"]
        name = shadowed(_("{who}'s turn", who=self.names[seat]), 72, tint, "bold", offset=3)
        width = layout.HAND_X[1] - layout.HAND_X[0]
        if name.get_width() > width:
            name = pygame.transform.smoothscale_by(name, width / name.get_width())
        centre_x = (layout.HAND_X[0] + layout.HAND_X[1]) // 2
        y = layout.H - layout.TOP_STRIP - 150
        surface.blit(name, name.get_rect(midtop=(centre_x, y)))
        doing = fitted(_(PHASE_WORDS.get(self.table.phase, "")), 34, width, art.CREAM) \
            if self.table.phase in PHASE_WORDS else None
        if doing is not None:
            surface.blit(doing, doing.get_rect(midtop=(centre_x, y + name.get_height() + 2)))


class TableY(Scene):
    """The three-player table for a screen with no hand: the Y, whose turn, and the latest turn marked.

    It has what the pause, the log and the lost-peer screen ask of a board (`table`, `log`, `names`,
    `session`), and nothing to choose: Esc or Start opens the pause, L the log, F1 the rules."""

    name = "table_y"
    woken = False  # the table's messages wake the window (board_for)

    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app)
        self.table = table
        self.session = None
        self.log: list[Event] = []
        self.turn: tuple[str, list[Event]] | None = None  # the latest turn (seat, its events)
        self.captions: dict[str, str] = {}  # each seat's last turn in words, under its hand
        self.frame: pygame.Surface | None = None  # the Y as last drawn, and what it showed
        self.frame_key: tuple[Any, ...] = ()
        self.take(table.poll_events())  # the game so far, into the log (a watcher joining mid-game)
        self.view = self.public_view()
        self.notice: tuple[str, tuple[int, int, int], float] | None = None  # a line the TV says for a while
        self.save_told: str | None = None  # the saving trouble last told (scenes.lan_wait)

    def say(self, lines: list[str], bad: bool = False, title: str = "", good: bool = False,
            queued: bool = False) -> None:
        """A line under the Y for a few seconds (the board's toast): a game that cannot be saved, say."""
        colour = art.BAD if bad else (art.GOOD if good else art.CREAM)
        self.notice = (" ".join(lines), colour, time.monotonic() + 8.0)

    @property
    def names(self) -> dict[str, str]:
        return {seat: shown_name(name) for seat, name in self.table.names.items()}

    def game_log(self) -> list[Event]:
        """The game's events so far (the pause's log: scenes.board_roles.ShownGame)."""
        return self.log

    def public_view(self) -> View:
        """The table's view with every hand hidden, whatever table it is (R53: the room sees no hand)."""
        view = self.table.view("south").copy()
        view["hands"] = {seat: None for seat in view["hand_sizes"]}
        return view

    def take(self, events: list[Event]) -> None:
        """Events into the log, and into the latest turn: a turn is its seat's events until another seat acts."""
        for event in events:
            self.log.append(event)
            seat = event.get("seat")
            if event.get("type") == "turn" or seat not in table_y.SEAT_TINT:
                continue
            if self.turn is None or self.turn[0] != seat:
                self.turn = (str(seat), [])
            self.turn[1].append(event)
            self.captions[str(seat)] = turn_caption(str(seat), self.turn[1], self.names)

    def next_label(self) -> str | None:
        """What Enter does at the end of a game this screen hosts: the next game of the match, a rematch,
        or nothing (a watcher follows its host; a finished match ends here)."""
        link = self.table.link
        if self.table.result is None or link is None or not link.hosting:
            return None
        match = link.match()
        if match is not None and match.over:
            return None
        return _("Next game") if match is not None else _("Rematch")

    def match_scores(self) -> dict[str, int] | None:
        """The match's points so far (R52), as the host keeps them or as a watcher was last told; None: no match."""
        link = self.table.link
        match = link.match() if link is not None else None
        return dict(match.scores) if match is not None else None

    def next_game(self) -> None:
        """The host starts the next game on the same connections; the TV moves to its table."""
        import secrets

        link = self.table.link
        assert link is not None, "next_label offers the next game only on a hosting screen"
        self.app.reset(screens.lan_board(self.app, link.start_next(secrets.randbits(63))))

    def handle(self, intent: Intent) -> None:
        k = intent.kind
        if k is Kind.CONFIRM and self.next_label() is not None:
            self.next_game()
        elif k in (Kind.MENU, Kind.BACK, Kind.CONFIRM):
            self.app.push(screens.pause(self.app, self))
        elif k is Kind.LOG:
            self.app.push(screens.log(self.app, self.log, self.names))
        elif k is Kind.HELP:
            self.app.push(screens.rules(self.app, topic="three"))

    def update(self, dt: float) -> None:
        from .lan_wait import watch_peer

        link = self.table.link
        if self.app.top is not self:
            if link is not None:  # a LAN table answers heartbeats under any overlay
                link.keep_alive()
            return
        self.table.tick(ready=True)
        watch_peer(self)
        events = self.table.poll_events()
        if events:
            self.take(events)
            self.view = self.public_view()
        if link is not None and link.hosting and link.moved_on:  # the players asked for the next game
            self.app.reset(screens.lan_board(self.app, link.follow()))

    def activity(self) -> int:
        """Awake while a player is deciding (their move arrives over the LAN at any moment); asleep at rest
        when the table's messages wake the window (board_for), like the two-player spectator's board."""
        return AMBIENT if not self.woken or self.table.thinking else IDLE

    def draw(self, surface: pygame.Surface) -> None:
        """The Y is drawn again only when something on it changed: the TV stays awake all evening."""
        label = self.next_label()
        scores = self.match_scores()
        key = (tuple(sorted(scores.items())) if scores else None, len(self.log), self.table.to_move,
               self.table.phase, label, language(), tuple(self.names.items()),
               self.app.input.glyph(Kind.CONFIRM), self.app.theme, surface.get_size())
        if self.frame is None or key != self.frame_key:
            self.frame = pygame.Surface(surface.get_size())
            self.frame_key = key
            self._draw_whole(self.frame, label, scores)
        surface.blit(self.frame, (0, 0))
        if self.notice is not None and time.monotonic() < self.notice[2]:
            self._draw_notice(surface, label is not None)

    def _draw_notice(self, surface: pygame.Surface, label: bool) -> None:
        """The notice in the free corner right of the south hand, on a dark panel (above the end's label)."""
        assert self.notice is not None
        width = 600
        lines = wrap(self.notice[0], 28, width - 32, "bold")
        height = 16 + 36 * len(lines)
        box = pygame.Rect(layout.W - 24 - width, layout.H - (72 if label else 16) - height, width, height)
        pygame.draw.rect(surface, art.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, self.notice[1], box, 2, border_radius=10)
        for i, line in enumerate(lines):
            surface.blit(text(line, 28, self.notice[1], "bold"), (box.x + 16, box.y + 8 + 36 * i))

    def _draw_whole(self, surface: pygame.Surface, label: str | None, scores: dict[str, int] | None) -> None:
        table_y.draw_y(surface, self.view, self.names, self.table.to_move, self.table.phase, self.table.result,
                       self.turn, self.captions, scores=scores)
        if label is not None:  # at the end: what Enter does, in the free corner below the south-east front
            key = self.app.input.glyph(Kind.CONFIRM)
            img = fitted(f"{key} \u00b7 {label}", 34, 420, art.HILITE, "bold")
            surface.blit(img, img.get_rect(bottomright=(layout.W - 24, layout.H - 16)))


def board_for(app: App, table: Table) -> Scene:
    """The board a LAN table needs: the ordinary one for a seat, the spectator's for none (the Y for three).

    The table's connection wakes the window when a peer's message arrives (net.wake, shell.wake), so
    a board asleep on the event queue (the host's own turn, a TV at rest) draws it at once."""
    from game.ui.shell import wake

    board: Scene
    if not table.local_seats:
        board = TableY(app, table) if len(table.names) == 3 else SpectatorBoard(app, table)
    else:
        board = BoardScene(app, table)
    if table.link is not None:
        table.link.wake_with(wake)
        if isinstance(board, SpectatorBoard | TableY):
            board.woken = True
    return board


screens.lan_board.opens(board_for)
