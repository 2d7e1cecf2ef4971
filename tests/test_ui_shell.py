"""Settings survive bad files; devices map to intents; animations run and settle; scenes stack."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, game_of

from game.keep.settings import Settings, load_settings, save_settings
from game.play.session import Session, Setup
from game.ui.input import InputMapper, Kind
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.pause import PauseScene


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    return tmp_path


def test_settings_round_trip(config: Path) -> None:
    s = Settings(fullscreen=True, window_size=(1920, 1080), animation_speed="fast", auto_claim=True,
                 volume=0.3, names=["Zoe", "Max"])
    assert save_settings(s)
    assert load_settings() == s


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"volume": "loud", "animation_speed": 3}', "\x00\xff"])
def test_corrupt_settings_give_defaults_and_a_message(config: Path, content: str,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    (config / "settings.json").write_text(content, encoding="utf-8", errors="ignore")
    settings = load_settings()
    assert isinstance(settings, Settings)
    assert settings.volume == Settings().volume
    assert caplog.records, "a corrupt file is reported"


def test_one_bad_field_keeps_the_good_ones(config: Path) -> None:
    (config / "settings.json").write_text(json.dumps({"auto_claim": True, "window_size": "huge"}))
    settings = load_settings()
    assert settings.auto_claim is True and settings.window_size == Settings().window_size


def test_each_device_maps_to_intents() -> None:
    mapper = InputMapper()
    key = mapper.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0))
    assert key[0].kind is Kind.FLAG and key[0].value == 3 and mapper.last_device == "keyboard"
    pad = mapper.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                              button=pygame.CONTROLLER_BUTTON_A))
    assert pad[0].kind is Kind.CONFIRM and mapper.last_device == "controller"
    assert mapper.glyph(Kind.CONFIRM) == "(A)"
    stick = mapper.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                                axis=pygame.CONTROLLER_AXIS_LEFTX, value=30000))
    again = mapper.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                                axis=pygame.CONTROLLER_AXIS_LEFTX, value=31000))
    assert stick[0].kind is Kind.RIGHT and again == []
    click = mapper.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1))
    assert click[0].kind is Kind.PRESS and click[0].pos == (5, 6) and mapper.last_device == "mouse"
    gone = mapper.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=99))
    assert gone == []


def test_animations_run_then_settle_and_the_model_is_already_there() -> None:
    app = App(Settings(animation_speed="normal", welcomed=True), fixed_dt=1 / 60)
    session = Session(Setup(seed=4, starts="south"))
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    driver = Driver(app)
    driver.confirm("keyboard")  # the pass screen
    action = next(a for a in board.table.legal_actions() if a["type"] == "play")
    driver.play(board, action, "mouse")
    assert game_of(board.table).actions[-1] == action, "the model changed at once"
    assert board.anims.flights, "the card flies to its slot"
    assert board.activity() == 2
    driver.frames(90)
    assert not board.anims.flights


def test_pause_overlays_the_board_and_pops() -> None:
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    session = Session(Setup(seed=4))
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    driver = Driver(app)
    under = list(app.stack)  # the board, and the hot seat's pass screen over it
    assert under[0] is board
    driver.key(pygame.K_p)
    assert isinstance(app.top, PauseScene) and not app.top.opaque
    assert app.stack[:-1] == under
    driver.key(pygame.K_ESCAPE)
    assert app.stack == under, "Escape closes the pause menu and only it"
