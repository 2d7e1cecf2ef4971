"""A LAN host's sitting: the game being played, its events, its number among the games played
tonight, the match score (R40, R41) and who asked for another game.

No sockets and no files: the host (net.host) sends what changes here and saves it (net.lan_save),
so the rules of one game following another can be checked on their own.
"""

from __future__ import annotations

from typing import Any

from engine import IllegalAction
from engine.game import Event, Game
from engine.match import Match
from engine.rules import Rules


class Sitting:
    """The current game and what follows it: a rematch, or the next game of a match."""

    def __init__(self, game: Game, *, match: Match | None = None, number: int = 1,
                 events: list[Event] | None = None) -> None:
        self.game = game
        self.events: list[Event] = events if events is not None else []  # every event of this game so far
        self.match = match  # R40, R41: set when the host chose a match
        self.number = number  # the game's number in this sitting (a match, or rematches)
        self.again: set[str] = set()  # seats that asked for the next game after this one ended

    @classmethod
    def new(cls, rules: Rules, seed: int, players: dict[str, str], first: str | None = None,
            match: dict[str, Any] | None = None) -> Sitting:
        """A first game; `match` ({"end": ..., "limit": ...}, R41) makes it the first of a match."""
        game = Game.new(rules, seed, first, players)
        chosen = None if match is None else Match(match.get("end", "hungarian"), match.get("limit"), game.first,
                                                   rules.players)
        return cls(game, match=chosen)

    def apply(self, action: Any) -> list[Event]:
        """Apply an action to the current game (IllegalAction, NotationError: nothing changed) and keep
        its events; the game's end is scored by `record_result`, which the host calls next."""
        events = self.game.apply(action)
        self.events.extend(events)
        return events

    def record_result(self) -> bool:
        """Score a finished game in the match, once (True the time it is scored)."""
        if self.match is not None and self.game.over and len(self.match.games) < self.number:
            self.match.record_game(self.game.result)
            return True
        return False

    def match_data(self) -> dict[str, Any] | None:
        """The match as it travels and is saved (None: single games)."""
        return self.match.to_dict() if self.match is not None else None

    def next_possible(self) -> bool:
        """A next game may begin: this one is over and no match is decided."""
        return self.game.over and not (self.match is not None and self.match.over)

    def next_game(self, seed: int) -> None:
        """After a game: the next game of the match, or a rematch. The winner starts it (R5, R40).
        Raises IllegalAction (`game_not_over`, `match_over`) and changes nothing then."""
        if not self.game.over:
            raise IllegalAction("game_not_over")
        if self.match is not None:
            self.record_result()
            if self.match.over:
                raise IllegalAction("match_over")
            first = self.match.next_first
        else:
            first = (self.game.result["winner"] if self.game.result else None) or self.game.first
        self.game = Game.new(self.game.rules, seed, first, dict(self.game.players))
        self.number += 1
        self.events = []
        self.again = set()

    def ask_again(self, seat: str, everyone: set[str]) -> bool:
        """`seat` wants another game: noted; True once every seat of `everyone` has asked. Raises
        IllegalAction (`game_not_over`, `match_over`) when no next game may begin, noting nothing."""
        if not self.game.over:
            raise IllegalAction("game_not_over")
        if self.match is not None and self.match.over:
            raise IllegalAction("match_over")
        self.again.add(seat)
        return self.again >= everyone
