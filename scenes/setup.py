"""Game setup: opponent, names, rule options, single game or match, who starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import CLAIM_TIMINGS
from game.i18n import N_
from game.i18n import _ as tr
from game.session import OPPONENT_NAMES, OPPONENTS, Session, Setup
from game.widgets import Item

from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.shell import App

TIMING_WORDS = {"standard": N_("after playing (standard)"), "advanced": N_("start of turn (advanced)"),
                "end": N_("end of turn (variant)")}


#: single game, or a match by each end condition of R41: a fixed number of games, first to N points,
#: or the Hungarian rulebook's match (a 10-point lead, 5 wins in a row, or 3 Breakthroughs in a row)
PLAY_CHOICES = ("single", "games:3", "games:5", "points:15", "points:25", "hungarian")
PLAY_WORDS = {"single": N_("a single game"), "games:3": N_("a match of 3 games"), "games:5": N_("a match of 5 games"),
              "points:15": N_("a match to 15 points"), "points:25": N_("a match to 25 points"),
              "hungarian": N_("the Hungarian match")}
ON_OFF = {"on": N_("on"), "off": N_("off")}


class SetupScene(MenuScene):
    name = "setup"
    title = N_("New game")
    menu_top = 230

    def __init__(self, app: App) -> None:
        names = app.settings.names
        self.setup = Setup(names=list(names))
        super().__init__(app)

    def items(self) -> list[Item]:
        self.second = Item(tr("Second player"), lambda: self.edit_name(1), detail=self._second_name,
                           hint=tr("Used when the opponent is a person"), enabled=self.setup.opponent == "human")
        return [
            Item(tr("Opponent"), choices=OPPONENTS, on_change=self._opponent, show=lambda v: tr(OPPONENT_NAMES[v]),
                 hint=tr("Hot-seat passes the device between turns; bots think in their own process")),
            Item(tr("First player"), lambda: self.edit_name(0), detail=lambda: f"{self.setup.names[0]}  \u270e",
                 hint=tr("Choose to type a name: keyboard, controller or mouse")),
            self.second,
            Item(tr("Tactics cards"), choices=("on", "off"), on_change=self._tactics, show=lambda v: tr(ON_OFF[v]),
                 hint=tr("Off: troops only, a gentler first game (R43)")),
            Item(tr("Claims"), choices=CLAIM_TIMINGS, on_change=self._timing, show=lambda v: tr(TIMING_WORDS[v]),
                 hint=tr("When flags may be claimed (R11)")),
            Item(tr("Play"), choices=PLAY_CHOICES, on_change=self._match, show=lambda v: tr(PLAY_WORDS[v]),
                 hint=tr("A match scores each game; the winner starts the next (R40, R41)")),
            Item(tr("Who starts"), choices=("random", "south", "north"), on_change=self._starts,
                 show=self._show_starts),
            Item(tr("Start the game"), self.start),
        ]

    def _opponent(self, v: str) -> None:
        self.setup.opponent = v
        self.second.enabled = v == "human"

    def _second_name(self) -> str:
        if self.setup.opponent != "human":
            return tr(OPPONENT_NAMES[self.setup.opponent])
        return f"{self.setup.names[1]}  \u270e"

    def edit_name(self, i: int) -> None:
        from .name_entry import NameScene, name_title

        self.app.push(NameScene(self.app, name_title(i), self.setup.names[i], lambda v: self._name(i, v)))

    def _name(self, i: int, v: str) -> None:
        """A typed name is kept in the settings at once: the next evening starts with it."""
        self.setup.names[i] = v
        self.app.settings.names[i] = v
        self.app.save_settings()

    def _tactics(self, v: str) -> None:
        self.setup.tactics = v == "on"

    def _timing(self, v: str) -> None:
        self.setup.claim_timing = v

    def _match(self, v: str) -> None:
        self.setup.match = v != "single"
        end, _, limit = v.partition(":")
        self.setup.match_end = end if self.setup.match else "hungarian"
        self.setup.match_limit = int(limit) if limit else None

    def _starts(self, v: str) -> None:
        self.setup.starts = v

    def _show_starts(self, v: str) -> str:
        if v == "random":
            return tr("random")
        if v == "south":
            return self.setup.names[0]
        return self.setup.names[1] if self.setup.opponent == "human" else tr("the bot")

    def start(self) -> None:
        from .board import BoardScene

        self.app.settings.names = list(self.setup.names)
        self.app.save_settings()
        self.setup.autosave = True
        session = Session(self.setup, bot_pace=0.7 * self.app.settings.speed)
        self.app.reset(BoardScene(self.app, session.new_table(), session))
