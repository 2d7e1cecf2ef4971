"""A moment for each ending (issue 35): a triumph for a Breakthrough or an Envelopment, a quieter end for a loss."""

from __future__ import annotations

import pygame
import pytest

from game.keep.settings import Settings
from game.play.bot_client import IdleBot
from game.play.positions import find, in_phase
from game.play.table import LocalTable
from game.ui import effects, layout
from game.ui.shell import App
from scenes import board_events
from scenes.board import BoardScene


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def _board(bots: bool) -> BoardScene:
    app = App(Settings(), fixed_dt=1 / 60, window=False)
    table = LocalTable(find(4, in_phase("play")), {"north": IdleBot()} if bots else {})
    board = BoardScene(app, table)
    app.push(board)
    return board


def _over(board: BoardScene, winner: str, how: str) -> effects.Finale | None:
    board_events.on_event(board, {"type": "game_over", "winner": winner, "how": how, "flags": {}}, {})
    return board.anims.confetti


def test_each_ending_gets_its_own_finale() -> None:
    kinds = {}
    for bots, winner, how in ((False, "north", "breakthrough"), (False, "south", "envelopment"),
                              (False, "south", "flags"), (True, "south", "breakthrough"), (True, "north", "flags")):
        finale = _over(_board(bots), winner, how)
        kinds[bots, winner, how] = finale.kind if finale is not None else None
    assert kinds == {(False, "north", "breakthrough"): "triumph", (False, "south", "envelopment"): "triumph",
                     (False, "south", "flags"): "win", (True, "south", "breakthrough"): "triumph",
                     (True, "north", "flags"): None}, "a game lost to the bot here: nothing falls"


def _drawn(kind: str, t: float) -> pygame.Surface:
    surf = pygame.Surface((1920, 1080))
    surf.fill((90, 120, 90))
    effects.Finale(0.0, kind).draw(surf, t, [layout.pennant(3)])
    return surf


def test_a_triumph_rains_laurels_and_lights_the_standards_more_than_a_plain_win() -> None:
    plain = (90, 120, 90)
    triumph, win = _drawn("triumph", 1.6), _drawn("win", 1.6)
    centre = layout.pennant(3).center
    assert sum(triumph.get_at((centre[0] + 60, centre[1]))[:3]) > sum(plain), "rays around the won standard"
    assert win.get_at((centre[0] + 60, centre[1]))[:3] == plain, "no rays for a win on flags"

    def leaves(surf: pygame.Surface) -> int:
        return sum(1 for x in range(0, 1920, 8) for y in range(0, 1080, 8) if surf.get_at((x, y))[:3] != plain)
    assert leaves(triumph) > 200 and leaves(triumph) > leaves(win) > 50, "laurel leaves falling"


def test_a_loss_at_this_screen_dims_the_board() -> None:
    before = pygame.Surface((1920, 1080))
    before.fill((90, 120, 90))
    after = before.copy()
    effects.dusk(after)
    assert sum(after.get_at((5, 5))[:3]) < sum(before.get_at((5, 5))[:3])


def test_a_won_flag_sends_a_ring_out_from_its_standard() -> None:
    surf = pygame.Surface((400, 400))
    effects.claim_ring(surf, (200, 200), 0.3)
    lit = sum(1 for x in range(400) if surf.get_at((x, 200))[:3] != (0, 0, 0))
    assert lit >= 4
    after = pygame.Surface((400, 400))
    effects.claim_ring(after, (200, 200), 1.0)
    assert after.get_bounding_rect().width == 0 or pygame.transform.average_color(after)[:3] == (0, 0, 0)
