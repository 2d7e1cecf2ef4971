"""The board's layout keeps what a player needs in view (issue 31): the button stack never covers the
troop deck or its count, whichever buttons a turn offers."""

from __future__ import annotations

from itertools import combinations

import pygame

from game.ui import layout

CONTEXT = ("pass", "done", "scout", "return")


def deck_and_count(deck: str) -> pygame.Rect:
    """The deck drawn as a stack (three backs, 3 px apart) and its count badge under it."""
    r = layout.deck(deck)
    return r.union(pygame.Rect(r.x - 20, r.bottom, r.width + 40, 50)).inflate(6, 6)


def test_the_buttons_never_cover_the_troop_deck_or_its_count() -> None:
    for context in [(), *((c,) for c in CONTEXT)]:
        for n in range(4):
            for others in combinations(("undo", "hint", "log"), n):
                names = ["menu", *(o for o in others if o == "log"), *context,
                         *(o for o in others if o != "log")]
                rects = layout.button_rects(names)
                assert set(rects) == set(names)
                for name, r in rects.items():
                    assert not r.colliderect(deck_and_count("troops")), (names, name)
                    assert pygame.Rect(0, 0, layout.W, layout.H).contains(r)
                    assert r.width >= 140, f"{name} is still a button one can read: {names}"
                for (a, ra), (b, rb) in combinations(rects.items(), 2):
                    assert not ra.colliderect(rb), (names, a, b)


def test_the_zoom_and_banners_stay_on_the_board_never_over_an_overlay(tmp_path: object) -> None:
    import os

    from app.ui_driver import Driver
    from game.keep.settings import Settings
    from game.play.positions import find, holding
    from game.play.table import LocalTable
    from game.ui.shell import App
    from scenes import board_draw, board_zoom
    from scenes.board import BoardScene

    os.environ["BATTLELINE_CONFIG_DIR"] = str(tmp_path)
    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    board = BoardScene(app, LocalTable(find(3, holding("fog"))))
    board.viewer, board.hidden, board.pending_pass = "south", False, None
    board.refresh()
    app.push(board)
    board.focus = ("hand", "fog")
    app.input.last_device = "keyboard"
    driver = Driver(app)
    driver.frames(60)
    assert board_zoom.zoomed(board) is not None
    board.say(["A banner"])
    assert board_draw.current_toast(board) is not None
    driver.key(pygame.K_p)  # the pause menu over the board
    assert app.top is not board
    assert board_zoom.zoomed(board) is None and board_zoom.draw(board, pygame.Surface((1920, 1080))) is None
    under_pause = pygame.Surface((1920, 1080))
    app.draw(under_pause)
    board.toasts.clear()
    without = pygame.Surface((1920, 1080))
    app.draw(without)
    assert pygame.image.tobytes(under_pause, "RGB") == pygame.image.tobytes(without, "RGB"), \
        "the banner does not show through the pause menu"
    board.table.close()


def test_every_button_of_the_results_panel_is_whole_on_the_screen() -> None:
    from app.screenshot import SCENES
    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes.results import ResultsScene

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    SCENES["results-hints"](app, 7)  # a game against a bot: Rematch, Review, Look at the board, Main menu
    results = app.top
    assert isinstance(results, ResultsScene) and len(results.menu.items) >= 4
    app.draw(app.screen)
    for i, item in enumerate(results.menu.items):
        assert results.menu.rect(i).bottom <= layout.H - 12, f"{item.label} is cut at the bottom"
    app.close()


def test_settings_over_the_board_stay_on_the_screen_with_their_key_hints() -> None:
    from app.screenshot import SCENES
    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes.settings_scene import SettingsScene

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    SCENES["board"](app, 7)
    app.push(SettingsScene(app))
    settings = app.top
    assert isinstance(settings, SettingsScene) and not settings.opaque, "drawn over the board"
    app.draw(app.screen)
    last = settings.menu.rect(len(settings.menu.items) - 1)
    assert 0 < settings.hint_bottom <= layout.H - 8, "the card and its key hints end on the screen"
    assert last.bottom <= settings.hint_bottom - 28, "the key hints sit under the last row, not on it"
    app.close()


def test_a_results_items_hint_stays_inside_the_panel_on_the_screen() -> None:
    """A LAN table's Rematch says "The winner starts" under the buttons: once cut by the screen's bottom edge."""
    from app.screenshot import SCENES
    from game.keep.settings import Settings
    from game.ui import art
    from game.ui.shell import App
    from game.ui.text import fitted
    from game.ui.widgets import MIN_READ, ROW_H
    from scenes.results import ResultsScene

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    SCENES["results-hints"](app, 7)
    results = app.top
    assert isinstance(results, ResultsScene)
    results.menu.items[0].hint = "The winner starts"  # as lan_items gives a LAN game's next-game item
    results.menu.focus = 0
    app.draw(app.screen)
    line = fitted(results.menu.items[0].hint, 30, 1840, art.MUTED, "regular", MIN_READ)
    hint_bottom = results.menu.top + len(results.menu.items) * ROW_H + 12 + line.get_height()
    assert hint_bottom <= 1068 - 4, f"the hint ends at y {hint_bottom}, past the panel's bottom (1068)"
    app.close()
