"""No text overflows its box or runs into other text on any screen (tests/text_widths.py): this file's share."""

from __future__ import annotations

import pytest
from text_widths import SHARES, every_screen, every_screen_large

NORMAL, LARGE = SHARES["test_i18n_widths_zh"]


@pytest.mark.parametrize("lang", NORMAL)
def test_no_text_overflows_its_box_or_runs_into_other_text_on_any_screen(lang: str) -> None:
    found = every_screen(lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("sample", LARGE)
def test_no_text_collides_at_large_text_in_high_contrast(sample: str) -> None:
    found = every_screen_large(sample)
    assert not found, "\n".join(found)
