"""Take-backs: undo your last action, by replaying the game record without it.

The engine is deterministic from its seed and actions, so a game replayed without its last action
is exactly the game before it: the same hands, the same decks, nothing to un-apply by hand.
Which actions may be taken back is decided in one place, `takeback_floor`; the board's `Takebacks` remembers
it for the record it was worked out from.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from engine import Game, Rules, from_record, redact, replay
from engine.notation_types import Action, Event, Record
from game.i18n import N_
from game.i18n import _ as tr
from game.play.table import LocalTable, Table

if TYPE_CHECKING:
    from game.play.board_model import BoardModel

#: events that show a hidden card to a player: no action at or before one can be taken back
REVEALS = ("draw", "scout_draw")


def takeback_floor(record: Record) -> int:
    """How many actions of `record` must stay: the actions after that many may be taken back.

    An action may be taken back only while (1) it belongs to the turn still being played: once
    the turn has passed the opponent may have seen it, answered it or (a bot) started thinking
    about it; and (2) nothing after it, itself included, revealed a hidden card: a draw or a
    Scout draw shows a card from a deck, and taking it back would let the player choose again
    knowing it. So within a turn a play, Fog, Mud, Redeploy, Deserter or Traitor,
    claims, "done", and a Scout's return of cards while its turn goes on may be taken back, one
    at a time, newest first; a draw, anything before a draw, a pass (it ends the turn at once, R9) and a
    finished game may not.
    """
    game = Game.new(Rules.from_dict(record["rules"]), record["seed"], record["first"], dict(record["players"]))
    floor = 0
    for i, action in enumerate(record["actions"]):
        events = replay(game, action)
        if any(e["type"] in REVEALS or e["type"] in ("turn", "game_over") for e in events):
            floor = i + 1
    return floor


class Takebacks:
    """What may be taken back, with the floor remembered for the record it was worked out from.

    The board holds one and asks every time it lays out. The floor is kept here, keyed by a value the record
    owns (its rules, seed, first seat and actions, as canonical JSON), so a game put in the table's place is
    never mistaken for the last one, and nothing is stored on the table."""

    def __init__(self) -> None:
        self._memo: tuple[str, int] | None = None  # (the record's key, its floor)

    def floor(self, table: LocalTable) -> int:
        """takeback_floor of the table's record, worked out again only when the record is another."""
        record = table.record()
        key = record_key(record)
        if self._memo is None or self._memo[0] != key:
            self._memo = (key, takeback_floor(record))
        return self._memo[1]

    def offered(self, table: Table, setting: str) -> bool:
        """May the person to move take back an action now? Never over LAN (only a game run here: `table.local`)."""
        local = table.local
        if local is None or local.game.over or local.to_move not in local.local_seats:
            return False
        if setting == "off" or (setting == "bots" and not local.bots):
            return False
        return len(local.game.actions) > self.floor(local)

    def take_back(self, table: LocalTable) -> Action:
        """Replay the table's game without its last action; returns the action taken back."""
        record = table.record()
        if len(record["actions"]) <= self.floor(table):
            raise ValueError("nothing may be taken back now")
        undone = record["actions"].pop()
        record.pop("result", None)
        table.poll_events()  # what the old game said is no longer true
        table.game = from_record(record)
        for hook in table.on_action:
            hook()
        return undone

    def press(self, table: Table, setting: str, model: BoardModel) -> tuple[str, bool]:
        """The Take back button on a board whose plain data is `model`: the last action undone if it may be
        (`offered`), the log rebuilt as the viewer saw it and the picks dropped, so the board shows the game as it
        was once it reads the table again. Returns the banner's words and whether anything was taken back."""
        local = table.local
        if local is None or not self.offered(local, setting):
            return tr("Nothing to take back now."), False
        undone = self.take_back(local)
        viewer = local.local_seats[0] if len(local.local_seats) == 1 else None
        model.log = log_events(local, viewer)
        model.flow.reset([], model.viewer)
        return tr("Taken back: {what}.", what=undone_words(undone)), True


def record_key(record: Record) -> str:
    """The record as a value: what its game is (rules, seed, first seat, actions), as canonical JSON."""
    return json.dumps([record["rules"], record["seed"], record["first"], record["actions"]], sort_keys=True)


def offered(table: Table, setting: str) -> bool:
    """Takebacks.offered, with nothing remembered."""
    return Takebacks().offered(table, setting)


def take_back(table: LocalTable) -> Action:
    """Takebacks.take_back, with nothing remembered."""
    return Takebacks().take_back(table)


def log_events(table: LocalTable, viewer: str | None) -> list[Event]:
    """The game's events as `viewer` saw them (None: everything), rebuilt from the record after a take-back."""
    record = table.record()
    game = Game.new(table.game.rules, record["seed"], record["first"], record["players"])
    return [redact(event, viewer)
            for action in record["actions"] for event in replay(game, action)]


def undone_words(action: Action) -> str:
    """What was taken back, as the board says it."""
    from game.play.words import card_words

    kind = action["type"]
    if kind == "play":
        if action.get("flag"):
            return tr("{card} at flag {flag}", card=card_words(action["card"]), flag=action["flag"])
        return card_words(action["card"])
    if kind == "claim":
        return tr("the claim of flag {flag}", flag=action["flag"])
    words = {"pass": N_("the pass"), "done": N_("done claiming"), "scout_return": N_("the cards put back")}
    return tr(words[kind]) if kind in words else kind
