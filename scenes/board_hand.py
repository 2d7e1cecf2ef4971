"""The player's hand, drawn from what it shows (`Hand`, a value the board makes each frame) by a view that keeps
it on a copy of the still layer (`HandView`): while cards fly or a pennant slides, the hand, which rarely
changes, costs one blit instead of seven card blits and their glows every frame."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from game.play.board_model import BoardModel
from game.play.flow import Target
from game.ui import art, card_art
from game.ui.text import text

from .board_still import StillView


@dataclass(frozen=True)
class Hand:
    """What the hand shows this frame: its cards and where they lie, and what the turn, the pointer, the focus and
    the animations do to them. `layout` is the board's layout version (BoardModel.layout): where the cards
    lie, which can be played and which are picked change only when the board lays itself out again."""

    cards: tuple[str, ...]  # the hand in the view, in its order
    rects: dict[str, pygame.Rect]  # where each card lies, by card (the layout's)
    layout: int
    turned_away: bool  # the hand is turned away until the next player says they are ready (hot-seat)
    flying: frozenset[Target]  # hand cards in flight (drawn by their flight)
    shakes: dict[str, int]  # a refused card's sideways offset now, by card (shaking cards move every frame)
    dragged: str | None
    lifted: Target | None  # the card under the mouse (or the keyboard's focus): drawn last, over its neighbours
    hover: Target | None
    candidates: frozenset[Target]  # what may be picked now
    playing: bool  # the viewer's turn
    picked: tuple[Target, ...]  # the picks so far, in order
    returning: bool  # Scout's put-back step: picked cards carry their order
    #: the board's model, asked which cards can be played only when the hand is drawn (`playable`, `forced`):
    #: most frames the hand's picture is kept (HandView) and the question costs nothing
    model: BoardModel

    @cached_property
    def playable(self) -> frozenset[Target]:
        """Hand cards with a legal play (the others are dimmed), worked out when first asked."""
        return frozenset(self.model.playable())

    @cached_property
    def forced(self) -> bool:
        """Only a pass is legal (R9): no card is dimmed."""
        return self.model.forced_pass(self.playing)

    def key(self) -> tuple[object, ...] | None:
        """What the hand's picture depends on, or None while a card shakes (it moves every frame). Which cards
        can be played is not in it: that changes only with the choices, which lay the board out again."""
        if self.shakes:
            return None
        keys = {("hand", card) for card in self.cards}
        return (self.layout, self.turned_away, self.flying, self.dragged, self.lifted if self.lifted in keys else None,
                self.hover if self.hover in self.candidates else None)

    def region(self) -> pygame.Rect:
        """Everything the hand draws on: its cards, and when one is lifted or picked, room for the lift, the
        glows and Scout's order badges above them."""
        rects = list(self.rects.values())
        if not rects:
            return pygame.Rect(0, 0, 0, 0)
        cards = rects[0].unionall(rects[1:])
        if self.picked or self.hover in self.candidates:
            return cards.inflate(40, 40).union(cards.move(0, -44))
        return cards


def draw_hand(surface: pygame.Surface, hand: Hand) -> None:
    """The hand's cards: dimmed where they cannot be played, lifted under the mouse, glowing once picked."""
    # the card under the focus is drawn last: in a long (Scout) hand it shows whole over its neighbours
    for card in sorted(hand.cards, key=lambda c: ("hand", c) == hand.lifted):
        rect = hand.rects.get(card)
        target = ("hand", card)
        if rect is None or target in hand.flying or hand.dragged == card:
            continue
        if hand.turned_away:
            surface.blit(card_art.back("troops", "hand"), rect)
            continue
        rect = rect.move(hand.shakes.get(card, 0), 0)
        # dimmed: what cannot be played now; every card when no card can be (R9: a pass is all there is)
        usable = not hand.playing or target in hand.playable or (not hand.playable and not hand.forced)
        img = card_art.face(card, "hand") if usable else card_art.dimmed(card, "hand")
        if target == hand.hover and target in hand.candidates:
            rect = rect.move(0, -12)
        if target in hand.picked:
            art.blit_glow(surface, rect, art.HILITE, 1.0, spread=14)
        surface.blit(img, rect)
        if target in hand.picked and hand.returning:
            order = hand.picked.index(target) + 1
            badge = text(str(order), 40, art.INK, "bold")
            box = pygame.Rect(0, 0, 56, 56)
            box.center = (rect.centerx, rect.y - 2)
            pygame.draw.circle(surface, art.HILITE, box.center, 28)
            surface.blit(badge, badge.get_rect(center=box.center))


class HandView:
    """The still layer with the hand drawn on it. It follows the still layer (whole, or the regions drawn again
    since it last copied them: StillView.edits_since) and draws its hand region again only when the hand's
    picture changes (`Hand.key`)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] | None = None
        self.region = pygame.Rect(0, 0, 0, 0)
        self.seen = -1  # the still layer's edit last copied (StillView.edit)

    def layer(self, still: StillView, static: pygame.Surface, hand: Hand,
              glows: list[pygame.Rect]) -> pygame.Surface | None:
        """`static` (the still layer `still` holds) with `hand` on it, or None when the hand must be drawn over
        it this frame: a hand card shakes, or a glow drawn under the hand (a lit slot, a picked card) reaches
        into it."""
        key = hand.key()
        region = hand.region()
        if key is None or any(g.colliderect(region) for g in glows):
            return None
        stale = still.edits_since(self.seen)
        if self.surface is None or stale is None:
            if self.surface is None:
                self.surface = static.copy()
            else:
                self.surface.blit(static, (0, 0))
            redraw = True
        else:
            for r in stale:
                self.surface.blit(static, r, r)
            redraw = key != self.key or any(r.colliderect(self.region) or r.colliderect(region) for r in stale)
        if redraw:
            for r in (self.region, region):
                self.surface.blit(static, r, r)
            draw_hand(self.surface, hand)
        self.key, self.region, self.seen = key, region, still.edit
        return self.surface
