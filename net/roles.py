"""Who may receive what on the LAN: players, the table and watchers.

A player receives its own seat's view (R45). The table (a host with no hand of its own) and a watcher
receive only what is public: no hand, no deck order, and no card either side drew or returned with
Scout. That is stricter than a player's view, where one's own draws are known; it is the redaction
of a viewer who holds no seat, so no seat's secrets pass through it.
"""

from __future__ import annotations

from engine import Game, redact_all, to_position
from engine.notation_types import Event, View

PLAYER = "player"
WATCHER = "watcher"
#: the redaction viewer of the table and of watchers: matches no seat, so both sides' secrets are hidden
PUBLIC = "public"
#: how many watchers one game accepts (a living room, not a stadium): each costs a message per action
MAX_WATCHERS = 8


def public_events(events: list[Event]) -> list[Event]:
    """Events as someone holding no seat may know them: no card drawn or returned by either side."""
    return redact_all(events, PUBLIC)


def public_view(game: Game) -> View:
    """The position with every hand hidden (sizes only) and both decks as counts."""
    view = to_position(game, PUBLIC)
    assert all(hand is None for hand in view["hands"].values()), "a public view holds no hand"
    return view
