"""The line of flags drawn from what it shows: the rings on the flags that can be claimed now, the marks where
the other side's last turn left its cards, and at the end the winner's pennants lit (a dusk where the game was
lost here). The board makes a `FlagLine` value each frame from its model (scenes.board_hud.flag_line_of);
`FlagLineView` draws it at its three depths (the claims under the flights, the marks over them, the victory over
the words) and keeps the rings it worked out for one value, so a still frame lays out nothing again."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import art, effects
from game.ui.tween import pulse

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class FlagLine:
    """What the line of flags shows over the still layer: the claimable flags' pennants, each turn's marked places
    in that player's colour, and the winner's pennants (`won`, only with a winner; `quiet` where the game was lost
    here: no pulse, a dusk)."""

    claims: tuple[pygame.Rect, ...] = ()
    marks: tuple[tuple[Colour, tuple[pygame.Rect, ...]], ...] = ()
    won: tuple[pygame.Rect, ...] = ()
    over: bool = False  # a winner: the victory is drawn
    quiet: bool = False


@dataclass(frozen=True)
class _Rings:
    """One value's rectangles as drawn: the claim rings, the marks' rings with their colours, the won glows."""

    claims: tuple[pygame.Rect, ...]
    marks: tuple[tuple[Colour, pygame.Rect, pygame.Rect], ...]  # colour, glow, ring
    won: tuple[pygame.Rect, ...]


class FlagLineView:
    """Draws a `FlagLine`; where its rings go is worked out once per value (another value, another layout)."""

    def __init__(self) -> None:
        self.shown: tuple[FlagLine, _Rings] | None = None
        self.laid = 0  # how many values were laid out (a still frame adds none: tests read it)

    def rings(self, line: FlagLine) -> _Rings:
        """The rectangles `line` is drawn with, kept while the value is the same."""
        if self.shown is None or self.shown[0] != line:
            self.laid += 1
            rings = _Rings(tuple(r.inflate(24, 12) for r in line.claims),
                           tuple((colour, r, r.inflate(8, 8)) for colour, rects in line.marks for r in rects),
                           tuple(r.inflate(30, 16) for r in line.won))
            self.shown = (line, rings)
        return self.shown[1]

    def draw_claims(self, surface: pygame.Surface, line: FlagLine, now: float) -> None:
        """The flags that can be claimed now: a green glow and ring round each pennant, pulsing."""
        strength = 0.55 + 0.45 * pulse(now, 1.4)
        for r in self.rings(line).claims:
            art.blit_glow(surface, r, art.GOOD, strength, spread=26)
            pygame.draw.rect(surface, art.GOOD, r, 4, border_radius=14)

    def draw_marks(self, surface: pygame.Surface, line: FlagLine) -> None:
        """Where the last turns left their cards: ringed in each player's colour until the player here acts."""
        for colour, glow, ring in self.rings(line).marks:
            art.blit_glow(surface, glow, colour, 0.7, spread=10)
            pygame.draw.rect(surface, colour, ring, 4, border_radius=12)

    def draw_victory(self, surface: pygame.Surface, line: FlagLine, now: float) -> list[pygame.Rect]:
        """The winner's pennants lit (pulsing where the game was won here, under a dusk where it was lost);
        returns the pennants, where the finale's confetti starts."""
        if not line.over:
            return []
        if line.quiet:
            effects.dusk(surface)
        strength = 0.4 if line.quiet else 0.5 + 0.5 * pulse(now, 1.0)
        for r in self.rings(line).won:
            art.blit_glow(surface, r, art.HILITE, strength, spread=26)
        return list(line.won)
