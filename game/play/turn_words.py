"""One turn of the other side in words and marks: the caption line, the guile-card toasts, what to ring.

The board keeps the events of the turn just played (already redacted for this screen) and asks here how
to say them to the player across the table: one sentence for the whole turn, a toast for each tactics
card that moved or removed a card, and the table places the turn touched, so they can stay marked.
"""

from __future__ import annotations

from typing import Any

from engine import OTHER
from engine.notation_types import Event
from game.i18n import _, ngettext
from game.play.words import card_short

Key = tuple[Any, ...]


def _piece(event: Event, victim: str | None = None) -> str | None:
    """One event of the turn as a clause, said to the player across the table (the turn's 'you'), or,
    with `victim` (a screen with no hand: the table, a watcher), naming whose card a guile tactic took."""
    kind = event["type"]
    if kind == "play":
        card = event["card"]
        if card == "scout":
            return _("played Scout")
        if card in ("fog", "mud"):
            return _("{card} on flag {flag}", card=card_short(card), flag=event["flag"])
        if card == "deserter" and victim is not None:
            return _("Deserter discarded {name}'s {card} from flag {flag}", name=victim,
                     card=card_short(event["target"]), flag=event["from_flag"])
        if card == "deserter":
            return _("Deserter discarded your {card} from flag {flag}", card=card_short(event["target"]),
                     flag=event["from_flag"])
        if card == "traitor" and victim is not None:
            return _("Traitor took {name}'s {card} from flag {flag} to their flag {to}", name=victim,
                     card=card_short(event["target"]), flag=event["from_flag"], to=event["to_flag"])
        if card == "traitor":
            return _("Traitor took your {card} from flag {flag} to their flag {to}",
                     card=card_short(event["target"]), flag=event["from_flag"], to=event["to_flag"])
        if card == "redeploy":
            if event.get("to_flag"):
                return _("Redeploy moved their {card} from flag {flag} to flag {to}",
                         card=card_short(event["target"]), flag=event["from_flag"], to=event["to_flag"])
            return _("Redeploy discarded their {card} from flag {flag}", card=card_short(event["target"]),
                     flag=event["from_flag"])
        return _("{card} to flag {flag}", card=card_short(card), flag=event["flag"])
    if kind == "scout_return":
        return ngettext("put back {n} card", "put back {n} cards", event.get("count", len(event.get("cards", []))))
    if kind == "pass":
        return _("passed")
    return None


def _draws(events: list[Event]) -> list[str]:
    counts = {"troops": 0, "tactics": 0}
    for e in events:
        if e["type"] in ("draw", "scout_draw"):
            counts[e["deck"]] += 1
    out = []
    for deck, n in counts.items():
        if n == 1:
            out.append(_("drew a troop card") if deck == "troops" else _("drew a tactics card"))
        elif n > 1:
            out.append(ngettext("drew {n} troop card", "drew {n} troop cards", n) if deck == "troops"
                       else ngettext("drew {n} tactics card", "drew {n} tactics cards", n))
    return out


def turn_caption(seat: str, events: list[Event], names: dict[str, str], spectator: bool = False) -> str:
    """'Bot (easy): green 9 to flag 6, claimed flag 3, drew a tactics card.' for `seat`'s turn.

    `spectator`: said to a screen with no hand, so a card taken from the other side is theirs by name."""
    mine = [e for e in events if e.get("seat") == seat]
    claims = [e["flag"] for e in mine if e["type"] == "claim"]
    victim = names.get(OTHER[seat], OTHER[seat]) if spectator else None
    pieces = [p for p in (_piece(e, victim) for e in mine if e["type"] != "claim") if p]
    if len(claims) == 1:
        pieces.append(_("claimed flag {flag}", flag=claims[0]))
    elif claims:
        pieces.append(_("claimed flags {flags}", flags=", ".join(str(n) for n in claims)))
    draws = _draws(mine)
    # draws come after the claims, as in the turn (R7), but Scout's own draws follow the Scout
    if any(e["type"] == "scout_draw" for e in events):
        at = next((i + 1 for i, p in enumerate(pieces) if p == _("played Scout")), len(pieces))
        pieces[at:at] = draws
    else:
        pieces += draws
    what = pieces[0] if pieces else _("passed")
    for piece in pieces[1:]:
        what = _("{done}, {then}", done=what, then=piece)
    return _("{who}: {what}.", who=names.get(seat, seat), what=what)


def tactic_toast(event: Event, names: dict[str, str], spectator: bool = False) -> tuple[str, str] | None:
    """(title, line) for a guile tactics card that moved or removed a card, else None (`spectator`: as in
    turn_caption)."""
    if event["type"] != "play" or event["card"] not in ("deserter", "traitor", "redeploy"):
        return None
    seat, card = event["seat"], event["card"]
    who = names.get(seat, seat)
    title = _("{who} plays {card}", who=who, card=card_short(card))
    target, flag = card_short(event["target"]), event["from_flag"]
    victim = names.get(OTHER[seat], OTHER[seat])
    if card == "deserter" and spectator:
        return title, _("Deserter: {name}'s {card} on flag {flag} was discarded", name=victim, card=target,
                        flag=flag)
    if card == "deserter":
        return title, _("Deserter: your {card} on flag {flag} was discarded", card=target, flag=flag)
    if card == "traitor" and spectator:
        return title, _("Traitor took {name}'s {card} from flag {flag} to their flag {to}", name=victim,
                        card=target, flag=flag, to=event["to_flag"])
    if card == "traitor":
        return title, _("Traitor took your {card} from flag {flag} to their flag {to}", card=target, flag=flag,
                        to=event["to_flag"])
    if event.get("to_flag"):
        return title, _("Redeploy moved their {card} from flag {flag} to flag {to}", card=target, flag=flag,
                        to=event["to_flag"])
    return title, _("Redeploy moved their {card} from flag {flag} to their discard pile", card=target, flag=flag)


def turn_marks(seat: str, events: list[Event]) -> set[Key]:
    """Where `seat`'s turn left a trace: slots ('slot', flag, owner, card), pennants, discard piles, draws."""
    marks: set[Key] = set()
    drawn = {"troops": 0, "tactics": 0}
    for e in events:
        if e.get("seat") != seat:
            continue
        kind = e["type"]
        if kind == "play":
            card = e["card"]
            if card in ("fog", "mud"):
                marks.add(("pennant", e["flag"]))
            elif "flag" in e:
                marks.add(("slot", e["flag"], seat, card))
            elif e.get("target") is not None:
                owner = seat if card == "redeploy" else OTHER[seat]
                if e.get("to_flag"):
                    marks.add(("slot", e["to_flag"], seat, e["target"]))
                else:
                    marks.add(("discard", owner))
        elif kind == "claim":
            marks.add(("pennant", e["flag"]))
        elif kind in ("draw", "scout_draw"):
            drawn[e["deck"]] += 1
    for deck, n in drawn.items():
        if n:
            marks.add(("drawn", deck, n))
    return marks
