"""What the board orchestrates each frame it is on top: the banners that are over dropped, the table and the coach
given their turn, a LAN peer watched, the table's events told; then, once nothing moves, what comes next: the pass
screen (hot-seat), the results, or a claim made for the player (the auto-claim setting)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board_coach, screens
from .lan_wait import watch_peer

if TYPE_CHECKING:
    from .board_roles import Stepping


def step(board: Stepping) -> None:
    """One frame of the board on top (BoardScene.update, after its clock and animations moved on)."""
    board.toasts = [t for t in board.toasts if t.until > board.clock]
    busy = board.anims.busy(board.clock)
    board.table.tick(ready=not busy and board.pending_pass is None)
    board_coach.tick(board)
    watch_peer(board)
    board.consume()
    if board.anims.busy(board.clock):
        return
    if board.pending_pass is not None and board.table.result is None:
        seat, board.pending_pass = board.pending_pass, None
        board.model.hidden = True
        board.refresh()
        board.app.push(screens.pass_device(board.app, board, seat))
    elif board.pending_results and not board.results_shown:
        board.results_shown = True
        board.app.push(screens.results(board.app, board))
    elif board.my_turn and board.table.phase == "claim" and board.app.settings.auto_claim:
        claims = [a for a in board.model.legal if a["type"] == "claim"]
        if claims:
            board.submit(claims[0])
