"""Checking what a watcher or a guest is sent: nothing that was not public (or its own) then."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import Game, Rules, from_record, to_record
from engine.cards import ALL_CARDS


def replayed(game: Game, count: int) -> Game:
    """`game` after its first `count` actions, replayed from its seed."""
    record = {**to_record(game), "actions": game.actions[:count]}
    record.pop("result", None)
    return from_record(record)


def known_to(game: Game, seat: str) -> set[str]:
    """What `seat` may know now: the table, the discards, its own hand."""
    known = set(game.hand(seat))
    for flag in game.flags:
        known.update(flag.sides["north"], flag.sides["south"])
        known.update(c for c, who in (("fog", flag.fog), ("mud", flag.mud)) if who)
    known.update(game.discards["north"], game.discards["south"])
    return known


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in ALL_CARDS else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def without_hypotheses(message: dict[str, Any]) -> dict[str, Any]:
    """A claim's proof against an incomplete side names unseen troops as a *possible* completion
    (R21, R23): computed from open information, so not a leak, and left out of the check."""
    if message["t"] != "state":
        return message
    events = []
    for event in message["events"]:
        opponent = (event.get("proof") or {}).get("opponent")
        if event["type"] == "claim" and opponent and not opponent["complete"]:
            event = {**event, "proof": {**event["proof"], "opponent": {**opponent, "cards": []}}}
        events.append(event)
    return {**message, "events": events}


def public_after(record: Mapping[str, Any]) -> list[set[str]]:
    """Cards face up (formations, Fog/Mud, discards) after each number of actions of the record."""
    game = Game.new(Rules.from_dict(record["rules"]), record["seed"], record["first"], record["players"])

    def face_up() -> set[str]:
        out: set[str] = set().union(*(game.discards[s] for s in game.seats))
        for flag in game.flags:
            for side in flag.sides.values():
                out.update(side)
            out.update(c for c, who in (("fog", flag.fog), ("mud", flag.mud)) if who)
        return out

    seen = [face_up()]
    for action in record["actions"]:
        game.apply(action)
        seen.append(seen[-1] | face_up())  # a card once face up stays known
    return seen


def check_watcher_traffic(messages: list[dict[str, Any]], record: Mapping[str, Any]) -> int:
    """Every message a watcher received reveals only cards public when it was sent; returns states checked.

    A state carries the game's action count, so it is checked against the table after that many
    actions of the final record. The record itself may come only once the game is over.
    """
    public = public_after(record)
    final = len(record["actions"])
    last = 0
    states = 0
    for message in messages:
        kind = message["t"]
        if kind == "record":
            assert last == final, "the full record came before the game was over"
            assert message["record"] == record
            continue
        if kind == "state":
            last = message["actions"]
            states += 1
            view = message["view"]
            assert view["hands"] == dict.fromkeys(record["players"]), "a watcher was sent a hand"
            assert all(isinstance(n, int) for n in view["decks"].values()), "a watcher was sent a deck's order"
            for event in message["events"]:
                if event["type"] in ("draw", "scout_draw"):
                    assert "card" not in event, f"a watcher was sent a drawn card: {event}"
                if event["type"] == "scout_return":
                    assert "cards" not in event, f"a watcher was sent Scout's returned cards: {event}"
        leaked = cards_in(without_hypotheses(message)) - public[last]
        assert not leaked, f"{kind} after {last} actions leaked {sorted(leaked)}"
    return states
