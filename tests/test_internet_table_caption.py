"""The words under the internet table's QR code are all shown, in every language: two lines cut
"Telefonok a szobában: olvasd be, vagy nyisd meg" after "olvasd", and the Romanian and Czech alike."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.i18n import _, set_language
from game.ui.text import font_for
from scenes.internet_host import phones_caption

QR_WIDTH = 240 + 20  # the QR code as the lobby draws it at 1920x1080, and the margin its caption may use


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "zh", "ro", "es", "cs"])
def test_every_word_under_the_qr_code_is_shown_within_its_width(lang: str) -> None:
    set_language(lang)
    words = _("Phones in the room: scan, or open")
    lines = phones_caption(QR_WIDTH)
    assert "".join("".join(lines).split()) == "".join(words.split()), lines
    assert all(font_for(line, 24, "regular").size(line)[0] <= QR_WIDTH for line in lines), lines
