"""A sitting at the table: the options chosen in setup, and the games played with them.

It makes each game's `LocalTable` (people here, bots in their own process) and keeps the match
score when a match is played (engine.match.Match with its default end, the Hungarian rulebook's:
R40, R41); without a match only the games won are counted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import Game, Rules
from engine.notation_types import Result
from game.i18n import N_, _
from game.play.bot_client import BotLike, open_bot
from game.play.table import LocalTable

OPPONENTS: tuple[str, ...] = ("human", "random", "easy", "normal", "hard")
OPPONENT_NAMES = {"human": N_("A person here"), "random": N_("Bot: random"), "easy": N_("Bot: easy"),
                  "normal": N_("Bot: normal"), "hard": N_("Bot: hard")}


@dataclass
class Setup:
    opponent: str = "human"
    names: list[str] = field(default_factory=lambda: ["Ana", "Ben"])
    tactics: bool = True
    claim_timing: str = "standard"
    starts: str = "random"  # "random", "south" (first name) or "north"
    match: bool = False
    seed: int | None = None
    match_end: str = "hungarian"  # R41: "games", "points" or "hungarian"
    match_limit: int | None = None  # games to play, or points to reach; None for the Hungarian match
    autosave: bool = False  # keep this sitting in the data folder (the couch game does; tests may not)
    players: int = 2  # 3: the three-player game (R46), troops only; `opponent` sits west, `third` east
    third: str = "easy"  # who sits east in a three-player game: "human" or a bot level

    def __post_init__(self) -> None:
        while len(self.names) < 3:  # a two-player save or settings file names two: the third gets a default
            self.names.append(("Ana", "Ben", "Cy")[len(self.names)])

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in turn order (R46)."""
        return ("north", "south") if self.players == 2 else ("south", "west", "east")

    @property
    def kinds(self) -> dict[str, str]:
        """Who plays each seat: "human" or a bot level. South is always the person who set the game up."""
        if self.players == 2:
            return {"south": "human", "north": self.opponent}
        return {"south": "human", "west": self.opponent, "east": self.third}

    @property
    def key(self) -> str:
        """What the sitting is filed under (one unfinished sitting each): the opponent, or for three players
        the two other seats' kinds ("three-human-easy")."""
        return self.opponent if self.players == 2 else f"three-{self.opponent}-{self.third}"


class Session:
    def __init__(self, setup: Setup, bot_pace: float = 0.7, in_process_bots: bool = False) -> None:
        self.setup = setup
        self.bot_pace = bot_pace
        self.in_process_bots = in_process_bots
        self.games: list[Result] = []
        self.wins = {seat: 0 for seat in setup.seats}
        self.match: Any = _new_match(setup) if setup.match else None
        self.next_first: str | None = None
        #: the sitting's stream of deal seeds (kept in a save, so a resumed match deals as it would have)
        self.rng = random.Random(setup.seed if setup.seed is not None else random.randrange(2**62))
        self.keeper: Any = None
        if setup.autosave:
            from game.play.saves import Keeper

            self.keeper = Keeper(self)

    @property
    def names(self) -> dict[str, str]:
        setup = self.setup
        if setup.players == 3:
            out = {"south": setup.names[0]}
            for i, seat in ((1, "west"), (2, "east")):
                kind = setup.kinds[seat]
                out[seat] = setup.names[i] if kind == "human" else f"Bot ({kind})"
            return out
        north = setup.names[1] if setup.opponent == "human" else f"Bot ({setup.opponent})"
        return {"south": setup.names[0], "north": north}

    def new_table(self) -> LocalTable:
        seed = self.setup.seed if self.setup.seed is not None and not self.games else self.rng.randrange(2**31)
        first = self.next_first or (None if self.setup.starts == "random" else self.setup.starts)
        if self.setup.players == 3:  # R46: the three-player game is played with troops only
            rules = Rules(False, self.setup.claim_timing, 3)
        else:
            rules = Rules(self.setup.tactics, self.setup.claim_timing)
        game = Game.new(rules, seed, first, self.names)
        if self.match is not None and not self.match.games:  # R5: a draw in game 1 keeps its first player
            self.match.first = self.match.next_first = game.first
        return self.table_for(game)

    def table_for(self, game: Game) -> LocalTable:
        """A table for `game`, new or replayed from a save, with this sitting's bot and autosave."""
        seed = game.seed or 0
        bots: dict[str, BotLike] = {}
        levels: dict[str, str] = {}
        for i, (seat, kind) in enumerate(sorted(self.setup.kinds.items())):
            if kind != "human":
                levels[seat] = kind
                bots[seat] = open_bot(kind, seed + i, in_process=self.in_process_bots)
        table = LocalTable(game, bots, bot_pace=self.bot_pace, bot_levels=levels)
        if self.keeper is not None:
            self.keeper.watch(table)
        return table

    def record(self, result: Result) -> None:
        """A game ended: count it, and let the match say who starts next (R5, R40)."""
        self.games.append(result)
        winner = result.get("winner")
        if winner in self.wins:
            self.wins[winner] += 1
        if self.match is not None:
            self.match.record_game(result)
            self.next_first = getattr(self.match, "next_first", None)
        elif winner is not None:
            self.next_first = winner  # R5: the winner starts the next game; a draw keeps the same
        if self.keeper is not None:
            self.keeper.game_over(result)

    @property
    def match_over(self) -> bool:
        return bool(self.match is not None and getattr(self.match, "over", False))

    def score_words(self) -> str:
        names = self.names
        if self.setup.players == 3:
            return self._score_words3(names)
        if self.match is not None and hasattr(self.match, "scores"):
            s = self.match.scores
            line = _("Match: {south} {n_south} \u2013 {n_north} {north}", south=names["south"], n_south=s["south"],
                     n_north=s["north"], north=names["north"])
            winner = getattr(self.match, "winner", None)
            if self.match_over and winner:
                return _("{line}  \u00b7  {name} wins the match", line=line, name=names[winner])
            return line
        return _("Games won: {south} {n_south} \u2013 {n_north} {north}", south=names["south"],
                 n_south=self.wins["south"], n_north=self.wins["north"], north=names["north"])


    def _score_words3(self, names: dict[str, str]) -> str:
        """Three players: each seat's match points (R40) or games won, in turn order."""
        counts = self.match.scores if self.match is not None and hasattr(self.match, "scores") else self.wins
        line = "  \u00b7  ".join(f"{names[s]} {counts[s]}" for s in self.setup.seats)
        if self.match is not None:
            line = _("Match: {scores}", scores=line)
            winner = getattr(self.match, "winner", None)
            if self.match_over and winner:
                return _("{line}  \u00b7  {name} wins the match", line=line, name=names[winner])
            return line
        return _("Games won: {scores}", scores=line)


def _new_match(setup: Setup) -> Any:
    from engine.match import Match

    return Match(setup.match_end, None if setup.match_end == "hungarian" else setup.match_limit or 3,
                 players=setup.players)
