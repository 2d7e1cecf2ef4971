"""The ten tactics' emblems are drawn in the troops' hand (issue 59, item 3): each has form (its details in the
middle tone and the light over the dark ink, like a troop figure), fills its box so it reads on the far front's
84 px card, and no two are alike there."""

from __future__ import annotations

import pygame
import pytest

from engine.cards import TACTICS
from game.ui import figures

INK, LIGHT, MID = (200, 60, 110), (30, 34, 60), (110, 50, 90)
SMALL = 50  # about the picture's side on the 84 px card


def _count(pic: pygame.Surface, colour: tuple[int, int, int]) -> int:
    w, h = pic.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if (c := pic.get_at((x, y))).a > 250 and max(abs(c[i] - colour[i]) for i in range(3)) < 12)


def _mask(subject: str, size: int) -> set[tuple[int, int]]:
    pic = figures.render(subject, size, INK, LIGHT, MID)
    return {(x, y) for x in range(size) for y in range(size) if pic.get_at((x, y)).a > 128}


@pytest.mark.parametrize("tactic", TACTICS)
def test_an_emblem_has_form_in_three_tones(tactic: str) -> None:
    """Ink for the body, the middle tone for its parts, the light for what catches it: not a flat glyph."""
    pygame.init()
    pic = figures.render(tactic, 120, INK, LIGHT, MID)
    counts = {name: _count(pic, colour) for name, colour in (("ink", INK), ("mid", MID), ("light", LIGHT))}
    assert counts["ink"] > 1200, f"{tactic}: {counts}"
    assert counts["mid"] > 120 and counts["light"] > 40, f"{tactic}: {counts}"


@pytest.mark.parametrize("tactic", TACTICS)
def test_an_emblem_fills_its_box_on_the_far_front(tactic: str) -> None:
    """On the 84 px card the picture is about 50 px: the emblem must span most of it, not stand small in it."""
    pygame.init()
    mask = _mask(tactic, SMALL)
    xs, ys = [x for x, _ in mask], [y for _, y in mask]
    assert max(xs) - min(xs) >= SMALL * 0.7 and max(ys) - min(ys) >= SMALL * 0.7, tactic
    assert len(mask) > SMALL * SMALL * 0.2, f"{tactic}: {len(mask)} pixels of {SMALL * SMALL}"


def _tones(subject: str) -> list[int]:
    """Each pixel of the small picture as 0 (empty) or its brightest channel (which of the tones it is)."""
    pic = figures.render(subject, SMALL, INK, LIGHT, MID)
    return [max(c[:3]) // 40 if (c := pic.get_at((x, y))).a > 128 else -1 for x in range(SMALL) for y in range(SMALL)]


def test_no_two_emblems_look_alike_on_the_far_front() -> None:
    """Two kings on coins share an outline, so compare the pictures tone by tone: a sixth must differ."""
    pygame.init()
    pictures = {t: _tones(t) for t in TACTICS}
    for i, a in enumerate(TACTICS):
        for b in TACTICS[i + 1:]:
            shown = [k for k in range(SMALL * SMALL) if pictures[a][k] >= 0 or pictures[b][k] >= 0]
            differ = sum(pictures[a][k] != pictures[b][k] for k in shown) / len(shown)
            assert differ > 0.15, f"{a} and {b}: only {differ:.0%} of the picture differs"
