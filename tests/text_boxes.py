"""Where every line of text lands on the screen: the recorder behind the text-collision test (issue 46).

While `recording()` runs, every surface made with `pygame.Surface(...)` is a `Recorder`: it remembers the
lines of text blitted onto it (each line is a surface made by game.ui.text, known by its id) as the rectangle
of its ink, carries them along when it is itself blitted (at an offset, through `area`) or copied, and
forgets a line once something opaque is drawn over most of it. On the final screen, two different lines whose
ink pixels touch collide, and a line whose ink was clipped by the edge of the surface it was drawn on is cut.
The game's code is not changed for this: only `pygame.Surface`, `pygame.draw.rect` and the text cache are
swapped for the block.
"""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import text as text_module

OPAQUE = 230  # alpha from which a layer hides what is under it (a see-through panel does not)
HIDDEN = 0.6  # share of a line's ink box covered before the line counts as hidden


@dataclass
class Line:
    words: str
    ink: pygame.Rect  # in the coordinates of the surface it is on
    image: pygame.Surface  # the rendered line (its mask decides a collision)
    offset: tuple[int, int]  # where the image's top-left is on that surface
    covered: list[pygame.Rect] = field(default_factory=list)  # parts since hidden under something opaque


@dataclass
class Record:
    """What one recording saw: text known by surface id, lines carried by plain copies, and lines cut."""

    texts: dict[int, tuple[pygame.Surface, str]] = field(default_factory=dict)
    carried: dict[int, tuple[pygame.Surface, list[Line]]] = field(default_factory=dict)
    cut: set[str] = field(default_factory=set)


RECORD: Record | None = None
_PLAIN = pygame.Surface
_DRAW_RECT = pygame.draw.rect


def lines_of(surface: Any) -> list[Line]:
    if isinstance(surface, Recorder):
        return surface.lines
    if RECORD is not None and id(surface) in RECORD.carried:
        return RECORD.carried[id(surface)][1]
    return []


def _opaque_share(source: pygame.Surface, area: pygame.Rect, dest: pygame.Rect, box: pygame.Rect,
                  cache: dict[str, Any]) -> float:
    """How much of `box` (target coordinates) the opaque pixels of `source` (its `area`, put at `dest`) cover."""
    part = box.clip(dest)
    if part.width <= 0 or part.height <= 0 or box.width * box.height == 0:
        return 0.0
    alpha = source.get_alpha()
    if alpha is not None and alpha < OPAQUE:  # a layer faded as a whole shows what is under it
        return 0.0
    if source.get_flags() & pygame.SRCALPHA == 0 and source.get_colorkey() is None:
        covered = part.width * part.height
    else:
        if "mask" not in cache:
            cache["mask"] = pygame.mask.from_surface(source, OPAQUE)
        probe = pygame.mask.Mask(part.size, fill=True)
        covered = cache["mask"].overlap_area(probe, (part.x - dest.x + area.x, part.y - dest.y + area.y))
    return covered / (box.width * box.height)


class Recorder(_PLAIN):
    """A surface that keeps the lines of text on it (see the module's docstring)."""

    @property
    def lines(self) -> list[Line]:
        """(A copy made by pygame itself is a Recorder whose __init__ never ran: the list starts empty.)"""
        if "_lines" not in self.__dict__:
            self.__dict__["_lines"] = []
        return self.__dict__["_lines"]

    @lines.setter
    def lines(self, value: list[Line]) -> None:
        self.__dict__["_lines"] = value

    def _hide(self, source: pygame.Surface | None, area: pygame.Rect, dest: pygame.Rect) -> None:
        cache: dict[str, Any] = {}
        keep = []
        for line in self.lines:
            if not line.ink.colliderect(dest):
                keep.append(line)
                continue
            part = line.ink.clip(dest)
            if source is None:  # a fill or a filled rectangle of an opaque colour
                share, part_share = part.width * part.height / (line.ink.width * line.ink.height), 1.0
            else:
                share = _opaque_share(source, area, dest, line.ink, cache)
                part_share = _opaque_share(source, area, dest, part, cache)
            if share < HIDDEN:
                if part_share >= HIDDEN:  # a card laid over part of the line: that part is no longer seen
                    line.covered.append(part)
                keep.append(line)
        self.lines = keep

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        if RECORD is None:
            return drawn
        pos = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
        area = pygame.Rect(area) if area is not None else source.get_rect()
        area = area.clip(source.get_rect())
        put = pygame.Rect(pos, area.size)
        if special_flags == 0:
            self._hide(source, area, put)
        known = RECORD.texts.get(id(source))
        if known is not None and known[0] is source:
            ink = source.get_bounding_rect().clip(area)
            if ink.width and ink.height:
                ink.move_ip(pos[0] - area.x, pos[1] - area.y)
                inside = ink.clip(self.get_clip())
                if inside.size != ink.size:
                    RECORD.cut.add(known[1])
                self.lines.append(Line(known[1], inside, source, (pos[0] - area.x, pos[1] - area.y)))
            return drawn
        for line in lines_of(source):
            ink = line.ink.clip(area)
            if ink.width and ink.height:
                ink.move_ip(pos[0] - area.x, pos[1] - area.y)
                inside = ink.clip(self.get_clip())
                if inside.size != ink.size and ink.width * ink.height > 0:
                    RECORD.cut.add(line.words)
                shift = (pos[0] - area.x, pos[1] - area.y)
                self.lines.append(Line(line.words, inside, line.image,
                                       (line.offset[0] + shift[0], line.offset[1] + shift[1]),
                                       [r.move(shift) for r in line.covered]))
        return drawn

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        drawn = super().fill(color, rect, special_flags)
        colour = pygame.Color(color) if not isinstance(color, int) else pygame.Color(255, 255, 255)
        if RECORD is not None and special_flags == 0 and colour.a >= OPAQUE:
            self._hide(None, pygame.Rect(0, 0, 0, 0), drawn)
        return drawn

    def _carry(self, out: pygame.Surface) -> pygame.Surface:
        """A copy keeps the lines (pygame makes it a Recorder too, or a plain surface remembered by id)."""
        if isinstance(out, Recorder):
            out.lines = list(self.lines)
        elif RECORD is not None:
            RECORD.carried[id(out)] = (out, list(self.lines))
        return out

    def copy(self) -> pygame.Surface:
        return self._carry(super().copy())

    def convert(self, *args: Any) -> pygame.Surface:
        return self._carry(super().convert(*args))

    def convert_alpha(self, *args: Any) -> pygame.Surface:
        return self._carry(super().convert_alpha(*args))


def _draw_rect(surface: Any, color: Any, rect: Any, width: int = 0, *args: Any, **kwargs: Any) -> pygame.Rect:
    drawn = _DRAW_RECT(surface, color, rect, width, *args, **kwargs)
    if isinstance(surface, Recorder) and width == 0 and RECORD is not None:
        colour = pygame.Color(color) if not isinstance(color, int) else pygame.Color(255, 255, 255)
        if colour.a >= OPAQUE and surface.get_flags() & pygame.SRCALPHA == 0:
            surface._hide(None, pygame.Rect(0, 0, 0, 0), drawn)
    return drawn


def _clear_caches() -> None:
    """Composed pictures cached before the block hold no record of their words: they are drawn again."""
    for obj in gc.get_objects():
        # type(), not isinstance(): isinstance asks a dead weakref.proxy for its class and raises ReferenceError
        if type(obj) is functools._lru_cache_wrapper:
            module = getattr(obj, "__module__", "") or ""
            if module.startswith(("game.", "scenes.", "app.")):
                obj.cache_clear()


@contextmanager
def recording() -> Iterator[Record]:
    """Swap in the recorders for the block (see the module's docstring)."""
    global RECORD
    original = text_module._text
    record = Record()

    def _text(*args: Any) -> pygame.Surface:
        img = original(*args)
        record.texts[id(img)] = (img, args[0])
        return img

    _clear_caches()
    RECORD = record
    pygame.Surface = Recorder  # type: ignore[misc]
    pygame.draw.rect = _draw_rect
    text_module._text = _text  # type: ignore[assignment]
    try:
        yield record
    finally:
        RECORD = None
        pygame.Surface = _PLAIN  # type: ignore[misc]
        pygame.draw.rect = _DRAW_RECT
        text_module._text = original
        _clear_caches()  # nothing recorded outlives the block
        sys.modules.get("gc", gc).collect()


def collisions(screen: Any, edge: int = 3) -> list[str]:
    """Lines on `screen` whose ink pixels touch another line's, or that come within `edge` px of its border."""
    lines = [line for line in lines_of(screen) if line.words.strip()]
    out: set[str] = set()
    masks: dict[int, pygame.mask.Mask] = {}

    def mask(line: Line) -> pygame.mask.Mask:
        """The line's ink as seen: its glyphs, less the parts something opaque was laid over."""
        if id(line) not in masks:
            seen = pygame.mask.from_surface(line.image, 100)
            for rect in line.covered:
                seen.erase(pygame.mask.Mask(rect.size, fill=True), (rect.x - line.offset[0], rect.y - line.offset[1]))
            masks[id(line)] = seen
        return masks[id(line)]

    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            if a.words == b.words or not a.ink.colliderect(b.ink):
                continue  # the same words twice is a shadow under its line
            if mask(a).overlap(mask(b), (b.offset[0] - a.offset[0], b.offset[1] - a.offset[1])) is not None:
                out.add(f"{a.words!r} runs into {b.words!r}")
    bounds = screen.get_rect().inflate(-2 * edge, -2 * edge)
    out.update(f"{line.words!r} touches the screen's edge" for line in lines if not bounds.contains(line.ink))
    return sorted(out)
