"""Names are typed: with the keyboard, spelled on the on-screen keyboard by a controller alone or the
mouse alone, and kept in the settings file for the next evening."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from game.keep.settings import Settings, load_settings
from game.ui.shell import App
from scenes.name_entry import DONE, ERASE, NameScene
from scenes.setup import SetupScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off"), fixed_dt=1 / 60)
    app.push(SetupScene(app))
    return app


def open_first_name(driver: Driver, app: App, device: str) -> NameScene:
    """From setup's focused row (Opponent) up to First player, then choose it."""
    setup = app.top
    assert isinstance(setup, SetupScene)
    for _ in range(len(setup.menu.items)):
        if setup.menu.items[setup.menu.focus].label == "First player":
            break
        driver.direction(device, "up")
    driver.confirm(device)
    assert isinstance(app.top, NameScene)
    return app.top


def type_text(driver: Driver, words: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    driver.frames()


def test_keyboard_types_a_name_and_it_is_saved(app: App) -> None:
    driver = Driver(app)
    scene = open_first_name(driver, app, "keyboard")
    assert app.input.typing, "keys type letters while the name is edited"
    for _ in range(3):
        driver.key(pygame.K_BACKSPACE)  # "Ana" erased letter by letter, not a step back
    assert app.top is scene and scene.value == ""
    type_text(driver, "Zoë")
    driver.key(pygame.K_c)  # a letter key is text here, never the Claim shortcut
    type_text(driver, "c")
    driver.key(pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.setup.names[0] == "Zoëc"
    assert not app.input.typing
    assert load_settings().names[0] == "Zoëc", "a typed name is remembered in the settings file"


def test_controller_alone_spells_a_name(app: App) -> None:
    driver = Driver(app)
    scene = open_first_name(driver, app, "controller")
    while scene.value:
        driver.pad(pygame.CONTROLLER_BUTTON_B)  # B erases while there is something to erase
    assert app.top is scene
    for letter in "LEO":
        target = next(where for where, (key, _r) in scene.keys.items() if key == letter)
        for _ in range(20):
            if scene.focus == target:
                break
            row, col = scene.focus
            if target[0] != row:
                direction = "down" if target[0] > row else "up"
            else:
                direction = "right" if target[1] > col else "left"
            driver.direction("controller", direction)
        driver.confirm("controller")
    assert scene.value == "Leo", "the first letter is a capital, the rest small"
    driver.pad(pygame.CONTROLLER_BUTTON_START)
    assert isinstance(app.top, SetupScene) and app.top.setup.names[0] == "Leo"
    assert app.settings.names[0] == "Leo"


def test_mouse_alone_spells_a_name_and_an_empty_name_is_refused(app: App) -> None:
    driver = Driver(app)
    setup = app.top
    assert isinstance(setup, SetupScene)
    driver.click(setup.menu.rect(1).center)
    scene = app.top
    assert isinstance(scene, NameScene)
    rects = {key: rect for key, rect in scene.keys.values()}
    for _ in range(3):
        driver.click(rects[ERASE].center)
    driver.click(rects[DONE].center)
    assert app.top is scene and scene.warning, "an empty name is refused with a reason"
    for letter in "MIA":
        driver.click(rects[letter].center)
    driver.click(rects[DONE].center)
    assert app.top is setup and setup.setup.names[0] == "Mia"


def test_escape_cancels_and_keeps_the_old_name(app: App) -> None:
    driver = Driver(app)
    scene = open_first_name(driver, app, "keyboard")
    type_text(driver, "xyz")
    assert scene.value == "Anaxyz"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.top, SetupScene) and app.top.setup.names[0] == "Ana"


def test_second_name_is_not_asked_against_a_bot(app: App) -> None:
    driver = Driver(app)
    setup = app.top
    assert isinstance(setup, SetupScene)
    driver.key(pygame.K_RIGHT)  # opponent: the first bot
    assert setup.setup.opponent != "human" and not setup.second.enabled
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert setup.menu.items[setup.menu.focus] is not setup.second, "the focus skips a row that does not apply"
