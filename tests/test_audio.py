"""Sounds: made by tools/make_sounds.py and tools/make_music.py, played from the board's events and scenes, a mix
that cannot reach full scale (measured on SDL's disk driver), silent without a sound card."""

from __future__ import annotations

import array
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest
from ui_driver import Driver, game_of

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


def tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_make_sounds_reproduces_the_committed_files(tmp_path: Path) -> None:
    module = tool("make_sounds")
    assert module.main([str(tmp_path)]) == 0
    for name in module.SOUNDS:
        made = (tmp_path / f"{name}.wav").read_bytes()
        assert made == (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes(), name
    credits = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert "make_sounds.py" in credits and "make_music.py" in credits and "FluidR3_GM" in credits


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
    lead = pygame.mixer.Channel(audio.MUSIC_CHANNELS[player._lead])
    player.effect("claim", settings)
    assert player.ducked and lead.get_volume() < audio.DUCK + 0.02
    assert player._unduck is not None
    player._unduck.join(timeout=10)  # the timer brings the music back after the drum
    assert not player.ducked and lead.get_volume() > 0.95


def test_dummy_driver_plays_sounds_and_music() -> None:
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
    player = audio.audio()
    settings = Settings(volume=0.5, music_volume=0.4)
    player.effect("claim", settings)
    player.music(settings)
    if player.ok:  # the dummy driver opens: sounds loaded, the loop playing
        assert set(player.sounds) == set(audio.EFFECTS)
        assert player.music_on and player.piece == "menu"
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
    assert game_of(board.table).actions[-1] == action, "the game went on in silence"


def capture(kind: str, out: Path, root: Path = ROOT) -> dict[str, Any]:
    """Run tools.workshop.sound_check in its own process (SDL's disk driver must be chosen before the mixer opens)."""
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "tools.workshop.sound_check", kind, str(out)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_three_claims_and_a_horn_over_the_music_never_reach_full_scale(tmp_path: Path) -> None:
    """The bot that claimed three flags at once over the music clipped the old mix (400 samples at full scale
    in this capture); now the shares of the headroom add up to less than full scale."""
    result = capture("burst", tmp_path / "burst.raw")
    assert result["format"] == [44100, -16, 2]
    assert result["samples"] > 44100 * 2 * 3, "the capture holds the whole burst"
    assert result["full_scale"] == 0, result
    assert 0.15 < float(result["peak_share"]) < 0.97, result  # loud enough to be heard, never near the top
    assert audio.headroom() < 0.97


def test_every_sound_file_peaks_within_its_share_at_44_1_khz() -> None:
    """The headroom sum holds only if no file peaks above FILE_PEAK: decode each as the game does and check."""
    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    try:
        for name in (*audio.EFFECTS, *audio.PIECES):
            path = audio.Audio()._file(name)
            samples = array.array("h", pygame.mixer.Sound(str(path)).get_raw())
            peak = max(abs(v) for v in samples) / 32767
            assert 0.3 < peak <= audio.FILE_PEAK, (name, peak)
            if path.suffix == ".ogg":  # the Vorbis identification header: channels, then the sample rate
                head = path.read_bytes()[:64]
                at = head.index(b"\x01vorbis") + 11
                assert int.from_bytes(head[at + 1:at + 5], "little") == 44100, name
    finally:
        pygame.mixer.quit()


def _decoded(name: str) -> array.array:
    """A sound file's samples as the game's mixer gets them (44.1 kHz, mono here)."""
    return array.array("h", pygame.mixer.Sound(str(audio.Audio()._file(name))).get_raw())


def test_no_effect_clicks_and_every_music_loop_joins_without_one() -> None:
    """Every effect starts and ends at silence, has no step in its wave and is never cut off (tests/sound_checks);
    each music loop's end runs into its start as smoothly as any other moment of it."""
    from sound_checks import clicks

    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=1)
    try:
        for name in audio.EFFECTS:
            assert clicks(_decoded(name)) == [], name
        for name in audio.PIECES:
            x = _decoded(name)
            joint = x[-2205:] + x[:2205]  # 50 ms either side of the join
            assert clicks(joint, ends=False) == [], name
    finally:
        pygame.mixer.quit()


def test_the_click_check_hears_a_step_a_cut_and_a_tone_started_at_its_peak() -> None:
    """The check above is not deaf: a real effect with a 1 ms step of -30 dBFS, the same cut off mid-sound, and a
    tone that starts at its crest are each heard as a click; the clean original is not."""
    import math

    from sound_checks import clicks

    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=1)
    try:
        knock = _decoded("refuse")
    finally:
        pygame.mixer.quit()
    assert clicks(knock) == []
    stepped = array.array("h", knock)
    for i in range(6000, 6044):
        stepped[i] = max(-32767, min(32767, stepped[i] + 1000))
    assert any("step" in c for c in clicks(stepped))
    cut = knock[:1500] + array.array("h", [0] * (len(knock) - 1500))
    assert any("cut off" in c for c in clicks(cut))
    crest = array.array("h", [0] * 441 + [round(8000 * math.cos(2 * math.pi * 220 * i / 44100) * math.exp(-i / 4410))
                                          for i in range(8820)])
    assert clicks(crest)


def test_the_music_follows_the_scene_and_stops_for_the_ending() -> None:
    """The menu's piece, the game's on a board, the tense one once someone holds three flags, and at the end
    the music fades so the sting is heard alone; back at the menu, its piece again."""
    from scenes.main_menu import MainMenuScene

    app, board, _driver = board_game(Settings(animation_speed="off", music_volume=0.5))
    player = audio.audio()
    if not player.ok:
        pytest.skip("the dummy audio driver did not open here")
    assert player.piece == "game" and player.music_on
    from scenes import board_events

    game = game_of(board.table)  # a position where South has taken flags 1, 2, then 5
    for n in (1, 2):
        game.flags[n - 1].claimed = "south"
    board.refresh()
    assert player.piece == "game", "two flags: not yet near the end"
    game.flags[4].claimed = "south"
    board.refresh()
    assert player.piece == "tension"
    playing = [pygame.mixer.Channel(c).get_busy() for c in audio.MUSIC_CHANNELS]
    assert playing == [True, True], "the game's piece fades out while the tense one fades in"
    board_events.on_event(board, {"type": "game_over", "winner": "south", "how": "breakthrough", "flags": {}}, {})
    assert not player.music_on and player.played[-1] == "horn"
    app.reset(MainMenuScene(app))
    assert player.piece == "menu" and player.music_on


def test_near_the_end_means_three_flags_held_by_one_side() -> None:
    flags = [{"claimed": s} for s in ("south", "north", "south", "north", None, "south")]
    assert audio.near_the_end(flags)
    assert not audio.near_the_end(flags[:5])
    assert not audio.near_the_end([])


def test_make_music_writes_midi_and_says_when_fluidsynth_is_missing(tmp_path: Path) -> None:
    module = tool("make_music")
    assert module.main([str(tmp_path), "--midi-only"]) == 0
    for name in module.PIECES:
        data = (tmp_path / f"{name}.mid").read_bytes()
        assert data[:4] == b"MThd" and data[14:18] == b"MTrk" and data.endswith(b"\xff\x2f\x00"), name
    env = {**os.environ, "PATH": str(tmp_path)}  # no fluidsynth, no sox on this PATH
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_music.py"), str(tmp_path / "out")], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "missing fluidsynth" in done.stderr
    assert not list((tmp_path / "out").glob("*.ogg")), "nothing half made"


def test_a_whole_game_against_the_easy_bot_never_reaches_full_scale(tmp_path: Path) -> None:
    """The real game in its own process, played through its real loop by tests/scripted.py against the easy bot,
    every volume at 100 %, its sound card SDL's disk driver: a whole game (shuffle, plays, claims, the ending's
    sting over the music) and not one sample at full scale (the old mix: 1754 and 2642 in two runs here)."""
    from tools.workshop.sound_check import measure

    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"volume": 1.0, "music_volume": 1.0, "welcomed": True}))
    out = tmp_path / "game.raw"
    script = {"setup": {"seed": 5, "starts": "south", "opponent": "easy"}, "policy": 7, "once": True, "settle": 6}
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk",
           "SDL_DISKAUDIOFILE": str(out), "BATTLELINE_CONFIG_DIR": str(config), "BATTLELINE_DATA_DIR": str(tmp_path),
           "BATTLELINE_SCRIPT": json.dumps(script)}
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "scripted.py")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "games").glob("*.json")), "the game was played to its end"
    result = measure(out)
    assert result["samples"] > 44100, "sound was captured (its length follows the machine's pace, not asserted)"
    assert result["full_scale"] == 0, result
    assert float(result["peak_share"]) > 0.15, "the game was heard"


def test_at_most_three_effects_sound_at_once_and_never_on_the_music_channels() -> None:
    """The headroom sum counts three effects: a fourth takes over the oldest rather than adding a voice."""
    player = audio.audio()
    settings = Settings(volume=1.0, music_volume=0.5)
    player.music(settings)
    if not player.ok:
        pytest.skip("the dummy audio driver did not open here")
    lead = pygame.mixer.Channel(audio.MUSIC_CHANNELS[player._lead])
    for name in ("shuffle", "claim", "horn", "victory", "defeat"):
        player.effect(name, settings)
        effect_sounds = [player.sounds[n] for n in audio.EFFECTS]
        taken = [c for c in audio.MUSIC_CHANNELS if pygame.mixer.Channel(c).get_sound() in effect_sounds]
        assert not taken, f"{name} took the music's channel {taken}"
        assert lead.get_busy() and lead.get_sound() is player.pieces["menu"], f"the music plays on under {name}"
    busy = [c for c in range(pygame.mixer.get_num_channels()) if pygame.mixer.Channel(c).get_busy()]
    effects = [c for c in busy if c not in audio.MUSIC_CHANNELS]
    assert len(effects) == audio.EFFECT_CHANNELS == 3
    sounding = {pygame.mixer.Channel(c).get_sound() for c in effects}
    assert sounding == {player.sounds[n] for n in ("horn", "victory", "defeat")}, "the oldest effects gave way"
