"""What a seat may have seen after each action of a finished game, to check a client's traffic against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import ALL_CARDS
from engine.game import Game
from engine.rules import Rules


def cards_in(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str) and value in ALL_CARDS:
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            cards_in(v, out)
    elif isinstance(value, list):
        for v in value:
            cards_in(v, out)
    return out


def _seen(view: Mapping[str, Any]) -> set[str]:
    """The cards a view names, and Fog and Mud where they lie (a view names their player, not the card)."""
    seen = cards_in(view, set())
    for flag in view["flags"]:
        seen.update(card for card in ("fog", "mud") if flag[card])
    return seen


def _without_hypotheses(message: dict[str, Any]) -> dict[str, Any]:
    """A proof against an unfinished side names the best cards the opponent could still get: unseen cards,
    judged from open information (R21, R23), which says nothing of where they are; they are left out."""
    events = []
    for event in message.get("events", []):
        opponent = (event.get("proof") or {}).get("opponent")
        if event.get("type") == "claim" and opponent and not opponent.get("complete"):
            event = {**event, "proof": {**event["proof"], "opponent": {**opponent, "cards": []}}}
        events.append(event)
    return {**message, "events": events}


def known_by_step(record: dict[str, Any], seat: str) -> list[set[str]]:
    """known[n]: every card `seat` has been shown in its own view after 0..n actions of the record."""
    game = Game.new(Rules.from_dict(record["rules"], "rules"), record["seed"], record["first"],
                    dict(record["players"]))
    known = _seen(game.view(seat))
    steps = [set(known)]
    for action in record["actions"]:
        game.apply(action)
        known |= _seen(game.view(seat))
        steps.append(set(known))
    return steps


def leaks(messages: list[dict[str, Any]], record: dict[str, Any], seat: str) -> list[str]:
    """Each state message naming a card its seat had not yet been shown (the final record is exempt)."""
    known = known_by_step(record, seat)
    found = []
    for m in messages:
        if m.get("t") != "state":
            continue
        extra = cards_in(_without_hypotheses(m), set()) - known[m["actions"]]
        if extra:
            found.append(f"after {m['actions']} actions: {sorted(extra)}")
    return found
