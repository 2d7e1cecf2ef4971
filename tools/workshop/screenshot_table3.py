"""Screenshot scenes of the three-player table (the TV's and a watcher's Y) and its rules page.

The table is a real three-player game played by random bots in this process up to a moment, then shown
through the same screen the TV uses (scenes.table_board.TableY); no network is needed to draw it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.notation_types import Action

SceneMaker = Callable[[Any, int], None]


def three_table(seed: int, actions: int | None) -> Any:
    """A LocalTable of a three-player game `actions` actions in (None: to its end), claims taken at once."""
    import random

    from engine import Game, Rules
    from game.play.table import LocalTable

    game = Game.new(Rules(tactics=False, players=3), seed, None, {"south": "Ana", "west": "Ben", "east": "Cleo"})
    table = LocalTable(game)
    rng = random.Random(seed)
    done = 0
    while not game.over and (actions is None or done < actions):
        legal = game.legal_actions()
        claims = [a for a in legal if a["type"] == "claim"]
        table._apply(cast(Action, claims[0] if claims else rng.choice(legal)))
        done += 1
    return table


def _table_y(actions: int | None) -> SceneMaker:
    def make(app: Any, seed: int) -> None:
        from scenes.table_board import TableY

        app.push(TableY(app, three_table(seed, actions)))
    return make


def _rules_three(app: Any, seed: int) -> None:
    from scenes.rules_ref import RulesScene

    app.push(RulesScene(app, topic="three"))


TABLE3_SCENES: dict[str, SceneMaker] = {
    "table-y": _table_y(44), "table-y-end": _table_y(None), "rules-three": _rules_three,
}
