"""Drawing the board: a cached still layer (table, flags, formations, decks) plus what moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine import OTHER
from engine.cards import TROOP_BIT
from game import art, card_art, layout
from game.i18n import N_, _
from game.input import Kind
from game.text import blit_lines, fitted, font_for, shadowed, text, wrap
from game.tween import pulse
from game.words import card_short, card_words

from . import board_coach

if TYPE_CHECKING:
    from .board import BoardScene

BUTTON_LABELS = {"pass": N_("Pass"), "done": N_("Done claiming"), "scout": N_("Play Scout"), "return": N_("Put back"),
                 "log": N_("Game log"), "menu": N_("Menu"), "undo": N_("Take back"), "hint": N_("Hint")}
BUTTON_KEYS = {"log": Kind.LOG, "menu": Kind.MENU, "hint": Kind.HINT}


# ---------------------------------------------------------------------- still layer
def base_layer() -> pygame.Surface:
    """Felt, the flag band and column lines: the same for every game, drawn once."""
    global _BASE
    if _BASE is None:
        surf = pygame.Surface((layout.W, layout.H))
        surf.blit(art.backdrop((layout.W, layout.H)), (0, 0))
        band = pygame.Rect(layout.COL_X0 - 6, layout.FLAG_ROW[0] + 30, 9 * layout.COL_W + 12,
                           layout.FLAG_ROW[1] - layout.FLAG_ROW[0] - 60)
        art.panel(surf, band, alpha=120, radius=20, fill=(10, 20, 16))
        for n in range(2, 10):
            x = layout.column(n).x
            pygame.draw.line(surf, (46, 78, 66), (x, layout.TOP_AREA[0] + 10), (x, layout.BOTTOM_AREA[1] - 20), 1)
        _BASE = surf.convert() if pygame.display.get_surface() else surf
    return _BASE


_BASE: pygame.Surface | None = None
COLUMN_KEYS = ("slot", "pennant")


def _column_region(n: int) -> pygame.Rect:
    col = layout.column(n)
    return pygame.Rect(col.x + 1, layout.TOP_AREA[0] - 4, col.width - 1, layout.HAND_TOP - layout.TOP_AREA[0] + 60)


def still_layer(board: BoardScene) -> pygame.Surface:
    """Everything that is not moving. When only cards at a few flags start or stop flying, only
    those columns are redrawn, so animation frames stay cheap."""
    hidden = frozenset(board.anims.hidden())
    if board.static is not None and hidden == board.static_hidden and board.static_fresh:
        return board.static
    changed = hidden ^ board.static_hidden
    if board.static is not None and board.static_fresh and all(k[0] in COLUMN_KEYS for k in changed):
        flags = {int(k[1]) for k in changed}
        base = base_layer()
        for n in sorted(flags):
            region = _column_region(n)
            board.static.blit(base, region, region)
            _column(board.static, board, n, hidden)
        board.static_hidden = hidden
        return board.static
    if board.static is None:
        surf = pygame.Surface((layout.W, layout.H))
        board.static = surf.convert() if pygame.display.get_surface() else surf
    surf = board.static
    surf.blit(base_layer(), (0, 0))
    for n in range(1, 10):
        _column(surf, board, n, hidden)
    _top_strip(surf, board, hidden)
    view = board.view
    for d in ("tactics", "troops"):
        _deck(surf, d, view["decks"][d])
    for seat in (OTHER[board.viewer], board.viewer):
        _discard(surf, board, seat, hidden)
    board.static_hidden = hidden
    board.static_fresh = True
    return surf


def _column(surf: pygame.Surface, board: BoardScene, n: int, hidden: frozenset[Any]) -> None:
    """One flag: its faded losing half, both formations, the pennant and the formation labels."""
    flag = board.view["flags"][n - 1]
    owner = flag["claimed"]
    if owner is not None:
        lose = layout.side_area(n, board.side_of(OTHER[owner]))
        surf.blit(art.shade(lose.size, 90), lose.topleft)
    for seat in (OTHER[board.viewer], board.viewer):
        _formation(surf, board, n, flag, seat, hidden)
    if ("pennant", n) not in hidden:
        draw_pennant(surf, board, n, flag, board.pennant_shift(flag))
    for seat in ("north", "south"):
        label = board.labels.get((n, seat))
        if label and owner is None:
            img = text(label, 28, art.CREAM, "condensed")
            surf.blit(img, img.get_rect(center=layout.label_pos(n, board.side_of(seat))))


def draw_pennant(surf: pygame.Surface, board: BoardScene, n: int, flag: dict[str, Any], shift: int,
                 glow: float = 0.0) -> None:
    r = layout.pennant(n, shift)
    owner = flag["claimed"]
    cloth = (196, 188, 168) if owner is None else art.SEAT_TINT[board.side_of(owner)]
    pole_x = r.x + 14
    pygame.draw.line(surf, (60, 48, 34), (pole_x, r.y + 2), (pole_x, r.bottom - 2), 5)
    pygame.draw.circle(surf, art.GOLD, (pole_x, r.y + 3), 5)
    pts = [(pole_x + 2, r.y + 6), (r.right - 4, r.y + 12), (r.right - 14, r.centery - 2), (r.right - 4, r.bottom - 18),
           (pole_x + 2, r.bottom - 12)]
    pygame.draw.polygon(surf, cloth, pts)
    pygame.draw.polygon(surf, (60, 48, 34), pts, 2)
    num = text(str(n), 34, art.INK, "bold")
    surf.blit(num, num.get_rect(center=(pole_x + (r.right - pole_x) // 2 - 4, r.centery - 3)))
    x = r.x - 6
    for kind in ("fog", "mud"):
        if flag[kind]:
            chip = text(kind.upper(), 28, (16, 24, 22) if kind == "fog" else art.CREAM, "condensed")
            box = chip.get_rect()
            box.inflate_ip(12, 2)
            if kind == "fog":
                box.midright = (x, r.centery)
            else:
                box.midleft = (r.right + 6, r.centery)
            pygame.draw.rect(surf, (170, 214, 214) if kind == "fog" else (118, 82, 44), box, border_radius=8)
            surf.blit(chip, chip.get_rect(center=box.center))


def _formation(surf: pygame.Surface, board: BoardScene, n: int, flag: dict[str, Any], seat: str,
               hidden: frozenset[Any]) -> None:
    side = board.side_of(seat)
    cards = flag[seat]
    order = list(enumerate(cards))
    if side == "top":
        order.reverse()  # nearer cards overlap further ones, leaving each numeral in view
    if flag["claimed"] is None and len(cards) < (4 if flag["mud"] else 3):
        pygame.draw.rect(surf, (52, 84, 72), layout.slot(n, side, len(cards)), 2, border_radius=10)
    for i, card in order:
        if ("slot", n, seat, card) in hidden:
            continue
        surf.blit(card_art.face(card, "table"), layout.slot(n, side, i))


def _top_strip(surf: pygame.Surface, board: BoardScene, hidden: frozenset[Any]) -> None:
    view, them = board.view, OTHER[board.viewer]
    for i, r in enumerate(layout.opponent_hand(view["hand_sizes"][them])):
        if ("opp", i) not in hidden:
            surf.blit(card_art.back("troops", "small"), r)
    name = shadowed(board.names[them], 40, art.SEAT_TINT["top"])
    surf.blit(name, (28, 16))
    held = sum(1 for f in view["flags"] if f["claimed"] == them)
    info = text(_("Flags: {n}  \u00b7  in hand: {hand}", n=held, hand=view["hand_sizes"][them]), 28, art.MUTED)
    surf.blit(info, (30, 62))
    mine = sum(1 for f in view["flags"] if f["claimed"] == board.viewer)
    me = shadowed(board.names[board.viewer], 40, art.SEAT_TINT["bottom"])
    right = layout.W - 28
    surf.blit(me, (right - me.get_width(), 16))
    info = text(_("Flags: {n}", n=mine), 28, art.MUTED)
    surf.blit(info, (right - info.get_width(), 62))


def _deck(surf: pygame.Surface, deck: str, count: int) -> None:
    r = layout.deck(deck)
    label = fitted(_("Tactics") if deck == "tactics" else _("Troops"), 28, r.width + 40, art.CREAM, "condensed")
    surf.blit(label, label.get_rect(midbottom=(r.centerx, r.y - 4)))
    if count <= 0:
        pygame.draw.rect(surf, (70, 104, 90), r, 2, border_radius=10)
    else:
        for k in range(min(3, (count + 9) // 10) - 1, -1, -1):  # a stack gets thicker with more cards
            surf.blit(card_art.back(deck, "table"), r.move(k * 3, k * 3))
    badge = text(str(count), 34, art.INK, "bold")
    box = badge.get_rect(center=(r.centerx, r.bottom + 24)).inflate(20, 0)
    pygame.draw.rect(surf, art.PAPER, box, border_radius=14)
    surf.blit(badge, badge.get_rect(center=box.center))


def _discard(surf: pygame.Surface, board: BoardScene, seat: str, hidden: frozenset[Any]) -> None:
    side = board.side_of(seat)
    r = layout.discard(side)
    pile = [c for c in board.view["discards"][seat] if ("discard", seat, c) not in hidden]
    words, room = _("Discards"), r.width + 24
    size = next((n for n in (28, 26, 24) if font_for(words, n, "condensed").size(words)[0] <= room), 26)
    lines = [words] if font_for(words, size, "condensed").size(words)[0] <= room else wrap(words, 26, room, "condensed")
    y = r.y - 4
    for line in reversed(lines):  # two lines rather than letters too small to read
        label = text(line, size if len(lines) == 1 else 26, art.CREAM, "condensed")
        surf.blit(label, label.get_rect(midbottom=(r.centerx, y)))
        y -= label.get_height() - 4
    if not pile:
        pygame.draw.rect(surf, (70, 104, 90), r, 2, border_radius=10)
    else:
        for k, card in enumerate(pile[-3:]):
            surf.blit(card_art.face(card, "table"), r.move(0, k * 6))
    badge = text(str(len(board.view["discards"][seat])), 34, art.INK, "bold")
    box = badge.get_rect(center=(r.centerx, r.bottom + 36)).inflate(20, 0)
    pygame.draw.rect(surf, art.SEAT_TINT[side], box, border_radius=14)
    surf.blit(badge, badge.get_rect(center=box.center))


# ---------------------------------------------------------------------- each frame
def draw(board: BoardScene, surface: pygame.Surface) -> None:
    surface.blit(still_layer(board), (0, 0))
    now = board.clock
    cands = board.flow.candidates()
    _claim_glows(board, surface, now)
    for target in cands:
        rect = board.highlight(target)
        if rect is not None and target[0] != "hand":
            art.blit_glow(surface, rect, art.HILITE, 0.55 + 0.45 * pulse(now, 1.2), spread=12)
    for target in board.flow.picked:
        if target[0] == "card" and target in board.targets:
            art.blit_glow(surface, board.rects[("slot", target[1], target[2], target[3])], art.HILITE, 1.0, spread=14)
    for anim in board.anims.slides:
        flag = board.view["flags"][anim.flag - 1]
        draw_pennant(surface, board, anim.flag, flag, anim.offset(now))
    _hand(board, surface, now)
    for flight in board.anims.flights:
        flight.draw(surface, now)
    _focus(board, surface, now)
    _buttons(board, surface)
    board_coach.draw_bar(board, surface)
    _prompt(board, surface, now)
    _thinking(board, surface, now)
    if board.drag is not None:
        img = card_art.face(board.drag[0], "hand")
        surface.blit(img, img.get_rect(center=board.drag[1]))
    if board.table.result is not None:
        _victory(board, surface, now)
    _toasts(board, surface)


def _claim_glows(board: BoardScene, surface: pygame.Surface, now: float) -> None:
    strength = 0.55 + 0.45 * pulse(now, 1.4)
    for n in board.claimable:
        flag = board.view["flags"][n - 1]
        r = layout.pennant(n, board.pennant_shift(flag)).inflate(24, 12)
        art.blit_glow(surface, r, art.GOOD, strength, spread=26)
        pygame.draw.rect(surface, art.GOOD, r, 4, border_radius=14)


def _hand(board: BoardScene, surface: pygame.Surface, now: float) -> None:
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


def _focus(board: BoardScene, surface: pygame.Surface, now: float) -> None:
    show = board.app.input.last_device != "mouse"
    target = board.focus if show else board.hover
    if target is None or target not in board.targets:
        return
    base = board.highlight(target) if show else board.targets[target]
    rect = (base or board.targets[target]).move(board.anims.shake_offset(target, now), 0)
    if target[0] == "hand" and target == board.hover and target in board.flow.candidates():
        rect = rect.move(0, -12)
    colour = art.HILITE if show else (255, 255, 255)
    pygame.draw.rect(surface, colour, rect.inflate(10, 10), 5 if show else 3, border_radius=14)


def _buttons(board: BoardScene, surface: pygame.Surface) -> None:
    cands = board.flow.candidates()
    glyph = board.app.input.glyph
    for name in board.buttons():
        r = board.targets[("button", name)]
        hot = ("button", name) in cands
        art.panel(surface, r, alpha=235, border=art.HILITE if hot else (90, 120, 110), radius=12,
                  fill=(60, 52, 24) if hot else art.PANEL)
        label = _(BUTTON_LABELS[name])
        key = BUTTON_KEYS.get(name)
        if key is not None and board.app.input.last_device != "mouse":
            label = f"{label}  {glyph(key)}"
        img = fitted(label, 28, r.width - 12, art.HILITE if hot else art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=r.center))


def prompt_lines(board: BoardScene) -> list[str]:
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
                return [_("Scout: pick {n} more card(s) to put back, in order.", n=more)]
            return [_("Scout: pick {n} card(s) to put back, in order.", n=more)]
        return [_("Put back {cards}? Choose Put back.", cards=", ".join(chosen))]
    if card is None:
        if {"type": "pass"} in board.legal:  # R9: only when no card at all can be played
            return [_("No card can be played: Pass ends your turn (no claim, no draw).")]
        if not any(a.get("card") in TROOP_BIT for a in board.legal):
            return [_("No troop can be played, so you must play a tactics card (R9).")]
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


def _prompt(board: BoardScene, surface: pygame.Surface, now: float) -> None:
    """What to do now, the focused tactics card's text, and the keys: every line at 28 px, none clipped."""
    r = layout.PROMPT_RECT
    art.panel(surface, r, alpha=210, radius=16)
    if board.hidden:
        return
    lines, hints, room = prompt_layout(board)
    blit_lines(surface, lines[:room], 28, art.CREAM, (r.x + 14, r.y + 10), "bold", spacing=1.18)
    blit_lines(surface, hints, 28, art.MUTED, (r.x + 14, r.bottom - 8 - len(hints) * 33), spacing=1.18)


def prompt_layout(board: BoardScene) -> tuple[list[str], list[str], int]:
    """The prompt box's wrapped lines, its key hints, and how many lines of text it has room for."""
    r = layout.PROMPT_RECT
    width = r.width - 28
    hints: list[str] = []
    if board.my_turn:
        g = board.app.input.glyph
        short = _("{confirm} choose  \u00b7  {back} back", confirm=g(Kind.CONFIRM), back=g(Kind.BACK))
        hint = short + "  \u00b7  " + _("{key} claim", key=g(Kind.CLAIM)) if board.claimable else short
        hints = pack(hint.split("  \u00b7  "), 28, width)
    lines: list[str] = []
    room = max(1, (r.height - 20 - len(hints) * 33) // 33)
    for sentence in prompt_lines(board):
        lines += wrap(sentence, 28, width, "bold")
    for sentence in card_note(board):  # the card's text only where the prompt leaves room for all of it
        note = wrap(sentence, 28, width, "bold")
        if len(lines) + len(note) <= room:
            lines += note
    return lines, hints, room


def pack(pieces: list[str], size: int, width: int) -> list[str]:
    """Join pieces with a dot into as few lines as fit `width`; a piece is never split."""
    from game.text import font_for

    lines: list[str] = []
    for piece in pieces:
        trial = f"{lines[-1]}  \u00b7  {piece}" if lines else piece
        if lines and font_for(trial, size).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(piece)
    return lines


def card_note(board: BoardScene) -> list[str]:
    """The rules text of the tactics card under the focus: on the card it is small, here it is readable."""
    device = board.app.input.last_device
    target = board.hover if device == "mouse" else board.focus
    if board.hidden or board.flow.picked or not target or target[0] != "hand":
        return []
    card = str(target[1])
    if card not in card_art.TACTIC_TEXT:
        return []
    return [f"{card_short(card)}: {_(card_art.TACTIC_TEXT[card])}"]


def _thinking(board: BoardScene, surface: pygame.Surface, now: float) -> None:
    seat = board.table.thinking
    if seat is None:
        return
    dots = "." * (1 + int(now * 3) % 3)
    img = fitted(_("{who} is thinking", who=board.names[seat]) + dots, 32, 400, art.HILITE, "bold")
    box = pygame.Rect(0, 0, 440, 52)
    box.topleft = (1200, 24)
    art.panel(surface, box, alpha=210, radius=14, border=art.GOLD_DARK)
    surface.blit(img, (box.x + 18, box.centery - img.get_height() // 2))


def _victory(board: BoardScene, surface: pygame.Surface, now: float) -> None:
    result = board.table.result or {}
    winner = result.get("winner")
    if winner is None:
        return
    strength = 0.5 + 0.5 * pulse(now, 1.0)
    for n, flag in enumerate(board.view["flags"], start=1):
        if flag["claimed"] == winner:
            r = layout.pennant(n, board.pennant_shift(flag))
            art.blit_glow(surface, r.inflate(30, 16), art.HILITE, strength, spread=26)
    if board.anims.confetti is not None:
        board.anims.confetti.draw(surface, now)


def _toasts(board: BoardScene, surface: pygame.Surface) -> None:
    if not board.toasts:
        return
    toast = board.toasts[-1]
    lines: list[str] = []
    for line in toast.lines:
        lines += wrap(line, 32, 1160, "bold")
    title_h = 50 if toast.title else 0
    height = 30 + title_h + 40 * len(lines)
    box = pygame.Rect(0, 0, 1240, height)
    box.midtop = (layout.W // 2, 150)
    art.panel(surface, box, alpha=236, border=toast.colour, radius=18, fill=(14, 20, 20))
    y = box.y + 14
    if toast.title:
        img = text(toast.title, 40, toast.colour, "bold")
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += title_h
    blit_lines(surface, lines, 32, art.CREAM if toast.title else toast.colour, (box.centerx, y), "bold",
               align="center", spacing=1.25)
