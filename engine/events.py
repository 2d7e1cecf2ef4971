"""Events seen through one seat's eyes (R45): what the other player drew or returned stays hidden."""

from __future__ import annotations

from .notation_types import Event


def redact(event: Event, viewer: str | None) -> Event:
    """The event as `viewer` may know it; `None` sees everything (a finished game, a replay)."""
    if viewer is None or event.get("seat") == viewer:
        return event
    kind = event["type"]
    if kind in ("draw", "scout_draw"):
        hidden = event.copy()
        hidden.pop("card", None)
        return hidden
    if kind == "scout_return":
        hidden = event.copy()
        hidden["count"] = len(hidden.pop("cards", []))
        return hidden
    return event


def redact_all(events: list[Event], viewer: str | None) -> list[Event]:
    return [redact(e, viewer) for e in events]
