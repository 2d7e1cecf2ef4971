"""Game setup: opponent, names, rule options, single game or match, who starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import CLAIM_TIMINGS
from game.i18n import N_
from game.i18n import _ as tr
from game.play.session import OPPONENT_NAMES, OPPONENTS, Session, Setup
from game.ui.widgets import Item

from .menu_base import MenuScene

if TYPE_CHECKING:
    from game.ui.shell import App

TIMING_WORDS = {"standard": N_("after playing (standard)"), "advanced": N_("start of turn (advanced)"),
                "end": N_("end of turn (variant)")}


#: single game, or a match by each end condition of R41: a fixed number of games, first to N points,
#: or the Hungarian rulebook's match (a 10-point lead, 5 wins in a row, or 3 Breakthroughs in a row)
PLAY_CHOICES = ("single", "games:3", "games:5", "points:15", "points:25", "hungarian")
PLAY_WORDS = {"single": N_("a single game"), "games:3": N_("a match of 3 games"), "games:5": N_("a match of 5 games"),
              "points:15": N_("a match to 15 points"), "points:25": N_("a match to 25 points"),
              "hungarian": N_("the Hungarian match")}
STARTS = ("random", "south", "north")
ON_OFF = {"on": N_("on"), "off": N_("off")}
#: what each opponent is like to play against, one line each (shown under the menu while Opponent is focused)
OPPONENT_HINTS = {
    "human": N_("Two people, one screen: the device is passed between turns"),
    "random": N_("Plays any legal card at random: for learning the controls"),
    "easy": N_("Plays sensibly but misses chances: a gentle first opponent"),
    "normal": N_("Builds strong formations and claims in time: a fair fight"),
    "hard": N_("Counts the unseen cards and plans ahead: hard to beat"),
}


class SetupScene(MenuScene):
    name = "setup"
    title = N_("New game")
    menu_top = 230

    def __init__(self, app: App) -> None:
        names = app.settings.names
        self.last = {"opponent": "easy", **app.settings.last_setup}  # a newcomer meets the easy bot first
        self.setup = Setup(names=list(names))
        super().__init__(app)
        for item in self.menu.items:  # the remembered choices, applied as if chosen again
            if item.choices and item.on_change is not None:
                item.on_change(item.value)

    def _index(self, key: str, choices: tuple[str, ...]) -> int:
        value = self.last.get(key)
        return choices.index(value) if value in choices else 0

    def items(self) -> list[Item]:
        self.second = Item(tr("Second player"), lambda: self.edit_name(1), detail=self._second_name,
                           hint=tr("Used when the opponent is a person"), enabled=self.setup.opponent == "human")
        self.opponent = Item(tr("Opponent"), choices=OPPONENTS, on_change=self._opponent,
                             show=lambda v: tr(OPPONENT_NAMES[v]), index=self._index("opponent", OPPONENTS))
        self.opponent.hint = tr(OPPONENT_HINTS[self.opponent.value])
        return [
            self.opponent,
            Item(tr("First player"), lambda: self.edit_name(0), detail=lambda: f"{self.setup.names[0]}  \u270e",
                 hint=tr("Choose to type a name: keyboard, controller or mouse")),
            self.second,
            Item(tr("Tactics cards"), choices=("on", "off"), index=self._index("tactics", ("on", "off")),
                 on_change=self._tactics, show=lambda v: tr(ON_OFF[v]),
                 hint=tr("Off: troops only, a gentler first game (R43)")),
            Item(tr("Claims"), choices=CLAIM_TIMINGS, index=self._index("claims", CLAIM_TIMINGS),
                 on_change=self._timing, show=lambda v: tr(TIMING_WORDS[v]),
                 hint=tr("When flags may be claimed (R11)")),
            Item(tr("Play"), choices=PLAY_CHOICES, index=self._index("play", PLAY_CHOICES),
                 on_change=self._match, show=lambda v: tr(PLAY_WORDS[v]),
                 hint=tr("A match scores each game; the winner starts the next (R40, R41)")),
            Item(tr("Who starts"), choices=STARTS, index=self._index("starts", STARTS), on_change=self._starts,
                 show=self._show_starts),
            Item(tr("Start the game"), self.start),
        ]

    def _opponent(self, v: str) -> None:
        self.setup.opponent = v
        self.second.enabled = v == "human"
        self.opponent.hint = tr(OPPONENT_HINTS[v])

    def _second_name(self) -> str:
        if self.setup.opponent != "human":
            return tr(OPPONENT_NAMES[self.setup.opponent])
        return f"{self.setup.names[1]}  \u270e"

    def edit_name(self, i: int) -> None:
        self.app.push(self.app.open("seat_name", i, self.setup.names[i], lambda v: self._name(i, v)))

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
        self.app.settings.names = list(self.setup.names)
        self.app.settings.last_setup = {key: item.value for key, item in zip(
            ("opponent", "tactics", "claims", "play", "starts"),
            [i for i in self.menu.items if i.choices], strict=True)}
        self.app.save_settings()
        start_game(self.app, self.setup)


def start_game(app: App, setup: Setup) -> None:
    """Start a new sitting; an unfinished one against the same kind of opponent is never replaced unasked."""
    from game.play.saves import load_save

    old = load_save(setup.opponent)
    if old is None:
        _begin(app, setup)
        return
    from game.play.saves import describe, drop_save, opponent_words

    def afresh() -> None:
        drop_save(old)
        _begin(app, setup)

    lines = describe(old)
    app.push(app.open("confirm", tr("An unfinished game: {opponent}", opponent=opponent_words(old)),
                      [lines[0], lines[-2], lines[-1], tr("A new game would replace it.")],
                      [(tr("Continue that game"), lambda: app.open("resume_into", old)),
                       (tr("Start a new game (the old one is lost)"), afresh),
                       (tr("Back"), lambda: None)]))


def _begin(app: App, setup: Setup) -> None:
    setup.autosave = True
    session = Session(setup, bot_pace=0.7 * app.settings.speed)
    app.reset(app.open("board", session.new_table(), session))
