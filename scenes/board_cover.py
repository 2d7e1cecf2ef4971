"""What nothing may cover on the board (game.ui.cover holds the rule): the choices, named cards, names.

The card preview, the banners and the lesson panel are placed with `kept`: the cards, flags, decks and buttons
the player is choosing among now (and flags they could claim), the cards a hint or a banner is about, and every
player's name in the top strip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import cover

from . import board_coach
from .board_names import name_rects
from .board_shown import Shown

if TYPE_CHECKING:
    from .board_roles import InSight
    from .board_state import Toast


def kept_why(board: InSight) -> list[tuple[str, pygame.Rect]]:
    """(why, rect) of everything on the board that must stay in sight this frame."""
    out: list[tuple[str, pygame.Rect]] = []
    if board.my_turn and not board.model.hidden and board.table.result is None:
        for target in board.model.flow.candidates():
            rect = board.highlight(target)
            if rect is not None:
                out.append((f"the choice {target}", rect))
        for n in board.model.claimable:
            flag = board.shown.view["flags"][n - 1]
            out.append((f"the claimable flag {n}", board.shown.geo.pennant(n, board.shown.pennant_shift(flag))))
    hint = board_coach.active_hint(board.model.hint, board.my_turn, board.table)
    out += [("a card the hint names", r) for r in board_coach.hint_rects(hint, board.shown, board.targets, board.rects)]
    toast = current_toast(board.toasts, board.clock)
    if toast is not None and toast.about is not None:
        if toast.about[0] == "flag":  # a claim or a refused claim: the flag, its labels and every card there
            out += [(f"the flag the banner is about {toast.about}", r)
                    for r in flag_rects(board.shown, board.rects, int(toast.about[1]))]
        else:
            rect = board.highlight(toast.about)
            if rect is not None:
                out.append((f"what the banner is about {toast.about}", rect))
    out += [("a card the words name", r) for r in board.named_cards()]
    out += [("a player's name", r) for r in name_rects(board.shown)]
    return out


def flag_rects(shown: Shown, rects: Mapping[Any, pygame.Rect], n: int) -> list[pygame.Rect]:
    """Flag `n` on screen (the view `shown`, the cards laid out at `rects`): its standard, its formations' labels
    and the cards of every side there."""
    from .board_still import label_spots

    flag = shown.view["flags"][n - 1]
    out = [shown.geo.pennant(n, shown.pennant_shift(flag))]
    out += [rect for _, rect in label_spots(shown, n)]
    out += [r for key, r in rects.items() if key[0] == "slot" and key[1] == n]
    return out


def kept(board: InSight, preview: bool = True) -> list[pygame.Rect]:
    """The rectangles an overlay must leave in sight; with `preview`, the open card preview too."""
    out = [r for _, r in kept_why(board)]
    if preview and board.preview_box is not None:
        out.append(board.preview_box)
    return out


def record(board: InSight) -> None:
    """Note this frame's kept rectangles for the test of the rule (nothing happens outside it)."""
    if cover.RECORD is not None:
        for why, rect in kept_why(board):
            cover.keep(why, [rect])


def current_toast(toasts: Sequence[Toast], now: float) -> Toast | None:
    """The toast on show at `now` among `toasts`: the newest one whose time has come."""
    shown = [t for t in toasts if t.start <= now < t.until]
    return max(shown, key=lambda t: t.start) if shown else None
