"""The real main loop (App.run) keeps every timer's promise with no input at all.

Each test runs `App.run()` in its own thread on the dummy video driver with real time
(tests/real_loop.py), gives at most one input, then waits with no input and checks that the
screen caught up with the app: the last frame presented is what the app's state draws now.
The old loop slept on the event queue without counting the sleep and drew nothing when a
timer ran out, so each of these pictures stayed frozen until the next mouse move.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from real_loop import RealLoop, board_app, changed_in, close_boards

from engine import Game
from game.ui.scene import Scene
from game.ui.shell import App, wake
from game.ui.text import text
from scenes import board_coach, board_zoom
from scenes.board import BoardScene

SETTLE = 2.5  # seconds of no input after the state settled: longer than any nap of the loop


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))


def board_of(loop: RealLoop) -> BoardScene:
    assert loop.app is not None and isinstance(loop.app.stack[0], BoardScene)
    return loop.app.stack[0]


def test_the_zoom_appears_after_its_delay_with_no_input() -> None:
    loop = RealLoop(board_app({"animation_speed": "off"}))
    with loop:
        board = board_of(loop)
        loop.wait_for(lambda: board.my_turn and loop.frame_count() > 0, "the player's turn")
        loop.idle(0.5)
        loop.key(pygame.K_RIGHT)  # the focus rests on a hand card: the only input of the test
        loop.wait_for(lambda: board.model.focus is not None and board.model.focus[0] == "hand"
                      and board.zoom.since is not None, "the focus on a hand card")
        moved = loop.now()
        loop.idle(board_zoom.ZOOM_DELAY + SETTLE)
        resting = loop.frame_count()
        loop.idle(1.5)
        assert loop.frame_count() == resting, "then the board rests: no frames while nothing changes"
    close_boards(loop.app)
    assert board.model.focus is not None and board.model.focus[0] == "hand"
    assert board.app.input.last_device == "keyboard"
    shown = board_zoom.draw(board, pygame.Surface((1920, 1080)))
    assert shown is not None, "the app's state holds the zoom"
    early, late = loop.frame_at(moved), loop.last_frame()
    assert changed_in(early.surface, late.surface, shown) > shown.width * shown.height // 4, \
        "the screen shows the zoom seconds later, though nobody touched anything"
    assert loop.stale() == 0, "the last frame is the app's state, not one from before"


def test_a_banner_fades_out_completely_with_no_input() -> None:
    loop = RealLoop(board_app({"animation_speed": "off"}))
    with loop:
        board = board_of(loop)
        loop.wait_for(lambda: board.my_turn and loop.frame_count() > 0, "the player's turn")
        loop.key(pygame.K_d)  # "You draw at the end of your turn.": a refusal banner over the flags
        loop.wait_for(lambda: bool(board.toasts), "the banner")
        shown_at = loop.now()
        loop.wait_for(lambda: not board.toasts, "the banner's end", guard=20)
        loop.idle(SETTLE)
    close_boards(loop.app)
    assert loop.frame_at(shown_at + 0.3).surface is not loop.last_frame().surface
    assert loop.stale() == 0, "no trace of the banner stays on the screen"


def test_a_flight_lands_with_no_input() -> None:
    loop = RealLoop(board_app({"animation_speed": "normal"}))
    with loop:
        board = board_of(loop)
        loop.wait_for(lambda: board.my_turn and loop.frame_count() > 0, "the player's turn")
        loop.key(pygame.K_RETURN)  # the focused hand card
        loop.wait_for(lambda: bool(board.model.flow.picked), "the card picked")
        loop.key(pygame.K_RETURN)  # the first flag offered: the card flies there
        loop.wait_for(lambda: board.my_turn and board.table.phase == "draw", "the draw")
        loop.key(pygame.K_RETURN)  # the troop deck: a card flies to the hand, then the bot plays and draws
        loop.wait_for(lambda: board_coach.moves(board.table) >= 4 and board.my_turn
                      and not board.anims.busy(board.clock), "the bot's answer, landed")
        loop.idle(SETTLE)
    close_boards(loop.app)
    assert loop.stale() == 0, "every card where it landed, none parked mid-flight"


def test_the_win_bar_appears_with_no_input() -> None:
    loop = RealLoop(board_app({"animation_speed": "off", "win_bar": True}))
    with loop:
        board = board_of(loop)
        loop.wait_for(lambda: board.model.win_estimate is not None, "the coach's estimate")
        loop.idle(SETTLE)
    close_boards(loop.app)
    assert loop.stale() == 0, "the bar is drawn when the estimate arrives, not at the next key"


def finished_game() -> Game:
    from engine.ai import make_bot
    from engine.rules import Rules

    game = Game.new(Rules(tactics=False), seed=12, first="south")
    bots = {"south": make_bot("random", 1), "north": make_bot("easy", 2)}
    while game.result is None:
        game.apply(bots[game.to_move].choose_in(game))
    return game


def test_reviews_progress_is_shown_as_it_goes_with_no_input() -> None:
    from engine import to_record
    from engine.run.review import ReviewProcess
    from scenes.review_scene import ReviewScene

    game = finished_game()
    scenes: list[ReviewScene] = []

    def make() -> App:
        from game.keep.settings import Settings

        pygame.display.init()
        pygame.font.init()
        app = App(Settings(welcomed=True), size=(960, 540))
        process = ReviewProcess(to_record(game), "south", iterations=200)
        scenes.append(ReviewScene(app, game, "south", process))
        app.push(scenes[0])
        return app

    loop = RealLoop(make)
    try:
        with loop:
            scene = scenes[0]
            loop.wait_for(lambda: scene.process.total > 0 and scene.process.done >= 1, "the first move reviewed")
            loop.idle(SETTLE)
    finally:
        scenes[0].process.cancel()
    assert scene.process.total > 0
    assert loop.stale() == 0, "the progress bar and its count as they are, not as they were"


class Counter(Scene):
    """A still screen showing a number that another thread changes (as a network reader would)."""

    name = "counter"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.value = 0

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        surface.blit(text(str(self.value), 60, (255, 255, 255)), (100, 100))


def test_any_thread_wakes_the_sleeping_loop_and_a_still_screen_costs_no_frames() -> None:
    scenes: list[Counter] = []

    def make() -> App:
        from game.keep.settings import Settings

        pygame.display.init()
        pygame.font.init()
        app = App(Settings(welcomed=True), size=(960, 540))
        scenes.append(Counter(app))
        app.push(scenes[0])
        return app

    with RealLoop(make) as loop:
        loop.wait_for(lambda: loop.frame_count() >= 1, "the first frame")
        before = loop.frame_count()
        loop.idle(2.5)
        assert loop.frame_count() == before, "nothing changes: nothing is drawn (the loop sleeps)"
        scenes[0].value = 7  # a message arrived on another thread ...
        wake()  # ... which wakes the loop: the hook a network reader uses (docs/ARCHITECTURE.md)
        loop.wait_for(lambda: loop.frame_count() > before, "a frame after wake()")
    assert loop.stale() == 0, "the screen shows the new value"
