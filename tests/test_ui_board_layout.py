"""The board's layout keeps what a player needs in view (issue 31): the button stack never covers the
troop deck or its count, whichever buttons a turn offers."""

from __future__ import annotations

from itertools import combinations, pairwise

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

    from ui_driver import Driver

    from game.keep.settings import Settings
    from game.play.positions import find, holding
    from game.play.table import LocalTable
    from game.ui.shell import App
    from scenes import board_cover, board_zoom
    from scenes.board import BoardScene

    os.environ["BATTLELINE_CONFIG_DIR"] = str(tmp_path)
    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    board = BoardScene(app, LocalTable(find(3, holding("fog"))))
    board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
    board.refresh()
    app.push(board)
    board.model.focus = board.model.rested = ("hand", "fog")  # the player moved the focus there
    app.input.last_device = "keyboard"
    driver = Driver(app)
    driver.frames(60)
    assert board_zoom.rest(board).shown is not None
    board.say(["A banner"])
    assert board_cover.current_toast(board.toasts, board.clock) is not None
    driver.key(pygame.K_p)  # the pause menu over the board
    assert app.top is not board
    assert board_zoom.rest(board).shown is None and board_zoom.draw(board, pygame.Surface((1920, 1080))) is None
    under_pause = pygame.Surface((1920, 1080))
    app.draw(under_pause)
    board.toasts.clear()
    without = pygame.Surface((1920, 1080))
    app.draw(without)
    assert pygame.image.tobytes(under_pause, "RGB") == pygame.image.tobytes(without, "RGB"), \
        "the banner does not show through the pause menu"
    board.table.close()


def test_every_button_of_the_results_panel_is_whole_on_the_screen() -> None:
    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes.results import ResultsScene
    from tools.workshop.screenshot import SCENES

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
    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes.settings_scene import SettingsScene
    from tools.workshop.screenshot import SCENES

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
    from game.keep.settings import Settings
    from game.ui import art
    from game.ui.shell import App
    from game.ui.text import fitted
    from game.ui.widgets import MIN_READ, ROW_H
    from scenes.results import ResultsScene
    from tools.workshop.screenshot import SCENES

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


def test_r31_a_mud_flags_fourth_card_stays_clear_of_the_hand_and_the_top_strip() -> None:
    """R31: Mud makes four-card formations; the fourth card once ran into the hand area (and the top strip)."""
    from builders import game

    from game.keep.settings import Settings
    from game.play.table import LocalTable
    from game.ui.shell import App
    from scenes.board import BoardScene

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    played = game(flags={3: ("r2 r3 r4 r5", "b2 b3 b4 b5")}, mud={3: "south"}, first_complete={3: "north"},
                  south="g1 g2 g3 g4 g5 g6 g7", north="p1 p2 p3 p4 p5 p6 p7")
    board = BoardScene(app, LocalTable(played))
    app.push(board)
    app.draw(app.screen)
    hand_top = min(r.top for key, r in board.rects.items() if key[0] == "hand")
    mine = [board.rects[("slot", 3, "south", c)] for c in ("b2", "b3", "b4", "b5")]
    theirs = [board.rects[("slot", 3, "north", c)] for c in ("r2", "r3", "r4", "r5")]
    assert mine[-1].bottom <= hand_top, f"the fourth card ends at y {mine[-1].bottom}, into the hand at {hand_top}"
    assert theirs[-1].top >= layout.TOP_STRIP, "the other side's fourth card stays below the top strip"
    assert all(b.top - a.top >= 34 for a, b in pairwise(mine)), "each card's value strip still shows"
    board.table.close()


def test_hand_cards_end_on_the_screen_so_a_chinese_name_is_never_cut() -> None:
    """The name strip is a hand card's last line; CJK glyphs sit lower, and a card 2 px past the edge cut them."""
    for count in range(1, 11):
        for raised in (None, 0):
            for r in layout.hand(count, raised):
                assert r.bottom <= layout.H - 2, f"{count} cards: a hand card ends at y {r.bottom}, past {layout.H}"


def test_the_keyboard_focus_ring_is_bold_enough_for_a_tv_across_the_room() -> None:
    """At 1280x720 the logical 1920x1080 picture shrinks by a third: a 5 px ring became a faint 3 px line."""
    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes import board_draw
    from scenes.board import BoardScene
    from tools.workshop.screenshot import SCENES

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    SCENES["board"](app, 7)
    board = app.top
    assert isinstance(board, BoardScene)
    app.input.last_device = "keyboard"
    board.model.focus = next(k for k in board.targets if k[0] == "hand")
    ring = pygame.Surface((layout.W, layout.H))
    board_draw._focus(board, ring, board.clock)
    rect = board.highlight(board.model.focus) or board.targets[board.model.focus]
    y = rect.y + 60  # along the card's left side, clear of the rounded corners
    white = sum(ring.get_at((x, y))[:3] == (255, 255, 255) for x in range(rect.x - 40, rect.x))
    assert white >= 8, f"the focus ring's white band is {white} px wide"
    scaled = pygame.transform.smoothscale(ring, (1280, 720))
    bright = sum(scaled.get_at((x, y * 2 // 3))[0] > 200 for x in range((rect.x - 40) * 2 // 3, rect.x * 2 // 3))
    assert bright >= 5, f"on a 1280x720 TV the ring is {bright} px wide"
    board.table.close()


def test_the_focus_ring_on_a_deck_leaves_its_label_and_count_clear() -> None:
    """At 1280x720 the ring of a focused troop deck ran into "Troops" and its count: the pixels the ring changes
    (a frame with the focus on the deck against one with no focus) lie clear of both, 2 px to spare, and the
    count is still on the screen's deck column under the label."""
    from game.keep.settings import Settings
    from game.ui.shell import App
    from scenes import board_still
    from scenes.board import BoardScene
    from tools.workshop.screenshot import SCENES

    pygame.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    SCENES["draw"](app, 7)
    board = app.top
    assert isinstance(board, BoardScene)
    app.input.last_device = "keyboard"
    for deck in ("troops", "tactics"):
        frames = []
        for focus in (None, ("deck", deck)):
            board.model.focus = board.model.rested = focus
            surf = pygame.Surface((layout.W, layout.H))
            app.draw(surf)
            frames.append(surf)
        near = layout.deck(deck).inflate(120, 160).clip(pygame.Rect(0, 0, layout.W, layout.H))
        ring = [(x, y) for x in range(near.left, near.right) for y in range(near.top, near.bottom)
                if frames[0].get_at((x, y)) != frames[1].get_at((x, y))]
        assert len(ring) > 500, "the focus ring is drawn"
        _label, spot, _badge, box = board_still.deck_marks(deck, board.view["decks"][deck])
        assert spot.bottom < box.top and layout.deck(deck).colliderect(box)
        for what, rect in (("label", spot), ("count", box)):
            hit = [p for p in ring if rect.inflate(4, 4).collidepoint(p)]
            assert not hit, f"the ring of the focused {deck} deck touches its {what} at {hit[:3]}"
    app.close()
