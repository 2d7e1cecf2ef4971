"""Each card's full rules text, for the zoomed card on the board and the rules reference's pages.

The card faces carry a few words; these are the whole rule (R27-R36), short enough to read from a sofa.
"""

from __future__ import annotations

from engine.cards import COLOUR_NAMES, COLOURS, TACTICS, TROOP_INFO, VALUE_NAMES
from game.i18n import N_, _
from game.play.words import COLOURS_SAID, VALUES_SAID, card_short

LEADER = N_("A Leader: it takes any colour and any value, whichever is best for you when the flag is decided. "
            "You may play only one Leader (Alexander or Darius) in the whole game; the other then stays in your hand "
            "to the end, and Scout cannot put it back.")
RULES = {
    "alexander": LEADER, "darius": LEADER,
    "cavalry": N_("Counts as an 8 of any colour, whichever is best for you when the flag is decided. "
                  "It fills a slot like a troop."),
    "shield": N_("Counts as a 1, 2 or 3 of any colour, whichever is best for you when the flag is decided. "
                 "It fills a slot like a troop."),
    "fog": N_("Put it beside a flag that is not yet claimed. There, formations no longer count: "
              "the side with the higher sum of values wins."),
    "mud": N_("Put it beside a flag that is not yet claimed. There, each side needs four cards, "
              "and formations are made of four cards."),
    "scout": N_("Instead of your draw this turn: draw three cards from either deck, one at a time, "
                "then put two cards from your hand back on top of their decks (never a Leader you may no longer "
                "play)."),
    "redeploy": N_("Take one of your own cards from a flag that is not yet claimed: move it to your side "
                   "of another such flag, or discard it."),
    "deserter": N_("Discard one card from your opponent's side of a flag that is not yet claimed."),
    "traitor": N_("Take one troop (not a tactics card) from your opponent's side of a flag that is not yet "
                  "claimed, and place it on your side of a flag that is not yet claimed."),
}
KIND = {"alexander": N_("Morale tactics card"), "darius": N_("Morale tactics card"),
        "cavalry": N_("Morale tactics card"), "shield": N_("Morale tactics card"),
        "fog": N_("Environment tactics card"), "mud": N_("Environment tactics card"),
        "scout": N_("Guile tactics card"), "redeploy": N_("Guile tactics card"),
        "deserter": N_("Guile tactics card"), "traitor": N_("Guile tactics card")}
AHEAD = N_("You may play a tactics card only if you have not played more tactics cards than your opponent.")
assert set(RULES) == set(TACTICS) == set(KIND)


def title(card: str) -> str:
    """'Red 7: Light Cavalry' or 'Fog'."""
    if card in TROOP_INFO:
        name = _(VALUES_SAID[VALUE_NAMES[TROOP_INFO[card][1]]])
        said = _("{card}: {troop}", card=card_short(card), troop=name)
        return said[:1].upper() + said[1:]
    return card_short(card)


def text(card: str) -> list[str]:
    """The card's whole rule, as paragraphs."""
    if card in RULES:
        return [_(KIND[card]), _(RULES[card]), _(AHEAD)]
    colour, value = TROOP_INFO[card]
    said = _(COLOURS_SAID[COLOUR_NAMES[COLOURS[colour]]])
    return [_("A troop: colour {colour}, value {value}.", colour=said, value=value),
            _("Three cards on your side of a flag make a formation; colour and value decide how strong it is.")]
