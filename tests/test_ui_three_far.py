"""The three-player far front (R47) is as legible as the viewer's own fronts (issue 46): measured on the board
as drawn, from each seat, at 1920x1080 and at 1280x720 (the logical picture scaled down, as the window does).

Its cards were drawn small: at 1280x720 their numerals stood 13 px tall beside the near fronts' 21 px, and the
cards reached the edges of their box."""

from __future__ import annotations

import pygame
import pytest

from engine import Game
from engine.rules import LINES3
from game.keep.settings import Settings
from game.ui import card_art, layout
from game.ui.shell import App
from game.ui.text import text
from tools.workshop.screenshot_three import _board3, three_game

WINDOWS = ((1920, 1080), (1280, 720))
MIN_NUMERAL_720 = 18  # px: the near fronts' numerals are 20 px tall in a 1280x720 window


@pytest.fixture
def app() -> App:
    pygame.init()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)


def _crowded(seat: str):
    """A position where `seat` is to play and its far front holds at least 14 cards, three flags with three."""
    far = [n for n in range(1, 10) if n not in LINES3[seat]]

    def ok(game: Game) -> bool:
        sides = [len(c) for n in far for c in game.flags[n - 1].sides.values()]
        return game.to_move == seat and game.phase == "play" and sum(sides) >= 14 and sides.count(3) >= 3
    return ok


def _numeral_height(card_h: int, value: int, scale: float) -> float:
    """The ink height of a troop's numeral on a face `card_h` logical pixels tall, in window pixels
    (card_art draws it at a quarter of the face's height)."""
    return text(str(value), int(card_h * 0.24), (0, 0, 0), "bold").get_bounding_rect().height * scale


def _cards(board, far: bool) -> list[tuple[int, str, pygame.Rect]]:
    return [(int(k[1]), str(k[3]), r) for k, r in board.rects.items()
            if k[0] == "slot" and board.geo.is_far(int(k[1])) == far]


@pytest.mark.parametrize("seat", ["south", "west", "east"])
def test_r47_the_far_front_is_as_legible_as_the_near_fronts(app: App, seat: str) -> None:
    board = _board3(app, three_game(3, _crowded(seat)), seat)
    geo = board.geo
    far_cards, near_cards = _cards(board, True), _cards(board, False)
    assert len(far_cards) >= 14 and near_cards
    for w, h in WINDOWS:
        scale = h / layout.H
        far_h = min(_numeral_height(r.height, int(c[1:]), scale) for _n, c, r in far_cards)
        near_h = min(_numeral_height(r.height, int(c[1:]), scale) for _n, c, r in near_cards)
        assert far_h >= 0.95 * near_h, f"{w}x{h}: far numerals {far_h:.1f} px tall, near ones {near_h:.1f} px"
        assert far_h >= MIN_NUMERAL_720 * h / 720, f"{w}x{h}: far numerals only {far_h:.1f} px tall"
    # inside the far front's box (its frame is 6 px in from the far columns), clear of every flag marker
    box = geo.column(geo.far[0]).unionall([geo.column(n) for n in geo.far]).inflate(-12, 0)
    markers = [geo.pennant(n, board.shown.pennant_shift(f)) for n, f in enumerate(board.view["flags"], start=1)]
    for n, card, r in far_cards:
        assert box.contains(r), f"{card} at flag {n} spills out of the far front's box {box}: {r}"
        hit = [m for m in markers if m.colliderect(r)]
        assert not hit, f"{card} at flag {n} lies over a flag marker {hit}"
    assert not geo.caption.colliderect(box), "the caption sits on the far front"
    # every numeral, far and near, shows whole on the drawn board: nothing lies over it
    static = board.still_layer()
    for n, card, r in far_cards + near_cards:
        face = card_art.face(card, geo.card_size(n))
        ink = card_art.numeral_box(card, geo.card_size(n))
        wrong = sum(static.get_at((r.x + x, r.y + y))[:3] != face.get_at((x, y))[:3]
                    for x in range(ink.left, ink.right) for y in range(ink.top, ink.bottom))
        assert wrong == 0, f"{card}'s numeral at flag {n} is partly covered ({wrong} px)"
    board.table.close()


def test_r47_a_far_card_overlapped_from_the_side_keeps_its_colour_symbol(app: App) -> None:
    """Sideways, the corner symbol lies under the next card: the strip shows the symbol under the numeral,
    so a far card's colour is never told by hue alone (the colour-blind safe pairing of game.ui.card_art)."""
    board = _board3(app, three_game(3, _crowded("south")), "south")
    static = board.still_layer()
    geo = board.geo
    checked = 0
    for key, r in board.rects.items():
        if key[0] != "slot" or not geo.is_far(int(key[1])):
            continue
        n, seat, card = key[1:]
        cards = board.view["flags"][int(n) - 1][seat]
        side = geo.side_for(seat, int(n))
        if (side == "left" and cards.index(card) == 0) or (side == "right" and cards[-1] == card):
            continue  # a whole card: its corner symbol shows
        ink = card_art.SUIT[card[0]][1]
        box = card_art.numeral_box(card)
        strip = pygame.Rect(r.x, r.y + box.bottom, layout.FAR_STEP, 40)
        dark = sum(static.get_at((x, y))[:3] == ink for x in range(strip.left, strip.right)
                   for y in range(strip.top, strip.bottom))
        face = card_art.face(card, "table")
        under = sum(face.get_at((x - r.x, y - r.y))[:3] == ink for x in range(strip.left, strip.right)
                    for y in range(strip.top, strip.bottom))
        assert dark >= under + 60, f"{card} at flag {n}: no symbol in its strip ({dark} ink px, face alone {under})"
        checked += 1
    assert checked >= 4
    board.table.close()
