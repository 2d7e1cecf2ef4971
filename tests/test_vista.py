"""The title and the main menu stand on a composed scene (issue 59, item 1): the battlefield with the two armies
facing each other in the cards' hand, left and right of the menu; high contrast keeps the plain field."""

from __future__ import annotations

import pygame

from game.ui import art, vista
from tools.workshop import screenshot


def _near(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tolerance: int) -> int:
    area = surface.subsurface(rect).copy()
    return int(pygame.transform.threshold(None, area, pygame.Color(*colour), (tolerance, tolerance, tolerance, 255),
                                          set_behavior=0))


def _army_pixels(surface: pygame.Surface) -> tuple[int, int]:
    """Pixels of the amber army's tones in the left margin, of the blue army's in the right one."""
    left, right = pygame.Rect(0, 250, 400, 800), pygame.Rect(1520, 250, 400, 800)
    amber = [vista._mix(art.SEAT_TINT["bottom"], (12, 14, 20), k) for k in (0.35, 0.72)]
    blue = [vista._mix(art.SEAT_TINT["top"], (12, 14, 20), k) for k in (0.35, 0.72)]
    return (sum(_near(surface, left, c, 24) for c in amber), sum(_near(surface, right, c, 24) for c in blue))


def test_the_menu_and_the_title_show_two_armies_beside_the_words() -> None:
    for name in ("menu", "title"):
        with screenshot.staged(name) as app:
            app.draw(app.screen)
            amber, blue = _army_pixels(app.screen)
            assert amber > 3000 and blue > 3000, f"{name}: the amber army left ({amber}), the blue right ({blue})"


def test_the_scene_is_composed_once_and_plain_in_high_contrast() -> None:
    pygame.display.init()
    assert vista.scene((1920, 1080), True) is vista.scene((1920, 1080), True), "one composition, one blit a frame"
    with screenshot.staged("high-contrast-menu") as app:
        app.draw(app.screen)
        amber, blue = _army_pixels(app.screen)
        assert amber < 500 and blue < 500, "high contrast: nothing busy behind the words"


def test_the_night_road_is_grey_earth_not_violet() -> None:
    """The menu's night road was violet (46, 33, 54 before the middle's darkening: red above green under a blue
    cast); by moonlight its green is at least its red, and it stays a little warmer than the grass beside it."""
    pygame.display.init()
    vista._scene.cache_clear()
    surface = vista.scene((1920, 1080), True)
    road = [surface.get_at((x, round(1080 * 0.585)))[:3] for x in range(700, 1220, 40)]
    grass = [surface.get_at((x, round(1080 * 0.45)))[:3] for x in range(700, 1220, 40)]
    for r, g, b in road:
        assert g >= r and b > g, f"the road by night is {(r, g, b)}: violet, not moonlit earth"
    assert sum(r / b for r, _g, b in road) > sum(r / b for r, _g, b in grass), "the road keeps some of its earth"
