"""Drawing the replay viewer: the table with both hands face up on the left, the log on the right,
the controls underneath. Sizes are for a sofa: no text under 28 px at 1080p.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engine.notation_types import View
from game.i18n import N_, _, ngettext
from game.play.words import how_words, how_words3
from game.ui import art, battlefield, card_art
from game.ui.input import Kind
from game.ui.text import fit_size, fitted, shadowed, text, wrap

if TYPE_CHECKING:
    from .replay_model import Replaying

SMALL_W, SMALL_H = card_art.SIZES["small"]
COL_X0, COL_W = 34, 138
CONTROLS = ("start", "back", "play", "step", "end", "export", "close")  # the replay's buttons, left to right
OFFSET = 34
NORTH_HAND_Y, SOUTH_HAND_Y = 104, 790
FLAG_Y = 458  # top of the flag row
LOG = pygame.Rect(1316, 96, 584, 970)
LABELS = {"start": "|\u25c0", "back": N_("\u25c0 Back"), "play": N_("\u25b6 Play"), "pause": N_("\u275a\u275a Pause"),
          "step": N_("Step \u25b6"), "end": "\u25b6|", "export": N_("Export"), "close": N_("Close")}
WIDTHS = {"start": 110, "back": 170, "play": 200, "step": 170, "end": 110, "export": 170, "close": 170}


def control_rects() -> dict[str, pygame.Rect]:
    out = {}
    x = 30
    for name in CONTROLS:
        out[name] = pygame.Rect(x, 948, WIDTHS[name], 64)
        x += WIDTHS[name] + 14
    return out


def control_at(pos: tuple[int, int]) -> str | None:
    for name, r in control_rects().items():
        if r.collidepoint(pos):
            return name
    return None


ROAD = (FLAG_Y + 4, FLAG_Y + 62)  # the road under the standards, as on the board


def table(players: int) -> pygame.Surface:
    """The replay's ground, the board's own (game.ui.battlefield): the field with the road along the flags,
    faint lines between the columns and bronze-edged wells for the hands. Drawn once per number of players."""
    if players not in _TABLES:
        surf = pygame.Surface((1920, 1080))
        surf.blit(battlefield.terrain((1920, 1080), ROAD), (0, 0))
        lines = pygame.Surface((1920, 1080), pygame.SRCALPHA)
        for n in range(2, 10):
            if players == 3 and n in (4, 7):
                continue  # the fronts' own gold lines stand there
            x = COL_X0 + (n - 1) * COL_W
            for y0, y1 in ((NORTH_HAND_Y + SMALL_H + 24, ROAD[0] - 8), (ROAD[1] + 8, SOUTH_HAND_Y - 24)):
                pygame.draw.line(lines, (200, 220, 180, 26), (x, y0), (x, y1), 1)
        surf.blit(lines, (0, 0))
        wells = [pygame.Rect(218, y - 8, 8 * 78 + SMALL_W + 24, SMALL_H + 16) for y in (NORTH_HAND_Y, SOUTH_HAND_Y)]
        if players == 3:  # West's and East's hands side by side at the top
            wells[0:1] = [pygame.Rect(x - 10, NORTH_HAND_Y - 8, 7 * 58 + SMALL_W + 20, SMALL_H + 16)
                          for _name, x in HAND3_X.values()]
        for well in wells:
            battlefield.frame(surf, well, 12, 90)
        _TABLES[players] = surf.convert() if pygame.display.get_surface() else surf
    return _TABLES[players]


_TABLES: dict[int, pygame.Surface] = {}


def draw(scene: Replaying, surface: pygame.Surface) -> None:
    surface.blit(table(len(scene.replay.players)), (0, 0))
    view = scene.view
    names = scene.replay.players
    _header(scene, surface, names)
    if len(view["hand_sizes"]) == 3:
        _table3(surface, view, names)
        _controls(scene, surface)
        _log(scene, surface)
        return
    _hand(surface, view, "north", names, NORTH_HAND_Y)
    _hand(surface, view, "south", names, SOUTH_HAND_Y)
    for n, flag in enumerate(view["flags"], start=1):
        _flag(surface, n, flag)
    _controls(scene, surface)
    _log(scene, surface)


def _header(scene: Replaying, surface: pygame.Surface, names: dict[str, str]) -> None:
    heading = _("Replay")
    title = shadowed(heading, fit_size(heading, 48, 190, "serif"), art.HILITE, "serif", offset=3)
    surface.blit(title, title.get_rect(midleft=(30, 50)))
    decks = scene.view["decks"]
    counts = {d: (len(v) if isinstance(v, list) else v) for d, v in decks.items()}
    info = fitted(_("Decks: {troops} troops \u00b7 {tactics} tactics", troops=counts["troops"],
                    tactics=counts["tactics"]), 28, 400, art.MUTED)
    surface.blit(info, info.get_rect(topright=(1290, 36)))
    if len(names) == 3:
        against = _("{south}, {west} and {east}", south=names["south"], west=names["west"], east=names["east"])
    else:
        against = _("{south} against {north}", south=names["south"], north=names["north"])
    words = against + (f"  \u00b7  {scene.when}" if scene.when else "")
    surface.blit(fitted(words, 32, 1290 - info.get_width() - 24 - 230, art.CREAM, "bold"), (230, 32))


def _hand(surface: pygame.Surface, view: View, seat: str, names: dict[str, str], y: int) -> None:
    tint = art.SEAT_COLOURS.get(seat, art.SEAT_TINT["top"])
    held = sum(1 for f in view["flags"] if f["claimed"] == seat)
    surface.blit(text(names[seat], 32, tint, "bold"), (30, y + 10))
    held_words = ngettext("{n} flag", "{n} flags", held)
    surface.blit(fitted(held_words, 28, 190, art.MUTED), (30, y + 52))
    hand = view["hands"][seat] or []
    for i, card in enumerate(hand[:9]):
        surface.blit(card_art.face(card, "small"), (230 + i * 78, y))
    pile = view["discards"][seat]
    if pile:
        x0 = 950
        surface.blit(fitted(_("Discards"), 28, 116, art.MUTED), (x0, y - 2 if seat == "north" else y + SMALL_H - 30))
        step = min(40, (1290 - SMALL_W - (x0 + 120)) // max(1, len(pile) - 1)) if len(pile) > 1 else 0
        for i, card in enumerate(pile):
            surface.blit(card_art.face(card, "small"), (x0 + 120 + i * step, y))


#: the three-player replay (R47): each front's two seats, the one drawn above its flags first
FRONT_SIDES3 = (("west", "south"),) * 3 + (("east", "south"),) * 3 + (("east", "west"),) * 3
HAND3_X = {"west": (30, 200), "east": (660, 830)}  # (name, first card) of the two hands at the top


def _table3(surface: pygame.Surface, view: View, names: dict[str, str]) -> None:
    """Three players: West's and East's hands side by side at the top, South's below; the nine flags in
    three fronts of three columns, each front's two seats named above and below it in their colours."""
    for seat, (x_name, x_cards) in HAND3_X.items():
        tint = art.SEAT_COLOURS[seat]
        held = sum(1 for f in view["flags"] if f["claimed"] == seat)
        surface.blit(fitted(names[seat], 32, x_cards - x_name - 12, tint, "bold"), (x_name, NORTH_HAND_Y + 10))
        held_words = ngettext("{n} flag", "{n} flags", held)
        surface.blit(fitted(held_words, 28, x_cards - x_name - 12, art.MUTED), (x_name, NORTH_HAND_Y + 52))
        for i, card in enumerate((view["hands"][seat] or [])[:8]):
            surface.blit(card_art.face(card, "small"), (x_cards + i * 58, NORTH_HAND_Y))
    _hand(surface, view, "south", names, SOUTH_HAND_Y)
    for front in range(3):
        top, bottom = FRONT_SIDES3[front * 3]
        x = COL_X0 + front * 3 * COL_W
        above, below = FLAG_Y - 10 - SMALL_H - 2 * OFFSET - 36, FLAG_Y + 74 + SMALL_H + 2 * OFFSET + 4
        for seat, y in ((top, above), (bottom, below)):
            tag = fitted(names[seat], 28, 3 * COL_W - 20, art.SEAT_COLOURS[seat], "bold")
            surface.blit(tag, tag.get_rect(midtop=(x + 3 * COL_W // 2, y)))
        if front:
            pygame.draw.line(surface, art.GOLD_DARK, (x, FLAG_Y - 200), (x, FLAG_Y + 260), 2)
    for n, flag in enumerate(view["flags"], start=1):
        _flag(surface, n, flag, FRONT_SIDES3[n - 1])


def _flag(surface: pygame.Surface, n: int, flag: dict[str, Any],
          sides: tuple[str, str] = ("north", "south")) -> None:
    x = COL_X0 + (n - 1) * COL_W
    cx = x + COL_W // 2
    owner = flag["claimed"]
    top_seat = sides[0]
    r = pygame.Rect(0, 0, 80, 62)  # the board's standard, moved toward its owner once the flag is won
    r.center = (cx, FLAG_Y + 34)
    kinds = [kind for kind in ("fog", "mud") if flag[kind]]
    if kinds:  # the ground of the flag's column, as on the board (under the cards)
        battlefield.ground_marks(surface, pygame.Rect(x, FLAG_Y, COL_W, 84), r, kinds, emblem=False)
    if owner == top_seat:
        r.move_ip(0, -10)
    elif owner is not None:
        r.move_ip(0, 10)
    for seat in sides:
        cards = list(enumerate(flag[seat]))
        # each card shows its top strip, where its value is: the top stack rises away from the flag, so its
        # cards are drawn farthest first and the one nearest the flag last (as the board does)
        for i, card in reversed(cards) if seat == top_seat else cards:
            y = FLAG_Y - 10 - SMALL_H - i * OFFSET if seat == top_seat else FLAG_Y + 74 + i * OFFSET
            img = card_art.face(card, "small")
            if owner is not None and owner != seat:
                img = card_art.dimmed(card, "small")
            surface.blit(img, (cx - SMALL_W // 2, y))
    cloth = art.SEAT_COLOURS.get(owner, art.SEAT_TINT["top"]) if owner else battlefield.FLAG_CLOTH
    battlefield.standard(surface, r, n, cloth)


def _controls(scene: Replaying, surface: pygame.Surface) -> None:
    for name, r in control_rects().items():
        label = _(LABELS["pause" if name == "play" and scene.playing else name])
        hot = name == "play"
        art.panel(surface, r, alpha=235, border=art.HILITE if hot else (90, 120, 110), radius=12,
                  fill=(60, 52, 24) if hot else art.PANEL)
        img = fitted(label, 30, r.width - 16, art.HILITE if hot else art.CREAM, "bold")
        surface.blit(img, img.get_rect(center=r.center))
    g = scene.app.input.glyph
    hint = _("{leftright} step \u00b7 {confirm} play \u00b7 {up} start \u00b7 {down} end \u00b7 {menu} export \u00b7 "
             "{back} close", leftright="\u2190 \u2192", confirm=g(Kind.CONFIRM), up="\u2191", down="\u2193",
             menu=g(Kind.MENU), back=g(Kind.BACK))
    if scene.app.input.last_device == "mouse":
        hint = _("Click the buttons, or scroll to step")
    img = fitted(hint, 28, 1260, art.MUTED)
    surface.blit(img, (34, 1024))
    if scene.message and scene.message_until > scene.clock:
        lines = wrap(scene.message, 28, 1240)
        box = pygame.Rect(24, 940 - 20 - 40 * len(lines), 1270, 20 + 40 * len(lines))
        art.panel(surface, box, alpha=240, border=art.GOOD, radius=14, fill=(14, 20, 20))
        for i, line in enumerate(lines):
            surface.blit(text(line, 28, art.GOOD, "bold"), (box.x + 16, box.y + 10 + i * 40))


def _log(scene: Replaying, surface: pygame.Surface) -> None:
    art.panel(surface, LOG, alpha=240, border=art.GOLD_DARK, radius=18, fill=(16, 22, 22))
    rep = scene.replay
    count = text(_("{step} of {steps}", step=scene.step, steps=rep.steps), 32, art.CREAM, "bold")
    moves = fitted(_("Moves"), 36, LOG.width - 72 - count.get_width(), art.HILITE, "bold")
    surface.blit(moves, (LOG.x + 24, LOG.y + 16))
    surface.blit(count, count.get_rect(topright=(LOG.right - 24, LOG.y + 20)))
    rows: list[tuple[int, str]] = []
    for step in range(1, len(rep.lines)):
        for k, line in enumerate(rep.lines[step]):
            for j, part in enumerate(wrap(line, 28, LOG.width - 110, "bold")):
                rows.append((step, (f"{step}." if k == j == 0 else "") + "\t" + part))
    height = 38
    visible = (LOG.height - 90) // height
    current = [i for i, (s, _row) in enumerate(rows) if s == scene.step]
    anchor = current[-1] if current else 0
    first = max(0, min(len(rows) - visible, anchor - visible // 2))
    y = LOG.y + 76
    if scene.step == 0:  # the deal: its own line above the moves to come (it was drawn over the first)
        words = _("The deal: press {right} or Play", right="\u2192")
        surface.blit(fitted(words, 28, LOG.width - 48, art.MUTED), (LOG.x + 24, y))
        y += height
        visible -= 1
    for step, row in rows[first:first + visible]:
        number, _tab, words = row.partition("\t")
        now = step == scene.step
        if now:
            pygame.draw.rect(surface, (70, 60, 26), (LOG.x + 10, y - 4, LOG.width - 20, height), border_radius=8)
        colour = art.HILITE if now else (art.CREAM if step < scene.step else art.MUTED)
        if number:
            surface.blit(text(number, 28, colour, "bold"), (LOG.x + 18, y))
        surface.blit(text(words, 28, colour, "bold" if now else "regular"), (LOG.x + 84, y))
        y += height
    if scene.step == rep.steps and rep.result is not None:
        result = rep.result
        winner = result.get("winner")
        how = how_words3(result["how"]) if len(rep.players) == 3 else how_words(result["how"], short=True)
        line = _("A drawn game") if winner is None else _("{name} won: {how}", name=rep.players[winner], how=how)
        img = fitted(line, 30, LOG.width - 48, art.HILITE, "bold")
        pygame.draw.rect(surface, (30, 40, 36), (LOG.x + 10, LOG.bottom - 60, LOG.width - 20, 50), border_radius=8)
        surface.blit(img, img.get_rect(midleft=(LOG.x + 24, LOG.bottom - 35)))
