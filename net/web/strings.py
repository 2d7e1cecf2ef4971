"""The page's words in the six languages, taken from the game's gettext catalogs at serve time.

The page asks for /strings/LANG.json and gets {msgid: translation} for the msgids below; it formats
`{name}`-style fields itself. It also gets {refusal code: translated template} (game.i18n.refusals), to
say a refusal's code and fields in the phone's language, never its English, and each count's plural forms
with the language's rule as a table (no code to evaluate). Every msgid here is in each catalog
(tests/test_phones_bridge.py).
"""

from __future__ import annotations

import gettext
import json
from functools import cache

from game.i18n import LANGUAGES, _catalog
from game.i18n.refusals import MSGIDS

#: what the phone page says; English is the msgid itself
WEB_STRINGS: tuple[str, ...] = (
    "Join", "Join code", "Language", "Troops", "Tactics", "Pass", "Done claiming", "Back",
    "Play", "Discards", "Flags", "Scout", "Redeploy", "Deserter", "Traitor", "Fog", "Mud", "Alexander",
    "Darius", "Companion Cavalry", "Shield Bearers", "Draw a card: choose the troop or the tactics deck.",
    "Your turn: choose a card to play.", "It is {who}'s turn.", "Waiting for {name}…", "{name} wins!",
    "A drawn game", "Claim a glowing flag, or choose Done claiming.", "Scout: draw card {n} of 3. Choose a deck.",
    "No card can be played: Pass ends your turn (no claim, no draw).",
    "Leader: any colour, any value", "Value 8, any colour", "Value 1, 2 or 3, any colour", "Sums only at this flag",
    "Four cards at this flag", "Draw 3, put 2 back", "Move or discard one of yours", "Discard one of theirs",
    "Take one of their troops", "Flags: {n}  ·  in hand: {hand}",
    # --- issue 20: the phone's own words
    "Your name", "Claim flag {flag}", "To flag {flag}", "At flag {flag}", "Discard it",
    "Choose a flag for {card}.", "Choose a card on the table.", "Choose where it goes.",
    "Connecting to the table…", "The link is lost; reconnecting…", "The host refused: {reason}",
    "Waiting for the game to start…", "Play this card", "Take back the choice",
    # issue 56: a phone at a full table may watch
    "Watch", "Watching: waiting for the game to start…",
    # the other side's last turn, in the board caption's words (game/play/turn_words.py)
    "{who}: {what}.", "{done}, {then}", "{card} to flag {flag}", "{card} on flag {flag}", "played Scout",
    "Deserter discarded your {card} from flag {flag}", "Traitor took your {card} from flag {flag} to their flag {to}",
    "Redeploy moved their {card} from flag {flag} to flag {to}", "Redeploy discarded their {card} from flag {flag}",
    "passed", "claimed flag {flag}", "claimed flags {flags}", "drew a troop card",
    "drew a tactics card", "{colour} {value}",
    "red", "orange", "yellow", "green", "blue", "purple",
    # --- issue 37: joining step by step, the lobby, the end screen, the link
    "Waiting for the TV to accept you…", "Accepted: you are in.", "A watcher joined: {n} watching",
    "Choose where {card} goes.", "{name} (you)", "Waiting for a player…", "Waiting for a second player…",
    "Both players are in: start when you are ready.", "The host starts the game.", "Watchers: {n}", "Players",
    "Start the game", "You won!", "You lost.", "Flags: you {mine}, {name} {theirs}",
    "Match: you {mine}, {name} {theirs}", "The match is over.", "Next game", "Play again",
    "Waiting for {name} to agree…", "{name} wants to play again.", "The link to the table is lost; reconnecting…",
    "{name} has lost the link; the game waits.", "Breakthrough: three flags side by side", "Envelopment: five flags",
    "more flags when both passed", "a drawn game",
    # --- issue 34: three players
    "Waiting for the other players…", "All three players are in: start when you are ready.",
    "Breakthrough: three neighbouring flags of a line", "Envelopment: four flags", "more flags when all three passed",
    "Flags: you {mine}, {name} {theirs}, {other} {others}", "Match: you {mine}, {name} {theirs}, {other} {others}",
    # --- issue 49: joining at once
    "Waiting your turn: the TV is answering someone else first…",
    # --- issue 56: two players of three asked for the next game
    "{names} want to play again.",
)


#: what the page says about a count: (singular, plural) pairs, said in each language's plural forms
WEB_PLURALS: tuple[tuple[str, str], ...] = (
    ("put back {n} card", "put back {n} cards"), ("drew {n} troop card", "drew {n} troop cards"),
    ("drew {n} tactics card", "drew {n} tactics cards"),
    ("Scout: pick {n} card to put back.", "Scout: pick {n} cards to put back, in order."),
)
#: the page finds a count's form as `plural_index[n]` (n < 200) or `plural_index[100 + n % 100]`: every
#: language's rule depends on n only up to its last two digits once n >= 100
PLURAL_TABLE = 200


def plural_forms(catalog: gettext.NullTranslations, singular: str, plural: str) -> tuple[list[str], list[int]]:
    """Each form of `singular`/`plural` in `catalog`'s language, and the form index of every count below
    PLURAL_TABLE (from the catalog's own Plural-Forms rule, read by the standard library)."""
    rule = getattr(catalog, "plural", lambda n: int(n != 1))
    index = [int(rule(n)) for n in range(PLURAL_TABLE)]
    forms = [catalog.ngettext(singular, plural, index.index(i)) for i in range(max(index) + 1)]
    return forms, index


@cache
def catalog_json(lang: str) -> bytes | None:
    """The page's words in `lang` as JSON bytes, or None for a language we do not have."""
    if lang not in LANGUAGES:
        return None
    catalog = _catalog(lang)
    words = {msgid: catalog.gettext(msgid) for msgid in WEB_STRINGS}
    refusals = {code: plural_forms(catalog, *msgid)[0] if isinstance(msgid, tuple) else catalog.gettext(msgid)
                for code, msgid in MSGIDS.items()}
    plurals = {singular: plural_forms(catalog, singular, plural)[0] for singular, plural in WEB_PLURALS}
    index = plural_forms(catalog, "", "")[1]
    return json.dumps({"lang": lang, "languages": LANGUAGES, "words": words, "refusals": refusals,
                       "plurals": plurals, "plural_index": index},
                      ensure_ascii=False).encode("utf-8")


def preload_catalogs() -> None:
    """Every language's words made now (they read the catalogs' files): see net.web.assets.preload."""
    for lang in LANGUAGES:
        catalog_json(lang)
