"""Rule options of a game (R11, R42, R43) and of a match (R41)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import NotationError
from .notation_types import Rules as RulesData

SEATS: tuple[str, str] = ("north", "south")
OTHER: dict[str, str] = {"north": "south", "south": "north"}
#: The three-player game (R46): its seats in turn order, clockwise seen from above (R48).
SEATS3: tuple[str, str, str] = ("south", "west", "east")
#: Each flag's two seats (R47): the whole board is one duel for two players; for three, flags 1-3 are
#: the west-south front, 4-6 the south-east front, 7-9 the east-west front.
FRONTS2: tuple[tuple[str, str], ...] = (SEATS,) * 9
FRONTS3: tuple[tuple[str, str], ...] = (("west", "south"),) * 3 + (("south", "east"),) * 3 + (("east", "west"),) * 3
#: Each three-player seat's line (R47): its six flags from one outer end through the centre to the other.
LINES3: dict[str, tuple[int, ...]] = {
    "south": (1, 2, 3, 4, 5, 6),
    "west": (9, 8, 7, 3, 2, 1),
    "east": (6, 5, 4, 7, 8, 9),
}
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
    players: int = 2

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise ValueError("a game has 2 or 3 players")
        if self.players == 3 and self.tactics:
            raise ValueError("the three-player game has no tactics (R46): use Rules(tactics=False, players=3)")

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in turn order: north and south, or south, west and east (R46)."""
        return SEATS if self.players == 2 else SEATS3

    @property
    def fronts(self) -> tuple[tuple[str, str], ...]:
        """The two seats that fight at each flag, flag 1 first (R47)."""
        return FRONTS2 if self.players == 2 else FRONTS3

    def next_seat(self, seat: str) -> str:
        """Who moves after `seat` (R48: clockwise for three)."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def to_dict(self) -> RulesData:
        out: RulesData = {"tactics": self.tactics, "claim_timing": self.claim_timing}
        if self.players != 2:  # a two-player file stays exactly as it always was
            out["players"] = self.players
        return out

    @staticmethod
    def from_dict(data: Any, where: str = "rules") -> Rules:
        if not isinstance(data, dict):
            raise NotationError(f"{where}: expected an object")
        unknown = set(data) - {"tactics", "claim_timing", "players"}
        if unknown:
            raise NotationError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        players = data.get("players", 2)
        if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3):
            raise NotationError(f"{where}.players: expected 2 or 3")
        tactics = data.get("tactics", players == 2)
        timing = data.get("claim_timing", "standard")
        if not isinstance(tactics, bool):
            raise NotationError(f"{where}.tactics: expected true or false")
        if players == 3 and tactics:
            raise NotationError(f"{where}.tactics: the three-player game is played without tactics (R46)")
        if not isinstance(timing, str) or timing not in CLAIM_TIMINGS:
            raise NotationError(f"{where}.claim_timing: expected one of {', '.join(CLAIM_TIMINGS)}")
        return Rules(tactics, timing, players)


def seat_list(seats: tuple[str, ...]) -> str:
    """The seats quoted for an error message: "north" or "south"; "south", "west" or "east"."""
    quoted = [f'"{s}"' for s in seats]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def check_seat(value: Any, where: str, seats: tuple[str, ...] = SEATS) -> str:
    if not isinstance(value, str) or value not in seats:  # a list or dict is unhashable: no TypeError
        raise NotationError(f"{where}: expected {seat_list(seats)}")
    return str(value)
