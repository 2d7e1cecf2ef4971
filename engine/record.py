"""Game records (NOTATION.md "Game record"): seed, rules, first player, names, actions, result.

Replaying a record is the proof that it is sound: each action is applied in turn, so a record with
an illegal action is refused at that action, naming its index, and a stated result must match.
Records written before the rulings of R27, R38 and R39/R50 still load: a Scout return that put back a dead
Leader was legal then and is replayed as it was; a stored result that differs from the replay only in
`how` (a five-flag win once named a Breakthrough), or that the old award after the passes gave (flags
one at a time, in flag order, stopping at the first win), gives way to the replayed one.
"""

from __future__ import annotations

from typing import Any

from .cards import LEADERS
from .errors import IllegalAction, NotationError
from .game import Game
from .notation_types import Event, Record, Result
from .rules import Rules, check_seat

FORMAT = "battleline-game/1"
_FIELDS = {"format", "seed", "rules", "first", "players", "actions", "result"}
MAX_ACTIONS = 5000  # far beyond any real game; bounds the work a hostile file can ask for


def to_record(game: Game) -> Record:
    """The record of a game created with `Game.new` (a loaded position has no seed to replay from)."""
    if game.seed is None:
        raise NotationError("record: this game was loaded from a position and has no seed")
    record: Record = {
        "format": FORMAT, "seed": game.seed, "rules": game.rules.to_dict(), "first": game.first,
        "players": dict(game.players), "actions": [a.copy() for a in game.actions],
    }
    if game.result is not None:
        record["result"] = game.result.copy()
    return record


def from_record(data: Any) -> Game:
    """Replay a record and return the game; NotationError or IllegalAction say what is wrong."""
    if not isinstance(data, dict):
        raise NotationError("record: expected an object")
    for key in data:
        if key not in _FIELDS:
            raise NotationError(f"record.{key}: unknown field")
    for key in ("format", "seed", "rules", "first", "players", "actions"):
        if key not in data:
            raise NotationError(f"record.{key}: missing")
    if data["format"] != FORMAT:
        raise NotationError(f"record.format: expected {FORMAT!r}")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise NotationError("record.seed: expected a whole number from 0 to 2^64 - 1")
    rules = Rules.from_dict(data["rules"], "record.rules")
    seats = rules.seats
    players = data["players"]
    if not isinstance(players, dict) or set(players) != set(seats) or \
            not all(isinstance(players[s], str) and len(players[s]) <= 100 for s in seats):
        names = " and ".join(seats) if len(seats) == 2 else f"{seats[0]}, {seats[1]} and {seats[2]}"
        raise NotationError(f"record.players: expected names (at most 100 characters) for {names}")
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise NotationError(f"record.actions: expected a list of at most {MAX_ACTIONS} actions")
    game = Game.new(rules, seed, check_seat(data["first"], "record.first", seats), dict(players))
    before_last: Game | None = None
    for i, action in enumerate(actions):
        if i == len(actions) - 1 and isinstance(action, dict) and action.get("type") == "pass":
            before_last = game.copy()  # to judge a result stated under the old award (R39, R50)
        try:
            replay(game, action)
        except NotationError as exc:
            raise NotationError(f"record.actions[{i}]: {exc}") from None
        except IllegalAction as exc:
            raise exc.at(f"record.actions[{i}]") from None
    if "result" in data and data["result"] != game.result:
        stated = data["result"]
        if not _same_end(stated, game.result) and not _same_end(stated, _old_award(before_last, actions)):
            raise NotationError("record.result: does not match the replayed game")
    return game


def _same_end(stated: Any, result: Result | None) -> bool:
    """The same result but perhaps for `how` (a five-flag win was named a Breakthrough before R38's ruling)."""
    return isinstance(stated, dict) and result is not None and \
        {k: v for k, v in stated.items() if k != "how"} == {k: v for k, v in result.items() if k != "how"}


def _old_award(before_last: Game | None, actions: list[Any]) -> Result | None:
    """The result the award after the passes gave before R39/R50's ruling (one flag at a time, in flag
    order, stopping at the first win), when the record's last action is the pass that ended the game."""
    if before_last is None:
        return None
    before_last.whole_set_awards = False
    before_last.apply(actions[-1])
    return before_last.result


def replay(game: Game, action: Any) -> list[Event]:
    """Apply one action of a record being replayed and return its events, as `Game.apply` does.

    The one difference: a Scout return that puts back a dead Leader, legal before R27's ruling, is let
    through, so that every game saved before the ruling still replays (a live game refuses it).
    """
    try:
        return game.apply(action)
    except IllegalAction:
        if not _old_dead_leader_return(game, action):
            raise
    game.keep_dead_leader = False
    try:
        return game.apply(action)
    finally:
        game.keep_dead_leader = True


def _old_dead_leader_return(game: Game, action: Any) -> bool:
    """Is `action` a Scout return refused only because it puts back a dead Leader (legal before R27's ruling)?"""
    if not isinstance(action, dict) or action.get("type") != "scout_return" or game.phase != "scout_return":
        return False
    cards = action.get("cards")
    seat = game.to_move
    return isinstance(cards, list) and game.leader_played[seat] and \
        any(c in LEADERS for c in cards if isinstance(c, str))
