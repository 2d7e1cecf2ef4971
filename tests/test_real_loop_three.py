"""The real main loop (App.run) with three players: two bots in their own processes play their turns one
after the other with no input at all, and the person's screen then shows both turns, ringed and told."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from real_loop import RealLoop, changed_in, close_boards
from ui_driver import marked

from game.ui.shell import App
from scenes.board import BoardScene

SETTLE = 2.5  # seconds of no input after the state settled: longer than any nap of the loop


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))


def make() -> App:
    from game.keep.settings import Settings
    from game.play.session import Session, Setup

    pygame.display.init()
    pygame.font.init()
    app = App(Settings(welcomed=True, animation_speed="fast"), size=(960, 540))
    session = Session(Setup(players=3, opponent="easy", third="random", seed=11, starts="west"), bot_pace=0.2)
    app.push(BoardScene(app, session.new_table(), session))  # bots in worker processes, as at home
    return app


def test_r48_two_bots_play_in_turn_and_the_person_sees_both_turns_with_no_input() -> None:
    loop = RealLoop(make)
    with loop:
        assert loop.app is not None and isinstance(loop.app.stack[0], BoardScene)
        board = loop.app.stack[0]
        assert board.table.to_move == "west" and not board.model.hotseat
        loop.wait_for(lambda: loop.frame_count() > 0, "the first frame")
        start = loop.now()
        loop.wait_for(lambda: board.my_turn and board.table.phase == "play" and not board.anims.busy(board.clock)
                      and len(board.model.turns) == 2, "West's and East's turns, landed", guard=40)
        loop.idle(SETTLE)
    close_boards(loop.app)
    assert [seat for seat, _events in board.story()] == ["west", "east"], "both turns since yours, in order"
    caption = board.geo.caption
    assert changed_in(loop.frame_at(start).surface, loop.last_frame().surface, caption) > 1000, \
        "the caption of both turns appeared with nobody touching anything"
    assert len(marked(board)) >= 2, "each bot's card ringed"
    assert loop.stale() == 0, "the last frame is the app's state"
