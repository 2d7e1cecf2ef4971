"""The board's layout keeps what a player needs in view (issue 31): the button stack never covers the
troop deck or its count, whichever buttons a turn offers."""

from __future__ import annotations

from itertools import combinations

import pygame

from game.ui import layout

CONTEXT = ("pass", "done", "scout", "return")


def deck_and_count(deck: str) -> pygame.Rect:
    """The deck drawn as a stack (three backs, 3 px apart) and its count badge under it."""
    r = layout.deck(deck)
    return r.union(pygame.Rect(r.x - 20, r.bottom, r.width + 40, 50)).inflate(6, 6)


def test_the_buttons_never_cover_the_troop_deck_or_its_count() -> None:
    for context in [(), *((c,) for c in CONTEXT)]:
        for n in range(4):
            for others in combinations(("undo", "hint", "log"), n):
                names = ["menu", *(o for o in others if o == "log"), *context,
                         *(o for o in others if o != "log")]
                rects = layout.button_rects(names)
                assert set(rects) == set(names)
                for name, r in rects.items():
                    assert not r.colliderect(deck_and_count("troops")), (names, name)
                    assert pygame.Rect(0, 0, layout.W, layout.H).contains(r)
                    assert r.width >= 140, f"{name} is still a button one can read: {names}"
                for (a, ra), (b, rb) in combinations(rects.items(), 2):
                    assert not ra.colliderect(rb), (names, a, b)
