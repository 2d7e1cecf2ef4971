"""Actions and events in words, for the game log, prompts and banners."""

from __future__ import annotations

from typing import Any

from engine.cards import TACTIC_NAMES, TROOP_INFO, VALUE_NAMES, card_name

HOW = {"breakthrough": "Breakthrough: three flags side by side", "envelopment": "Envelopment: five flags",
       "flags": "more flags when both passed", "draw": "a drawn game"}
FORMATION_NAMES = {"wedge": "Wedge", "phalanx": "Phalanx", "battalion": "Battalion", "skirmish": "Skirmish",
                   "host": "Host", "sum": "Sum"}


def card_words(card: str) -> str:
    """'red 5 Phalangists' or 'Companion Cavalry'."""
    if card in TROOP_INFO:
        return f"{card_name(card)} {VALUE_NAMES[TROOP_INFO[card][1]]}"
    return TACTIC_NAMES.get(card, card)


def event_words(event: dict[str, Any], names: dict[str, str]) -> str | None:
    """One log line for an event, or None for bookkeeping events the log need not show."""
    kind = event["type"]
    who = names.get(event.get("seat", ""), event.get("seat", ""))
    if kind == "play":
        card = event["card"]
        if card == "scout":
            return f"{who} plays Scout"
        if card == "redeploy":
            dest = f"to flag {event['to_flag']}" if event.get("to_flag") else "to the discard pile"
            return f"{who} redeploys {card_name(event['target'])} from flag {event['from_flag']} {dest}"
        if card == "deserter":
            return f"{who}'s Deserter discards {card_name(event['target'])} from flag {event['from_flag']}"
        if card == "traitor":
            return (f"{who}'s Traitor takes {card_name(event['target'])} from flag {event['from_flag']}"
                    f" to flag {event['to_flag']}")
        return f"{who} plays {card_name(card)} at flag {event['flag']}"
    if kind in ("draw", "scout_draw"):
        deck = "troop" if event["deck"] == "troops" else "tactics"
        scout = " (Scout)" if kind == "scout_draw" else ""
        return f"{who} draws from the {deck} deck{scout}"
    if kind == "scout_return":
        n = event.get("count", len(event.get("cards", [])))
        return f"{who} puts {n} card{'s' if n != 1 else ''} back on the decks"
    if kind == "claim":
        proof = event.get("proof", {}).get("text", "")
        return f"{who} claims flag {event['flag']}: {proof}"
    if kind == "pass":
        return f"{who} passes"
    if kind == "both_passed":
        return "Both players passed: every provable flag is awarded"
    if kind == "game_over":
        return result_words(event, names)
    return None


def result_words(result: dict[str, Any], names: dict[str, str]) -> str:
    winner = result.get("winner")
    if winner is None:
        return "A drawn game"
    return f"{names.get(winner, winner)} wins by {result['how'].capitalize()}"


def describe_side(side: dict[str, Any]) -> str:
    """'Wedge 18' from an analysis side entry."""
    return f"{FORMATION_NAMES.get(side['formation'], side['formation'])} {side['sum']}"
