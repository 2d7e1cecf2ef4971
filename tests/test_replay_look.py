"""One board look everywhere (issue 59, item 1): the replay viewer draws the game's battlefield, the road along
the flags and the game's standards (game.ui.battlefield), not a plainer board of its own."""

from __future__ import annotations

import pygame
import pytest

from game.ui import art
from scenes import replay_draw
from tools.workshop import screenshot


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tolerance: int = 10) -> int:
    """Pixels in `rect` within `tolerance` of `colour`."""
    area = surface.subsurface(rect.clip(surface.get_rect())).copy()
    return int(pygame.transform.threshold(None, area, pygame.Color(*colour), (tolerance, tolerance, tolerance, 255),
                                          set_behavior=0))


@pytest.mark.parametrize("scene", ["replay", "three-replay"])
def test_replay_draws_the_boards_road_and_standards(scene: str) -> None:
    with screenshot.staged(scene) as app:
        app.draw(app.screen)
        screen = app.screen
        for n in range(1, 10):
            x = replay_draw.COL_X0 + (n - 1) * replay_draw.COL_W
            between = pygame.Rect(x + 4, replay_draw.ROAD[0] + 6, 12, replay_draw.ROAD[1] - replay_draw.ROAD[0] - 12)
            road = pygame.transform.average_color(screen, between)
            assert road[0] > road[1] + 6 and road[0] > 50, f"the road (earth, not grass) runs under flag {n}: {road}"
            finial = pygame.Rect(x + replay_draw.COL_W // 2 - 8, replay_draw.FLAG_Y - 20, 16, 40)
            assert _count(screen, finial, art.GOLD, 8) >= 6, f"flag {n} is the board's standard (its gold finial)"
