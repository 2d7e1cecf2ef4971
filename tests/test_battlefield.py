"""The board as a place (issue 35): a road along the flags on a grass field, standards that wave when won."""

from __future__ import annotations

import pygame
import pytest

from game.ui import battlefield, layout


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _mean(surf: pygame.Surface, rect: pygame.Rect) -> tuple[float, float, float]:
    area = pygame.transform.average_color(surf, rect)
    return area[0], area[1], area[2]


def test_the_flag_row_is_a_road_across_a_grass_field() -> None:
    surf = pygame.Surface((layout.W, layout.H))
    battlefield.board_base(surf)
    mid = (layout.FLAG_ROW[0] + layout.FLAG_ROW[1]) // 2
    road = _mean(surf, pygame.Rect(200, mid - 10, 1500, 20))
    field = _mean(surf, pygame.Rect(200, 260, 1500, 60))
    assert road[0] > road[1] * 0.95 > 0, f"the road is earth-coloured, not green: {road}"
    assert field[1] > field[0] * 1.2, f"the field is grass-green: {field}"


def test_a_won_standard_waves_while_it_moves() -> None:
    rect = layout.pennant(4)
    frames = []
    for wave in (None, 0.3, 0.6):
        surf = pygame.Surface((layout.W, layout.H))
        battlefield.standard(surf, rect, 4, (222, 168, 84), wave)
        frames.append(pygame.image.tobytes(surf.subsurface(rect.inflate(20, 20)), "RGB"))
    assert frames[0] != frames[1] != frames[2]
