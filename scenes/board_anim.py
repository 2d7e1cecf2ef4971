"""The board's animations. They only move pictures toward a model that has already changed.

A card in flight hides its resting place (`hides`) until it lands, so the picture never shows a
card twice. With animation speed "off" nothing is queued and the board is always at rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import card_art
from game.ui.effects import Finale as Confetti  # the end effect: once confetti, now by kind of ending
from game.ui.tween import ease_in_out, ease_out_cubic, lerp, lerp_point, shake

Key = tuple[Any, ...]


@dataclass
class Flight:
    card: str  # a card, or "back:troops" / "back:tactics" for a hidden card
    src: pygame.Rect
    dst: pygame.Rect
    start: float
    duration: float
    size: str = "table"
    flip_from: str | None = None  # deck name: the card turns face up on the way
    hides: Key | None = None

    def done(self, now: float) -> bool:
        return now >= self.start + self.duration

    def draw(self, surface: pygame.Surface, now: float) -> None:
        if now < self.start:
            return
        t = ease_out_cubic(min(1.0, (now - self.start) / self.duration))
        pos = lerp_point(self.src.center, self.dst.center, t)
        if self.card.startswith("back:"):
            img = card_art.back(self.card[5:], self.size)
        elif self.flip_from is not None:
            img = card_art.flipped(self.card, self.size, self.flip_from, min(8, int(t * 9)))
        else:
            img = card_art.face(self.card, self.size)
        # a lifted card casts a shadow that shrinks as it lands
        lift = 1 - abs(2 * t - 1)
        shadow = pygame.Rect(0, 0, img.get_width(), img.get_height())
        shadow.center = (pos[0] + int(10 * lift), pos[1] + int(14 * lift))
        surface.blit(_shadow(shadow.size), shadow)
        surface.blit(img, img.get_rect(center=pos))


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def _shadow(size: tuple[int, int]) -> pygame.Surface:
    if size not in _SHADOWS:
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, (0, 0, 0, 90), s.get_rect(), border_radius=12)
        _SHADOWS[size] = s
    return _SHADOWS[size]


@dataclass
class Slide:
    """A claimed flag's pennant moving to its owner's side."""

    flag: int
    shift: int
    start: float
    duration: float

    def offset(self, now: float) -> int:
        t = ease_in_out(min(1.0, max(0.0, (now - self.start) / self.duration)))
        return round(lerp(0, self.shift, t))

    def wave(self, now: float) -> float | None:
        """The cloth's ripple phase while the standard moves (None before it starts)."""
        return None if now < self.start else (now - self.start) * 2.0

    def done(self, now: float) -> bool:
        return now >= self.start + self.duration


@dataclass
class Shake:
    key: Key
    start: float
    duration: float = 0.35

    def done(self, now: float) -> bool:
        return now >= self.start + self.duration


class Animator:
    """Queues animations one after another so a person can follow each move."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.slides: list[Slide] = []
        self.shakes: list[Shake] = []
        self.confetti: Confetti | None = None  # the end of the game (game.ui.effects)
        self.cursor = 0.0

    def slot_start(self, now: float, duration: float, overlap: float = 0.35) -> float:
        start = max(now, self.cursor)
        self.cursor = start + duration * (1 - overlap)
        return start

    def busy(self, now: float) -> bool:
        return bool(self.flights or self.slides)

    def update(self, now: float) -> bool:
        """Drop finished animations; True if the set of hidden things changed."""
        before = len(self.flights) + len(self.slides)
        self.flights = [f for f in self.flights if not f.done(now)]
        self.slides = [s for s in self.slides if not s.done(now)]
        self.shakes = [s for s in self.shakes if not s.done(now)]
        if self.confetti is not None and self.confetti.done(now):
            self.confetti = None
        return before != len(self.flights) + len(self.slides)

    def hidden(self) -> set[Key]:
        out: set[Key] = {f.hides for f in self.flights if f.hides is not None}
        out |= {("pennant", s.flag) for s in self.slides}
        return out

    def shake_offset(self, key: Key, now: float) -> int:
        for s in self.shakes:
            if s.key == key:
                return shake(min(1.0, (now - s.start) / s.duration))
        return 0

    def shaking(self, now: float) -> dict[Key, int]:
        """The sideways offset now of each thing shaking (the first shake of each, as `shake_offset`), the still
        ones left out: one pass over the shakes, none over the things that could shake."""
        out: dict[Key, int] = {}
        for s in self.shakes:
            if s.key not in out:
                out[s.key] = shake(min(1.0, (now - s.start) / s.duration))
        return {key: dx for key, dx in out.items() if dx}

    def clear(self) -> None:
        self.flights.clear()
        self.slides.clear()
        self.shakes.clear()
        self.cursor = 0.0
