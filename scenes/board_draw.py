"""Drawing the board each frame: the still layer (scenes.board_still) with the hand on it (scenes.board_hand),
the glows, the flights, the focus ring and the buttons, then the words (scenes.board_hud), the coach and the card
preview. Each layer with a cache is a view given what it shows; this module makes those values from the board."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.play.flow import Target
from game.ui import art, card_art, effects
from game.ui.input import Kind
from game.ui.text import blit_lines, fitted, font_for, wrap
from game.ui.tween import pulse

from . import board_coach, board_cover, board_zoom
from .board_bar_view import WinBar
from .board_hand import Hand, draw_hand
from .board_hud import draw_toasts, flag_line_of, hud_of
from .board_still import FOCUS_W, draw_pennant, label_spots

if TYPE_CHECKING:
    from .board_roles import Focused, Framed, Handed

BUTTON_LABELS = {"pass": N_("Pass"), "done": N_("Done claiming"), "scout": N_("Play Scout"), "return": N_("Put back"),
                 "log": N_("Game log"), "menu": N_("Menu"), "undo": N_("Take back"), "rules": N_("?"),
                 "hint": N_("Hint")}
BUTTON_KEYS = {"log": Kind.LOG, "menu": Kind.MENU, "rules": Kind.HELP, "hint": Kind.HINT, "undo": Kind.UNDO}


# ---------------------------------------------------------------------- each frame
def draw(board: Framed, surface: pygame.Surface) -> None:
    now = board.clock
    lit = lit_order(board.model.flow.candidates(), board.targets)
    glows = [(rect, 12) for rect in (board.highlight(t) for t in lit) if rect is not None]
    picked = [(board.rects[("slot", t[1], t[2], t[3])], 14) for t in board.model.flow.picked
              if t[0] == "card" and t in board.targets]
    hand = _hand_of(board, now)
    static = board.still_layer()
    layer = board.hand_view.layer(board.still, static, hand,
                                  [rect.inflate(2 * spread, 2 * spread) for rect, spread in glows + picked])
    surface.blit(layer or static, (0, 0))
    line = flag_line_of(board)  # the line of flags: the claims, the marks and the victory (scenes.board_flag_view)
    board.flag_view.draw_claims(surface, line, now)
    for rect, spread in glows:
        art.blit_glow(surface, rect, art.HILITE, 0.55 + 0.45 * pulse(now, 1.2), spread=spread)
    for rect, spread in picked:
        art.blit_glow(surface, rect, art.HILITE, 1.0, spread=spread)
    for anim in board.anims.slides:
        flag = board.shown.view["flags"][anim.flag - 1]
        effects.claim_ring(surface, board.shown.geo.pennant(anim.flag, anim.offset(now)).center,
                           (now - anim.start) / max(0.01, anim.duration))
        draw_pennant(surface, board.shown, anim.flag, flag, anim.offset(now), wave=anim.wave(now))
    if layer is None:
        draw_hand(surface, hand)
    for flight in board.anims.flights:
        flight.draw(surface, now)
    board.flag_view.draw_marks(surface, line)
    hint = board_coach.active_hint(board.model.hint, board.my_turn, board.table)
    board_coach.draw_hint(surface, board_coach.hint_rects(hint, board.shown, board.targets, board.rects))
    _focus(board, surface, now)
    mouse = board.app.input.last_device == "mouse"
    draw_buttons(surface, board.laid_buttons, board.targets, board.model.flow.candidates(), board.model.pressed,
                 None if mouse else board.app.input.glyph)
    board.bar_view.draw(surface, win_bar_of(board.coach is not None and board.app.settings.win_bar,
                                            board.model.win_estimate, board.shown.three))
    board.hud_view.draw(surface, hud_of(board, now))  # the status panel, who thinks, the caption
    if board.model.drag is not None:
        img = card_art.face(board.model.drag[0], "hand")
        surface.blit(img, img.get_rect(center=board.model.drag[1]))
    won = board.flag_view.draw_victory(surface, line, now)
    if line.over and board.anims.confetti is not None:
        board.anims.confetti.draw(surface, now, won)
    board_cover.record(board)
    board.preview_box = board_zoom.draw(board, surface)
    if board.app.top is board:  # a banner belongs to the board: it never shows through the results or pause
        draw_toasts(board, surface)


def lit_order(cands: set[Target], targets: dict[Target, pygame.Rect]) -> list[Target]:
    """The candidates off the hand in the layout's order (then by name): their glows overlap where cards do
    (Deserter's rings up a column), and a set's order, which follows the process's string hashing, would blend
    them differently from one run to the next."""
    laid = [t for t in targets if t in cands and t[0] != "hand"]
    rest = sorted((t for t in cands if t not in targets and t[0] != "hand"), key=repr)
    return laid + rest


def _hand_of(board: Handed, now: float) -> Hand:
    """What the hand shows this frame (scenes.board_hand), from the board's model, layout and animations; which
    cards can be played is asked of the model only if the hand is drawn (Hand.playable, Hand.forced)."""
    cards = tuple(board.shown.view["hands"][board.model.viewer] or [])
    keys = {("hand", card) for card in cards}
    shaking = board.anims.shaking(now) if board.anims.shakes else {}
    return Hand(cards=cards, rects=board.hand_rects,
                layout=board.model.layout, turned_away=board.model.hidden,
                flying=frozenset(board.anims.hidden()).intersection(keys),
                shakes={str(key[1]): dx for key, dx in shaking.items() if key in keys},
                dragged=board.model.drag[0] if board.model.drag else None,
                lifted=board.model.hover if board.app.input.last_device == "mouse" else board.model.focus,
                hover=board.model.hover, candidates=frozenset(board.model.flow.candidates()), playing=board.my_turn,
                picked=tuple(board.model.flow.picked), returning=board.table.phase == "scout_return", model=board.model)


def _focus(board: Focused, surface: pygame.Surface, now: float) -> None:
    show = board.app.input.last_device != "mouse"
    target = board.model.focus if show else board.model.hover
    if target is None or target not in board.targets:
        return
    base = board.highlight(target) if show else board.targets[target]
    rect = (base or board.targets[target]).move(board.anims.shake_offset(target, now), 0)
    if target[0] == "hand" and target == board.model.hover and target in board.model.flow.candidates():
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


def win_bar_of(wanted: bool, chance: float | None, three: bool) -> WinBar | None:
    """What the coach's bar shows (scenes.board_bar_view): the estimate `chance`, where a bar is `wanted` (a coach
    at this board and the setting on) and the coach has answered; else none."""
    if not wanted or chance is None:
        return None
    return WinBar(chance, _("Win estimate: {percent}%", percent=round(100 * chance)), three)


def draw_buttons(surface: pygame.Surface, laid: Sequence[str], targets: Mapping[Target, pygame.Rect],
                 cands: Collection[Target], pressed: Target | None, glyph: Callable[[Kind], str] | None) -> None:
    """The buttons `laid` out (and the rules' "?") at their `targets`, lit where a candidate, pressed where
    `pressed`; with the keys' `glyph`s where a pad or keyboard was used last (None: the mouse)."""
    for name in [*laid, "rules"]:
        r = targets[("button", name)]
        hot = ("button", name) in cands
        look = "pressed" if pressed == ("button", name) else ("focus" if hot else "idle")
        r = art.plaque(surface, r, look,
                       points=False)
        label = _(BUTTON_LABELS[name])
        key = BUTTON_KEYS.get(name)
        if key is not None and glyph is not None:
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
