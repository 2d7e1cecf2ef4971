"""No text overflows its box or runs into other text on any screen (tests/text_widths.py): Hungarian, Czech and
Romanian at the default size; the recorder itself; and every language in some file's share."""

from __future__ import annotations

from pathlib import Path

import pygame
from text_widths import LARGE_SAMPLES, SHARES, share_tests

from game.i18n import LANGUAGES
from game.ui import text

test_no_text_overflows_its_box_or_runs_into_other_text_on_any_screen, _ = share_tests("test_i18n_widths")


def test_every_language_and_large_sample_is_in_one_files_share() -> None:
    normal = [lang for langs, _ in SHARES.values() for lang in langs]
    large = [sample for _, samples in SHARES.values() for sample in samples]
    assert sorted(normal) == sorted(LANGUAGES), "each language is drawn once at the default size"
    assert sorted(large) == sorted(LARGE_SAMPLES), "each large-text sample is drawn once"
    files = {path.stem for path in Path(__file__).parent.glob("test_i18n_widths*.py")}
    assert set(SHARES) == files, "each file draws its share"


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
