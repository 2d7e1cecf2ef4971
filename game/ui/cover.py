"""What may cover what (issue 46), in one place.

A screen says what must stay in sight (`keep`: the cards and flags the player is choosing among, the card a
message names, a player's name) and where each overlay went (`overlay`: the card preview, a banner, a panel).
An overlay is placed by `place`, which tries its places in order and takes the first that covers nothing kept;
where every place would cover something it is not shown (`place` returns None) unless the caller has a
place of last resort. A test records every frame (`watch`) and checks that no overlay covers a kept rectangle.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

SCREEN = pygame.Rect(0, 0, 1920, 1080)


@dataclass
class Frame:
    """One frame's record: what had to stay in sight and what was drawn over the screen, both as (why, rect)."""

    kept: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    overlays: list[tuple[str, pygame.Rect]] = field(default_factory=list)

    def clashes(self) -> list[str]:
        """Each overlay over a kept rectangle, in words (empty: the rule holds)."""
        return [f"{what} {tuple(box)} covers {why} {tuple(rect)}" for what, box in self.overlays
                for why, rect in self.kept if box.colliderect(rect)]


#: the frame being recorded; None outside a test, so a frame pays nothing for the rule's record
RECORD: Frame | None = None


@contextmanager
def watch() -> Iterator[Frame]:
    """Record what every frame drawn inside the block kept and laid over it."""
    global RECORD
    RECORD = Frame()
    try:
        yield RECORD
    finally:
        RECORD = None


def keep(why: str, rects: Iterable[pygame.Rect | None]) -> list[pygame.Rect]:
    """Rectangles that must stay in sight this frame (recorded in a test); returns them without the Nones."""
    out = [pygame.Rect(r) for r in rects if r is not None]
    if RECORD is not None:
        RECORD.kept += [(why, r) for r in out]
    return out


def overlay(what: str, rect: pygame.Rect) -> pygame.Rect:
    """An overlay was drawn at `rect` (recorded in a test)."""
    if RECORD is not None:
        RECORD.overlays.append((what, pygame.Rect(rect)))
    return rect


def covered(box: pygame.Rect, kept: Iterable[pygame.Rect]) -> int:
    """How many pixels of kept rectangles `box` would hide."""
    return sum(box.clip(r).width * box.clip(r).height for r in kept)


def place(tries: Iterable[pygame.Rect], kept: list[pygame.Rect], bounds: pygame.Rect = SCREEN) -> pygame.Rect | None:
    """The first of `tries` (each clamped into `bounds`) that covers nothing kept; None when each would."""
    for box in tries:
        box = box.clamp(bounds)
        if box.collidelist(kept) < 0:
            return box
    return None


def beside(size: tuple[int, int], anchor: pygame.Rect, gap: int = 16) -> list[pygame.Rect]:
    """Boxes of `size` around `anchor`: above, below, right, left (nearest first), then the screen's corners and
    edges' middles, for a preview that has to go farther from its card."""
    w, h = size
    out = [pygame.Rect(0, 0, w, h) for _ in range(4)]
    out[0].midbottom = (anchor.centerx, anchor.top - gap)
    out[1].midtop = (anchor.centerx, anchor.bottom + gap)
    out[2].midleft = (anchor.right + gap, anchor.centery)
    out[3].midright = (anchor.left - gap, anchor.centery)
    order = [0, 2, 3, 1] if anchor.centery > SCREEN.centery else [1, 2, 3, 0]  # low on the screen: above first
    far = []
    for x in (SCREEN.left + 8, SCREEN.centerx - w // 2, SCREEN.right - 8 - w):
        for y in (SCREEN.top + 8, SCREEN.centery - h // 2, SCREEN.bottom - 8 - h):
            far.append(pygame.Rect(x, y, w, h))
    far.sort(key=lambda r: (r.centerx - anchor.centerx) ** 2 + (r.centery - anchor.centery) ** 2)
    return [out[i] for i in order] + far


def bands(heights: Mapping[int, int], rows: Sequence[int], area: pygame.Rect) -> list[pygame.Rect]:
    """Places for a banner, best first: for each width (widest first; `heights` gives each its height), centred
    on each row in turn (the row's middle y), across `area`, then at its left and its right. A narrower banner
    stands beside what it names instead of over it (issue 59)."""
    out = []
    for w, h in heights.items():
        for y in rows:
            box = pygame.Rect(0, 0, min(w, area.width), h)
            box.center = (area.centerx, y)
            out.append(box.clamp(area))
            if box.width < area.width:
                out += [box.move(area.left - box.left, 0).clamp(area), box.move(area.right - box.right, 0).clamp(area)]
    return out
