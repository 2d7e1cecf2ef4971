"""A short caption wrapped in two lines reads as two halves: `game.ui.text.balanced` keeps `wrap`'s number of
lines and evens them out, where `wrap` fills the first line and leaves the last word alone on the second
(the table lobby's "Or a phone: scan the code, or open this / address" at 1280x720)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.text import balanced, font_for, wrap

CAPTION = "Or a phone: scan the code, or open this address"


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def widths(lines: list[str], size: int) -> list[int]:
    return [font_for(line, size, "regular").size(line)[0] for line in lines]


@pytest.mark.parametrize("width", [300, 420, 520, 700])
def test_a_balanced_caption_keeps_the_lines_of_wrap_and_evens_them(width: int) -> None:
    plain, even = wrap(CAPTION, 24, width), balanced(CAPTION, 24, width)
    assert len(even) == len(plain) and " ".join(even).split() == CAPTION.split()
    assert max(widths(even, 24)) <= width
    assert max(widths(even, 24)) <= max(widths(plain, 24))


def test_a_caption_in_two_lines_leaves_no_word_alone() -> None:
    width = font_for(CAPTION, 24, "regular").size(CAPTION.removesuffix(" address"))[0] + 10  # wrap's orphan
    assert wrap(CAPTION, 24, width)[-1] == "address"
    even = balanced(CAPTION, 24, width)
    assert len(even) == 2 and len(even[-1].split()) >= 3, even
    short, long = sorted(widths(even, 24))
    assert long - short < long // 2, even  # two halves, not a line and a word


def test_one_line_stays_one_line() -> None:
    assert balanced("Join code", 24, 600) == ["Join code"]
