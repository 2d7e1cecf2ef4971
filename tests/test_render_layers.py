"""What keeps a busy frame cheap, and that it never changes the picture.

- the hand rests on the still layer while cards fly (drawn again only when it changes), and a warm
  layer always draws what a cold one draws;
- the card zoom is composed once and shown by one blit, yet follows a change of look;
- frames reach the window through a renderer whose texture is in the picture's own pixel format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pygame
import pytest
from ui_driver import board_on_show

from game.keep.settings import Settings
from game.play.flow import Target
from game.play.lan_tables import HostTable
from game.play.positions import busy, find
from game.ui.shell import App
from net.host import Host
from scenes import board_draw, board_hand, board_still, board_zoom
from scenes.board import BoardScene
from scenes.board_anim import Flight, Shake, Slide


@pytest.fixture
def board() -> Iterator[BoardScene]:
    pygame.display.init()
    pygame.font.init()
    app = App(Settings(animation_speed="normal", welcomed=True), fixed_dt=1 / 60, window=False)
    scene = board_on_show(app)
    for _ in range(5):
        app.step([])
    yield scene
    scene.table.close()


def keyboard_focus(app: App, board: BoardScene, target: Target) -> None:
    """The keyboard takes over and rests on `target`."""
    app.input.last_device = "keyboard"
    board.model.focus = target


def fly(board: BoardScene, i: int) -> None:
    """Three cards from the hand to the flags and one from the deck, as `battleline bench render` does."""
    hand = [t for t in board.targets if t[0] == "hand"]
    slots = [k for k in board.rects if k[0] == "slot"]
    for j in range(3):
        key = slots[(i * 3 + j) % len(slots)]
        src = board.targets[hand[(i + j) % len(hand)]]
        board.anims.flights.append(Flight(key[3], src, board.rects[key], board.clock, 0.45, "table", None, key))
    board.anims.flights.append(Flight("r5", board.targets[("deck", "troops")], src, board.clock, 0.5, "hand",
                                      "troops", None))


def picture(board: BoardScene) -> bytes:
    out = pygame.Surface((1920, 1080))
    board.app.draw(out)
    return pygame.image.tobytes(out, "RGB")


def cold(board: BoardScene) -> bytes:
    """The same frame with every cached layer dropped: drawn from nothing."""
    board.still = board_still.StillView()
    board.hand_view = board_hand.HandView()
    return picture(board)


def test_the_hand_is_not_drawn_again_while_cards_fly_over_an_unchanged_hand(board: BoardScene,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = board_hand.draw_hand

    def counted(*args: Any) -> None:
        calls.append(1)
        real(*args)

    monkeypatch.setattr(board_hand, "draw_hand", counted)
    monkeypatch.setattr(board_draw, "draw_hand", counted)
    board.app.step([])
    calls.clear()
    for i in range(60):
        if i % 20 == 0:
            fly(board, i // 20)
        board.app.step([])
    assert board.anims.flights, "cards were flying through the frames counted"
    assert len(calls) <= 1, f"the unchanged hand was drawn {len(calls)} times in 60 frames"


def test_a_warm_hand_layer_draws_exactly_what_a_cold_one_draws(board: BoardScene) -> None:
    app = board.app
    hand = [t for t in board.targets if t[0] == "hand"]
    app.input.last_device = "mouse"
    steps: list[tuple[str, Callable[[], object]]] = [
        ("the mouse on a card", lambda: setattr(board, "hover", hand[1])),
        ("the mouse on another", lambda: setattr(board, "hover", hand[3])),
        ("cards in flight", lambda: fly(board, 2)),
        ("more cards in flight, some under others", lambda: fly(board, 5)),
        ("the cards landed", lambda: [app.step([]) for _ in range(40)]),
        ("the keyboard's focus", partial(keyboard_focus, app, board, hand[0])),
        ("a refused card shakes", lambda: board.anims.shakes.append(Shake(hand[2], board.clock))),
        ("the hand hidden for the next player", lambda: setattr(board, "hidden", True)),
        ("shown again", lambda: setattr(board, "hidden", False)),
    ]
    for what, change in steps:
        change()
        for _ in range(3):
            app.step([])
        warm = picture(board)
        assert warm == cold(board), f"after {what}, the cached layers drew another picture"
        app.step([])


def test_the_zoom_is_composed_once_and_follows_high_contrast(board: BoardScene) -> None:
    from game.ui import theme

    app = board.app
    app.input.last_device = "keyboard"
    card = next(t for t in board.targets if t[0] == "hand")
    board.model.focus = board.model.rested = card  # the player moved the focus there
    board_zoom._composed.cache_clear()
    for _ in range(60):
        app.step([])
    out = pygame.Surface((1920, 1080))
    for _ in range(30):  # frames while something else moves: the zoom stays up
        app.draw(out)
    box = board_zoom.draw(board, out)
    assert box is not None, "the zoom is up after its delay"
    info = board_zoom._composed.cache_info()
    assert info.misses == 1 and info.hits >= 30, f"composed once and reused: {info}"
    border = out.get_at((box.centerx, box.y + 1))[:3]
    app.settings.high_contrast = True
    app.apply_settings()
    app.draw(out)
    lit = out.get_at((box.centerx, box.y + 1))[:3]
    assert tuple(lit) == theme.HIGH_CONTRAST.hilite != tuple(border), \
        "high contrast's border reaches the composed zoom"


def test_frames_reach_the_window_through_a_renderer_in_the_pictures_format(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.display import Display

    monkeypatch.delenv("BATTLELINE_SCALED", raising=False)
    pygame.display.init()
    shown = Display((1280, 720), False)
    try:
        assert shown.way == "renderer" and shown.size == (1280, 720)
        assert shown._texture.renderer is shown._renderer
        shown.surface.fill((30, 90, 40))
        pygame.draw.rect(shown.surface, (250, 200, 10), (960, 540, 480, 270))
        shown.present()
        back = shown._renderer.to_surface()  # the window's own pixels: the picture scaled to 1280x720
        assert back.get_at((100, 100))[:3] == (30, 90, 40)
        assert back.get_at((800, 450))[:3] == (250, 200, 10), "logical (1200, 675) shows at 2/3 of it"
        assert back.get_at((620, 340))[:3] == (30, 90, 40)
    finally:
        shown.close()
    monkeypatch.setenv("BATTLELINE_SCALED", "1")
    assert Display((1280, 720), False).way == "scaled"


class OneWatcher(HostTable):
    """A real host's table that says one watcher follows it (a real watcher is forgotten after 5 s of silence,
    which a slow run of this test may take)."""

    @property
    def watching(self) -> int:
        return 1


@pytest.fixture
def hosting() -> Iterator[BoardScene]:
    """The board fixture's position on a LAN host's screen (the watcher count is the host's)."""
    pygame.display.init()
    pygame.font.init()
    app = App(Settings(animation_speed="normal", welcomed=True), fixed_dt=1 / 60, window=False)
    scene = BoardScene(app, OneWatcher(Host(game=find(7, busy(34)), code="2468")))
    scene.model.hidden, scene.pending_pass = False, None
    scene.refresh()
    app.push(scene)
    for _ in range(5):
        app.step([])
    yield scene
    scene.table.close()


def test_the_watcher_count_stays_whole_when_a_card_flies_at_the_outer_flag(hosting: BoardScene) -> None:
    """Issue 49: "Watchers: 1" on the TV lost its W (the ninth column's redraw reaches under it)."""
    board = hosting
    cold(board)
    board.anims.slides.append(Slide(9, 40, board.clock, 0.3))  # flag 9's pennant moves: its column is drawn again
    for _ in range(40):  # while it moves, and once it rests
        board.app.step([])
    assert not board.anims.slides
    warm = picture(board)
    assert warm == cold(board), "the still layer's partial redraw changed the picture"
