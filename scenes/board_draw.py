"""Drawing the board each frame: the still layer (scenes.board_still) with the hand on it, the glows, the
flights, the focus ring and the buttons, then the words (scenes.board_hud), the coach and the card preview."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.ui import art, card_art, effects
from game.ui.input import Kind
from game.ui.text import blit_lines, fitted, font_for, text, wrap
from game.ui.tween import pulse

from . import board_coach, board_cover, board_zoom
from .board_hud import draw_caption, draw_marks, draw_prompt, draw_thinking, draw_toasts, draw_victory
from .board_still import FOCUS_W, draw_pennant, label_spots

if TYPE_CHECKING:
    from .board_state import BoardState

BUTTON_LABELS = {"pass": N_("Pass"), "done": N_("Done claiming"), "scout": N_("Play Scout"), "return": N_("Put back"),
                 "log": N_("Game log"), "menu": N_("Menu"), "undo": N_("Take back"), "rules": N_("?"),
                 "hint": N_("Hint")}
BUTTON_KEYS = {"log": Kind.LOG, "menu": Kind.MENU, "rules": Kind.HELP, "hint": Kind.HINT, "undo": Kind.UNDO}


# ---------------------------------------------------------------------- each frame
def draw(board: BoardState, surface: pygame.Surface) -> None:
    now = board.clock
    cands = board.flow.candidates()
    glows = [(rect, 12) for rect in (board.highlight(t) for t in cands if t[0] != "hand") if rect is not None]
    picked = [(board.rects[("slot", t[1], t[2], t[3])], 14) for t in board.flow.picked
              if t[0] == "card" and t in board.targets]
    layer = _with_hand(board, now, [rect.inflate(2 * spread, 2 * spread) for rect, spread in glows + picked])
    surface.blit(layer or board.still_layer(), (0, 0))
    _claim_glows(board, surface, now)
    for rect, spread in glows:
        art.blit_glow(surface, rect, art.HILITE, 0.55 + 0.45 * pulse(now, 1.2), spread=spread)
    for rect, spread in picked:
        art.blit_glow(surface, rect, art.HILITE, 1.0, spread=spread)
    for anim in board.anims.slides:
        flag = board.view["flags"][anim.flag - 1]
        effects.claim_ring(surface, board.geo.pennant(anim.flag, anim.offset(now)).center,
                           (now - anim.start) / max(0.01, anim.duration))
        draw_pennant(surface, board.shown, anim.flag, flag, anim.offset(now), wave=anim.wave(now))
    if layer is None:
        _hand(board, surface, now)
    for flight in board.anims.flights:
        flight.draw(surface, now)
    draw_marks(board, surface, now)
    board_coach.draw_hint(board, surface)
    _focus(board, surface, now)
    _buttons(board, surface)
    board_coach.draw_bar(board, surface)
    draw_prompt(board, surface, now)
    draw_thinking(board, surface, now)
    draw_caption(board, surface)
    if board.drag is not None:
        img = card_art.face(board.drag[0], "hand")
        surface.blit(img, img.get_rect(center=board.drag[1]))
    if board.table.result is not None:
        draw_victory(board, surface, now)
    board_cover.record(board)
    board.preview_box = board_zoom.draw(board, surface)
    if board.app.top is board:  # a banner belongs to the board: it never shows through the results or pause
        draw_toasts(board, surface)


def _with_hand(board: BoardState, now: float, glows: list[pygame.Rect]) -> pygame.Surface | None:
    """The still layer with the hand on it, or None when the hand must be drawn over it this frame:
    a hand card shakes, or a glow drawn under the hand (a lit slot, a picked card) reaches into it."""
    static = board.still_layer()
    key = _hand_key(board, now)
    region = _hand_region(board)
    if key is None or any(g.colliderect(region) for g in glows):
        return None
    cache = board.hand_layer
    stale = board.still.edits_since(cache.seen)
    if cache.surface is None or stale is None:
        if cache.surface is None:
            cache.surface = static.copy()
        else:
            cache.surface.blit(static, (0, 0))
        redraw = True
    else:
        for r in stale:
            cache.surface.blit(static, r, r)
        redraw = key != cache.key or any(r.colliderect(cache.region) or r.colliderect(region) for r in stale)
    if redraw:
        for r in (cache.region, region):
            cache.surface.blit(static, r, r)
        _hand(board, cache.surface, now)
    cache.key, cache.region, cache.seen = key, region, board.still.edit
    return cache.surface


def _hand_region(board: BoardState) -> pygame.Rect:
    """Everything the hand draws on: its cards, and when one is lifted or picked, room for the lift, the
    glows and Scout's order badges above them."""
    rects = [r for t, r in board.targets.items() if t[0] == "hand"]
    if not rects:
        return pygame.Rect(0, 0, 0, 0)
    cards = rects[0].unionall(rects[1:])
    if board.flow.picked or board.hover in board.flow.candidates():
        return cards.inflate(40, 40).union(cards.move(0, -44))
    return cards


def _hand_key(board: BoardState, now: float) -> tuple[Any, ...] | None:
    """What the hand's picture depends on (None while a hand card shakes: it moves every frame): the layout's
    version (BoardState.layout_serial: the cards, where they lie, which can be played and which are picked
    change only when the board lays itself out again), the hand turned away or not, and what the pointer,
    the focus and the flights do to it between layouts."""
    hand = board.view["hands"][board.viewer] or []
    if any(board.anims.shake_offset(("hand", card), now) for card in hand):
        return None
    keys = {("hand", card) for card in hand}
    lifted = board.hover if board.app.input.last_device == "mouse" else board.focus
    return (board.layout_serial, board.hidden, frozenset(board.anims.hidden()).intersection(keys),
            board.drag[0] if board.drag else None, lifted if lifted in keys else None,
            board.hover if board.hover in board.flow.candidates() else None)


def _claim_glows(board: BoardState, surface: pygame.Surface, now: float) -> None:
    strength = 0.55 + 0.45 * pulse(now, 1.4)
    for n in board.claimable:
        flag = board.view["flags"][n - 1]
        r = board.geo.pennant(n, board.pennant_shift(flag)).inflate(24, 12)
        art.blit_glow(surface, r, art.GOOD, strength, spread=26)
        pygame.draw.rect(surface, art.GOOD, r, 4, border_radius=14)


def _hand(board: BoardState, surface: pygame.Surface, now: float) -> None:
    hand = board.view["hands"][board.viewer] or []
    hidden = board.anims.hidden()
    cands = board.flow.candidates()
    playable = board.playable()
    playing = board.my_turn
    forced = board.forced_pass()
    picked = board.flow.picked
    lifted = board.hover if board.app.input.last_device == "mouse" else board.focus
    # the card under the focus is drawn last: in a long (Scout) hand it shows whole over its neighbours
    for card in sorted(hand, key=lambda c: ("hand", c) == lifted):
        rect = board.targets.get(("hand", card))
        if rect is None or ("hand", card) in hidden or (board.drag and board.drag[0] == card):
            continue
        if board.hidden:
            surface.blit(card_art.back("troops", "hand"), rect)
            continue
        rect = rect.move(board.anims.shake_offset(("hand", card), now), 0)
        target = ("hand", card)
        # dimmed: what cannot be played now; every card when no card can be (R9: a pass is all there is)
        usable = not playing or target in playable or (not playable and not forced)
        img = card_art.face(card, "hand") if usable else card_art.dimmed(card, "hand")
        if target == board.hover and target in cands:
            rect = rect.move(0, -12)
        if target in picked:
            art.blit_glow(surface, rect, art.HILITE, 1.0, spread=14)
        surface.blit(img, rect)
        if target in picked and board.table.phase == "scout_return":
            order = picked.index(target) + 1
            badge = text(str(order), 40, art.INK, "bold")
            box = pygame.Rect(0, 0, 56, 56)
            box.center = (rect.centerx, rect.y - 2)
            pygame.draw.circle(surface, art.HILITE, box.center, 28)
            surface.blit(badge, badge.get_rect(center=box.center))


def _focus(board: BoardState, surface: pygame.Surface, now: float) -> None:
    show = board.app.input.last_device != "mouse"
    target = board.focus if show else board.hover
    if target is None or target not in board.targets:
        return
    base = board.highlight(target) if show else board.targets[target]
    rect = (base or board.targets[target]).move(board.anims.shake_offset(target, now), 0)
    if target[0] == "hand" and target == board.hover and target in board.flow.candidates():
        rect = rect.move(0, -12)
    if show:  # white with a dark edge: never mistaken for the gold glow of a legal target; FOCUS_W thick,
        # so it still reads on a TV across the room with the picture scaled down (issue 31)
        pygame.draw.rect(surface, (16, 20, 20), rect.inflate(20 + 2 * FOCUS_W, 20 + 2 * FOCUS_W), 4, border_radius=18)
        pygame.draw.rect(surface, (255, 255, 255), rect.inflate(12 + 2 * FOCUS_W, 12 + 2 * FOCUS_W), FOCUS_W,
                         border_radius=16)
        pygame.draw.rect(surface, (16, 20, 20), rect.inflate(12, 12), 3, border_radius=13)
        if target[0] == "flag":  # the ring never hides what formed there: each label on a dark plate across it
            for img, spot in label_spots(board.shown, int(target[1])):
                pygame.draw.rect(surface, (16, 20, 20), spot.inflate(14, 2), border_radius=8)
                surface.blit(img, spot)
    else:
        pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), 3, border_radius=14)


BUTTON_PAD = 14  # a button's words keep this far from its edges (Romanian "Jurnalul jocului  L" filled it)


def _buttons(board: BoardState, surface: pygame.Surface) -> None:
    cands = board.flow.candidates()
    glyph = board.app.input.glyph
    for name in [*board.buttons(), "rules"]:
        r = board.targets[("button", name)]
        hot = ("button", name) in cands
        r = art.plaque(surface, r, "pressed" if board.pressed == ("button", name) else ("focus" if hot else "idle"),
                       points=False)
        label = _(BUTTON_LABELS[name])
        key = BUTTON_KEYS.get(name)
        if key is not None and board.app.input.last_device != "mouse":
            keyed = f"{label}  {glyph(key)}"  # the key too, where it fits (a long word in a narrow button: not)
            if font_for(keyed, 24, "bold").size(keyed)[0] <= r.width - 2 * BUTTON_PAD:
                label = keyed
        colour = art.HILITE if hot else art.CREAM
        if font_for(label, 20, "bold").size(label)[0] <= r.width - 12:
            img = fitted(label, 28, r.width - 2 * BUTTON_PAD, colour, "bold")
            surface.blit(img, img.get_rect(center=r.center))
        else:  # too long for one line even small (a long word in a half-width button): two lines
            lines = wrap(label, 22, r.width - 12, "condensed")[:2]
            blit_lines(surface, lines, 22, colour, (r.centerx, r.centery - 12 * len(lines)), "condensed", "center",
                       1.1)
