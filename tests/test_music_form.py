"""The music is long enough not to be heard repeating (issue 59, item 5): a ten-minute game used to hear its 22 s loop
27 times. The menu's, the game's and the after-game's pieces run two minutes and more before they loop, in sections
(tools/make_music.py), and each is levelled for a living room: fuller than the old loops at the same peak."""

from __future__ import annotations

import array
import math

import pygame
import pytest

from game.ui import audio


@pytest.fixture(scope="module")
def mixer() -> object:
    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=1)
    yield None
    pygame.mixer.quit()


@pytest.mark.parametrize("name", ["menu", "game", "after"])
def test_a_piece_plays_two_minutes_before_it_loops(mixer: object, name: str) -> None:
    sound = pygame.mixer.Sound(str(audio.Audio()._file(name)))
    assert sound.get_length() >= 120, f"{name}: {sound.get_length():.1f} s before it is heard again"


@pytest.mark.parametrize("name", audio.PIECES)
def test_a_piece_is_full_enough_for_a_living_room(mixer: object, name: str) -> None:
    """At most 11.5 dB between its peak and its RMS (a crest factor of 3.8): the old loops had 14 to 16 dB, and at
    one peak level that made them 3 to 5 dB quieter."""
    samples = array.array("h", pygame.mixer.Sound(str(audio.Audio()._file(name))).get_raw())
    peak = max(abs(v) for v in samples)
    rms = math.sqrt(sum(v * v for v in samples) / len(samples))
    assert 20 * math.log10(peak / rms) < 11.5, f"{name}: crest {20 * math.log10(peak / rms):.1f} dB"
