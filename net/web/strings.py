"""The page's words in the six languages, taken from the game's gettext catalogs at serve time.

The page asks for /strings/LANG.json and gets {msgid: translation} for the msgids below; it formats
`{name}`-style fields itself. It also gets the refusal shapes (game.i18n.refusals) as [JavaScript regex,
translated template] pairs, to say the host's English refusals in the phone's language. Every msgid
here is in each catalog (tests/test_phones_bridge.py).
"""

from __future__ import annotations

import json
from functools import cache

from game.i18n import LANGUAGES, _catalog
from game.i18n.refusals import PATTERNS

#: what the phone page says; English is the msgid itself
WEB_STRINGS: tuple[str, ...] = (
    "Join", "Join code", "Language", "Troops", "Tactics", "Pass", "Done claiming", "Back",
    "Play", "Discards", "Flags", "Scout", "Redeploy", "Deserter", "Traitor", "Fog", "Mud", "Alexander",
    "Darius", "Companion Cavalry", "Shield Bearers", "Draw a card: choose the troop or the tactics deck.",
    "Your turn: choose a card to play.", "It is {who}'s turn.", "Waiting for {name}…", "{name} wins!",
    "A drawn game", "Claim a glowing flag, or choose Done claiming.", "Scout: draw card {n} of 3. Choose a deck.",
    "Scout: pick {n} card(s) to put back, in order.", "No card can be played: Pass ends your turn (no claim, no draw).",
    "Leader: any colour, any value", "Value 8, any colour", "Value 1, 2 or 3, any colour", "Sums only at this flag",
    "Four cards at this flag", "Draw 3, put 2 back", "Move or discard one of yours", "Discard one of theirs",
    "Take one of their troops", "Flags: {n}  ·  in hand: {hand}",
    # --- issue 20: the phone's own words
    "Your name", "Claim flag {flag}", "To flag {flag}", "At flag {flag}", "Discard it",
    "Choose a flag for {card}.", "Choose a card on the table.", "Choose where it goes.",
    "Connecting to the table…", "The link is lost; reconnecting…", "The host refused: {reason}",
    "Waiting for the game to start…", "Play this card", "Take back the choice",
    # the other side's last turn, in the board caption's words (game/play/turn_words.py)
    "{who}: {what}.", "{done}, {then}", "{card} to flag {flag}", "{card} on flag {flag}", "played Scout",
    "Deserter discarded your {card} from flag {flag}", "Traitor took your {card} from flag {flag} to their flag {to}",
    "Redeploy moved their {card} from flag {flag} to flag {to}", "Redeploy discarded their {card} from flag {flag}",
    "put back cards: {n}", "passed", "claimed flag {flag}", "claimed flags {flags}", "drew a troop card",
    "drew a tactics card", "drew troop cards: {n}", "drew tactics cards: {n}", "{colour} {value}",
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
    # --- issue 31: a Scout's draws and returns said as a sentence, not as a form
    "drew two troop cards", "drew three troop cards", "drew two tactics cards", "drew three tactics cards",
    "put a card back", "put two cards back",
)


@cache
def catalog_json(lang: str) -> bytes | None:
    """The page's words in `lang` as JSON bytes, or None for a language we do not have."""
    if lang not in LANGUAGES:
        return None
    catalog = _catalog(lang)
    words = {msgid: catalog.gettext(msgid) for msgid in WEB_STRINGS}
    # the host's refusals are English; the page matches them by shape, as game.i18n.refusals does
    refusals = [[pattern.pattern.replace("(?P<", "(?<"), catalog.gettext(template)] for pattern, template in PATTERNS]
    return json.dumps({"lang": lang, "languages": LANGUAGES, "words": words, "refusals": refusals},
                      ensure_ascii=False).encode("utf-8")
