"""What the board shows of the table, as one value: the view from one seat, the geometry it is laid out in, the
names and formation labels said over it, and the model's version of that view (game.play.board_model).

The board makes a new `Shown` each time it is given a new view (BoardScene.refresh) and never changes one, so
a layer drawn from a `Shown` (scenes.board_still) is drawn again exactly when its `version` differs. It answers
the seating questions every layer asks: which two seats fight at a flag (R47), where a seat's cards lie, who
faces whom, where a pennant stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import OTHER
from engine.notation_types import View
from game.ui import art, layout


@dataclass(frozen=True, eq=False)
class Shown:
    """One view of the table from `viewer`'s side, laid out in `geo` (read-only: the next view is a new one)."""

    view: View
    viewer: str
    geo: layout.Duel
    version: int  # the model's version of this view (BoardModel.version): a layer drawn from it stays right
    names: dict[str, str] = field(default_factory=dict)  # the players' names as drawn
    labels: dict[tuple[int, str], str | None] = field(default_factory=dict)  # (flag, seat): its formation's name

    @property
    def seats(self) -> tuple[str, ...]:
        """The game's seats: north and south, or south, west and east (R46)."""
        return tuple(self.view["hand_sizes"])

    @property
    def three(self) -> bool:
        return len(self.view["hand_sizes"]) == 3

    def flag_seats(self, n: int) -> tuple[str, ...]:
        """The two seats that fight at flag `n` (R47), the viewer's opponent first where the viewer is one."""
        flag = self.view["flags"][n - 1]
        seats = [s for s in flag if s in self.view["hand_sizes"]]
        return tuple(sorted(seats, key=lambda s: s == self.viewer))

    def foe(self, seat: str, n: int | None = None) -> str:
        """Who `seat` faces at flag `n` (for two players, at every flag)."""
        if not self.three:
            return OTHER[seat]
        if n is None:
            raise ValueError("three players: the opponent depends on the flag")
        return next(s for s in self.flag_seats(n) if s != seat)

    def opponents(self) -> tuple[str, ...]:
        """The other seats, left one first (R47: the left front's opponent, then the right front's)."""
        if not self.three:
            return (OTHER[self.viewer],)
        geo = self.geo
        return (geo.left, geo.right) if isinstance(geo, layout.Line3) else ()

    def backs_key(self, seat: str) -> str:
        """The rects key of `seat`'s hand backs: "back" at the bottom of a screen with no hand, "opp" across
        the table, "opp-west" and "opp-east" for the two opponents of the three-player game."""
        if seat == self.viewer:
            return "back"
        return f"opp-{seat}" if self.three else "opp"

    def opp_tactics(self) -> int:
        """How many tactics cards the opponent holds: public (R45), 0 where a view does not say."""
        if self.three:  # R46: no tactics in the three-player game
            return 0
        return int(self.view.get("hand_tactics", {}).get(OTHER[self.viewer], 0))

    def tint(self, seat: str) -> tuple[int, int, int]:
        """A player's colour for the whole game (south amber, north blue), whichever side they sit on now."""
        return art.SEAT_COLOURS.get(seat, art.SEAT_TINT["top"])

    def side_of(self, seat: str, n: int | None = None) -> str:
        """Where `seat`'s cards lie (at flag `n`): "bottom", "top", or "left"/"right" on the far front."""
        return self.geo.side_for(seat, n)

    def pennant_shift(self, flag: dict[str, Any]) -> int:
        """How far flag `flag`'s pennant stands from the middle: toward the side that claimed it."""
        owner = flag["claimed"]
        if owner is None:
            return 0
        if self.viewer not in flag and isinstance(self.geo, layout.Line3):  # the far front: sideways, a little
            return -layout.FAR_SHIFT if owner == self.geo.left else layout.FAR_SHIFT
        return layout.CLAIM_SHIFT if owner == self.viewer else -layout.CLAIM_SHIFT

    def claim_shift(self, seat: str, n: int) -> int:
        """Where flag `n`'s pennant ends when `seat` claims it."""
        return self.pennant_shift({**self.view["flags"][n - 1], "claimed": seat})
