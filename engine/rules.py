"""Rule options of a game (R11, R42, R43) and of a match (R41)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import NotationError

SEATS: tuple[str, str] = ("north", "south")
OTHER: dict[str, str] = {"north": "south", "south": "north"}
CLAIM_TIMINGS: tuple[str, ...] = ("standard", "advanced", "end")
#: The steps of a turn for each claim timing (R7, R11); Scout's draws stand in for "draw" (R33).
TURN_STEPS: dict[str, tuple[str, ...]] = {
    "standard": ("play", "claim", "draw"),
    "advanced": ("claim", "play", "draw"),
    "end": ("play", "draw", "claim"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of one game: with or without tactics (R43), and when claims happen (R11)."""

    tactics: bool = True
    claim_timing: str = "standard"

    def to_dict(self) -> dict[str, Any]:
        return {"tactics": self.tactics, "claim_timing": self.claim_timing}

    @staticmethod
    def from_dict(data: Any, where: str = "rules") -> Rules:
        if not isinstance(data, dict):
            raise NotationError(f"{where}: expected an object")
        unknown = set(data) - {"tactics", "claim_timing"}
        if unknown:
            raise NotationError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        tactics = data.get("tactics", True)
        timing = data.get("claim_timing", "standard")
        if not isinstance(tactics, bool):
            raise NotationError(f"{where}.tactics: expected true or false")
        if timing not in CLAIM_TIMINGS:
            raise NotationError(f"{where}.claim_timing: expected one of {', '.join(CLAIM_TIMINGS)}")
        return Rules(tactics, timing)


def check_seat(value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in OTHER:  # a list or dict is unhashable: no TypeError
        raise NotationError(f"{where}: expected \"north\" or \"south\"")
    return str(value)
