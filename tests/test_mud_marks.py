"""Mud on its flag, read from the sofa (issue 59, item 6): the card's plate beside the standard (its emblem over
its letters), every place of the four still open at that flag outlined in mud, and each side's count ('3/4') where
its formation's name will go, so nobody has to remember that four cards are needed there (R31)."""

from __future__ import annotations

import pygame
import text_boxes

from engine.rulebook import side_size
from game.play.positions import find
from game.ui import battlefield, card_art
from scenes.board import BoardScene
from tools.workshop import screenshot

MUD = battlefield.ENV_LOOK["mud"][0]


def _mud_open(game: object) -> bool:
    """A near flag with Mud, unclaimed, where the bottom player still has places to fill."""
    flags = game.view(None)["flags"]  # type: ignore[attr-defined]
    return any(f["mud"] and f["claimed"] is None and len(f["south"]) < 4 for f in flags)


def _board(app: object, seed: int) -> None:
    screenshot._board(app, find(seed, _mud_open, limit=4000))


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tolerance: int = 6) -> int:
    area = surface.subsurface(rect.clip(surface.get_rect())).copy()
    return int(pygame.transform.threshold(None, area, pygame.Color(*colour), (tolerance, tolerance, tolerance, 255),
                                          set_behavior=0))


def test_r31_mud_shows_its_plate_and_the_four_places_at_its_flag() -> None:
    screenshot.SCENES["mud-marks"] = _board
    try:
        with text_boxes.recording(), screenshot.staged("mud-marks") as app:
            app.draw(app.screen)
            board = app.top
            assert isinstance(board, BoardScene)
            screen = app.screen
            lines = text_boxes.lines_of(screen)
            checked = 0
            for n, flag in enumerate(board.view["flags"], start=1):
                if not flag["mud"] or flag["claimed"] is not None or board.geo.is_far(n):
                    continue
                column = board.geo.column(n)
                standard = board.geo.pennant(n, board.shown.pennant_shift(flag))
                # the plate: beside the standard, in the mud's own colour, at least 40 px tall with its letters
                beside = pygame.Rect(standard.right, standard.centery - 45, column.right - standard.right, 90)
                assert _count(screen, beside, MUD) > 40 * 30, f"Mud's plate stands beside flag {n}'s standard"
                code = card_art.tactic_code("mud")
                assert any(line.words == code and beside.colliderect(line.ink) for line in lines), \
                    f"Mud's letters {code!r} are on its plate at flag {n}"
                need = side_size(True)
                assert need == 4
                for seat in board.shown.flag_seats(n):
                    cards = flag[seat]
                    if len(cards) >= need:
                        continue
                    side = board.shown.side_of(seat, n)
                    count = f"{len(cards)}/{need}"
                    shown = [line for line in lines if line.words == count and not line.covered]
                    assert any(line.ink.collidepoint(board.geo.label_pos(n, side)) for line in shown), \
                        f"flag {n} says {count} on {seat}'s side, in sight"
                    last = board.geo.slot(n, side, need - 1, need)  # the farthest place: its outer end shows
                    end = pygame.Rect(last.x + 20, last.bottom - 4 if side == "bottom" else last.y, last.width - 40, 4)
                    assert _count(screen, end, MUD, 10) >= end.width, \
                        f"the fourth place at flag {n} ({seat}) is outlined in mud"
                checked += 1
            assert checked, "the position has a Mud flag with places open"
    finally:
        del screenshot.SCENES["mud-marks"]
