"""The line of flags is a view drawn from a value (issue 60, item 1): the claimable flags' rings, the last turn's
marks and the victory are drawn by `FlagLineView` from a frozen `FlagLine` the board makes from its model, and are
laid out again only for another value."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from ui_driver import board_on_show, marked

from game.keep.settings import Settings
from game.ui import art
from game.ui.shell import App
from scenes.board_flag_view import FlagLine, FlagLineView
from scenes.board_hud import flag_line_of


def test_the_flag_line_is_drawn_from_the_value_it_is_given_with_no_board() -> None:
    pennant = pygame.Rect(400, 460, 60, 80)
    line = FlagLine(claims=(pennant,))
    with pytest.raises(dataclasses.FrozenInstanceError):  # the value cannot change once drawn
        line.over = True  # type: ignore[misc]
    view = FlagLineView()
    surface = pygame.Surface((1920, 1080))
    view.draw_claims(surface, line, 0.0)
    ring = pennant.inflate(24, 12)
    assert surface.get_at(ring.midleft)[:3] == art.GOOD, "a claimable flag's pennant is ringed green"
    assert surface.get_at((1000, 900)) == pygame.Color(0, 0, 0), "and nothing else is drawn"
    view.draw_marks(surface, line)
    assert view.draw_victory(surface, line, 0.0) == [], "no winner: no victory"
    assert view.laid == 1, "one value: laid out once, however many layers and frames"
    view.draw_claims(surface, FlagLine(claims=(pygame.Rect(pennant),)), 0.5)
    assert view.laid == 1, "an equal value: nothing laid out again"
    marked = FlagLine(marks=(((200, 40, 40), (pygame.Rect(900, 700, 100, 140),)),))
    view.draw_marks(surface, marked)
    assert view.laid == 2 and surface.get_at((900 - 4, 770))[:3] == (200, 40, 40), "another value: its ring"
    won = dataclasses.replace(marked, won=(pennant,), over=True, quiet=True)
    surface.fill((120, 120, 120), pygame.Rect(0, 0, 40, 40))
    before = surface.get_at((10, 10))
    assert view.draw_victory(surface, won, 0.0) == [pennant], "the winner's pennants, where the confetti starts"
    assert surface.get_at((10, 10)) != before, "lost here: a dusk over the table"


def test_the_board_draws_its_line_of_flags_from_a_value_made_from_its_model() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    with app.active():
        app.draw(app.screen)
        laid = board.flag_view.laid
        app.draw(app.screen)
        assert board.flag_view.laid == laid, "a still frame lays out the line of flags not again"
        line = flag_line_of(board)
        assert [r for _colour, rects in line.marks for r in rects] == marked(board)
        board.model.claimable = [3]
        flag = board.view["flags"][2]
        pennant = board.geo.pennant(3, board.shown.pennant_shift(flag))
        assert flag_line_of(board).claims == (pennant,), "the claimable flag's pennant, from the model"
        app.draw(app.screen)
        assert board.flag_view.laid == laid + 1, "another value: laid out again"
        assert app.screen.get_at(pennant.inflate(24, 12).midtop)[:3] == art.GOOD, "and ringed on the board"
    board.table.close()
