"""A finished game's every position and log line, for the replay viewer, and what its parts read of the viewer.

`Replaying` is the viewer as its drawing and its coach see it: they take it by this shape rather than by the
screen's class, so neither imports the screen (no circle among the screen modules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine import Game, to_record
from engine import replay as replay_action
from engine.notation_types import Event, View
from game.play.words import card_words, event_words

if TYPE_CHECKING:
    from game.ui.shell import App


class Replay:
    """Every position of a game, and the log lines each action produced."""

    def __init__(self, game: Game) -> None:
        self.record = to_record(game)
        replay = Game.new(game.rules, game.seed or 0, game.first, game.players)
        self.players = dict(game.players)
        self.views: list[View] = [replay.view(None)]
        self.lines: list[list[str]] = [[]]
        for action in game.actions:
            events = replay_action(replay, action)
            self.views.append(replay.view(None))
            self.lines.append([w for w in (replay_words(e, self.players) for e in events) if w])
        self.result = replay.result

    @property
    def steps(self) -> int:
        return len(self.views) - 1


def replay_words(event: Event, names: dict[str, str]) -> str | None:
    """A log line with what a replay may show: the card drawn, the cards put back."""
    line = event_words(event, names)
    if line and event["type"] in ("draw", "scout_draw") and "card" in event:
        line += f": {card_words(event['card'])}"
    if line and event["type"] == "scout_return":
        line += ": " + ", ".join(card_words(c) for c in event["cards"])
    return line


class Replaying(Protocol):
    """What the replay's drawing and its win-estimate coach read of the replay screen."""

    app: App
    replay: Replay
    step: int
    when: str
    playing: bool
    clock: float
    message: str
    message_until: float

    @property
    def view(self) -> View: ...
