"""The theme and the language belong to the app (game.ui.theme, game.i18n.Translator, App.theme and App.tr):
high contrast reaches every panel, and two apps in one process draw and speak each their own."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game import i18n
from game.i18n import _
from game.keep.settings import Settings
from game.ui import art, layout, text, theme
from game.ui.shell import App
from scenes import screens
from scenes.main_menu import MainMenuScene
from scenes.settings_scene import SettingsScene
from tools.workshop.screenshot import render

#: a point inside the board's prompt panel (drawn with the default fill) that no word covers
PROMPT_PROBE = (layout.PROMPT_RECT.x + 200, layout.PROMPT_RECT.y + 120)


@pytest.fixture(autouse=True)
def _video(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()


def near_black(colour: tuple[int, ...]) -> bool:
    """Black panel over anything: at alpha 250 at most 5 of 255 of what is below shows through."""
    return max(colour[:3]) <= 6


def test_high_contrast_panel_reaches_the_board_prompt() -> None:
    """The prompt panel names no fill: in high contrast it is the theme's black panel, not the normal
    dark green (the default was once bound at import, so high contrast never reached it)."""
    normal = render("board").get_at(PROMPT_PROBE)
    contrast = render("high-contrast").get_at(PROMPT_PROBE)
    assert near_black(contrast), f"high contrast's prompt panel is {contrast}, not black"
    assert not near_black(normal), "the normal panel is dark green, not black"


def test_a_panel_without_a_fill_takes_the_theme_panel_when_drawn() -> None:
    """Every call that leaves `fill` out gets the panel colour of the theme drawn with, at that moment."""
    surface = pygame.Surface((80, 80))
    for look in (theme.NORMAL, theme.HIGH_CONTRAST, theme.NORMAL):
        surface.fill((255, 255, 255))
        with theme.using(look):
            art.panel(surface, pygame.Rect(0, 0, 80, 80), alpha=200)
        patch = [surface.get_at((x, y))[:3] for x in range(28, 52) for y in range(28, 52)]  # the cloth's weave
        got = tuple(sum(p[k] for p in patch) / len(patch) for k in range(3))  # averages out over a patch
        alpha = max(200, look.panel_min_alpha)
        want = tuple(round((c * alpha + 255 * (255 - alpha)) / 255) for c in look.panel)
        assert all(abs(g - w) <= 3 for g, w in zip(got, want, strict=True)), (look.high_contrast, got, want)


def pixels(app: App) -> bytes:
    app.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


def test_two_apps_in_one_process_draw_and_speak_each_their_own() -> None:
    """One app's player turns on Hungarian, high contrast and large text through its menus; a second app
    in the same process still draws the very same picture as before, in English, and opens its own
    screens in English. Both the language and the look are held by each app, not by the modules."""
    first = App(Settings(welcomed=True), fixed_dt=1 / 60, window=False)
    second = App(Settings(welcomed=True), fixed_dt=1 / 60, window=False)
    for app in (first, second):
        app.push(screens.main_menu(app))
    before = pixels(second)
    assert pixels(first) == before, "two apps with the same settings draw the same picture"

    driver = Driver(first)  # the first app's player, with the keyboard: Settings, then the language
    labels = [item.label for item in first.top.menu.items]  # type: ignore[union-attr]
    for _step in range(labels.index("Settings")):
        driver.direction("keyboard", "down")
    driver.confirm("keyboard")
    settings = first.top
    assert isinstance(settings, SettingsScene)
    driver.direction("keyboard", "right")  # Language: System -> English
    driver.direction("keyboard", "right")  # -> Magyar
    assert settings.menu.items[0].label == "Nyelv", "the first app speaks Hungarian at once"
    for _step in range(9):  # down to Sound and accessibility
        driver.direction("keyboard", "down")
    driver.confirm("keyboard")
    driver.direction("keyboard", "down")
    driver.direction("keyboard", "down")
    driver.confirm("keyboard")  # high contrast on
    driver.direction("keyboard", "down")
    driver.direction("keyboard", "right")  # large text
    assert (first.settings.language, first.settings.high_contrast, first.settings.text_size) == ("hu", True, "large")

    assert pixels(second) == before, "the second app's picture did not change"
    assert pixels(first) != before
    with second.active():
        assert _("Settings") == "Settings" and theme.NORMAL.cream == art.CREAM
    with first.active():
        assert _("Settings") == "Beállítások" and theme.HIGH_CONTRAST.cream == art.CREAM
    assert first.tr.lang == "hu" and first.theme.high_contrast and first.theme.text_scale > 1
    opened = screens.settings(second)
    assert isinstance(opened, SettingsScene)
    assert opened.menu.items[0].label == "Language", "a screen the second app opens is in its language"
    menu = second.find(MainMenuScene)
    assert isinstance(menu, MainMenuScene) and "Settings" in [item.label for item in menu.menu.items]


def test_words_and_text_follow_the_translator_and_theme_bound_now() -> None:
    """Outside any app the process default speaks; a bound translator or theme wins while bound, and the
    caches of drawn words keep both apart (the same words drawn at two scales have two heights)."""
    assert i18n.language() == "en"
    with i18n.using(i18n.Translator("cs")):
        assert i18n.language() == "cs" and _("Settings") != "Settings"
        assert i18n.ngettext("{n} flag", "{n} flags", 5) == i18n.Translator("cs").ngettext("{n} flag", "{n} flags", 5)
    assert _("Settings") == "Settings"
    small = text.text("Battle Line", 40).get_height()
    with theme.using(theme.Theme(text_scale=1.2)):
        large = text.text("Battle Line", 40).get_height()
    assert large > small * 1.1 and text.text("Battle Line", 40).get_height() == small
