"""Accessibility: colours told apart with any colour vision, high contrast, text size, reduced motion,
and the new settings screen worked with the keyboard alone and with the controller alone."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game.keep.settings import Settings, load_settings
from game.ui import art, card_art, text, theme, tween
from game.ui.colour_vision import MACHADO, contrast, delta_e, delta_e_lab, lab, simulate
from game.ui.shell import App
from scenes.accessibility_scene import AccessibilityScene
from scenes.main_menu import MainMenuScene
from scenes.settings_scene import SettingsScene

VISIONS = tuple(MACHADO)  # normal, protanopia, deuteranopia, tritanopia
MIN_APART = 15.0  # CIEDE2000 between any two of the six colours, as each kind of vision sees them
MIN_INK_CONTRAST = 4.5  # WCAG AA: numerals and value names on their card


@pytest.fixture(autouse=True)
def defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    yield


@pytest.mark.parametrize(("first", "second", "expected"), [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
])
def test_ciede2000_matches_published_values(first: tuple, second: tuple, expected: float) -> None:
    """Sharma, Wu & Dalal (2005), test pairs 1, 7, 25 and 34."""
    assert delta_e_lab(first, second) == pytest.approx(expected, abs=1e-4)
    assert lab((255, 255, 255))[0] == pytest.approx(100.0, abs=0.01)


@pytest.mark.parametrize("vision", VISIONS)
def test_six_colours_stay_apart_for_every_colour_vision(vision: str) -> None:
    seen = {c: simulate(mid, vision) for c, (mid, _ink) in card_art.SUIT.items()}
    for a, b in itertools.combinations(seen, 2):
        assert delta_e(seen[a], seen[b]) >= MIN_APART, f"{a}/{b} look alike with {vision}"


@pytest.mark.parametrize("high_contrast", [False, True])
@pytest.mark.parametrize("vision", VISIONS)
def test_colours_and_inks_stand_out_from_the_card(vision: str, high_contrast: bool) -> None:
    tint = theme.Theme.from_settings(Settings(high_contrast=high_contrast)).face_tint
    for c, (mid, ink) in card_art.SUIT.items():
        face = simulate(card_art._tint(mid, tint), vision)
        assert delta_e(simulate(mid, vision), face) >= MIN_APART, f"{c} emblem fades into its card ({vision})"
        assert contrast(simulate(ink, vision), face) >= MIN_INK_CONTRAST, f"{c} numeral hard to read ({vision})"


def test_every_colour_keeps_its_own_symbol() -> None:
    assert len(set(card_art.SYMBOL_NAMES.values())) == len(card_art.SUIT) == 6


def test_settings_keep_the_new_options() -> None:
    from game.keep.settings import save_settings

    s = Settings(volume=0.2, music_volume=0.6, high_contrast=True, text_size="large", reduced_motion=True)
    assert save_settings(s) and load_settings() == s
    bad = Settings.from_dict({"text_size": "huge", "high_contrast": "yes", "music_volume": 7})
    assert bad.text_size == "normal" and bad.high_contrast is False and bad.music_volume == 1.0


def test_apply_changes_what_is_drawn() -> None:
    """The app's new theme is what its frames draw with; outside the app, nothing changed."""
    app = App(Settings(), window=False)
    with app.active():
        small = text.text("Battle Line", 40).get_height()
    app.settings = Settings(high_contrast=True, text_size="large", reduced_motion=True)
    app.apply_settings()
    with app.active():
        assert text.text("Battle Line", 40).get_height() > small * 1.1
        assert art.CREAM == (255, 255, 255) and app.theme.panel_min_alpha >= 250
        assert tween.pulse(0.3) == 1.0
    assert Settings(reduced_motion=True, animation_speed="slow").speed == 0
    assert text.text("Battle Line", 40).get_height() == small and theme.NORMAL.cream == art.CREAM
    assert tween.pulse(0.0) == 0.0
    app.settings = Settings()
    app.apply_settings()
    with app.active():
        assert text.text("Battle Line", 40).get_height() == small and theme.NORMAL.cream == art.CREAM


def open_accessibility(driver: Driver, app: App, device: str) -> AccessibilityScene:
    """Main menu -> Settings -> Sound and accessibility, by one device."""
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    labels = [i.label for i in menu.menu.items]
    for _ in range(labels.index("Settings")):
        driver.direction(device, "down")
    driver.confirm(device)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    labels = [i.label for i in settings.menu.items]
    for _ in range(labels.index("Sound and accessibility")):
        driver.direction(device, "down")
    driver.confirm(device)
    scene = app.top
    assert isinstance(scene, AccessibilityScene)
    return scene


@pytest.mark.parametrize("device", ["keyboard", "controller"])
def test_every_option_set_by_one_device_alone(device: str) -> None:
    app = App(Settings(welcomed=True), fixed_dt=1 / 60, window=False)
    app.push(MainMenuScene(app))
    driver = Driver(app)
    scene = open_accessibility(driver, app, device)
    driver.direction(device, "left")  # effects 70 -> 60
    driver.direction(device, "down")
    driver.direction(device, "right")  # music 60 -> 70
    driver.direction(device, "down")
    driver.confirm(device)  # high contrast on
    driver.direction(device, "down")
    driver.direction(device, "right")  # large text
    driver.direction(device, "down")
    driver.confirm(device)  # reduced motion on
    s = app.settings
    assert (s.volume, s.music_volume, s.high_contrast, s.text_size, s.reduced_motion) == (0.6, 0.7, True, "large",
                                                                                         True)
    assert load_settings() == s, "saved at once"
    assert app.theme.cream == (255, 255, 255) and app.theme.text_scale > 1, "applied at once"
    app.draw()
    driver.direction(device, "down")
    driver.confirm(device)  # Back
    assert isinstance(app.top, SettingsScene) and scene not in app.stack
    if device == "keyboard":
        driver.key(pygame.K_ESCAPE)
    else:
        driver.pad(pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.top, MainMenuScene)
