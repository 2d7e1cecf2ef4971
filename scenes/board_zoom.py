"""The focused or hovered card, enlarged with its full rules text: card faces are small on a TV.

It appears once the focus (or the mouse) has rested on one card for ZOOM_DELAY seconds, beside
that card, and goes as soon as the focus moves on or the table changes. Cards in the hand, on the flags and on top of a
discard pile can be zoomed. Its text is never smaller than MIN_READ (28 px at 1080p).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from engine.notation_types import View
from game.i18n import language
from game.play import card_rules
from game.play.board_model import BoardModel
from game.ui import art, card_art, cover
from game.ui.text import MIN_READ, fitted, line_step, text, wrap

from .board_cover import current_toast, kept
from .board_zoom_view import ZOOM_DELAY as ZOOM_DELAY  # the delay is the view's; read here by the tests
from .board_zoom_view import Place, Rest

if TYPE_CHECKING:
    from .board_roles import Resting, ZoomDrawn

CARD = (272, 381)  # the hand card's face, 1.6 times larger
TEXT_W = 520
BODY = 30
PAD = 24
KEY = (255, 0, 255)  # the composed box's corners: never a colour of the panel
SCREEN = pygame.Rect(8, 8, 1904, 1064)  # the preview keeps this far from the screen's edges
RADIUS = 20  # the box's rounded corners: the rows they take are the only ones with keyed-out pixels


def zoomed(model: BoardModel, view: View, mouse: bool, on_top: bool) -> tuple[Any, str] | None:
    """(target, card) under the focus or the `mouse` pointer (the model's), if it is a card whose face the viewer
    can see in `view`; only while the board is `on_top` (under the pause menu or the results: never)."""
    if model.hidden or model.drag is not None or not on_top:
        return None  # never under (or over) the pause menu or the results: only on the board itself
    # the mouse is only ever where the player put it; the focus, only if the player moved it there (scenes.board:
    # `rested`), not where a new phase put it
    target = model.hover if mouse else (model.focus if model.focus == model.rested else None)
    if target is None:
        return None
    card: str | None = None
    if target[0] in ("hand", "card"):
        card = str(target[-1])
    elif target[0] == "discard":
        pile = view["discards"].get(str(target[1])) or []
        card = pile[-1] if pile else None
    if card is None or not (card in card_art.TACTIC_CODE or card[:1] in card_art.SUIT):
        return None
    return target, card


def rest(board: Resting) -> Rest:
    """What the preview waits on this frame (scenes.board_zoom_view.Rest)."""
    shown = zoomed(board.model, board.shown.view, board.app.input.last_device == "mouse", board.app.top is board)
    return Rest(shown, board.model.version, board.clock)


def pending(board: Resting) -> bool:
    """A card is under the focus but not yet zoomed: the loop must keep drawing until it is."""
    return board.zoom.pending(rest(board))


def wake_in(board: Resting) -> float | None:
    """Seconds until the zoom is due (0: a frame must start its delay now); None: nothing is waiting."""
    return board.zoom.wake_in(rest(board))


def draw(board: ZoomDrawn, surface: pygame.Surface) -> pygame.Rect | None:
    """Draw the zoom if it is due (ZoomView.due); returns where it was drawn (tests look at it)."""
    now = rest(board)
    if now.shown is None or not board.zoom.due(now):
        return None
    target, card = now.shown
    near = board.targets.get(target)
    around = [near] if near is not None else []
    toast = current_toast(board.toasts, board.clock)
    place = Place(now.shown, board.model.version, board.model.layout, board.model.hint,
                  toast.about if toast is not None else None, tuple((r.x, r.y, r.w, r.h) for r in board.named_cards()),
                  language(), _look())
    box = board.zoom.place(place, lambda: spot(card, near, kept(board, preview=False) + around))
    if box is None:  # everywhere it would hide a choice, a name or a named card: it waits for the next rest
        return None
    return draw_card(surface, card, near, box)


def size_of(card: str) -> tuple[int, int]:
    """The preview's size for `card` in the current language and look."""
    return _composed(card, language(), card_art.face(card, "hand"), _look()).get_size()


def spot(card: str, near: pygame.Rect | None, kept: list[pygame.Rect]) -> pygame.Rect | None:
    """Where the preview of `card` goes: beside its card if that covers nothing kept, else farther off."""
    anchor = near or pygame.Rect(960, 540, 0, 0)
    return cover.place(cover.beside(size_of(card), anchor), kept, SCREEN)


@lru_cache(maxsize=16)
def _big(card: str, _lang: str, _face: pygame.Surface) -> pygame.Surface:
    """The enlarged face, drawn once (per language and face drawing), not every frame."""
    return card_art.face(card, "zoom")  # drawn at its size: the figure stays sharp


def _lines(card: str) -> list[tuple[str, int, tuple[int, int, int]]]:
    out: list[tuple[str, int, tuple[int, int, int]]] = []
    for n, paragraph in enumerate(card_rules.text(card)):
        colour = art.HILITE if n == 0 and card in card_rules.RULES else art.CREAM
        out += [(line, BODY, colour) for line in wrap(paragraph, BODY, TEXT_W)]
        out.append(("", 12, colour))
    return out[:-1]


def draw_card(surface: pygame.Surface, card: str, near: pygame.Rect | None,
              box: pygame.Rect | None = None) -> pygame.Rect:
    """The enlarged face and a panel with the card's name and whole rule, at `box` or beside `near`.

    The whole box is composed once per card, language and look (_composed) and shown with one opaque
    blit: it stays up every frame while cards fly, so it must cost next to nothing."""
    lang = language()
    picture = _composed(card, lang, card_art.face(card, "hand"), _look())
    if box is None:
        box = cover.beside(picture.get_size(), near or pygame.Rect(960, 540, 0, 0))[0].clamp(SCREEN)
    cover.overlay("the card preview", box)
    # only the rows with rounded corners need the key; the rest is copied plain, which is several times faster
    band = pygame.Rect(0, RADIUS, box.width, box.height - 2 * RADIUS)
    surface.blit(_plain(picture), (box.x, box.y + RADIUS), band)
    for top in (0, box.height - RADIUS):
        surface.blit(picture, (box.x, box.y + top), pygame.Rect(0, top, box.width, RADIUS))
    return box


@lru_cache(maxsize=2)
def _plain(picture: pygame.Surface) -> pygame.Surface:
    """The composed box without its key, for the rows between the rounded corners."""
    out = picture.copy()
    out.set_colorkey(None)
    return out


def _look() -> tuple[Any, ...]:
    """What the composed box is drawn with besides card and language: the theme (colours, panel opacity and
    text size that accessibility settings change)."""
    from game.ui import theme

    return (theme.current(),)


@lru_cache(maxsize=8)
def _composed(card: str, _lang: str, _face: pygame.Surface, _look: tuple[Any, ...]) -> pygame.Surface:
    """The zoom box drawn once: an opaque panel (the corners keyed out), the big face, the name and the rule."""
    lines = _lines(card)
    text_h = 64 + sum(line_step(size, 1.3) for _, size, _ in lines)
    box = pygame.Rect(0, 0, CARD[0] + TEXT_W + 3 * PAD, max(CARD[1], text_h) + 2 * PAD)
    out = pygame.Surface(box.size)
    out.fill(KEY)
    out.set_colorkey(KEY)
    art.panel(out, box, alpha=255, border=art.HILITE, radius=RADIUS, fill=(14, 20, 20))
    out.blit(_big(card, _lang, _face), (PAD, PAD))
    x = CARD[0] + 2 * PAD
    name = fitted(card_rules.title(card), 40, TEXT_W, art.HILITE, "bold", MIN_READ)
    out.blit(name, (x, PAD))
    y = PAD + 64
    for line, size, colour in lines:
        if line:
            out.blit(text(line, size, colour), (x, y))
        y += line_step(size, 1.3)
    return out.convert() if pygame.display.get_surface() else out
