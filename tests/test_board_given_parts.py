"""The board's helpers are given the part they read (issue 60, item 1 continued): the coach's win-estimate bar is a
view drawn from a frozen value (item 2), the last turns' marks are derived once per key the model owns, not every
frame (item 3), and the helpers that read one part no longer accept the board."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable

import pygame
import pytest
from ui_driver import board_on_show, marked

from game.keep.settings import Settings
from game.ui import art
from game.ui.shell import App
from scenes import board_coach, board_cover, board_draw, board_events, board_hud, board_marks, board_zoom
from scenes.board_bar_view import WinBar, WinBarView


def test_the_win_bar_is_drawn_from_the_value_it_is_given_with_no_board() -> None:
    pygame.font.init()
    bar = WinBar(0.62, "Win estimate: 62%")
    with pytest.raises(dataclasses.FrozenInstanceError):
        bar.chance = 0.1  # type: ignore[misc]
    view = WinBarView()
    surface = pygame.Surface((1920, 1080))
    view.draw(surface, None)
    assert pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255)).count() == 1920 * 1080, \
        "no value (no coach, the setting off): nothing drawn"
    view.draw(surface, bar)
    assert surface.get_at((1920 - 28 - 170 + 30, 108 + 7))[:3] == art.GOOD, "the estimate's part of the bar filled"
    assert surface.get_at((1920 - 28 - 5, 108 + 7))[:3] != art.GOOD, "the rest not"
    view.draw(surface, WinBar(0.62, "Win estimate: 62%"))
    assert view.rendered == 1, "an equal value: the label is not rendered again"
    view.draw(surface, WinBar(0.3, "Win estimate: 30%", three=True))
    assert view.rendered == 2 and surface.get_at((960 + 40 + 20, 88 + 7))[:3] == art.GOOD, "three: under the name"


def test_the_board_draws_the_bar_from_the_coachs_estimate() -> None:
    assert board_draw.win_bar_of(False, 0.5, False) is None, "no coach here, or the setting off"
    assert board_draw.win_bar_of(True, None, False) is None, "the coach has not answered yet"
    bar = board_draw.win_bar_of(True, 0.555, True)
    assert bar is not None and bar.chance == 0.555 and bar.three and "56%" in bar.words


def test_the_last_turns_marks_are_derived_once_per_key_not_every_frame() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    with app.active():
        board.resume()  # the log rebuilt from the record: the last turn told and ringed
        turn = board.model.last_turn
        assert turn is not None
        for _ in range(5):
            app.draw(app.screen)
        assert board.marks.derived == 1, "five still frames: the marks derived once"
        assert board.flag_view.shown is not None and board.flag_view.shown[0].marks, "and drawn"
        derived = board.marks.derived
        board.model.seen()  # the player acted: no marks, though the view is the same one
        app.draw(app.screen)
        assert board.marks.derived == derived + 1 and not board_hud.flag_line_of(board).marks
        # a turn told after the view was given (events are noted after refresh bumps the version): marked again
        for event in turn[1]:
            board.model.note_turn(event)
        board.model.note_turn({"type": "turn", "seat": "south"})
        version = board.model.version
        app.draw(app.screen)
        assert board.model.version == version and board.marks.derived == derived + 2
        assert [r for _c, rects in board_hud.flag_line_of(board).marks for r in rects] == marked(board) != []
    board.table.close()


@pytest.mark.parametrize("helper", [
    board_cover.current_toast, board_cover.flag_rects, board_coach.make_coach, board_coach.active_hint,
    board_coach.hint_words, board_coach.hint_rects, board_coach.draw_hint, board_coach.close, board_hud.story_words,
    board_hud.banner_widths, board_hud.toast_spot, board_draw.draw_buttons, board_zoom.zoomed,
    board_events.passes_to, board_marks.story_marks, board_marks.mark_rects,
])
def test_a_helper_given_its_part_does_not_accept_the_board(helper: Callable[..., object]) -> None:
    for name, parameter in inspect.signature(helper).parameters.items():
        assert name not in ("board", "state") and "Board" not in str(parameter.annotation).replace("BoardModel", ""), \
            f"{helper.__name__} takes the board as {name}"
