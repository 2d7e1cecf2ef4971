"""What every bot is: something that turns one seat's view into one legal action."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..game import Game
from ..notation_types import Action
from ..position import from_position


def _never() -> bool:
    return False


class Bot:
    """A bot sees only a position (NOTATION.md) from its own seat and answers with an action.

    Subclasses implement `choose_in(game)`, where `game` was loaded from that position, so hidden
    cards are simply absent: a bot cannot look at what it must not see.

    `should_stop` lets a host (engine.run.process) ask a searching bot to answer early; bots that
    answer at once ignore it.
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.should_stop: Callable[[], bool] = _never

    def choose(self, position: Mapping[str, object]) -> Action:
        """An action for a position (a View, or a peer's or a file's dict: engine.position reads it, checked)."""
        return self.choose_in(from_position(position))

    def choose_in(self, game: Game) -> Action:
        raise NotImplementedError
