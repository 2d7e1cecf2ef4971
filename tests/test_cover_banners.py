"""A banner never covers what it names (issue 59, item 2): a claim's banner leaves its flag's standard, its
formation labels and every card at that flag in sight, and so does a refused claim's; on the two- and the
three-player board, for every flag, with the longest words a claim says.

The flag's rectangles are worked out here from the board's own rectangles, not from game.ui.cover's record,
so the test holds the banner to the rule, not the rule to itself."""

from __future__ import annotations

import pygame
import pytest

from game.ui import art, cover, layout
from game.ui.text import fitted
from scenes.board import BoardScene
from tools.workshop import screenshot

PROOF = ("Phalanx 24 beats the best Bot (easy) can still make: Battalion 23 with red 9 and red 10, "
         "whichever cards are still unseen")


def _flag_rects(board: BoardScene, n: int) -> list[pygame.Rect]:
    flag = board.view["flags"][n - 1]
    out = [board.geo.pennant(n, board.shown.pennant_shift(flag))]
    out += [r for key, r in board.rects.items() if key[0] == "slot" and key[1] == n]
    if flag["claimed"] is None and not board.geo.is_far(n):
        for seat in board.shown.flag_seats(n):
            label = board.shown.labels.get((n, seat))
            if label:
                img = fitted(label, 28, layout.COL_W - 16, art.CREAM, "condensed")
                out.append(img.get_rect(center=board.geo.label_pos(n, board.shown.side_of(seat, n))))
    return out


@pytest.mark.parametrize("scene", ["refused", "three-south", "three-west"])
def test_a_claim_banner_leaves_its_flag_and_the_cards_there_in_sight(scene: str) -> None:
    clashes = []
    with screenshot.staged(scene) as app:
        board = app.top
        assert isinstance(board, BoardScene)
        surface = pygame.Surface((1920, 1080))
        for n in range(1, 10):
            for bad in (False, True):  # a claim taken, a claim refused
                board.toasts = []
                title = "" if bad else f"Bot (hard) takes flag {n}"
                board.say([PROOF], title=title, bad=bad, good=not bad, about=("flag", n))
                with cover.watch() as frame:
                    app.draw(surface)
                banners = [box for what, box in frame.overlays if what == "a banner"]
                assert len(banners) == 1
                named = _flag_rects(board, n)
                clashes += [f"flag {n} ({'refused' if bad else 'claim'}): banner {tuple(banners[0])} covers "
                            f"{tuple(r)}" for r in named if banners[0].colliderect(r)]
    assert not clashes, "\n".join(clashes[:8])
