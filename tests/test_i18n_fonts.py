"""Every translated string renders with no missing glyph, and menu text fits the box it is drawn in."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.i18n import LANGUAGES, set_language
from game.i18n.build import parse_po, po_path
from game.ui import text

DIACRITICS = "őűŐŰșțȘȚăîâĂÎÂšžčřěůňďťľĺŕýáéíóúöüñÑ¿¡ŠŽČŘĚŮŇĎŤĽĹŔÝÁÉÍÓÚÖÜ\u2013·…\u2039\u203a"


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    set_language("en")


def test_dejavu_covers_every_latin_diacritic() -> None:
    for face in text.FACES:
        assert None not in text.font(30, face).metrics(DIACRITICS), face


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_catalog_string_has_every_glyph(lang: str) -> None:
    set_language(lang)
    missing = []
    for words in parse_po(po_path(lang).read_text(encoding="utf-8")).values():
        for face in ("regular", "bold"):
            line = words.replace("\n", " ")
            if None in text.font_for(line, 30, face).metrics(line):
                missing.append((face, words[:40]))
    assert not missing, missing[:5]


def test_a_chinese_name_in_a_latin_language_uses_the_cjk_font() -> None:
    set_language("cs")
    assert text.uses_cjk("王小明", "cs") and None not in text.font_for("王小明", 30).metrics("王小明")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_menu_text_fits_its_box(lang: str) -> None:
    from game.keep.settings import Settings
    from game.ui.shell import App
    from game.ui.widgets import FONT
    from scenes.main_menu import MainMenuScene
    from scenes.settings_scene import SettingsScene
    from scenes.setup import SetupScene

    set_language(lang)
    app = App(Settings(animation_speed="off", language=lang, welcomed=True), window=False)
    too_wide = []
    for scene in (MainMenuScene(app), SetupScene(app), SettingsScene(app)):
        menu = scene.menu
        for i, item in enumerate(menu.items):
            r = menu.rect(i)
            values = [item.show(v) for v in item.choices] or [""]
            for shown in values:
                val_w = 0
                if item.choices:
                    val = f"\u2039  {shown}  \u203a"
                    size = text.fit_size(val, FONT, (r.width - 56) * 3 // 5, "bold")
                    val_w = text.font_for(val, size, "bold").size(val)[0]
                    if val_w > (r.width - 56) * 3 // 5:
                        too_wide.append(val)
                room = r.width - 80 - val_w if item.choices else r.width - 40
                size = text.fit_size(item.label, FONT, room, "bold")
                if text.font_for(item.label, size, "bold").size(item.label)[0] > room or size < 26:
                    too_wide.append(f"{item.label} / {shown}")
            if item.hint:
                size = text.fit_size(item.hint, 30, 1840)
                if size < 24:
                    too_wide.append(item.hint)
    assert not too_wide, too_wide


def test_no_blank_box_in_the_chinese_font() -> None:
    """`metrics` reports a glyph even where the font draws its empty box: compare with that box instead.
    Every character of the Chinese catalog, and the symbols drawn beside Chinese words (volume bars,
    wheel and replay arrows), must be a real glyph of the CJK subset."""
    face = text.font(30, "regular", True)

    def drawn(c: str) -> bytes:
        return pygame.image.tobytes(face.render(c, True, (255, 255, 255)), "RGBA")

    box = drawn("\ue000")  # a private-use code point: surely the missing-glyph box
    chars = {c for words in parse_po(po_path("zh").read_text(encoding="utf-8")).values() for c in words}
    chars |= set("\u25a0\u25a1\u25b2\u25bc\u25c0\u25b6\u2190\u2192\u2191\u2193\u2039\u203a\u00b7\u2026")
    missing = sorted(c for c in chars if c.isprintable() and not c.isspace() and drawn(c) == box)
    assert not missing, missing
