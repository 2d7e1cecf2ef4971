"""No silence after the game (issue 59, item 5): the results, review and replay screens play the calm piece made
by tools/make_music.py ("after"), once the ending's sting has been heard alone."""

from __future__ import annotations

import pytest
from test_audio import board_game, fresh_audio  # noqa: F401 (the fixture: a fresh mixer, a config folder)
from ui_driver import game_of
from waiting import wait_until

from game.keep.settings import Settings
from game.ui import audio
from scenes import board_events, screens
from scenes.main_menu import MainMenuScene


def test_the_results_and_the_replay_play_the_calm_piece_after_the_sting() -> None:
    app, board, _driver = board_game(Settings(animation_speed="off", music_volume=0.5))
    player = audio.audio()
    if not player.ok:
        pytest.skip("the dummy audio driver did not open here")
    board_events.on_event(board, {"type": "game_over", "winner": "south", "how": "breakthrough", "flags": {}}, {})
    assert not player.music_on and player.played[-1] == "horn"
    app.push(screens.results(app, board))
    app.step()
    if audio.sting_playing():
        assert not player.music_on, "the sting is heard alone"
    # the horn is a few seconds long; the dummy driver plays at its own pace
    wait_until(lambda: player.music_on and player.piece == "after", 120, "the music after the sting", step=app.step,
               pause=0.05)
    assert player.music_on and player.piece == "after", "the results screen has its music once the sting is over"
    app.reset(MainMenuScene(app))
    assert player.piece == "menu"
    app.push(screens.replay(app, game_of(board.table)))
    assert player.music_on and player.piece == "after", "a replay opened from the menu has the calm piece too"
