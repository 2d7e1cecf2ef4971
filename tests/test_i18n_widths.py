"""No text overflows its box on any screen in any language (issue 6).

Every scene the screenshot command knows (menus, the board in every tactics flow, overlays, LAN,
replays, statistics, the tutorial, large text and high contrast) is drawn in each language while
`game.ui.text` records every fitted line and wrapped line still wider than its box at its smallest size.
"""

from __future__ import annotations

import pygame
import pytest

from app import screenshot
from game.i18n import LANGUAGES
from game.ui import text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_text_overflows_its_box_on_any_screen(lang: str) -> None:
    too_wide: dict[tuple[str, int], set[str]] = {}
    for scene in screenshot.SCENES:  # each rendered by its own app, in `lang`
        with text.watch_overflow() as overflows:
            screenshot.render(scene, lang=lang)
        for words, width, drawn in overflows:
            too_wide.setdefault((f"{words!r} is {drawn} px", width), set()).add(scene)
    assert not too_wide, "; ".join(f"{w} in a {box} px box on {sorted(s)}" for (w, box), s in too_wide.items())


def test_the_width_check_catches_a_word_longer_than_its_box() -> None:
    """The recorder itself: a long word in a narrow box is reported, a probe and a fitting line are not."""
    pygame.font.init()
    with text.watch_overflow() as overflows:
        text.wrap("Hüpaszpisztészek", 28, 60, "bold", probe=True)
        text.fitted("Flag", 28, 400)
        assert overflows == []
        text.wrap("Hüpaszpisztészek és", 28, 60, "bold")
        text.fitted("Hüpaszpisztészek", 28, 60)
    assert [(w, box) for w, box, drawn in overflows if drawn > box] == [("Hüpaszpisztészek", 60)] * 2
    assert text.OVERFLOWS is None, "nothing is measured outside the check"
