"""No text overflows its box or runs into other text on any screen (tests/text_widths.py): this file's share."""

from __future__ import annotations

from text_widths import share_tests

(test_no_text_overflows_its_box_or_runs_into_other_text_on_any_screen,
 test_no_text_collides_at_large_text_in_high_contrast) = share_tests("test_i18n_widths_zh")
