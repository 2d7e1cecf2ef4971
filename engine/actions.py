"""Reading actions (NOTATION.md "Actions"): shape only; whether the rules allow one is the game's call."""

from __future__ import annotations

from typing import Any

from .cards import ALL_CARDS, ENVIRONMENT, MORALE, TROOP_INFO
from .errors import NotationError
from .notation_types import Action

_DECKS = ("troops", "tactics")
_FIELDS: dict[str, frozenset[str]] = {
    "claim": frozenset({"flag"}),
    "done": frozenset(),
    "pass": frozenset(),
    "draw": frozenset({"deck"}),
    "scout_draw": frozenset({"deck"}),
    "scout_return": frozenset({"cards"}),
}
_PLAY_FIELDS: dict[str, frozenset[str]] = {
    "scout": frozenset({"card"}),
    "redeploy": frozenset({"card", "from_flag", "target", "to_flag"}),
    "deserter": frozenset({"card", "from_flag", "target"}),
    "traitor": frozenset({"card", "from_flag", "target", "to_flag"}),
}
_SLOT_FIELDS = frozenset({"card", "flag"})


def _flag(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
        raise NotationError(f"action.{key}: expected a flag number 1-9")
    return value


def _flag_or_none(data: dict[str, Any], key: str) -> int | None:
    """A redeploy's to_flag: a flag, or null (the card goes to the discards)."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
        raise NotationError(f"action.{key}: expected a flag number 1-9 or null")
    return value


def _card(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in ALL_CARDS:
        raise NotationError(f"{where}: unknown card {value!r}")
    return value


def _deck(data: dict[str, Any]) -> str:
    deck = data.get("deck")
    if deck not in _DECKS:
        raise NotationError("action.deck: expected \"troops\" or \"tactics\"")
    return str(deck)


def parse_action(data: Any) -> Action:
    """Check an action's shape and return it as a fresh dict in canonical key order.

    Raises NotationError naming the offending field; never anything else.
    """
    if not isinstance(data, dict):
        raise NotationError("action: expected an object")
    kind = data.get("type")
    size = len(data)
    card = data.get("card")
    if kind == "play" and size == 3 and isinstance(card, str) and card in TROOP_INFO and "flag" in data:
        return {"type": "play", "card": card, "flag": _flag(data, "flag")}  # the commonest shapes first
    if kind == "draw" and size == 2 and data.get("deck") in _DECKS:
        return {"type": "draw", "deck": data["deck"]}
    if kind == "play":
        card = _card(data.get("card"), "action.card")
        allowed = _PLAY_FIELDS.get(card, _SLOT_FIELDS)
        fields = set(data) - {"type"}
        extra = fields - allowed
        if extra:
            raise NotationError(f"action.{sorted(extra)[0]}: not a field of playing {card}")
        missing = allowed - fields
        if missing:
            raise NotationError(f"action.{sorted(missing)[0]}: required when playing {card}")
        if card in TROOP_INFO or card in MORALE or card in ENVIRONMENT:
            return {"type": "play", "card": card, "flag": _flag(data, "flag")}
        if card == "scout":
            return {"type": "play", "card": card}
        out: Action = {"type": "play", "card": card, "from_flag": _flag(data, "from_flag"),
                       "target": _card(data.get("target"), "action.target")}
        if card != "deserter":
            out["to_flag"] = _flag_or_none(data, "to_flag") if card == "redeploy" else _flag(data, "to_flag")
        return out
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise NotationError(f"action.type: unknown action type {kind!r}")
    fields = set(data) - {"type"}
    extra = fields - _FIELDS[kind]
    if extra:
        raise NotationError(f"action.{sorted(extra)[0]}: not a field of a {kind} action")
    if kind == "claim":
        return {"type": "claim", "flag": _flag(data, "flag")}
    if kind in ("draw", "scout_draw"):
        return {"type": kind, "deck": _deck(data)}
    if kind == "scout_return":
        cards = data.get("cards")
        if not isinstance(cards, list) or len(cards) > 3:
            raise NotationError("action.cards: expected a list of at most 3 cards")
        return {"type": kind, "cards": [_card(c, "action.cards[]") for c in cards]}
    return {"type": kind}
