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


def _over(board: BoardScene, winner: str, how: str) -> effects.Finale:
    board_events.on_event(board, {"type": "game_over", "winner": winner, "how": how, "flags": {}}, {})
    finale = board.anims.confetti
    assert isinstance(finale, effects.Finale)
    return finale


def test_each_ending_gets_its_own_finale() -> None:
    assert _over(_board(bots=False), "north", "breakthrough").kind == "triumph"
    assert _over(_board(bots=False), "south", "envelopment").kind == "triumph"
    assert _over(_board(bots=False), "south", "flags").kind == "win"
    assert _over(_board(bots=True), "north", "breakthrough").kind == "loss", "lost to the bot at this screen"
    assert _over(_board(bots=True), "south", "breakthrough").kind == "triumph"


def _drawn(kind: str, t: float) -> pygame.Surface:
    surf = pygame.Surface((1920, 1080))
    surf.fill((90, 120, 90))
    effects.Finale(0.0, kind).draw(surf, t, [layout.pennant(3)])
    return surf


def test_a_triumph_rains_laurels_and_lights_the_standards_while_a_loss_only_darkens() -> None:
    plain = (90, 120, 90)
    triumph, loss = _drawn("triumph", 1.6), _drawn("loss", 1.6)
    centre = layout.pennant(3).center
    assert sum(triumph.get_at((centre[0] + 60, centre[1]))[:3]) > sum(plain), "rays around the won standard"
    leaves = sum(1 for x in range(0, 1920, 8) for y in range(0, 1080, 8) if triumph.get_at((x, y))[:3] != plain)
    assert leaves > 200, "laurel leaves falling"
    colours = {loss.get_at((x, y))[:3] for x in range(0, 1920, 64) for y in range(0, 1080, 64)}
    assert len(colours) == 1 and sum(colours.pop()) < sum(plain), "a loss: an even dusk, nothing falls"


def test_a_won_flag_sends_a_ring_out_from_its_standard() -> None:
    surf = pygame.Surface((400, 400))
    effects.claim_ring(surf, (200, 200), 0.3)
    lit = sum(1 for x in range(400) if surf.get_at((x, 200))[:3] != (0, 0, 0))
    assert lit >= 4
    after = pygame.Surface((400, 400))
    effects.claim_ring(after, (200, 200), 1.0)
    assert after.get_bounding_rect().width == 0 or pygame.transform.average_color(after)[:3] == (0, 0, 0)
