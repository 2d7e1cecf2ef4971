"""The engine's refusals (IllegalAction) in the player's language.

The engine stays language-free and refuses in English; each refusal a player can meet on the couch is
matched here by its shape and said again from a catalog template, without the rule numbers (a player
reads the rule, not its number). Anything unmatched is shown as is.
"""

from __future__ import annotations

import re

from game.i18n import N_, _

RULE_NUMBER = re.compile(r" \(R\d+(, R\d+)*\)")
PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile(p), t) for p, t in (
    (r"^the game is over$", N_("the game is over")),
    (r"^this game is played without tactics \(R43\)$", N_("this game is played without tactics")),
    (r"^you may not play a tactics card: you would be two ahead of your opponent \(R24\)$",
     N_("you may not play a tactics card: you would be two ahead of your opponent")),
    (r"^you have already played a Leader this game \(R27\)$", N_("you have already played a Leader this game")),
    (r"^flag (?P<flag>\d) is claimed and frozen \(R19\)$", N_("flag {flag} is claimed and frozen")),
    (r"^your side of flag (?P<flag>\d) has no free slot \(R8\)$", N_("your side of flag {flag} has no free slot")),
    (r"^Scout needs at least one card in the decks \(R26\)$", N_("Scout needs at least one card in the decks")),
    (r"^Traitor takes troops only, not tactics cards \(R36\)$",
     N_("Traitor takes troops only, not tactics cards")),
    (r"^Redeploy moves a card to another flag \(R34\)$", N_("Redeploy moves a card to another flag")),
    (r"^you can play a troop, so you may not pass \(R9\)$", N_("you can play a troop, so you may not pass")),
    (r"^you can play a tactics card, so you may not pass \(R9\)$",
     N_("you can play a tactics card, so you may not pass")),
    (r"^the troops deck is empty \(R10\)$", N_("the troop deck is empty")),
    (r"^the tactics deck is empty \(R10\)$", N_("the tactics deck is empty")),
    (r"^Scout returns (?P<n>\d) cards, one fewer than it drew \(R33\)$",
     N_("Scout returns {n} cards, one fewer than it drew")),
    (r"^Scout returns distinct cards from your own hand \(R33\)$",
     N_("Scout returns distinct cards from your own hand")),
    (r"^a Leader you may no longer play stays in your hand to the end \(R27\)$",
     N_("a Leader you may no longer play stays in your hand to the end")),
    # LAN: the guest's table, and the host turning a guest away
    (r"^it is not your turn$", N_("it is not your turn")),
    (r"^not connected to the host yet$", N_("not connected to the host yet")),
    (r"^wrong join code$", N_("wrong join code")),
    (r"^this game already has a guest$", N_("this game already has a guest")),
    (r"^too many wrong join codes: try again in (?P<seconds>\d+) s$",
     N_("too many wrong join codes: try again in {seconds} s")),
    (r"^too many tries on this connection$", N_("too many tries: go back and join again")),
    (r"^the host turned you away$", N_("the host turned you away")),
    (r"^the host did not answer$", N_("the host did not answer")),
    (r"^the host is answering another guest: try again in a minute$",
     N_("the host is answering another guest: try again in a minute")),
    (r"^this game already has two players$", N_("this game already has two players")),
    (r"^every seat of this game is taken$", N_("every seat of this game is taken")),
    (r"^this game already has (?P<n>\d+) watchers$", N_("this game already has {n} watchers")),
    (r"^a watcher cannot act in the game$", N_("a watcher cannot act in the game")),
    (r"^protocol version (?P<theirs>\S+) does not match the host's (?P<ours>\S+)$",
     N_("protocol version {theirs} does not match the host's {ours}")),
    (r"^program version (?P<theirs>\S+) does not match the host's (?P<ours>\S+)$",
     N_("program version {theirs} does not match the host's {ours}")),
)]


def refusal_words(reason: str) -> str:
    """`reason` (the engine's English) in the current language, where we know its shape."""
    for pattern, template in PATTERNS:
        m = pattern.match(reason)
        if m:
            return _(template, **m.groupdict())
    return RULE_NUMBER.sub("", reason)  # unknown shape: at least no rule number
