"""Small things a new player met (issue 59, item 9): the hand dimmed when no card can be played, the
three-player setup's name rows not saying the seat rows again, the menu ornament clear of the screen's top
edge, a bot's thinking said once."""

from __future__ import annotations

import pygame
import pytest
import text_boxes

from game.ui import art, card_art
from scenes.board import BoardScene
from scenes.setup import SetupScene
from tools.workshop import screenshot
from tools.workshop.screenshot_three import _board3, three_game


def _same_pixels(surface: pygame.Surface, img: pygame.Surface, at: pygame.Rect) -> float:
    """Share of sampled points inside the card where `surface` shows exactly `img`."""
    points = [(x, y) for x in range(12, at.width - 12, 9) for y in range(30, at.height - 30, 11)]
    return sum(surface.get_at((at.x + x, at.y + y))[:3] == img.get_at((x, y))[:3] for x, y in points) / len(points)


def test_r9_the_hand_is_dimmed_when_no_card_can_be_played() -> None:
    with screenshot.staged("no-card") as app:
        board = app.top
        assert isinstance(board, BoardScene) and board.forced_pass()
        surface = pygame.Surface((1920, 1080))
        app.draw(surface)
        for card in board.view["hands"][board.model.viewer] or []:
            rect = board.targets[("hand", card)]
            if ("hand", card) == board.model.focus:
                continue
            dim = _same_pixels(surface, card_art.dimmed(card, "hand"), rect)
            assert dim > 0.9, f"{card} is drawn dimmed ({dim:.0%} of its points)"


def test_the_three_player_setup_has_no_name_row_for_a_bots_seat() -> None:
    with screenshot.staged("three-setup") as app:
        setup = app.top
        assert isinstance(setup, SetupScene) and setup.setup.players == 3
        shown = setup.menu.items
        for row, seat in ((setup.second, setup.setup.opponent), (setup.third_name, setup.setup.third)):
            assert (row in shown) == (seat == "human"), f"{row.label}: shown {row in shown}, the seat is {seat}"
        for _ in setup.third.choices:  # East becomes a person: its name row comes back; a bot: it goes
            setup.third.cycle(1)
            assert (setup.third_name in setup.menu.items) == (setup.setup.third == "human"), setup.setup.third


@pytest.mark.parametrize("scene", ["settings", "setup", "three-setup", "menu", "title"])
def test_the_title_ornament_stays_clear_of_the_top_edge(scene: str) -> None:
    with screenshot.staged(scene, text_size="large") as app:
        surface = pygame.Surface((1920, 1080))
        app.draw(surface)
        gold = [(x, y) for y in range(6) for x in range(0, 1920, 2) if surface.get_at((x, y))[:3] == art.GOLD]
        assert not gold, f"the ornament touches the top edge at {gold[:3]}"


def test_a_bots_thinking_is_said_once_on_the_three_player_board() -> None:
    def west_to_move(game: object) -> bool:
        return game.to_move == "west" and game.phase == "play" and len(game.actions) > 20  # type: ignore[attr-defined]

    with screenshot.staged("menu") as app:
        board = _board3(app, three_game(5, west_to_move), "south")
        board.table.tick(ready=True)
        assert board.table.thinking == "west"
        with text_boxes.recording():
            screen = pygame.Surface((1920, 1080))
            app.draw(screen)
            words = [line.words for line in text_boxes.lines_of(screen)]
    said = [w for w in words if "thinking" in w]
    assert len(said) == 1, f"said {len(said)} times: {said}"
