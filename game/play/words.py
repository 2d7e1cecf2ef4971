"""Actions and events in words, for the game log, prompts and banners, in the player's language.

The engine speaks English only in its own `reason` strings; here the words are built again from the
structured parts of a verdict or event (formation, sum, cards), so every language reads a whole sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import COLOUR_NAMES, COLOURS, TACTIC_NAMES, TROOP_INFO, VALUE_NAMES
from engine.notation_types import Event, Proof
from game.i18n import N_, _, ngettext

HOW = {"breakthrough": N_("Breakthrough: three flags side by side"), "envelopment": N_("Envelopment: five flags"),
       "flags": N_("more flags when both passed"), "draw": N_("a drawn game")}
HOW_SHORT = {"breakthrough": N_("Breakthrough"), "envelopment": N_("Envelopment"),
             "flags": N_("more flags"), "draw": N_("a drawn game")}
FORMATION_NAMES = {"wedge": N_("Wedge"), "phalanx": N_("Phalanx"), "battalion": N_("Battalion"),
                   "skirmish": N_("Skirmish"), "host": N_("Host"), "sum": N_("Sum")}
COLOURS_SAID = {"red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"), "green": N_("green"),
                "blue": N_("blue"), "purple": N_("purple")}
VALUES_SAID = {"Elephants": N_("Elephants"), "Chariots": N_("Chariots"), "Heavy Cavalry": N_("Heavy Cavalry"),
               "Light Cavalry": N_("Light Cavalry"), "Hypaspists": N_("Hypaspists"),
               "Phalangists": N_("Phalangists"), "Hoplites": N_("Hoplites"), "Javelineers": N_("Javelineers"),
               "Peltasts": N_("Peltasts"), "Skirmishers": N_("Skirmishers")}
TACTICS_SAID = {"Alexander": N_("Alexander"), "Darius": N_("Darius"), "Companion Cavalry": N_("Companion Cavalry"),
                "Shield Bearers": N_("Shield Bearers"), "Fog": N_("Fog"), "Mud": N_("Mud"), "Scout": N_("Scout"),
                "Redeploy": N_("Redeploy"), "Deserter": N_("Deserter"), "Traitor": N_("Traitor")}


#: bots are stored under these English names (records, saves, statistics) and shown in the player's language
BOT_NAMES = {"Bot (random)": N_("Bot (random)"), "Bot (easy)": N_("Bot (easy)"), "Bot (normal)": N_("Bot (normal)"),
             "Bot (hard)": N_("Bot (hard)")}


def shown_name(name: str) -> str:
    """A player's name as drawn: a bot's stable name put into the current language, a person's as typed."""
    template = BOT_NAMES.get(name)
    return _(template) if template else name


def shown_names(names: dict[str, str]) -> dict[str, str]:
    return {seat: shown_name(name) for seat, name in names.items()}


HOW3 = {"breakthrough": N_("Breakthrough: three flags in a row on their own line"),
        "envelopment": N_("Envelopment: any four flags"), "flags": N_("the most flags when all three passed"),
        "draw": N_("a drawn game")}


def how_words3(how: str) -> str:
    """How a three-player game was won (R51), in words."""
    return _(HOW3.get(how, how))


def how_words(how: str, short: bool = False) -> str:
    """How a game was won, in words."""
    return _((HOW_SHORT if short else HOW).get(how, how))


def card_short(card: str) -> str:
    """'red 5' or 'Companion Cavalry'."""
    if card in TROOP_INFO:
        ci, v = TROOP_INFO[card]
        return _("{colour} {value}", colour=_(COLOURS_SAID[COLOUR_NAMES[COLOURS[ci]]]), value=v)
    name = TACTIC_NAMES.get(card, card)
    return _(TACTICS_SAID.get(name, name))


def card_words(card: str) -> str:
    """'red 5 Phalangists' or 'Companion Cavalry'."""
    if card in TROOP_INFO:
        troop = _(VALUES_SAID[VALUE_NAMES[TROOP_INFO[card][1]]])
        return _("{card} {troop}", card=card_short(card), troop=troop)
    return card_short(card)


def formation_words(name: str | None, total: int | None) -> str:
    """'Wedge 18', or 'Sum 21' under Fog."""
    label = _(FORMATION_NAMES.get(name or "", name or ""))
    return _("{formation} {sum}", formation=label, sum=total)


def proof_words(proof: Proof, them: str, winner: str = "") -> str:
    """An accepted claim's proof (the engine's `proof_of` data), naming the opponent `them` and the
    claimer `winner` (who takes a tied flag)."""
    mine = formation_words(proof.get("formation"), proof.get("sum"))
    opp = proof.get("opponent")
    if opp is None:
        return _("{them}'s side can no longer be completed from unseen troops", them=them)
    theirs = formation_words(opp["formation"], opp["sum"])
    if not opp["complete"]:
        return _("{mine} beats the best {them} can still make: {theirs}", mine=mine, them=them, theirs=theirs)
    if opp["formation"] == proof.get("formation") and opp["sum"] == proof.get("sum"):
        return tie_words(mine, theirs, winner)
    return _("{mine} beats {them}'s {theirs}", mine=mine, them=them, theirs=theirs)


def tie_words(mine: str, theirs: str, winner: str) -> str:
    """A tie said with the tie rule: the side completed first takes the flag (R18)."""
    return _("{mine} ties {theirs}: the flag goes to {name}, who completed first", mine=mine, theirs=theirs,
             name=winner)


def event_words(event: Event, names: dict[str, str]) -> str | None:
    """One log line for an event, or None for bookkeeping events the log need not show."""
    kind = event["type"]
    who = names.get(event.get("seat", ""), event.get("seat", ""))
    if kind == "play":
        card = event["card"]
        if card == "scout":
            return _("{who} plays Scout", who=who)
        if card == "redeploy":
            if event.get("to_flag"):
                return _("{who} redeploys {card} from flag {flag} to flag {to}", who=who,
                         card=card_short(event["target"]), flag=event["from_flag"], to=event["to_flag"])
            return _("{who} redeploys {card} from flag {flag} to the discard pile", who=who,
                     card=card_short(event["target"]), flag=event["from_flag"])
        if card == "deserter":
            return _("{who}'s Deserter discards {card} from flag {flag}", who=who,
                     card=card_short(event["target"]), flag=event["from_flag"])
        if card == "traitor":
            return _("{who}'s Traitor takes {card} from flag {flag} to flag {to}", who=who,
                     card=card_short(event["target"]), flag=event["from_flag"], to=event["to_flag"])
        return _("{who} plays {card} at flag {flag}", who=who, card=card_short(card), flag=event["flag"])
    if kind in ("draw", "scout_draw"):
        if event["deck"] == "troops":
            line = _("{who} draws from the troop deck", who=who)
        else:
            line = _("{who} draws from the tactics deck", who=who)
        return line + (_(" (Scout)") if kind == "scout_draw" else "")
    if kind == "scout_return":
        n = event.get("count", len(event.get("cards", [])))
        return ngettext("{who} puts {n} card back on the decks", "{who} puts {n} cards back on the decks", n, who=who)
    if kind == "claim":
        other = opponent_at(event["flag"], str(event.get("seat")), len(names))
        proof = proof_words(event.get("proof", {}), names.get(other, other), who)
        return _("{who} claims flag {flag}: {proof}", who=who, flag=event["flag"], proof=proof)
    if kind == "pass":
        return _("{who} can play no card and passes: the turn ends", who=who)
    if kind == "both_passed":
        return _("Both players passed: every provable flag is awarded")
    if kind == "all_passed":
        return _("All three players passed: every provable flag is awarded")
    if kind == "game_over":
        return result_words(event, names)
    return None


def opponent_at(flag: int, seat: str, players: int = 2) -> str:
    """Who `seat` faces at `flag`: the other player, or for three players the other seat of that flag's
    front (R47: flags 1-3 west-south, 4-6 south-east, 7-9 east-west)."""
    if players != 3:
        return "north" if seat == "south" else "south"
    from engine.rules import FRONTS3

    return next((s for s in FRONTS3[flag - 1] if s != seat), seat)


def result_words(result: Mapping[str, Any], names: dict[str, str]) -> str:
    winner = result.get("winner")
    if winner is None:
        return _("A drawn game")
    return _("{name} wins by {how}", name=names.get(winner, winner), how=how_words(result["how"], short=True))
