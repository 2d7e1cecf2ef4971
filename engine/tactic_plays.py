"""A card's play on `Game`'s table (R8, R24-R37): the checks of its own conditions, then its moves.

`Game` validates the common part of a play (the hand, R24's lead, a slot) and calls the card's check
here, which raises before anything changes. What the play then moves is engine.rulebook.play_moves's
answer, the one the bots' lean state (engine.ai.lean) also follows: `move` carries it out on the
notation's table (ordered sides, discard piles, events).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import TROOP_BIT
from .errors import IllegalAction
from .notation_types import Action
from .rulebook import FOG_AT, MINE, MUD_AT, MY_DISCARDS, play_moves
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


def move(game: Game, seat: str, act: Action, card: int) -> None:
    """A checked play's moves (engine.rulebook.play_moves for `card`, its id): the card to its place, then
    its target, if any, from its side to its place. Events tell each side completed or made incomplete (R18)."""
    flag = act["flag"] if "flag" in act else act.get("from_flag", 0)  # 1-9; 0 for a Scout
    card_to, target_from, target_to = play_moves(card, flag - 1, (act.get("to_flag") or 0) - 1)
    if card_to < FOG_AT and card_to & 1 == MINE:  # the commonest move, a card to the player's own side
        game.add_to_side(card_to // 2 + 1, seat, act["card"])
    else:
        _put(game, seat, flag, act["card"], card_to)
    if target_from >= 0:
        game.remove_from_side(flag, seat if target_from & 1 == MINE else game.flags[flag - 1].other(seat),
                              act["target"])
        _put(game, seat, flag, act["target"], target_to)


def _put(game: Game, seat: str, played_at: int, card: str, where: int) -> None:
    """`card` to a place of engine.rulebook.play_moves, seen from `seat` (the opponent's: the one facing
    `seat` at flag `played_at`, where the play took its target)."""
    if where < FOG_AT:
        n = where // 2 + 1
        game.add_to_side(n, seat if where & 1 == MINE else game.flags[played_at - 1].other(seat), card)
    elif where < MUD_AT:
        game.flags[where - FOG_AT].fog = seat
    elif where < MY_DISCARDS:
        n = where - MUD_AT + 1
        flag = game.flags[n - 1]
        flag.mud = seat
        for side in flag.pair:  # a side of three is incomplete again (R31, R18)
            if len(flag.sides[side]) == 3:
                game.emit({"type": "incomplete", "seat": side, "flag": n})
        flag.first_complete = None
    else:
        game.discards[seat if where == MY_DISCARDS else game.flags[played_at - 1].other(seat)].append(card)
