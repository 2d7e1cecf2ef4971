"""Sounds: made by tools/make_sounds.py, played from the board's events, silent without a sound card."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pygame
import pytest

from app.ui_driver import Driver
from game.keep.settings import Settings
from game.play.session import Session, Setup
from game.ui import audio
from game.ui.shell import App
from scenes.board import BoardScene

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def fresh_audio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(audio, "_AUDIO", audio.Audio())
    pygame.init()


def test_make_sounds_reproduces_the_committed_files(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(tmp_path)]) == 0
    for name in module.SOUNDS:
        made = (tmp_path / f"{name}.wav").read_bytes()
        assert made == (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes(), name
    credits = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert "make_sounds.py" in credits


def board_game(settings: Settings) -> tuple[App, BoardScene, Driver]:
    app = App(settings, fixed_dt=1 / 60, window=False)
    session = Session(Setup(seed=4, starts="south"))
    board = BoardScene(app, session.new_table(), session)
    app.push(board)
    driver = Driver(app)
    driver.confirm("keyboard")  # the pass screen
    return app, board, driver


def test_board_events_and_refusals_make_their_sounds() -> None:
    app, board, driver = board_game(Settings(animation_speed="off"))
    action = next(a for a in board.table.legal_actions() if a["type"] == "play")
    driver.play(board, action, "keyboard")
    assert audio.audio().played[-1] == "play"
    driver.key(pygame.K_d)
    assert audio.audio().played[-1] == "draw"
    board.try_claim(9)  # nothing to claim yet: refused
    assert audio.audio().played[-1] == "refuse"
    audio.on_event(app, {"type": "claim", "seat": "south", "flag": 1})
    audio.on_event(app, {"type": "game_over", "winner": "south", "how": "flags"})
    assert audio.audio().played[-2:] == ["claim", "victory"]


def test_a_new_game_shuffles_and_each_ending_has_its_own_sound() -> None:
    board_game(Settings(animation_speed="off"))
    assert "shuffle" in audio.audio().played, "a new board shuffles the decks"
    app = App(Settings(), fixed_dt=1 / 60, window=False)
    endings = {}
    for how, lost in (("breakthrough", False), ("envelopment", False), ("flags", False), ("breakthrough", True)):
        audio.on_event(app, {"type": "game_over", "winner": "north", "how": how}, lost_here=lost)
        endings[how, lost] = audio.audio().played[-1]
    assert endings == {("breakthrough", False): "horn", ("envelopment", False): "horn",
                       ("flags", False): "victory", ("breakthrough", True): "defeat"}


def test_a_lost_game_against_a_bot_ends_quietly() -> None:
    from game.play.bot_client import IdleBot
    from game.play.positions import find, in_phase
    from game.play.table import LocalTable

    app = App(Settings(animation_speed="off"), fixed_dt=1 / 60, window=False)
    board = BoardScene(app, LocalTable(find(4, in_phase("play")), {"north": IdleBot()}))
    app.push(board)
    from scenes import board_events

    board_events.on_event(board, {"type": "game_over", "winner": "north", "how": "breakthrough", "flags": {}}, {})
    assert audio.audio().played[-1] == "defeat"
    board_events.on_event(board, {"type": "game_over", "winner": "south", "how": "breakthrough", "flags": {}}, {})
    assert audio.audio().played[-1] == "horn"


def test_the_music_ducks_under_a_claim_and_comes_back() -> None:
    player = audio.audio()
    settings = Settings(volume=0.5, music_volume=0.6)
    player.music(settings)
    if not player.ok:
        pytest.skip("the dummy audio driver did not open here")
    player.effect("play", settings)
    assert not player.ducked, "a card's click is too short to duck the music"
    player.effect("claim", settings)
    assert player.ducked and pygame.mixer.music.get_volume() < 0.6 * audio.DUCK + 0.02
    assert player._unduck is not None
    player._unduck.join(timeout=10)  # the timer brings the music back after the drum
    assert not player.ducked and pygame.mixer.music.get_volume() > 0.55


def test_dummy_driver_plays_sounds_and_music() -> None:
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
    player = audio.audio()
    settings = Settings(volume=0.5, music_volume=0.4)
    player.effect("claim", settings)
    player.music(settings)
    if player.ok:  # the dummy driver opens: sounds loaded, the loop playing
        assert set(player.sounds) == set(audio.EFFECTS)
        assert player.music_on
        player.music(Settings(music_volume=0.0))
        assert not player.music_on


def test_a_mixer_that_cannot_start_leaves_the_game_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    app, board, driver = board_game(Settings(animation_speed="off"))
    action = next(a for a in board.table.legal_actions() if a["type"] == "play")
    driver.play(board, action, "mouse")
    audio.music(app)
    board.try_claim(9)
    assert audio.audio().ok is False and audio.audio().played[-1] == "refuse"
    assert board.table.game.actions[-1] == action, "the game went on in silence"
