"""Where everything on the board lies: the screen rectangles of what can be chosen and of every card.

Worked out from values alone (the view on show, the hand in its order, the picked targets, the buttons), so the
board keeps the answer as one part (`Places`) and asks again only when the table or the layout changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from engine import OTHER
from game.play.flow import Target
from game.ui import layout

from .board_shown import Shown

RULES_W = 112  # the "?" button beside Menu


@dataclass
class Places:
    """The board's rectangles: `targets` can be chosen, `rects` are where cards lie (for animations too),
    `hand` the hand's cards' targets by card, in the hand's order, `buttons` the buttons laid out, bottom first."""

    targets: dict[Target, pygame.Rect]
    rects: dict[Any, pygame.Rect]
    hand: dict[str, pygame.Rect]
    buttons: tuple[str, ...]


def _hand(hand: list[str], picked: set[Target], targets: dict[Target, pygame.Rect],
          rects: dict[Any, pygame.Rect]) -> None:
    raised = [i for i, c in enumerate(hand) if ("hand", c) in picked]
    hand_rects = layout.hand(len(hand))
    for i, card in enumerate(hand):
        r = hand_rects[i].move(0, -30 if i in raised else 0)
        targets[("hand", card)] = r
        rects[("hand", card)] = r


def _far(shown: Shown, n: int, flag: dict[str, Any], targets: dict[Target, pygame.Rect],
         rects: dict[Any, pygame.Rect]) -> None:
    """The front between the two opponents: its cards can be looked at, not played to."""
    geo = shown.geo
    for seat in shown.flag_seats(n):
        cards = flag[seat]
        side = geo.side_for(seat, n)
        for i, card in enumerate(cards):
            r = geo.slot(n, side, i)
            rects[("slot", n, seat, card)] = r
            visible = r.copy()  # the part not under a nearer card: the mouse rests there to zoom
            if (side == "left" and i > 0) or (side == "right" and i < len(cards) - 1):
                visible.width = layout.FAR_STEP
            targets[("card", n, seat, card)] = visible


def _near(shown: Shown, n: int, flag: dict[str, Any], targets: dict[Target, pygame.Rect],
          rects: dict[Any, pygame.Rect]) -> None:
    geo, me = shown.geo, shown.viewer
    area = geo.side_area(n, "bottom")
    targets[("flag", n)] = area.union(geo.pennant(n, shown.pennant_shift(flag)))
    for seat in (me, *(s for s in shown.flag_seats(n) if s != me)):
        cards = flag[seat]
        side = shown.side_of(seat, n)
        for i, card in enumerate(cards):
            r = geo.slot(n, side, i, len(cards))
            rects[("slot", n, seat, card)] = r
            visible = r.copy()
            if i < len(cards) - 1:  # an overlapped card: only its strip can be clicked
                visible.height = layout.offset(len(cards))
                if side == "top":
                    visible.bottom = r.bottom
                    visible.top = r.top
            targets[("card", n, seat, card)] = visible


def places(shown: Shown, hand: list[str], picked: set[Target], buttons: list[str]) -> Places:
    """Every rectangle of the board for the view on show, the hand in the order drawn and the buttons offered."""
    view, me = shown.view, shown.viewer
    targets: dict[Target, pygame.Rect] = {}
    rects: dict[Any, pygame.Rect] = {}
    _hand(hand, picked, targets, rects)
    if shown.three:
        for seat, where in zip(shown.opponents(), ("left", "right"), strict=False):
            for i, r in enumerate(layout.opponent_hand3(view["hand_sizes"][seat], where)):
                rects[(shown.backs_key(seat), i)] = r
    else:
        for i, r in enumerate(layout.opponent_hand(view["hand_sizes"][OTHER[me]])):
            rects[("opp", i)] = r
    for n, flag in enumerate(view["flags"], start=1):
        (_far if shown.geo.is_far(n) else _near)(shown, n, flag, targets, rects)
    for d in ("troops",) if shown.three else ("troops", "tactics"):
        targets[("deck", d)] = layout.deck(d)
    if not shown.three:  # R46: no tactics, so nothing is ever discarded in the three-player game
        for seat in (me, OTHER[me]):
            targets[("discard", seat)] = layout.discard(shown.side_of(seat))
    for name, rect in layout.button_rects(buttons).items():
        targets[("button", name)] = rect
    menu = targets[("button", "menu")]  # "?" (the rules) shares the Menu button's row: one click away
    targets[("button", "rules")] = pygame.Rect(menu.right - RULES_W, menu.y, RULES_W, menu.height)
    menu.width -= RULES_W + 8
    return Places(targets, rects, {str(t[1]): r for t, r in targets.items() if t[0] == "hand"}, tuple(buttons))


def highlight(shown: Shown, card: str | None, targets: Mapping[Target, pygame.Rect],
              target: Target) -> pygame.Rect | None:
    """Where `target` is shown as lit on the view `shown` laid out at `targets`, with `card` picked (or none): a
    flag lights the slot the card would land in, or its pennant."""
    if target[0] == "flag":
        n = int(target[1])
        flag = shown.view["flags"][n - 1]
        if card is not None and card not in ("fog", "mud"):
            return shown.geo.slot(n, "bottom", len(flag[shown.viewer]))
        return shown.geo.pennant(n, shown.pennant_shift(flag)).inflate(12, 8)
    return targets.get(target)
