"""No text overflows its box or runs into other text, on any screen in any language (issues 6 and 46).

Every scene the screenshot command knows (menus, the board in every tactics flow, overlays, LAN,
replays, statistics, the tutorial) is drawn in each language while `game.ui.text` records every fitted line and
wrapped line still wider than its box at its smallest size, and tests/text_boxes records where each line of
text lands: two lines whose letters touch, a line cut at the edge of the card or panel it is drawn on, or one
touching the screen's edge fail. At large text in high contrast every screen is drawn in Chinese and in
Hungarian, and in one of the other languages by turns.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
import text_boxes

from game.i18n import LANGUAGES
from game.ui import text
from tools.workshop import screenshot


def _look_at(scenes: list[tuple[str, str]], **settings: Any) -> list[str]:
    """Each (scene, language) drawn while text.watch_overflow and tests/text_boxes record: what they found."""
    found: dict[str, set[str]] = {}
    with text_boxes.recording() as record:
        for scene, lang in scenes:  # each rendered by its own app, in `lang`
            with text.watch_overflow() as overflows, screenshot.staged(scene, lang=lang, **settings) as app:
                app.draw(app.screen)
                problems = text_boxes.collisions(app.screen)
            problems += [f"{words!r} is {drawn} px in a {width} px box" for words, width, drawn in overflows]
            problems += [f"{words!r} is cut at the edge of what it is drawn on" for words in record.cut]
            record.cut.clear()
            for problem in problems:
                found.setdefault(problem, set()).add(f"{scene} ({lang})")
    return [f"{problem} on {sorted(where)[:4]}" for problem, where in sorted(found.items())]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_text_overflows_its_box_or_runs_into_other_text_on_any_screen(lang: str) -> None:
    found = _look_at([(scene, lang) for scene in screenshot.SCENES])
    assert not found, "\n".join(found)


#: large text and high contrast: every screen in the two languages whose words run longest and tallest, and
#: in one of the other four by turns (so each language is seen on a quarter of the screens), to keep the time
@pytest.mark.parametrize("sample", ["zh", "hu", "others"])
def test_no_text_collides_at_large_text_in_high_contrast(sample: str) -> None:
    scenes = list(screenshot.SCENES)
    others = [lang for lang in LANGUAGES if lang not in ("zh", "hu")]
    pairs = [(scene, sample if sample != "others" else others[i % len(others)]) for i, scene in enumerate(scenes)]
    found = _look_at(pairs, text_size="large", high_contrast=True)
    assert not found, "\n".join(found)


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
