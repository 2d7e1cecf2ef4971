"""No text overflows its box or runs into other text, on any screen in any language (issues 6 and 46): the check
shared by tests/test_i18n_widths*.py.

Every scene the screenshot command knows (menus, the board in every tactics flow, overlays, LAN, replays,
statistics, the tutorial) is drawn while `game.ui.text` records every fitted line and wrapped line still wider than
its box at its smallest size, and tests/text_boxes records where each line of text lands: two lines whose letters
touch, a line cut at the edge of the card or panel it is drawn on, or one touching the screen's edge fail. At
large text in high contrast every screen is drawn in Chinese and in Hungarian, and in one of the other languages
by turns (so each is seen on a quarter of the screens), to keep the time.

The work is shared out over three test files because pytest-xdist's `--dist loadfile` (the README's test command)
gives a file to one worker: as one file it was the suite's longest path by far.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import text_boxes

from game.i18n import LANGUAGES
from game.ui import text
from tools.workshop import screenshot

#: each file's languages at normal size, and its samples at large text in high contrast (zh, hu, or "others")
SHARES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "test_i18n_widths": (("hu", "cs", "ro"), ()),
    "test_i18n_widths_zh": (("es", "zh"), ("zh",)),
    "test_i18n_widths_large": (("en",), ("hu", "others")),
}
LARGE_SAMPLES = ("zh", "hu", "others")


def look_at(scenes: list[tuple[str, str]], **settings: Any) -> list[str]:
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


def every_screen(lang: str) -> list[str]:
    """What the check finds on every screen in `lang` at the default text size."""
    return look_at([(scene, lang) for scene in screenshot.SCENES])


def every_screen_large(sample: str) -> list[str]:
    """What it finds on every screen at large text in high contrast, in `sample` (or the others by turns)."""
    scenes = list(screenshot.SCENES)
    others = [lang for lang in LANGUAGES if lang not in ("zh", "hu")]
    pairs = [(scene, sample if sample != "others" else others[i % len(others)]) for i, scene in enumerate(scenes)]
    return look_at(pairs, text_size="large", high_contrast=True)


def share_tests(name: str) -> tuple[Callable[[str], None], Callable[[str], None]]:
    """The two tests of file `name`, over its share: every screen in each of its languages at the default size, and
    at large text in high contrast in each of its samples."""
    normal, large = SHARES[name]

    @pytest.mark.parametrize("lang", normal)
    def overflows(lang: str) -> None:
        found = every_screen(lang)
        assert not found, "\n".join(found)

    @pytest.mark.parametrize("sample", large)
    def collides(sample: str) -> None:
        found = every_screen_large(sample)
        assert not found, "\n".join(found)

    return overflows, collides
