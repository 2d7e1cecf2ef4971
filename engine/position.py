"""Positions (NOTATION.md "Position"): writing a game out, and reading one back with every field checked.

A reader never trusts its input: each field is checked for type and range, every card may appear
once, and the cards listed plus the hidden counts must add up to the whole game (R1, R2), so a
position that loads is one the rules could have produced, as far as open information can tell.
"""

from __future__ import annotations

from typing import Any

from .cards import ALL_CARDS, LEADERS, TACTICS, TROOP_BIT, TROOPS, fills_slot
from .errors import NotationError
from .game import Game
from .notation_types import FlagView, View
from .rulebook import HAND_LIMIT
from .rules import OTHER, SEATS, Rules, check_seat
from .table import FlagState

FORMAT = "battleline-position/1"
PHASES = ("play", "claim", "draw", "scout_draw", "scout_return")
_FIELDS = {"format", "rules", "to_move", "flags", "discards", "hands", "hand_sizes", "decks",
           "phase", "scout_drawn", "passes", "hand_tactics"}
_FLAG_TACTICS = {"fog", "mud", "first_complete", "claimed"}


def to_position(game: Game, seat: str | None = None) -> View:
    """The position as `seat` sees it (R45), or the complete game state when `seat` is None."""
    flags: list[FlagView] = [
        {f.pair[0]: f.sides[f.pair[0]][:], f.pair[1]: f.sides[f.pair[1]][:], "fog": f.fog, "mud": f.mud,
         "first_complete": f.first_complete, "claimed": f.claimed} for f in game.flags]
    hands: dict[str, list[str] | None] = {}
    for s in game.seats:
        hand = game.hands[s]
        hands[s] = hand[:] if hand is not None and (seat is None or seat == s) else None
    decks: dict[str, Any] = {}  # counts in a view; lists (top card last) in a complete game state
    for d in ("troops", "tactics"):
        cards = game.decks[d]
        decks[d] = cards[:] if cards is not None and seat is None else game.deck_sizes[d]
    out: View = {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "to_move": game.to_move,
        "flags": flags,
        "discards": {s: game.discards[s][:] for s in game.seats},
        "hands": hands,
        "hand_sizes": dict(game.hand_sizes),
        "decks": decks,
        "phase": game.phase if game.phase in PHASES else "play",
        "scout_drawn": game.scout_drawn,
        "passes": game.passes,
    }
    counts = {s: game.hand_tactics(s) for s in game.seats}
    out["hand_tactics"] = {s: n for s, n in counts.items() if n is not None}
    return out


def _obj(value: Any, where: str, fields: set[str], required: set[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotationError(f"{where}: expected an object")
    for key in value:
        if key not in fields:
            raise NotationError(f"{where}.{key}: unknown field")
    for key in sorted(required):
        if key not in value:
            raise NotationError(f"{where}.{key}: missing")
    return value


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise NotationError(f"{where}: expected a whole number from {low} to {high}")
    return value


def _cards(value: Any, where: str, used: set[str], limit: int = 70) -> list[str]:
    if not isinstance(value, list) or len(value) > limit:
        raise NotationError(f"{where}: expected a list of at most {limit} cards")
    for i, card in enumerate(value):
        if not isinstance(card, str) or card not in ALL_CARDS:
            raise NotationError(f"{where}[{i}]: unknown card {card!r}")
        if card in used:
            raise NotationError(f"{where}[{i}]: {card} appears twice in the position")
        used.add(card)
    return list(value)


def _optional_seat(value: Any, where: str, seats: tuple[str, ...] = SEATS) -> str | None:
    return None if value is None else check_seat(value, where, seats)


def from_position(data: Any) -> Game:
    """Load a position: a complete game state, or one seat's view (hidden parts as counts)."""
    pos = _obj(data, "position", _FIELDS, _FIELDS - {"phase", "scout_drawn", "passes", "hand_tactics"})
    if pos["format"] != FORMAT:
        raise NotationError(f"position.format: expected {FORMAT!r}")
    game = Game(Rules.from_dict(pos["rules"], "position.rules"))
    game.seed = None
    seats = game.seats
    game.to_move = check_seat(pos["to_move"], "position.to_move", seats)
    used: set[str] = set()
    flags = pos["flags"]
    if not isinstance(flags, list) or len(flags) != 9:
        raise NotationError("position.flags: expected a list of 9 flags")
    for i, raw in enumerate(flags):
        game.flags[i] = _read_flag(raw, f"position.flags[{i}]", used, game.rules.fronts[i])
    discards = _obj(pos["discards"], "position.discards", set(seats), set(seats))
    game.discards = {s: _cards(discards[s], f"position.discards.{s}", used) for s in seats}
    sizes = _obj(pos["hand_sizes"], "position.hand_sizes", set(seats), set(seats))
    game.hand_sizes = {s: _int(sizes[s], f"position.hand_sizes.{s}", 0, HAND_LIMIT + 2) for s in seats}
    hands = _obj(pos["hands"], "position.hands", set(seats), set(seats))
    hidden = 0
    for s in seats:
        if hands[s] is None:
            game.hands[s] = None
            hidden += game.hand_sizes[s]
        else:
            game.hands[s] = _cards(hands[s], f"position.hands.{s}", used, HAND_LIMIT + 2)
            if len(game.hands[s] or []) != game.hand_sizes[s]:
                raise NotationError(f"position.hand_sizes.{s}: does not match the {s} hand")
    decks = _obj(pos["decks"], "position.decks", {"troops", "tactics"}, {"troops", "tactics"})
    for d in ("troops", "tactics"):
        raw = decks[d]
        if isinstance(raw, list):
            cards = _cards(raw, f"position.decks.{d}", used, 60)
            if any((c in TROOP_BIT) != (d == "troops") for c in cards):
                raise NotationError(f"position.decks.{d}: holds a card of the other deck")
            game.decks[d], game.deck_sizes[d] = cards, len(cards)
        else:
            game.decks[d], game.deck_sizes[d] = None, _int(raw, f"position.decks.{d}", 0, 60)
            hidden += game.deck_sizes[d]
    total = 70 if game.rules.tactics else 60
    if not game.rules.tactics and any(c not in TROOP_BIT for c in used):
        raise NotationError("position: tactics cards in a game without tactics (R43)")
    if len(used) + hidden != total:
        raise NotationError(f"position: the cards listed and hidden add up to {len(used) + hidden}, not {total}")
    _read_hand_tactics(game, pos.get("hand_tactics"), used)
    phase = pos.get("phase", "play")
    if phase not in PHASES:
        raise NotationError(f"position.phase: expected one of {', '.join(PHASES)}")
    game.phase = phase
    game.scout_drawn = _int(pos.get("scout_drawn", 0), "position.scout_drawn", 0, 3)
    game.passes = _int(pos.get("passes", 0), "position.passes", 0, len(seats))
    if phase == "scout_return" and game.scout_drawn < 2:
        raise NotationError("position.scout_drawn: a Scout return needs at least 2 cards drawn")
    for s in seats:  # a hand exceeds 7 only while its owner is drawing or returning for a Scout
        scouting = s == game.to_move and phase in ("scout_draw", "scout_return")
        limit = HAND_LIMIT + 2 if scouting else HAND_LIMIT - (s == game.to_move and phase == "draw")
        if game.hand_sizes[s] > limit:
            raise NotationError(f"position.hand_sizes.{s}: {game.hand_sizes[s]} cards in the {phase} step (R10)")
    _derive(game)
    if phase == "scout_return" and game.hands[game.to_move] is not None and \
            len(game.returnable(game.to_move)) < game.scout_drawn - 1:
        raise NotationError("position.hands: a Scout return needs more cards than the hand holds besides a dead "
                            "Leader (R27, R33)")
    return game


def _read_hand_tactics(game: Game, raw: Any, used: set[str]) -> None:
    """The public tactics count of each hand (R45): a known hand must agree with it, and the hidden
    counts must leave a split of the unlisted troops and tactics that the decks can hold."""
    if raw is None:
        return
    counts = _obj(raw, "position.hand_tactics", set(game.seats), set())
    total_tactics = len(TACTICS) if game.rules.tactics else 0
    free_tactics = total_tactics - sum(1 for c in used if c in TACTICS)
    free_troops = len(TROOPS) - sum(1 for c in used if c in TROOP_BIT)
    for s in game.seats:
        if s not in counts:
            continue
        where = f"position.hand_tactics.{s}"
        n = _int(counts[s], where, 0, game.hand_sizes[s])
        hand = game.hands[s]
        if hand is not None:
            if n != sum(1 for c in hand if c not in TROOP_BIT):
                raise NotationError(f"{where}: the {s} hand holds a different number of tactics cards")
            continue
        game.hidden_tactics[s] = n
    hidden = [s for s in game.seats if game.hands[s] is None]
    said = [s for s in hidden if game.hidden_tactics[s] is not None]
    tactics_said = sum(game.hidden_tactics[s] or 0 for s in said)
    troops_said = sum(game.hand_sizes[s] - (game.hidden_tactics[s] or 0) for s in said)
    deck_tactics = game.deck_sizes["tactics"] if game.decks["tactics"] is None else 0
    deck_troops = game.deck_sizes["troops"] if game.decks["troops"] is None else 0
    if tactics_said + deck_tactics > free_tactics or troops_said + deck_troops > free_troops:
        raise NotationError("position.hand_tactics: the hidden tactics and troops do not add up with the decks")
    if len(said) == len(hidden) and tactics_said + deck_tactics != free_tactics:
        raise NotationError("position.hand_tactics: the hidden tactics and troops do not add up with the decks")


def _read_flag(raw: Any, where: str, used: set[str], pair: tuple[str, str] = SEATS) -> FlagState:
    """One flag; its sides are the two seats of its front (R47), each required and no other."""
    fields = _FLAG_TACTICS | set(pair)
    data = _obj(raw, where, fields, fields)
    flag = FlagState(pair)
    flag.fog = _optional_seat(data["fog"], f"{where}.fog", pair)
    flag.mud = _optional_seat(data["mud"], f"{where}.mud", pair)
    for s in pair:
        side = _cards(data[s], f"{where}.{s}", used, flag.size)
        for card in side:
            if not fills_slot(card):
                raise NotationError(f"{where}.{s}: {card} does not take a slot in a formation")
        flag.set_side(s, side)
    for tactic, seat in (("fog", flag.fog), ("mud", flag.mud)):
        if seat is not None:
            if tactic in used:  # one Fog and one Mud exist (R2)
                raise NotationError(f"{where}.{tactic}: {tactic} appears twice in the position")
            used.add(tactic)
    flag.first_complete = _optional_seat(data["first_complete"], f"{where}.first_complete", pair)
    both = flag.complete(pair[0]) and flag.complete(pair[1])
    if flag.first_complete and not both:
        raise NotationError(f"{where}.first_complete: set while a side is incomplete")
    if both and not flag.first_complete:  # else a tie could never be settled
        raise NotationError(f"{where}.first_complete: required when both sides are complete (R18)")
    flag.claimed = _optional_seat(data["claimed"], f"{where}.claimed", pair)
    return flag


def _derive(game: Game) -> None:
    """Recompute what a position implies: seen troops, tactics counts (R24), Leaders (R27), result."""
    seen = 0
    for s in game.seats:
        played = [c for f in game.flags for c in f.sides.get(s, ())] + game.discards[s]
        for card in played:
            seen |= TROOP_BIT.get(card, 0)
        tactics = [c for f in game.flags for c in f.sides.get(s, ()) if c in TACTICS] + \
                  [c for c in game.discards[s] if c in TACTICS]
        game.tactics_played[s] = len(tactics) + sum((f.fog == s) + (f.mud == s) for f in game.flags)
        game.leader_played[s] = any(c in LEADERS for c in tactics)
    game.seen = seen
    game.settle_loaded()


def unseen_cards(game: Game) -> list[str]:
    """Troops no one has seen face up (R21), for display and for bots' sampling."""
    unseen = game.unseen()
    return [c for c in TROOPS if TROOP_BIT[c] & unseen]


__all__ = ["FORMAT", "OTHER", "from_position", "to_position", "unseen_cards"]
