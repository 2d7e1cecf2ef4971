"""Events seen through one seat's eyes (R45): what the other player drew or returned stays hidden."""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def redact(event: Event, viewer: str | None) -> Event:
    """The event as `viewer` may know it; `None` sees everything (a finished game, a replay)."""
    if viewer is None or event.get("seat") == viewer:
        return event
    kind = event["type"]
    if kind in ("draw", "scout_draw"):
        return {k: v for k, v in event.items() if k != "card"}
    if kind == "scout_return":
        return {k: v for k, v in event.items() if k != "cards"} | {"count": len(event["cards"])}
    return event


def redact_all(events: list[Event], viewer: str | None) -> list[Event]:
    return [redact(e, viewer) for e in events]
