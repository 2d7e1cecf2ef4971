"""Chinese titles keep a display face (issue 59, item 7): Noto Serif CJK SC Bold, the Song style that plays EB
Garamond's part, where they fell back to the bold sans; a title with a hanzi the display subset lacks (a name
someone typed) still shows whole, in the sans."""

from __future__ import annotations

import pygame

from assets import ASSETS_DIR
from game.i18n import set_language
from game.ui import text


def test_a_chinese_title_is_set_in_the_song_display_face() -> None:
    pygame.init()
    set_language("zh")
    try:
        title = pygame.image.tobytes(text.text("战线", 60, (255, 255, 255), "serif"), "RGBA")
        sans = pygame.image.tobytes(text.text("战线", 60, (255, 255, 255), "bold"), "RGBA")
        assert title != sans, "the title is drawn in its own face, not the bold sans"
        assert "Serif" in text.CJK_FACES["serif"] and (ASSETS_DIR / "fonts" / text.CJK_FACES["serif"]).exists()
    finally:
        set_language("en")


def test_a_typed_name_the_display_face_lacks_falls_back_whole() -> None:
    pygame.init()
    assert text._display_hanzi("战") and text._display_hanzi("线"), "the catalogs' hanzi are in the subset"
    missing = next(c for c in "鑫燚淼犇骉嫣" if not text._display_hanzi(c))
    assert text._face(f"{missing}获胜", "serif", True) == "serif-fallback", "the whole title in the sans, no box"
