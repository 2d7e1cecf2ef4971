"""Drawing the board: a cached still layer (table, flags, formations, decks) plus what moves."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from engine import OTHER
from engine.cards import TROOP_BIT
from engine.notation_types import Event
from engine.rulebook import side_size
from game.i18n import N_, _, ngettext
from game.play.turn_words import turn_caption, turn_marks
from game.play.words import card_short, card_words
from game.ui import art, battlefield, card_art, cover, effects, layout, theme
from game.ui.input import Kind
from game.ui.text import blit_lines, fitted, font_for, line_height, line_step, text, wrap
from game.ui.tween import pulse

from . import board_coach, board_cover, board_zoom
from .board_cover import current_toast
from .board_names import name_spots, under_names

if TYPE_CHECKING:
    from .board_state import BoardState

BUTTON_LABELS = {"pass": N_("Pass"), "done": N_("Done claiming"), "scout": N_("Play Scout"), "return": N_("Put back"),
                 "log": N_("Game log"), "menu": N_("Menu"), "undo": N_("Take back"), "rules": N_("?"),
                 "hint": N_("Hint")}
FOCUS_W = 9  # the keyboard/controller focus ring's white band, in logical pixels (a 1280x720 TV still shows 6)
BUTTON_KEYS = {"log": Kind.LOG, "menu": Kind.MENU, "rules": Kind.HELP, "hint": Kind.HINT, "undo": Kind.UNDO}


# ---------------------------------------------------------------------- still layer
def base_layer(players: int = 2) -> pygame.Surface:
    """Felt, the flag band and column lines: the same for every game of so many players, drawn once."""
    if players not in _BASES:
        surf = pygame.Surface((layout.W, layout.H))
        if players == 3:
            battlefield.board_base3(surf)
        else:
            battlefield.board_base(surf)
        _BASES[players] = surf.convert() if pygame.display.get_surface() else surf
    return _BASES[players]


_BASES: dict[int, pygame.Surface] = {}
COLUMN_KEYS = ("slot", "pennant")


def _column_region(board: BoardState, n: int) -> pygame.Rect:
    col = board.geo.column(n)
    if board.geo.is_far(n):
        return col.copy()
    # from just under the opponent's card backs (they end at y 101) to the top of the hand: every card of the
    # formations lies inside (a Mud flag's fourth ends above the hand); a claimed side's shade, which reaches
    # further, never changes while cards fly, and the redraw is clipped to the region
    return pygame.Rect(col.x + 1, layout.TOP_AREA[0] - 2, col.width - 1, layout.HAND_Y - layout.TOP_AREA[0] + 2)


def _changed_regions(board: BoardState, changed: frozenset[Any]) -> list[tuple[int, pygame.Rect]]:
    """Where the still layer must be drawn again when the cards in `changed` start or stop flying: a
    card's own slot (the cards under it are drawn again there, clipped), or the whole column when a
    pennant leaves or returns or the card is on a far front."""
    out: dict[int, pygame.Rect] = {}
    for key in changed:
        n = int(key[1])
        column = _column_region(board, n)
        slot = board.rects.get(key) if key[0] == "slot" and not board.geo.is_far(n) else None
        region = column if slot is None else slot.inflate(4, 4).clip(column)
        out[n] = out[n].union(region) if n in out else region
    return sorted(out.items())


def still_layer(board: BoardState) -> pygame.Surface:
    """Everything that is not moving. When only cards at a few flags start or stop flying, only
    those columns are redrawn, so animation frames stay cheap."""
    hidden = frozenset(board.anims.hidden())
    if board.static is not None and hidden == board.static_hidden and board.static_fresh:
        return board.static
    changed = hidden ^ board.static_hidden
    if board.static is not None and board.static_fresh and all(k[0] in COLUMN_KEYS for k in changed):
        base = base_layer(board.geo.players)
        for n, region in _changed_regions(board, changed):
            board.static.blit(base, region, region)
            board.static.set_clip(region)
            _column(board.static, board, n, hidden)
            _watchers(board.static, board)  # its words reach into the outer columns' regions: drawn again there
            board.static.set_clip(None)
            board.hand_layer.changed(region)
        board.static_hidden = hidden
        return board.static
    if board.static is None:
        surf = pygame.Surface((layout.W, layout.H))
        board.static = surf.convert() if pygame.display.get_surface() else surf
    surf = board.static
    surf.blit(base_layer(board.geo.players), (0, 0))
    for n in range(1, 10):
        _column(surf, board, n, hidden)
    view = board.view
    if board.three:
        _top_strip3(surf, board, hidden)
        _deck(surf, "troops", view["decks"]["troops"])
    else:
        _top_strip(surf, board, hidden)
        for d in ("tactics", "troops"):
            _deck(surf, d, view["decks"][d])
        for seat in (OTHER[board.viewer], board.viewer):
            _discard(surf, board, seat, hidden)
    board.static_hidden = hidden
    board.static_fresh = True
    board.hand_layer.changed(None)
    return surf


def _column(surf: pygame.Surface, board: BoardState, n: int, hidden: frozenset[Any]) -> None:
    """One flag: its faded losing half, both formations, the pennant and the formation labels."""
    flag = board.view["flags"][n - 1]
    owner = flag["claimed"]
    geo = board.geo
    far = geo.is_far(n)
    if owner is not None:
        lose = geo.side_area(n, board.side_of(board.foe(owner, n), n))
        surf.blit(art.shade(lose.size, 90), lose.topleft)
    for seat in board.flag_seats(n):
        _formation(surf, board, n, flag, seat, hidden)
    if ("pennant", n) not in hidden:
        draw_pennant(surf, board, n, flag, board.pennant_shift(flag))
    if not far:
        formation_labels(surf, board, n)


def formation_labels(surf: pygame.Surface, board: BoardState, n: int) -> None:
    """The formations' names above and below flag `n`'s standard (drawn again over the focus ring, which must
    never hide them)."""
    if board.view["flags"][n - 1]["claimed"] is not None:
        return
    for seat in board.flag_seats(n):
        label = board.labels.get((n, seat))
        if label:  # never wider than its column: neighbours' labels must not run together
            img = fitted(label, 28, layout.COL_W - 16, art.CREAM, "condensed")
            surf.blit(img, img.get_rect(center=board.geo.label_pos(n, board.side_of(seat, n))))


def draw_pennant(surf: pygame.Surface, board: BoardState, n: int, flag: dict[str, Any], shift: int,
                 glow: float = 0.0, wave: float | None = None) -> None:
    r = board.geo.pennant(n, shift)
    owner = flag["claimed"]
    _environment(surf, board, n, flag, r)
    battlefield.standard(surf, r, n, battlefield.FLAG_CLOTH if owner is None else board.tint(owner), wave)


ENV_LOOK = {"fog": ((188, 222, 222), (16, 24, 22)), "mud": ((118, 82, 44), art.CREAM)}  # ground, letters


def _environment(surf: pygame.Surface, board: BoardState, n: int, flag: dict[str, Any], r: pygame.Rect) -> None:
    """Fog and Mud on their own flag, unmistakably: the ground of the flag's column is changed (a pale mist
    with wisps, a brown mud with ruts) across its whole width, and the card's corner letters (in the language)
    stand on it beside the standard, Fog left, Mud right, never between two flags."""
    col = board.geo.column(n)
    kinds = [kind for kind in ("fog", "mud") if flag[kind]]
    if not kinds:
        return
    band = pygame.Rect(col.x + 4, r.centery - r.height // 2 - 18, col.width - 8, r.height + 36)
    for i, kind in enumerate(kinds):
        ground, ink = ENV_LOOK[kind]
        part = band if len(kinds) == 1 else pygame.Rect(band.x + i * band.width // 2, band.y, band.width // 2,
                                                         band.height)
        layer = pygame.Surface(part.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*ground, 175), layer.get_rect(), border_radius=10)
        for k in range(3):  # wisps of mist, or ruts in the mud
            y = part.height * (k + 1) // 4
            if kind == "fog":
                points = [(x, y + 3 * math.sin(x / 9 + k)) for x in range(6, part.width - 6, 4)]
                pygame.draw.lines(layer, (255, 255, 255, 150), False, points, 2)
            else:
                pygame.draw.line(layer, (70, 46, 22, 160), (8, y), (part.width - 8, y + (k - 1) * 3), 3)
        pygame.draw.rect(layer, (*ground, 255), layer.get_rect(), 2, border_radius=10)
        surf.blit(layer, part)
        room = (col.width - r.width) // 2 - 4  # between the column's edge and the standard
        chip = fitted(card_art.tactic_code(kind), 26, room - 8, ink, "condensed", 12)
        box = chip.get_rect().inflate(8, 2)
        box.center = ((col.x + r.x) // 2 + 2, r.centery) if kind == "fog" else ((r.right + col.right) // 2 - 2,
                                                                                  r.centery)
        pygame.draw.rect(surf, ground, box, border_radius=6)
        surf.blit(chip, chip.get_rect(center=box.center))


def _formation(surf: pygame.Surface, board: BoardState, n: int, flag: dict[str, Any], seat: str,
               hidden: frozenset[Any]) -> None:
    side = board.side_of(seat, n)
    geo = board.geo
    cards = flag[seat]
    order = list(enumerate(cards))
    if side in ("top", "left"):
        order.reverse()  # nearer cards overlap further ones, leaving each numeral in view
    size = geo.card_size(n)
    if flag["claimed"] is None and len(cards) < side_size(flag["mud"] is not None):
        radius = 10 if size == "table" else 7
        pygame.draw.rect(surf, (52, 84, 72), geo.slot(n, side, len(cards)), 2, border_radius=radius)
    for i, card in order:
        if ("slot", n, seat, card) in hidden:
            continue
        rect = geo.slot(n, side, i, len(cards))
        surf.blit(card_art.face(card, size), rect)
        if (side == "left" and i > 0) or (side == "right" and i < len(cards) - 1):
            card_art.strip_index(surf, card, rect)  # sideways, the corner symbol is under the next card


def _top_strip(surf: pygame.Surface, board: BoardState, hidden: frozenset[Any]) -> None:
    view, them = board.view, OTHER[board.viewer]
    size = view["hand_sizes"][them]
    tactics = min(size, board.opp_tactics())
    for i, r in enumerate(layout.opponent_hand(size)):  # tactics have their own backs (R45)
        if ("opp", i) not in hidden:
            surf.blit(card_art.back("tactics" if i >= size - tactics else "troops", "small"), r)
    spots = name_spots(board)
    for img, rect in spots:
        surf.blit(img, rect)
    held = sum(1 for f in view["flags"] if f["claimed"] == them)
    info = fitted(_("Flags: {n}  \u00b7  in hand: {hand}", n=held, hand=size), 28,
                  layout.OPP_HAND_X - 44, art.MUTED)
    surf.blit(info, (30, under_names(board, info, 62)))
    mine = sum(1 for f in view["flags"] if f["claimed"] == board.viewer)
    info = fitted(_("Flags: {n}", n=mine), 28, layout.NAME_W, art.MUTED)
    surf.blit(info, _own_flags_spot(board, info))
    _watchers(surf, board)


def _own_flags_spot(board: BoardState, info: pygame.Surface) -> pygame.Rect:
    """Where the viewer's own flags line goes: under their name (top right for two, top centre for three)."""
    if board.three:
        return info.get_rect(midtop=(layout.W // 2, under_names(board, info, 58)))
    return info.get_rect(topright=(layout.W - 28, under_names(board, info, 62)))


def _watchers(surf: pygame.Surface, board: BoardState) -> None:
    """A LAN host's screen: how many watch the game, on the viewer's flags line (left of it for two players,
    right of it for three: under it, large text ran it into the backs and the far front)."""
    link = board.table.link
    watching = link.watching if link is not None else 0
    if not watching:
        return
    mine = sum(1 for f in board.view["flags"] if f["claimed"] == board.viewer)
    if board.three:
        info = fitted(_("{seat}  \u00b7  flags: {n}", seat=seat_word(board.viewer), n=mine), 26, 420, art.MUTED)
        spot = _own_flags_spot(board, info)
        img = text(_("Watchers: {n}", n=watching), 24, art.MUTED)
        surf.blit(img, img.get_rect(bottomleft=(spot.right + 24, spot.bottom)))
    else:
        info = fitted(_("Flags: {n}", n=mine), 28, layout.NAME_W, art.MUTED)
        spot = _own_flags_spot(board, info)
        img = text(_("Watchers: {n}", n=watching), 26, art.MUTED)
        surf.blit(img, img.get_rect(bottomright=(spot.x - 28, spot.bottom)))


SEAT_WORDS = {"south": N_("South"), "west": N_("West"), "east": N_("East"), "north": N_("North")}


def seat_word(seat: str) -> str:
    """'West': the three-player seats are named in captions, so two bots of one level stay apart."""
    return _(SEAT_WORDS.get(seat, seat))


def _top_strip3(surf: pygame.Surface, board: BoardState, hidden: frozenset[Any]) -> None:
    """Three players: each opponent's name, flags and card backs above their front (the left one's on the
    left), the viewer's own name and flags in the middle."""
    view = board.view
    for seat, where in zip(board.opponents(), ("left", "right"), strict=False):
        size = view["hand_sizes"][seat]
        key = board.backs_key(seat)
        for i, r in enumerate(layout.opponent_hand3(size, where)):
            if (key, i) not in hidden:
                surf.blit(card_art.back("troops", "small"), r)
        held = sum(1 for f in view["flags"] if f["claimed"] == seat)
        info = fitted(_("{seat}  \u00b7  flags: {n}  \u00b7  in hand: {hand}", seat=seat_word(seat), n=held, hand=size),
                      26, layout.OPP3_X - 36, art.MUTED)
        if where == "left":
            surf.blit(info, (30, under_names(board, info, 62)))
        else:
            surf.blit(info, (layout.W - 28 - info.get_width(), under_names(board, info, 62)))
    geo = board.geo
    if isinstance(geo, layout.Line3):  # the far front: whose cards lie on which side of its flags
        col = geo.column(geo.far[-1])
        for seat, where in ((geo.left, "left"), (geo.right, "right")):
            tag = fitted(seat_word(seat), 24, col.width // 2 - 24, board.tint(seat), "bold")
            x = col.x + 16 if where == "left" else col.right - 16 - tag.get_width()
            surf.blit(tag, tag.get_rect(midleft=(x, layout.FAR_BOX.y + 2 + layout.FAR_TAGS // 2)))
    me = board.viewer
    mine = sum(1 for f in view["flags"] if f["claimed"] == me)
    for img, rect in name_spots(board):
        surf.blit(img, rect)
    info = fitted(_("{seat}  \u00b7  flags: {n}", seat=seat_word(me), n=mine), 26, 420, art.MUTED)
    surf.blit(info, _own_flags_spot(board, info))
    _watchers(surf, board)


RING_REACH = 10 + FOCUS_W  # how far the focus ring reaches beyond what it rings (see _focus)


def deck_marks(deck: str, count: int) -> tuple[pygame.Surface, pygame.Rect, pygame.Surface, pygame.Rect]:
    """A deck's label and its count badge, and where they go: the label above it clear of the focus ring (at
    1280x720 the ring touched it), the count on the deck's foot like a chip, inside the ring (below the deck,
    clear of the ring, it ran into the next deck's label in Chinese)."""
    r = layout.deck(deck)
    room = min(r.width + 40, 2 * (layout.W - 8 - r.centerx))  # centred over the deck, never off the screen
    label = fitted(_("Tactics") if deck == "tactics" else _("Troops"), 28, room, art.CREAM, "condensed")
    badge = text(str(count), 34, art.INK, "bold")
    box = badge.get_rect(midbottom=(r.centerx, r.bottom - 8)).inflate(20, 0)
    return label, label.get_rect(midbottom=(r.centerx, r.y - RING_REACH - 2)), badge, box


def _deck(surf: pygame.Surface, deck: str, count: int) -> None:
    r = layout.deck(deck)
    label, spot, badge, box = deck_marks(deck, count)
    surf.blit(label, spot)
    if count <= 0:
        pygame.draw.rect(surf, (70, 104, 90), r, 2, border_radius=10)
    else:
        for k in range(min(3, (count + 9) // 10) - 1, -1, -1):  # a stack gets thicker with more cards
            surf.blit(card_art.back(deck, "table"), r.move(k * 3, k * 3))
    pygame.draw.rect(surf, art.PAPER, box, border_radius=14)
    pygame.draw.rect(surf, art.INK, box, 2, border_radius=14)  # a chip lying on the back, not part of its art
    surf.blit(badge, badge.get_rect(center=box.center))


def _discard(surf: pygame.Surface, board: BoardState, seat: str, hidden: frozenset[Any]) -> None:
    side = board.side_of(seat)
    r = layout.discard(side)
    pile = [c for c in board.view["discards"][seat] if ("discard", seat, c) not in hidden]
    words, room = _("Discards"), min(r.width + 24, 2 * (r.centerx - 6))  # centred over the pile, on the screen
    floor = math.ceil(22 / theme.current().text_scale)  # large text gives back its extra size first
    size = next((n for n in (28, 26, 24, 22, 20, 18) if n >= floor
                 and font_for(words, n, "condensed").size(words)[0] <= room), 26)
    if font_for(words, size, "condensed").size(words)[0] > room:  # two lines rather than letters too small to read
        size = next((n for n in (26, 24, 22, 20, 18) if n >= floor and all(
            font_for(line, n, "condensed").size(line)[0] <= room for line in wrap(words, n, room, "condensed",
                                                                                    probe=True))), 18)
    lines = [words] if font_for(words, size, "condensed").size(words)[0] <= room else wrap(words, size, room,
                                                                                             "condensed")
    y = r.y - 4
    for line in reversed(lines):
        label = text(line, size, art.CREAM, "condensed")
        surf.blit(label, label.get_rect(midbottom=(r.centerx, y)))
        y -= label.get_height() - 4
    if not pile:
        pygame.draw.rect(surf, (70, 104, 90), r, 2, border_radius=10)
    else:
        for k, card in enumerate(pile[-3:]):
            surf.blit(card_art.face(card, "table"), r.move(0, k * 6))
    badge = text(str(len(board.view["discards"][seat])), 34, art.INK, "bold")
    box = badge.get_rect(center=(r.centerx, r.bottom + 36)).inflate(20, 0)
    pygame.draw.rect(surf, board.tint(seat), box, border_radius=14)
    surf.blit(badge, badge.get_rect(center=box.center))


# ---------------------------------------------------------------------- each frame
def draw(board: BoardState, surface: pygame.Surface) -> None:
    now = board.clock
    cands = board.flow.candidates()
    glows = [(rect, 12) for rect in (board.highlight(t) for t in cands if t[0] != "hand") if rect is not None]
    picked = [(board.rects[("slot", t[1], t[2], t[3])], 14) for t in board.flow.picked
              if t[0] == "card" and t in board.targets]
    layer = _with_hand(board, now, [rect.inflate(2 * spread, 2 * spread) for rect, spread in glows + picked])
    surface.blit(layer or still_layer(board), (0, 0))
    _claim_glows(board, surface, now)
    for rect, spread in glows:
        art.blit_glow(surface, rect, art.HILITE, 0.55 + 0.45 * pulse(now, 1.2), spread=spread)
    for rect, spread in picked:
        art.blit_glow(surface, rect, art.HILITE, 1.0, spread=spread)
    for anim in board.anims.slides:
        flag = board.view["flags"][anim.flag - 1]
        effects.claim_ring(surface, board.geo.pennant(anim.flag, anim.offset(now)).center,
                           (now - anim.start) / max(0.01, anim.duration))
        draw_pennant(surface, board, anim.flag, flag, anim.offset(now), wave=anim.wave(now))
    if layer is None:
        _hand(board, surface, now)
    for flight in board.anims.flights:
        flight.draw(surface, now)
    _marks(board, surface, now)
    board_coach.draw_hint(board, surface)
    _focus(board, surface, now)
    _buttons(board, surface)
    board_coach.draw_bar(board, surface)
    _prompt(board, surface, now)
    _thinking(board, surface, now)
    _caption(board, surface)
    if board.drag is not None:
        img = card_art.face(board.drag[0], "hand")
        surface.blit(img, img.get_rect(center=board.drag[1]))
    if board.table.result is not None:
        _victory(board, surface, now)
    board_cover.record(board)
    board.preview_box = board_zoom.draw(board, surface)
    if board.app.top is board:  # a banner belongs to the board: it never shows through the results or pause
        _toasts(board, surface)


def _with_hand(board: BoardState, now: float, glows: list[pygame.Rect]) -> pygame.Surface | None:
    """The still layer with the hand on it, or None when the hand must be drawn over it this frame:
    a hand card shakes, or a glow drawn under the hand (a lit slot, a picked card) reaches into it."""
    static = still_layer(board)
    key = _hand_key(board, now)
    region = _hand_region(board)
    if key is None or any(g.colliderect(region) for g in glows):
        return None
    cache = board.hand_layer
    if cache.surface is None or cache.stale is None:
        if cache.surface is None:
            cache.surface = static.copy()
        else:
            cache.surface.blit(static, (0, 0))
        redraw = True
    else:
        for r in cache.stale:
            cache.surface.blit(static, r, r)
        redraw = key != cache.key or any(r.colliderect(cache.region) or r.colliderect(region) for r in cache.stale)
    if redraw:
        for r in (cache.region, region):
            cache.surface.blit(static, r, r)
        _hand(board, cache.surface, now)
    cache.key, cache.region, cache.stale = key, region, []
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
    """All that the hand's picture depends on (None while a hand card shakes: it moves every frame)."""
    hand = tuple(board.view["hands"][board.viewer] or [])
    if any(board.anims.shake_offset(("hand", card), now) for card in hand):
        return None
    keys = [("hand", card) for card in hand]
    lifted = board.hover if board.app.input.last_device == "mouse" else board.focus
    playable = board.playable()
    return (board.hidden, hand, tuple(tuple(board.targets[k]) if k in board.targets else None for k in keys),
            frozenset(board.anims.hidden()).intersection(keys), board.drag[0] if board.drag else None,
            lifted if lifted in keys else None, board.hover if board.hover in board.flow.candidates() else None,
            board.my_turn, frozenset(playable.intersection(keys)), bool(playable),
            tuple(t for t in board.flow.picked if t in keys), board.table.phase == "scout_return")


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
        usable = not playing or target in playable or not playable
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
        if target[0] == "flag" and not board.geo.is_far(int(target[1])):  # the ring never hides what formed there
            formation_labels(surface, board, int(target[1]))
    else:
        pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), 3, border_radius=14)


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
            if font_for(keyed, 20, "bold").size(keyed)[0] <= r.width - 12:
                label = keyed
        colour = art.HILITE if hot else art.CREAM
        if font_for(label, 20, "bold").size(label)[0] <= r.width - 12:
            img = fitted(label, 28, r.width - 12, colour, "bold")
            surface.blit(img, img.get_rect(center=r.center))
        else:  # too long for one line even small (a long word in a half-width button): two lines
            lines = wrap(label, 22, r.width - 12, "condensed")[:2]
            blit_lines(surface, lines, 22, colour, (r.centerx, r.centery - 12 * len(lines)), "condensed", "center",
                       1.1)


def prompt_lines(board: BoardState) -> list[str]:
    """What the player should do now, in a sentence or two."""
    table = board.table
    if table.result is not None:
        return [_("The game is over.")]
    if board.hidden:
        return [""]
    if not board.my_turn:
        who = board.names[table.to_move]
        return [_("{who} is thinking\u2026", who=who) if table.thinking else _("{who}'s turn.", who=who)]
    phase, flow = table.phase, board.flow
    picked = flow.picked
    card = flow.card
    if phase == "claim":
        return [_("Claim a glowing flag, or choose Done claiming.")]
    if phase == "draw":
        if all(a.get("deck") == "troops" for a in table.legal_actions()):  # no tactics (three players), or none left
            return [_("Draw a card from the troop deck.")]
        return [_("Draw a card: choose the troop or the tactics deck.")]
    if phase == "scout_draw":
        drawn = board.view.get("scout_drawn", 0)
        return [_("Scout: draw card {n} of 3. Choose a deck.", n=drawn + 1)]
    if phase == "scout_return":
        need = max(0, board.view.get("scout_drawn", 0) - 1)
        chosen = [card_words(str(t[1])) for t in picked if t[0] == "hand"]
        if len(chosen) < need:
            more = need - len(chosen)
            if chosen:
                return [ngettext("Scout: pick {n} more card to put back.",
                                 "Scout: pick {n} more cards to put back, in order.", more)]
            return [ngettext("Scout: pick {n} card to put back.", "Scout: pick {n} cards to put back, in order.", more)]
        return [_("Put back {cards}? Choose Put back.", cards=", ".join(chosen))]
    if card is None:
        legal = board.rules_legal()
        if {"type": "pass"} in legal:  # R9: only when no card at all can be played
            out = [_("No card can be played: Pass ends your turn (no claim, no draw).")]
            if board.provable:  # R39: not lost, only waiting
                out.append(_("Flags you can prove ({flags}) stay yours to claim once you can play a card; "
                             "if both players pass, they are handed out.",
                             flags=", ".join(str(n) for n in board.provable)))
            return out
        if not any(a.get("card") in TROOP_BIT for a in legal):
            return [_("No troop can be played, so you must play a tactics card.")]
        return [_("Your turn: choose a card to play.")]
    name = card_words(card)
    if card == "scout":
        return [_("Scout draws 3 cards, then puts 2 back. Choose Play Scout.")]
    if card in ("redeploy", "deserter", "traitor"):
        them = board.names[OTHER[board.viewer]]
        if len(picked) == 1:
            return {"redeploy": [_("Redeploy: choose one of your cards on the table.")],
                    "deserter": [_("Deserter: choose one of {them}'s cards to discard.", them=them)],
                    "traitor": [_("Traitor: choose one of {them}'s troops to take.", them=them)]}[card]
        moved = card_words(str(picked[1][3]))
        if card == "redeploy":
            return [_("Move {card} to another flag, or onto your discard pile.", card=moved)]
        return [_("Place {card} at one of your flags.", card=moved)]
    if card in ("fog", "mud"):
        return [_("Choose a flag for {card}.", card=card_short(card))]
    return [_("Choose a flag for {card}.", card=name)]


PROMPT_SIZES = (28, 26, 24, 22, 20)
PROMPT_SPACING = 1.18


def step_of(size: int, spacing: float) -> int:
    """Line height in pixels of text asked at `size`: the theme's text scale (the text-size setting) included."""
    return line_step(size, spacing)


def prompt_layout(board: BoardState) -> tuple[list[str], list[str], int]:
    """The status panel's wrapped lines, its key hints, and how many lines of text it has room for."""
    lines, hints, size = prompt_fit(board)
    room = (layout.PROMPT_RECT.height - 20) // step_of(size, PROMPT_SPACING) - len(hints)
    return lines, hints, room


def prompt_fit(board: BoardState) -> tuple[list[str], list[str], int]:
    """(lines, key hints, size) of the status panel now."""
    hint = ""
    if board.my_turn:
        g = board.app.input.glyph
        short = _("{confirm} choose  \u00b7  {back} back", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        claim = _("Click a glowing flag to claim") if board.app.input.last_device == "mouse" else \
            _("{key} claim", key=g(Kind.CLAIM))
        hint = short + "  \u00b7  " + claim if board.claimable else short
    return fit_prompt(prompt_lines(board) + card_note(board), hint)


def fit_prompt(sentences: list[str], hint: str) -> tuple[list[str], list[str], int]:
    """The largest size at which the sentences and the key hints all fit the status panel, none cut."""
    r = layout.PROMPT_RECT
    width = r.width - 28
    floor = math.ceil(PROMPT_SIZES[-1] / theme.current().text_scale)  # large text gives back its extra size
    sizes = PROMPT_SIZES + tuple(range(PROMPT_SIZES[-1] - 2, floor - 1, -2))
    tries = [(size, True) for size in sizes[:-1]] + [(size, False) for size in sizes]
    for size, with_hints in tries:  # the keys give way before the words about the game get small
        hints = pack(hint.split("  \u00b7  "), size, width) if hint and with_hints else []
        lines = [line for sentence in sentences for line in wrap(sentence, size, width, "bold", probe=True)]
        if (len(lines) + len(hints)) * step_of(size, PROMPT_SPACING) + 20 <= r.height:
            return lines, hints, size
    size, hints = sizes[-1], []
    lines = [line for sentence in sentences for line in wrap(sentence, size, width, "bold")]
    _too_tall(" ".join(sentences), r.height, (len(lines) + len(hints)) * step_of(size, PROMPT_SPACING) + 20)
    return lines, hints, size


def _too_tall(words: str, room: int, needed: int) -> None:
    """Report words that need more height than their box, to the width test (game.ui.text.watch_overflow)."""
    from game.ui import text as text_module

    if text_module.OVERFLOWS is not None:
        text_module.OVERFLOWS.append((words, room, needed))


def _prompt(board: BoardState, surface: pygame.Surface, now: float) -> None:
    """What to do now, the focused card's text (and why it cannot be played), the keys: nothing clipped."""
    r = layout.PROMPT_RECT
    art.panel(surface, r, alpha=210, radius=16)
    if board.hidden:
        return
    lines, hints, size = prompt_fit(board)
    step = step_of(size, PROMPT_SPACING)
    blit_lines(surface, lines, size, art.CREAM, (r.x + 14, r.y + 10), "bold", step=step)
    blit_lines(surface, hints, size, art.MUTED, (r.x + 14, r.bottom - 8 - len(hints) * step), step=step)


def pack(pieces: list[str], size: int, width: int) -> list[str]:
    """Join pieces with a dot into as few lines as fit `width`; a piece wider than a line is wrapped."""
    lines: list[str] = []
    for piece in pieces:
        trial = f"{lines[-1]}  \u00b7  {piece}" if lines else piece
        if lines and font_for(trial, size).size(trial)[0] <= width:
            lines[-1] = trial
        elif font_for(piece, size).size(piece)[0] <= width:
            lines.append(piece)
        else:
            lines += wrap(piece, size, width, probe=True)
    return lines


def card_note(board: BoardState) -> list[str]:
    """The rules text of the tactics card under the focus: on the card it is small, here it is readable."""
    device = board.app.input.last_device
    target = board.hover if device == "mouse" else board.focus
    if board.hidden or board.flow.picked or not target or target[0] != "hand":
        return []
    card = str(target[1])
    playable = board.playable()
    if board.my_turn and board.table.phase == "play" and playable and target not in playable:
        return [board.ref.why_card_unplayable(card)]  # a dimmed card says why on focus (its text is on it)
    if card not in card_art.TACTIC_TEXT:
        return []
    return [f"{card_short(card)}: {_(card_art.TACTIC_TEXT[card])}"]


def _thinking(board: BoardState, surface: pygame.Surface, now: float) -> None:
    seat = board.table.thinking
    if seat is None:
        return
    dots = "." * (1 + int(now * 3) % 3)
    box = board.geo.caption
    img = fitted(_("{who} is thinking", who=board.names[seat]) + dots, 32, box.width - 36, art.HILITE, "bold")
    art.panel(surface, box, alpha=210, radius=14, border=art.GOLD_DARK)
    surface.blit(img, (box.x + 18, box.centery - img.get_height() // 2))


CAPTION_SIZES = (26, 24, 22, 20, 18)


def caption_lines(words: str, width: int, box: pygame.Rect = layout.CAPTION_RECT) -> tuple[list[str], int]:
    """The caption wrapped into the caption box: the largest size at which it fits its height.
    Sentences (one per turn, for three players) start on lines of their own."""
    sentences = words.split("\n")
    for size in CAPTION_SIZES:
        lines = [line for part in sentences for line in wrap(part, size, width, "condensed", probe=True)]
        if len(lines) * step_of(size, 1.2) <= box.height - 12:
            return lines, size
    size = CAPTION_SIZES[-1]
    lines = [line for part in sentences for line in wrap(part, size, width, "condensed")]
    _too_tall(words, box.height - 12, len(lines) * step_of(size, 1.2))
    return lines, size


def _caption(board: BoardState, surface: pygame.Surface) -> None:
    """The other side's last turn in one sentence, in its own place in the top strip (never over cards);
    a hint asked for takes that place until the player acts."""
    hint = board_coach.hint_words(board)
    if hint and not board.hidden:
        box = board.geo.caption
        art.panel(surface, box, alpha=225, radius=14, border=art.GOOD)
        lines, size = caption_lines(hint, box.width - 28, box)
        height = len(lines) * step_of(size, 1.2)
        blit_lines(surface, lines, size, art.CREAM, (box.x + 14, box.centery - height // 2), "condensed",
                   step=step_of(size, 1.2))
        return
    if board.last_turn is None or board.hidden or board.table.thinking is not None:
        return
    seat = board.last_turn[0]
    box = board.geo.caption
    art.panel(surface, box, alpha=215, radius=14, border=board.tint(seat))
    lines, size = caption_lines(story_words(board), box.width - 28, box)
    height = len(lines) * step_of(size, 1.2)
    blit_lines(surface, lines, size, art.CREAM, (box.x + 14, box.centery - height // 2), "condensed",
               step=step_of(size, 1.2))


def story_words(board: BoardState) -> str:
    """The caption: the other side's last turn; for three players each turn since the viewer's own, one
    sentence a line, each led by its seat ("West: blue 9 to flag 8.")."""
    spectator = not board.table.local_seats
    if not board.three:
        assert board.last_turn is not None
        seat, events = board.last_turn
        return turn_caption(seat, events, board.names, spectator)
    lines = []
    for seat, events in board.story():
        names = {**board.names, seat: _("{seat} · {name}", seat=seat_word(seat), name=board.names[seat])}
        lines.append(turn_caption(seat, events, names, spectator))
    return "\n".join(lines)


def mark_rects(board: BoardState) -> list[pygame.Rect]:
    """Where the other side's last turn left its cards: each is ringed until the player here acts."""
    if board.last_turn is None or board.hidden:
        return []
    return [r for _seat, rects in story_marks(board) for r in rects]


def story_marks(board: BoardState) -> list[tuple[str, list[pygame.Rect]]]:
    """Each turn of the story with the places it touched: ringed in that player's colour."""
    if board.last_turn is None or board.hidden:
        return []
    return [(seat, _turn_rects(board, seat, events)) for seat, events in board.story()]


def _turn_rects(board: BoardState, seat: str, events: list[Event]) -> list[pygame.Rect]:
    hidden = board.anims.hidden()
    out: list[pygame.Rect] = []
    for key in sorted(turn_marks(seat, events), key=str):
        if key in hidden:
            continue
        if key[0] == "slot":
            r = board.rects.get(key)
            cards = board.view["flags"][key[1] - 1][key[2]]
            if r is None:
                continue
            side = board.side_of(key[2], key[1])
            if side == "top" and cards and cards[0] != key[3]:
                r = pygame.Rect(r.x, r.y, r.width, layout.offset(len(cards)) + 4)  # a further card: only its top shows
            elif side == "left" and cards and cards[-1] != key[3]:
                r = pygame.Rect(r.x, r.y, layout.FAR_STEP + 4, r.height)  # the far front: only its strip
            elif side == "right" and cards and cards[-1] != key[3]:
                r = pygame.Rect(r.x, r.y, layout.FAR_STEP + 4, r.height)
            out.append(r)
        elif key[0] == "pennant":
            flag = board.view["flags"][key[1] - 1]
            if ("pennant", key[1]) not in hidden:
                out.append(board.geo.pennant(key[1], board.pennant_shift(flag)).inflate(16, 10))
        elif key[0] == "discard":
            out.append(layout.discard(board.side_of(key[1])))
        elif key[0] == "drawn" and board.side_of(seat) == "top":
            bkey = board.backs_key(seat)
            count = board.view["hand_sizes"][seat]
            backs = [board.rects[(bkey, i)] for i in range(count) if (bkey, i) in board.rects] \
                if board.three else layout.opponent_hand(count)
            tactics = min(len(backs), board.opp_tactics())
            kind = backs[len(backs) - tactics:] if key[1] == "tactics" else backs[:len(backs) - tactics]
            out += [r for i, r in enumerate(kind[-key[2]:]) if (bkey, backs.index(r)) not in hidden]
    return out


def _marks(board: BoardState, surface: pygame.Surface, now: float) -> None:
    if board.last_turn is None:
        return
    for seat, rects in story_marks(board):
        colour = board.tint(seat)
        for r in rects:
            art.blit_glow(surface, r, colour, 0.7, spread=10)
            pygame.draw.rect(surface, colour, r.inflate(8, 8), 4, border_radius=12)


def _victory(board: BoardState, surface: pygame.Surface, now: float) -> None:
    result = board.table.result
    winner = result.get("winner") if result is not None else None
    finale = board.anims.confetti
    if result is None or winner is None:
        return
    from .board_events import celebrates

    quiet = not celebrates(board, result)  # lost here: a dusk, the winner's standards lit but not pulsing
    if quiet:
        effects.dusk(surface)
    strength = 0.4 if quiet else 0.5 + 0.5 * pulse(now, 1.0)
    won = [board.geo.pennant(n, board.pennant_shift(flag)) for n, flag in enumerate(board.view["flags"], start=1)
           if flag["claimed"] == winner]
    for r in won:
        art.blit_glow(surface, r.inflate(30, 16), art.HILITE, strength, spread=26)
    if finale is not None:
        finale.draw(surface, now, won)


TOAST_BOX = pygame.Rect(150, 412, 1620, 138)  # the flag band between the two rows: it covers no card


def toast_layout(toast: Any) -> tuple[list[str], int, int]:
    """(lines, size, box height) of a toast: the largest text size at which it fits the flag band."""
    title_h = line_height(toast.title, 34, "bold", 1.25) if toast.title else 0
    sizes = (30, 28, 26, 24, 22)
    words = " ".join(toast.lines)
    for size in sizes:
        lines = [part for line in toast.lines for part in wrap(line, size, TOAST_BOX.width - 60, "bold", probe=True)]
        height = 20 + title_h + line_height(words, size, "bold", 1.22) * len(lines)
        if height <= TOAST_BOX.height:
            return lines, size, height
    lines = [part for line in toast.lines for part in wrap(line, sizes[-1], TOAST_BOX.width - 60, "bold")]
    height = 20 + title_h + line_height(words, sizes[-1], "bold", 1.22) * len(lines)
    _too_tall(words, TOAST_BOX.height, height)
    return lines, sizes[-1], height


#: where a banner may go, best first: the flag band, then over the far side's formations, then over the near side's
TOAST_SPOTS = (TOAST_BOX.centery, 250, 700)


def toast_spot(board: BoardState, tall: int) -> pygame.Rect:
    """The banner's band: the first of TOAST_SPOTS that hides nothing kept (game.ui.cover); where every one
    would, the one that hides least."""
    kept = board_cover.kept(board)
    spots = [pygame.Rect(TOAST_BOX.x, y - tall // 2, TOAST_BOX.width, tall) for y in TOAST_SPOTS]
    return cover.place(spots, kept) or min(spots, key=lambda r: cover.covered(r, kept))


def _toasts(board: BoardState, surface: pygame.Surface) -> None:
    toast = current_toast(board)
    if toast is None:
        return
    lines, size, height = toast_layout(toast)
    tall = max(TOAST_BOX.height, height)  # a toast too long for the band still shows whole
    where = toast_spot(board, tall)
    layer = pygame.Surface((TOAST_BOX.width, tall), pygame.SRCALPHA)
    box = pygame.Rect(0, 0, TOAST_BOX.width, height)
    box.center = (TOAST_BOX.width // 2, tall // 2)
    cover.overlay("a banner", box.move(where.topleft))
    art.panel(layer, box, alpha=240, border=toast.colour, radius=18, fill=(14, 20, 20))
    y = box.y + 10
    if toast.title:
        img = fitted(toast.title, 34, box.width - 40, toast.colour, "bold")
        layer.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += line_height(toast.title, 34, "bold", 1.25)
    blit_lines(layer, lines, size, art.CREAM if toast.title else toast.colour, (box.centerx, y), "bold",
               align="center", step=line_height(" ".join(toast.lines), size, "bold", 1.22))
    layer.set_alpha(round(255 * toast.alpha(board.clock)))
    surface.blit(layer, where)
