"""A card's play on `Game`'s table (R8, R24-R37): the checks of its own conditions.

`Game` validates the common part of a play (the hand, R24's lead, a slot) and calls the card's check
here, which raises before anything changes. What the play then moves is engine.rulebook.play_moves's
answer, carried out by engine.update's one flow (on `Game`'s table: engine.update_game), the flow the
bots' lean state (engine.ai.lean) runs on masks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import TROOP_BIT
from .errors import IllegalAction
from .notation_types import Action
from .table import FlagState

if TYPE_CHECKING:
    from .game import Game


def environment(game: Game, act: Action) -> None:
    """Fog or Mud goes on an open flag (R30, R31)."""
    game.open_flag(act["flag"])


def scout(game: Game, act: Action) -> None:
    """Scout needs a card in a deck for its draws (R33)."""
    if game.deck_sizes["troops"] + game.deck_sizes["tactics"] == 0:
        raise IllegalAction("scout_no_cards")


def take_target(game: Game, act: Action, owner: str, troops_only: bool) -> FlagState:
    """The flag a Redeploy, Deserter or Traitor takes its target from, checked (R34-R36)."""
    flag = game.open_flag(act["from_flag"])
    target = act["target"]
    if target not in flag.sides[owner]:
        raise IllegalAction("target_not_yours" if owner == game.to_move else "target_not_theirs",
                            target=target, flag=act["from_flag"])
    if troops_only and target not in TROOP_BIT:
        raise IllegalAction("traitor_troops_only")
    return flag


def redeploy(game: Game, act: Action) -> None:
    """R34: one's own card, to another open flag with room or to the discards."""
    seat = game.to_move
    take_target(game, act, seat, troops_only=False)
    to_flag = act["to_flag"]
    if to_flag is not None:
        if to_flag == act["from_flag"]:
            raise IllegalAction("redeploy_same_flag")
        game.check_slot(to_flag, seat)


def deserter(game: Game, act: Action) -> None:
    """R35: a card of the opponent's side."""
    take_target(game, act, game.flags[act["from_flag"] - 1].other(game.to_move), troops_only=False)


def traitor(game: Game, act: Action) -> None:
    """R36: an opponent's troop, to one of one's own open flags with room."""
    seat = game.to_move
    take_target(game, act, game.flags[act["from_flag"] - 1].other(seat), troops_only=True)
    to_flag = act["to_flag"]
    assert to_flag is not None, "engine.actions.parse_action: a Traitor's to_flag is a flag"
    game.check_slot(to_flag, seat)


#: The check each such card's play calls (the others only take a slot, which Game checks).
CARD_PLAYS: dict[str, Callable[[Game, Action], None]] = {
    "fog": environment, "mud": environment, "scout": scout, "redeploy": redeploy, "deserter": deserter,
    "traitor": traitor}

