"""A match of several games (R40, R41): scoring, who starts next (R5), and when the match ends.

Pure bookkeeping over game results (the `result` dicts of `Game`), kept apart from `Game` because a
match outlives its games: the couch game and the LAN host both feed it one result at a time and
save it as plain data with `to_dict()`.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, NotationError
from .notation_types import Result
from .rules import OTHER, SEATS, SEATS3, check_seat

FORMAT = "battleline-match/1"
#: How a match ends (R41): after a fixed number of games, when someone reaches a number of points,
#: or the Hungarian rulebook's match (a 10-point lead, 5 wins in a row, or 3 Breakthroughs in a row).
ENDS: tuple[str, ...] = ("games", "points", "hungarian")
HOWS: tuple[str, ...] = ("breakthrough", "envelopment", "flags", "draw")
WIN_POINTS = 5  # R40
HUNGARIAN_LEAD = 10
HUNGARIAN_STREAK = 5
HUNGARIAN_BREAKTHROUGHS = 3
MAX_LIMIT = 1000  # far beyond any real match; bounds the work a hostile file can ask for


def _limit(value: Any, end: str, where: str) -> int | None:
    if end == "hungarian":
        if value is not None:
            raise NotationError(f"{where}: the Hungarian match has no limit; expected null")
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_LIMIT:
        raise NotationError(f"{where}: expected a whole number from 1 to {MAX_LIMIT}")
    return value


def check_result(data: Any, where: str = "result", players: int = 2) -> Result:
    """A game result as `Game.result` gives it, checked field by field and for consistency (R38, R39).

    An old result naming a five-flag win a Breakthrough comes back as an Envelopment (R38), so a saved
    Hungarian match counts it as the rules now do (R41). `players=3`: a three-player result (R51).
    """
    if players == 3:
        return _check_result_three(data, where)
    winner, how, flags = _result_fields(data, where, SEATS, 9)
    if how == "breakthrough" and winner is not None and flags[winner] >= 5:
        how = "envelopment"  # R38: five flags are an Envelopment; results saved before that ruling say otherwise
    if winner is None:
        if flags["north"] != flags["south"]:
            raise NotationError(f"{where}.flags: a drawn game has equal flags (R39)")
    else:
        mine, theirs = flags[winner], flags[OTHER[winner]]
        needed = {"breakthrough": 3, "envelopment": 5, "flags": theirs + 1}[how]
        if mine < needed or theirs > 4:
            raise NotationError(f"{where}.flags: {mine} to {theirs} flags is not a win by {how} (R38, R39)")
    return {"winner": winner, "how": how, "flags": {"north": flags["north"], "south": flags["south"]}}


def _result_fields(data: Any, where: str, seats: tuple[str, ...], most: int) -> tuple[str | None, str, dict[str, Any]]:
    """A result's winner, how and flag counts, each checked on its own (at most `most` flags a seat)."""
    if not isinstance(data, dict):
        raise NotationError(f"{where}: expected an object")
    for key in data:
        if key not in ("winner", "how", "flags"):
            raise NotationError(f"{where}.{key}: unknown field")
    for key in ("winner", "how", "flags"):
        if key not in data:
            raise NotationError(f"{where}.{key}: missing")
    winner = None if data["winner"] is None else check_seat(data["winner"], f"{where}.winner", seats)
    how = data["how"]
    if not isinstance(how, str) or how not in HOWS:
        raise NotationError(f"{where}.how: expected one of {', '.join(HOWS)}")
    flags = data["flags"]
    if not isinstance(flags, dict) or set(flags) != set(seats):
        raise NotationError(f"{where}.flags: expected flag counts for {', '.join(seats[:-1])} and {seats[-1]}")
    for seat in seats:
        n = flags[seat]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= most:
            raise NotationError(f"{where}.flags.{seat}: expected a whole number from 0 to {most}")
    if sum(flags[s] for s in seats) > 9:
        raise NotationError(f"{where}.flags: more than 9 flags held")
    if (winner is None) != (how == "draw"):
        raise NotationError(f"{where}.winner: a drawn game has no winner, and only a drawn game")
    return winner, how, flags


def _check_result_three(data: Any, where: str) -> Result:
    """A three-player game's result (R51): the same fields, with three seats' flag counts."""
    winner, how, flags = _result_fields(data, where, SEATS3, 6)
    most = max(flags[s] for s in SEATS3)
    if winner is None:
        if sum(flags[s] == most for s in SEATS3) < 2:
            raise NotationError(f"{where}.flags: a drawn game has its most flags shared (R51)")
    else:
        mine = flags[winner]
        others = [flags[s] for s in SEATS3 if s != winner]
        needed = {"breakthrough": 3, "envelopment": 4, "flags": max(others) + 1}[how]
        if mine < needed or max(others) > 3:
            raise NotationError(f"{where}.flags: {mine} flags against {' and '.join(map(str, others))} "
                                f"is not a win by {how} (R51)")
    return {"winner": winner, "how": how, "flags": {s: flags[s] for s in SEATS3}}


def points_of(result: Result) -> dict[str, int]:
    """R40, R52: the winner scores 5, every other player 1 per flag held; a drawn game scores each
    player's flags."""
    winner = result["winner"]
    if winner is None:
        return dict(result["flags"])
    points = {s: n for s, n in result["flags"].items()}
    points[winner] = WIN_POINTS
    return points


class Match:
    """The score of a match so far, who starts the next game, and whether the match is over."""

    def __init__(self, end: str = "hungarian", limit: int | None = None, first: str = "south",
                 players: int = 2) -> None:
        if end not in ENDS:
            raise NotationError(f"match.end: expected one of {', '.join(ENDS)}")
        if players not in (2, 3):
            raise NotationError("match.players: expected 2 or 3")
        self.end = end
        self.players = players
        self.seats: tuple[str, ...] = SEATS if players == 2 else SEATS3
        self.limit = _limit(limit, end, "match.limit")
        self.first = check_seat(first, "match.first", self.seats)
        self.games: list[Result] = []
        self.scores: dict[str, int] = {s: 0 for s in self.seats}
        self.next_first = self.first

    def record_game(self, result: Any) -> dict[str, int]:
        """Add one finished game's result; returns the points it scored (R40)."""
        checked = check_result(result, players=self.players)
        if self.over:
            raise IllegalAction("match_over")
        points = points_of(checked)
        for seat in self.seats:
            self.scores[seat] += points[seat]
        self.games.append(checked)
        if checked["winner"] is not None:  # R5, R40: the winner starts; after a draw, the same player
            self.next_first = checked["winner"]
        return points

    def streak(self) -> tuple[str | None, int, int]:
        """The last game's winner, their run of wins, and their run of wins by Breakthrough."""
        if not self.games or self.games[-1]["winner"] is None:
            return None, 0, 0
        seat = self.games[-1]["winner"]
        wins = breakthroughs = 0
        for game in reversed(self.games):
            if game["winner"] != seat:
                break
            wins += 1
        for game in reversed(self.games):
            if game["winner"] != seat or game["how"] != "breakthrough":
                break
            breakthroughs += 1
        return seat, wins, breakthroughs

    def _decided_by(self) -> tuple[bool, str | None]:
        """(is the match over, who won it: None for a drawn match or one still going)."""
        ranked = sorted(self.scores.values(), reverse=True)
        top, second = ranked[0], ranked[1]
        leader = next(s for s in self.seats if self.scores[s] == top) if top > second else None
        if self.end == "games":
            return len(self.games) >= (self.limit or 0), leader
        if self.end == "points":
            if top < (self.limit or 0):
                return False, None
            # Several may pass the mark in one game: most points wins; equal points, that game's winner.
            return True, leader or self.games[-1]["winner"]
        if leader is not None and top - second >= HUNGARIAN_LEAD:
            return True, leader
        seat, wins, breakthroughs = self.streak()
        if wins >= HUNGARIAN_STREAK or breakthroughs >= HUNGARIAN_BREAKTHROUGHS:
            return True, seat
        return False, None

    @property
    def over(self) -> bool:
        return self._decided_by()[0]

    @property
    def winner(self) -> str | None:
        """The match's winner once it is over; None while it goes on or when it ends level."""
        over, seat = self._decided_by()
        return seat if over else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the options and the results; scores and the next first player follow from them."""
        out = {"format": FORMAT, "end": self.end, "limit": self.limit, "first": self.first,
               "games": [dict(g, flags=dict(g["flags"])) for g in self.games]}
        if self.players != 2:  # a two-player match is saved exactly as it always was
            out["players"] = self.players
        return out

    @staticmethod
    def from_dict(data: Any) -> Match:
        """Read `to_dict()` output back; NotationError names the field at fault."""
        if not isinstance(data, dict):
            raise NotationError("match: expected an object")
        fields = ("format", "end", "limit", "first", "games")
        for key in data:
            if key not in (*fields, "players"):
                raise NotationError(f"match.{key}: unknown field")
        for key in fields:
            if key not in data:
                raise NotationError(f"match.{key}: missing")
        if data["format"] != FORMAT:
            raise NotationError(f"match.format: expected {FORMAT!r}")
        end = data["end"]
        if not isinstance(end, str) or end not in ENDS:
            raise NotationError(f"match.end: expected one of {', '.join(ENDS)}")
        players = data.get("players", 2)
        if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3):
            raise NotationError("match.players: expected 2 or 3")
        seats = SEATS if players == 2 else SEATS3
        match = Match(end, _limit(data["limit"], end, "match.limit"), check_seat(data["first"], "match.first", seats),
                      players)
        games = data["games"]
        if not isinstance(games, list) or len(games) > MAX_LIMIT:
            raise NotationError(f"match.games: expected a list of at most {MAX_LIMIT} results")
        for i, result in enumerate(games):
            checked = check_result(result, f"match.games[{i}]", players)
            if match.over:
                raise NotationError(f"match.games[{i}]: the match was already over")
            match.record_game(checked)
        return match
