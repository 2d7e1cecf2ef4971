"""Game setup: opponent, names, rule options, single game or match, who starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import CLAIM_TIMINGS
from game.i18n import N_
from game.i18n import _ as tr
from game.play.session import OPPONENT_NAMES, OPPONENTS, Session, Setup
from game.ui.widgets import Item

from . import screens
from .board_still import seat_word
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
STARTS3 = ("random", "south", "west", "east")  # three players: any of the three seats may start
PLAYERS = ("2", "3")
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
        self.last = {"opponent": "easy", "third": "easy", **app.settings.last_setup}  # a newcomer meets easy bots
        self.setup = Setup(names=list(names))
        app.settings.names = list(self.setup.names)  # three names: the third player's too
        super().__init__(app)
        self.every = list(self.menu.items)  # the rows of both games; those of the other count are hidden
        for item in self.every:  # the remembered choices, applied as if chosen again
            if item.choices and item.on_change is not None:
                item.on_change(item.value)
        self.menu.focus = self.menu.items.index(self.opponent)  # the choice most often changed: who to play

    def _index(self, key: str, choices: tuple[str, ...]) -> int:
        value = self.last.get(key)
        return choices.index(value) if value in choices else 0

    def items(self) -> list[Item]:
        self.second = Item(tr("Second player"), lambda: self.edit_name(1), detail=self._second_name,
                           hint=tr("Used when the opponent is a person"), enabled=self.setup.opponent == "human")
        self.opponent = Item(tr("Opponent"), choices=OPPONENTS, on_change=self._opponent,
                             show=lambda v: tr(OPPONENT_NAMES[v]), index=self._index("opponent", OPPONENTS))
        self.opponent.hint = tr(OPPONENT_HINTS[self.opponent.value])
        self.third = Item(tr("East"), choices=OPPONENTS, on_change=self._third,
                          show=lambda v: tr(OPPONENT_NAMES[v]), index=self._index("third", OPPONENTS))
        self.third_name = Item(tr("Third player"), lambda: self.edit_name(2), detail=self._third_name,
                               hint=tr("Used when East is a person"))
        starts = STARTS3 if self.last.get("players") == "3" else STARTS
        self.starts = Item(tr("Who starts"), choices=starts, index=self._index("starts", starts),
                           on_change=self._starts, show=self._show_starts)
        self.tactics = Item(tr("Tactics cards"), choices=("on", "off"), index=self._index("tactics", ("on", "off")),
                            on_change=self._tactics, show=self._show_tactics,
                            hint=tr("Off: troops only, a gentler first game"))
        return [  # how many play, then each seat and its player's name in seat order, then the rules
            Item(tr("Players"), choices=PLAYERS, index=self._index("players", PLAYERS), on_change=self._players,
                 show=self._show_players, hint=tr("Three players: a Y of three fronts, troops only")),
            Item(tr("First player"), lambda: self.edit_name(0), detail=lambda: f"{self.setup.names[0]}  \u270e",
                 hint=tr("Choose to type a name: keyboard, controller or mouse")),
            self.opponent,
            self.second,
            self.third,
            self.third_name,
            self.tactics,
            Item(tr("Claims"), choices=CLAIM_TIMINGS, index=self._index("claims", CLAIM_TIMINGS),
                 on_change=self._timing, show=lambda v: tr(TIMING_WORDS[v]),
                 hint=tr("When flags may be claimed")),
            Item(tr("Play"), choices=PLAY_CHOICES, index=self._index("play", PLAY_CHOICES),
                 on_change=self._match, show=lambda v: tr(PLAY_WORDS[v]),
                 hint=tr("A match scores each game; the winner starts the next")),
            self.starts,
            Item(tr("Start the game"), self.start),
        ]

    def _opponent(self, v: str) -> None:
        self.setup.opponent = v
        self.second.enabled = v == "human"
        self.opponent.hint = tr(OPPONENT_HINTS[v])
        self._rows()

    def _players(self, v: str) -> None:
        """Two or three players: three adds the East seat and plays troops only (R46), and says so."""
        three = v == "3"
        self.setup.players = 3 if three else 2
        self.opponent.label = tr("West") if three else tr("Opponent")
        self.third.enabled = three
        self.third_name.enabled = three and self.setup.third == "human"
        self.tactics.enabled = not three
        before = self.starts.value  # the second seat is North for two players, West for three
        self.starts.choices = STARTS3 if three else STARTS
        now = {"north": "west"}.get(before, before) if three else ("north" if before in ("west", "east") else before)
        self.starts.index = self.starts.choices.index(now)
        self._starts(now)
        self.tactics.hint = tr("Three players play with troops only") if three else \
            tr("Off: troops only, a gentler first game")
        self._rows()

    def _rows(self) -> None:
        """Show the rows of the chosen number of players: East and the third name for three, Tactics for two
        (three play troops only, and the Players row says so)."""
        every = getattr(self, "every", None)
        if every is None:
            return
        three = self.setup.players == 3
        # rows are told apart by identity (`is`): equal rows are still two rows, and an id outlives nothing
        hidden = [self.tactics] if three else [self.third, self.third_name]
        if three:  # a bot's seat has no name to type: its name row would only say the seat's row again
            hidden += [row for row, seat in ((self.second, self.setup.opponent), (self.third_name, self.setup.third))
                       if seat != "human"]
        focused = self.menu.items[self.menu.focus] if self.menu.items else None
        self.menu.items = [item for item in every if not any(item is row for row in hidden)]
        self.menu.top = self.menu_top - 40 * max(0, len(self.menu.items) - 9)  # a row more: the hint keeps its room
        if focused in self.menu.items:
            self.menu.focus = self.menu.items.index(focused)

    def _third(self, v: str) -> None:
        self.setup.third = v
        self.third_name.enabled = self.setup.players == 3 and v == "human"
        self.third.hint = tr(OPPONENT_HINTS[v]) if v != "human" else tr("Three people, one screen: the device is "
                                                                           "passed between turns")
        self._rows()

    def _third_name(self) -> str:
        if self.setup.third != "human":
            return tr(OPPONENT_NAMES[self.setup.third])
        return f"{self.setup.names[2]}  \u270e"

    def _show_players(self, v: str) -> str:
        return tr("3: troops only") if v == "3" else v

    def _show_tactics(self, v: str) -> str:
        return tr("off: three players play troops only") if self.setup.players == 3 else tr(ON_OFF[v])

    def _second_name(self) -> str:
        if self.setup.opponent != "human":
            return tr(OPPONENT_NAMES[self.setup.opponent])
        return f"{self.setup.names[1]}  \u270e"

    def edit_name(self, i: int) -> None:
        self.app.push(screens.seat_name(self.app, i, self.setup.names[i], lambda v: self._name(i, v)))

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
        if v in ("west", "east"):
            return seat_word(v)
        return self.setup.names[1] if self.setup.opponent == "human" else tr("the bot")

    def start(self) -> None:
        self.app.settings.names = list(self.setup.names)
        self.app.settings.last_setup = {key: item.value for key, item in zip(  # the rows with choices, in order
            ("players", "opponent", "third", "tactics", "claims", "play", "starts"),
            [i for i in self.every if i.choices], strict=True)}
        self.app.save_settings()
        start_game(self.app, self.setup)


def start_game(app: App, setup: Setup) -> None:
    """Start a new sitting; an unfinished one against the same kind of opponent is never replaced unasked."""
    from game.play.saves import load_save

    old = load_save(setup.key)
    if old is None:
        _begin(app, setup)
        return
    from game.play.saves import describe, drop_save, opponent_words

    def afresh() -> None:
        drop_save(old)
        _begin(app, setup)

    lines = describe(old)
    app.push(screens.confirm(app, tr("An unfinished game: {opponent}", opponent=opponent_words(old)),
                             [lines[0], lines[-2], lines[-1], tr("A new game would replace it.")],
                             [(tr("Continue that game"), lambda: screens.resume(app, old)),
                              (tr("Start a new game (the old one is lost)"), afresh),
                              (tr("Back"), lambda: None)]))


def _begin(app: App, setup: Setup) -> None:
    setup.autosave = True
    session = Session(setup, bot_pace=0.7 * app.settings.speed)
    app.reset(screens.board(app, session.new_table(), session))


screens.setup.opens(SetupScene)
screens.start.opens(start_game)
