"""The troop and tactic pictures are illustrations (issue 59, item 1): lit from above with a rim of light, a
troop standing on its ground; flat as before in high contrast, where plain colour reads best."""

from __future__ import annotations

import pygame
import pytest

from game.ui import figures

INK, LIGHT, MID, GLOW = (40, 104, 82), (225, 240, 235), (150, 200, 185), (240, 248, 245)


def _opaque_share(pic: pygame.Surface, top: float, bottom: float) -> float:
    w, h = pic.get_size()
    rows = range(int(h * top), int(h * bottom))
    return sum(pic.get_at((x, y)).a > 100 for x in range(w) for y in rows) / (w * len(rows))


def _luminance(pic: pygame.Surface, top: float, bottom: float) -> float:
    """Mean brightness of the opaque pixels in a band of rows."""
    w, h = pic.get_size()
    values = [sum(c[:3]) / 3 for y in range(int(h * top), int(h * bottom)) for x in range(w)
              if (c := pic.get_at((x, y))).a > 200]
    return sum(values) / max(1, len(values))


@pytest.mark.parametrize("value", range(1, 11))
def test_a_troop_stands_on_its_ground(value: int) -> None:
    pygame.init()
    flat = figures.render(value, 120, INK, LIGHT, MID)
    shown = figures.render(value, 120, INK, LIGHT, MID, GLOW)
    assert _opaque_share(shown, 0.88, 0.98) > 0.5, "a patch of earth under the figure"
    assert _opaque_share(shown, 0.88, 0.98) > _opaque_share(flat, 0.88, 0.98) + 0.2


@pytest.mark.parametrize("subject", [10, 5, 1, "alexander", "mud", "traitor"])
def test_a_figure_is_lit_from_above(subject: int | str) -> None:
    pygame.init()
    flat = figures.render(subject, 120, INK, INK, INK)  # one ink over the whole figure: any change is light
    shown = figures.render(subject, 120, INK, INK, INK, GLOW)
    lit, shade = _luminance(shown, 0.05, 0.45), _luminance(shown, 0.5, 0.85)
    assert lit > shade + 8, f"upper part {lit:.0f}, lower part {shade:.0f}: no light from above"
    assert abs(_luminance(flat, 0.05, 0.45) - _luminance(flat, 0.5, 0.85)) < 8, "the flat figure is one tone"
