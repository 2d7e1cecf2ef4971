"""The tactics cards that do more than take a slot (R30-R37): what each does to the table.

`Game` validates the common part of a play (the hand, R24's lead, a slot) and then calls the card's
function here, which checks the card's own conditions before it changes anything.
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
    """Fog or Mud on an open flag (R30, R31); Mud makes a side of three incomplete again (R18)."""
    flag = game.open_flag(act["flag"])
    seat, card, n = game.to_move, act["card"], act["flag"]
    game.emit({"type": "play", "seat": seat, "card": card, "flag": n})
    if card == "fog":
        flag.fog = seat
        return
    flag.mud = seat
    for side in flag.pair:  # a side of 3 is incomplete again (R31, R18)
        if len(flag.sides[side]) == 3:
            game.emit({"type": "incomplete", "seat": side, "flag": n})
    flag.first_complete = None


def scout(game: Game, act: Action) -> None:
    """Scout goes to its player's discards; the draws follow as their own steps (R33)."""
    if game.deck_sizes["troops"] + game.deck_sizes["tactics"] == 0:
        raise IllegalAction("scout_no_cards")
    game.discards[game.to_move].append("scout")
    game.emit({"type": "play", "seat": game.to_move, "card": "scout"})


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
    """R34: one's own card to another open flag, or to the discards."""
    seat = game.to_move
    take_target(game, act, seat, troops_only=False)
    to_flag = act["to_flag"]
    if to_flag is not None:
        if to_flag == act["from_flag"]:
            raise IllegalAction("redeploy_same_flag")
        game.check_slot(to_flag, seat)
    game.discards[seat].append("redeploy")
    game.emit({"type": "play", "seat": seat, "card": "redeploy", "from_flag": act["from_flag"],
               "target": act["target"], "to_flag": to_flag})
    game.remove_from_side(act["from_flag"], seat, act["target"])
    if to_flag is None:
        game.discards[seat].append(act["target"])
    else:
        game.add_to_side(to_flag, seat, act["target"])


def deserter(game: Game, act: Action) -> None:
    """R35: an opponent's card to their discards."""
    seat = game.to_move
    other = game.flags[act["from_flag"] - 1].other(seat)
    take_target(game, act, other, troops_only=False)
    game.discards[seat].append("deserter")
    game.emit({"type": "play", "seat": seat, "card": "deserter", "from_flag": act["from_flag"],
               "target": act["target"]})
    game.remove_from_side(act["from_flag"], other, act["target"])
    game.discards[other].append(act["target"])


def traitor(game: Game, act: Action) -> None:
    """R36: an opponent's troop to one of one's own open flags."""
    seat = game.to_move
    other = game.flags[act["from_flag"] - 1].other(seat)
    take_target(game, act, other, troops_only=True)
    to_flag = act["to_flag"]
    assert to_flag is not None, "engine.actions.parse_action: a Traitor's to_flag is a flag"
    game.check_slot(to_flag, seat)
    game.discards[seat].append("traitor")
    game.emit({"type": "play", "seat": seat, "card": "traitor", "from_flag": act["from_flag"],
               "target": act["target"], "to_flag": to_flag})
    game.remove_from_side(act["from_flag"], other, act["target"])
    game.add_to_side(to_flag, seat, act["target"])


#: The function each such card's play calls (the others only take a slot).
CARD_PLAYS: dict[str, Callable[[Game, Action], None]] = {
    "fog": environment, "mud": environment, "scout": scout, "redeploy": redeploy, "deserter": deserter,
    "traitor": traitor}
