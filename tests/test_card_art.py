"""Card faces: each of the ten troop types and each tactic is drawn as its own picture (issue 35)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from engine.cards import TACTICS
from game.ui import card_art, figures


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _middle(img: pygame.Surface) -> bytes:
    """The picture band of a face: below the numeral, above the name."""
    w, h = img.get_size()
    band = img.subsurface(pygame.Rect(0, int(h * 0.3), w, int(h * 0.4))).copy()
    return pygame.image.tobytes(band, "RGBA")


def _differing(a: bytes, b: bytes) -> float:
    """The share of pixels that differ clearly between two same-sized RGBA byte strings."""
    n = len(a) // 4
    return sum(1 for i in range(0, len(a), 4) if sum(abs(a[i + k] - b[i + k]) for k in range(3)) > 60) / n


@pytest.mark.parametrize("size", ["hand", "table", "small"])
def test_each_troop_type_shows_its_own_figure(size: str) -> None:
    bands = {v: _middle(card_art.face(f"g{v}", size)) for v in range(1, 11)}
    for a, b in itertools.combinations(range(1, 11), 2):
        assert _differing(bands[a], bands[b]) > 0.04, f"values {a} and {b} look alike in the middle of the card"


def test_every_tactic_has_an_emblem_and_both_backs_differ() -> None:
    assert set(figures.TACTICS) >= set(TACTICS)
    bands = {card: _middle(card_art.face(card, "table")) for card in TACTICS}
    for a, b in itertools.combinations(TACTICS, 2):
        assert _differing(bands[a], bands[b]) > 0.02, f"{a} and {b} share a picture"
    troops, tactics = (pygame.image.tobytes(card_art.back(d, "table"), "RGBA") for d in ("troops", "tactics"))
    assert _differing(troops, tactics) > 0.5


def test_figures_are_cached_per_size() -> None:
    ink, light, mid = card_art.SUIT["b"][1], (230, 230, 240), (120, 130, 180)
    first = figures.render(10, 90, ink, light, mid)
    assert figures.render(10, 90, ink, light, mid) is first
    assert first.get_size() == (90, 90) and first.get_bounding_rect().height > 60
