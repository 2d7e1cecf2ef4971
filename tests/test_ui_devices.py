"""Each device alone, and devices coming and going: a card dragged with the mouse, auto-claim, a pad
plugged in and out mid-game, every main-menu scene opened and left by keyboard alone and by controller
alone, and the window's size and fullscreen changed from Settings under the headless driver."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, game_of

from game.keep.settings import Settings
from game.play.positions import find, in_phase
from game.play.session import Session, Setup
from game.play.table import LocalTable
from game.ui.input import Kind
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.confirm import ConfirmScene
from scenes.main_menu import MainMenuScene
from scenes.menu_base import MenuScene
from scenes.pass_device import PassScene
from scenes.pause import PauseScene
from scenes.settings_scene import SettingsScene


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    return tmp_path


def hotseat_board(app: App) -> BoardScene:
    session = Session(Setup(seed=4, starts="south"))
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    Driver(app).confirm("keyboard")  # the pass screen
    assert app.top is board and not board.model.hidden
    return board


def test_a_card_dragged_onto_a_flag_is_played() -> None:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    board = hotseat_board(app)
    action = next(a for a in board.table.legal_actions() if a["type"] == "play" and "flag" in a)
    start = board.targets[("hand", action["card"])].center
    end = board.targets[("flag", action["flag"])].center
    before = len(game_of(board.table).actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    for k in range(1, 6):  # the card follows the pointer across the table
        x = start[0] + (end[0] - start[0]) * k // 5
        y = start[1] + (end[1] - start[1]) * k // 5
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(3, -3), buttons=(1, 0, 0)))
        app.step()
        assert board.model.drag is not None and board.model.drag[1] == (x, y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()
    assert board.model.drag is None
    assert len(game_of(board.table).actions) == before + 1
    assert game_of(board.table).actions[-1] == action


def test_a_card_dropped_where_it_cannot_go_stays_in_hand_with_a_reason() -> None:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    board = hotseat_board(app)
    card = next(a["card"] for a in board.table.legal_actions() if a["type"] == "play")
    start = board.targets[("hand", card)].center
    before = len(game_of(board.table).actions)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 60), rel=(0, -9), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=board.targets[("deck", "troops")].center, button=1))
    app.step()
    assert len(game_of(board.table).actions) == before and board.toasts, "refused, and told why"
    assert ("hand", card) in board.targets


def test_auto_claim_claims_a_provable_flag_by_itself() -> None:
    game = find(3, in_phase("claim"))
    app = App(Settings(animation_speed="off", welcomed=True, auto_claim=True), fixed_dt=1 / 60)
    board = BoardScene(app, LocalTable(game))
    board.model.hidden, board.pending_pass = False, None
    board.refresh()
    app.push(board)
    claims = [a for a in board.table.legal_actions() if a["type"] == "claim"]
    assert claims
    Driver(app).frames(3)
    assert game.actions[-1] == claims[0] or game.actions[-1]["type"] == "claim"
    assert any(f.claimed == "south" for f in game.flags)


def test_without_auto_claim_nothing_is_claimed_for_you() -> None:
    game = find(3, in_phase("claim"))
    app = App(Settings(animation_speed="off", welcomed=True, auto_claim=False), fixed_dt=1 / 60)
    board = BoardScene(app, LocalTable(game))
    board.model.hidden, board.pending_pass = False, None
    board.refresh()
    app.push(board)
    count = len(game.actions)
    Driver(app).frames(3)
    assert len(game.actions) == count


def test_a_controller_plugged_in_and_out_mid_game() -> None:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)  # a real (headless) window and input
    board = hotseat_board(app)
    driver = Driver(app)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0, which=0))
    app.step()  # no such device under the dummy driver: logged, never raised
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert app.input.last_device == "controller" and app.input.glyph(Kind.CONFIRM) == "(A)"
    action = next(a for a in board.table.legal_actions() if a["type"] == "play" and "flag" in a)
    driver.play(board, action, "controller")
    assert game_of(board.table).actions[-1] == action
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=0))
    app.step()
    assert app.input.last_device == "keyboard", "with no pad left, prompts name keys again"
    assert app.dirty is False  # the screen was redrawn for the new prompts
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED))  # a malformed event: ignored
    app.step()
    assert app.running


def _menu_walk(device: str) -> list[str]:
    """Open each main-menu entry but Quit with one device, and leave it again with the same device."""
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60, window=False)
    menu = MainMenuScene(app)
    app.push(menu)
    driver = Driver(app)
    seen = []
    back = pygame.CONTROLLER_BUTTON_B if device == "controller" else pygame.K_ESCAPE
    for index in range(len(menu.menu.items) - 1):  # the last entry quits
        while menu.menu.focus != index:
            driver.direction(device, "down")
        driver.confirm(device)
        assert app.top is not menu, f"{menu.menu.items[index].label} opened nothing"
        seen.append(type(app.top).__name__)
        for _ in range(10):
            top = app.top
            if isinstance(top, MainMenuScene):
                break
            if isinstance(top, (PauseScene, ConfirmScene)):  # a board under it (the tutorial): leave through
                while top.menu.focus != len(top.menu.items) - 1:  # the pause menu, and say yes when asked
                    driver.direction(device, "down")
                driver.confirm(device)
            elif device == "controller":
                driver.pad(back)
            else:
                driver.key(back)
        assert isinstance(app.top, MainMenuScene), f"could not leave {seen[-1]} with the {device}"
        menu = app.top
    return seen


@pytest.mark.parametrize("device", ["keyboard", "controller"])
def test_every_menu_scene_reachable_and_leavable_with_one_device(device: str) -> None:
    seen = _menu_walk(device)
    assert {"SetupScene", "RulesScene", "SettingsScene"} <= set(seen)


@pytest.mark.parametrize("device", ["keyboard", "controller"])
def test_a_game_started_paused_and_left_with_one_device(device: str) -> None:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60, window=False)
    app.push(MainMenuScene(app))
    driver = Driver(app)
    menu = app.top
    assert isinstance(menu, MainMenuScene)
    while menu.menu.items[menu.menu.focus].run != menu._setup:
        driver.direction(device, "down")
    driver.confirm(device)  # New game
    setup = app.top
    assert isinstance(setup, MenuScene)
    while setup.menu.items[setup.menu.focus].label != "Opponent":  # Players and the first name come first
        driver.direction(device, "down")
    driver.direction(device, "left")  # Opponent: from the easy bot ...
    driver.direction(device, "left")  # ... to a person here
    for _ in range(len(setup.menu.items) - 1):
        driver.direction(device, "down")  # the menu does not wrap: down to "Start the game"
    driver.confirm(device)
    assert isinstance(app.top, PassScene)
    driver.confirm(device)
    assert isinstance(app.top, BoardScene)
    if device == "controller":
        driver.pad(pygame.CONTROLLER_BUTTON_START)
    else:
        driver.key(pygame.K_p)
    pause = app.top
    assert isinstance(pause, PauseScene)
    for _ in range(len(pause.menu.items) - 1):
        driver.direction(device, "down")  # to "Leave to the main menu"
    driver.confirm(device)
    driver.direction(device, "down")  # the question: yes, leave
    driver.confirm(device)
    assert isinstance(app.top, MainMenuScene) and len(app.stack) == 1


def test_window_size_and_fullscreen_from_settings_do_not_crash(config: Path) -> None:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    settings = SettingsScene(app)
    app.push(settings)
    driver = Driver(app)
    labels = [item.label for item in settings.menu.items]
    for label, presses in (("Window size", 4), ("Fullscreen", 2)):
        target = labels.index(label)
        while settings.menu.focus != target:  # the menu does not wrap: up or down towards it
            driver.key(pygame.K_DOWN if settings.menu.focus < target else pygame.K_UP)
        for _ in range(presses):
            driver.key(pygame.K_RIGHT)
            driver.frames(2)
    assert labels and app.running
    assert app.settings.fullscreen is False and app.settings.window_size != (1280, 720)
    if app.window is not None and app.window.window is not None:
        assert tuple(app.window.size) == app.settings.window_size
    assert (config / "settings.json").exists()
