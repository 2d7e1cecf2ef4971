"""The three-player table as a Y seen from above (R47, THREE.md), for the TV and for watchers.

Three fronts of three flags meet at the centre, where flags 3, 4 and 7 touch: the west-south front (1-3)
runs down to the left, the south-east front (4-6) down to the right, the east-west front (7-9) straight up.
South sits at the bottom, west at the upper left, east at the upper right; each seat's name, hand backs and
count sit in the open space between its two fronts. Each flag shows its two sides' cards upright (the values
read from the sofa): along the lower fronts the west or east cards above the pennant and south's below it,
along the upper front west's cards on the left and east's on the right.

Pure geometry and drawing from a public view (NOTATION.md position), the seats' names and whose turn it is:
no scene, no network, so tests can draw any position.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from engine.notation_types import Event, Result, View
from engine.rules import SEATS3
from game.i18n import N_, _
from game.ui import art, card_art
from game.ui.text import fitted, shadowed, wrap

W, H = 1920, 1080
CARD = "small"
CW, CH = card_art.SIZES[CARD]
GAP = 6
ROW_W = 3 * CW + 2 * GAP  # one side of a flag: three cards in a row
BAND_H = 40  # the pennant's band between a lower front's two rows
V_BAND_W = 76  # the pennant's band between the upper front's two rows
CENTRE = (960, 590)
ANGLE = math.radians(20)  # the lower fronts fall this far below the horizontal
LOWER_FIRST, LOWER_STEP = 172, 294  # distance from the centre of the nearest lower flag, and between flags
UPPER_FIRST, UPPER_STEP = 168, 136
#: the colour of each seat's name, frames and claimed pennants: each player's one colour on every screen (the
#: players' own boards, the phones), east's silver apart from the others under every colour vision (art.py)
SEAT_TINT: dict[str, tuple[int, int, int]] = {seat: art.SEAT_COLOURS[seat] for seat in SEATS3}
PHASES = {"play": N_("plays a card"), "claim": N_("may claim flags"), "draw": N_("draws a card")}


@dataclass(frozen=True)
class Spot:
    """Where one flag sits: its whole area, its pennant band and each of its two seats' rows of cards."""

    flag: int
    rect: pygame.Rect
    band: pygame.Rect
    sides: dict[str, pygame.Rect]
    upright: bool  # True on the upper front (rows left and right of the band), False on the lower fronts


def _lower_spot(flag: int, seat_above: str, centre: tuple[float, float]) -> Spot:
    cx, cy = round(centre[0]), round(centre[1])
    height = 2 * CH + BAND_H + 2 * GAP
    rect = pygame.Rect(cx - ROW_W // 2, cy - height // 2, ROW_W, height)
    above = pygame.Rect(rect.x, rect.y, ROW_W, CH)
    band = pygame.Rect(rect.x, above.bottom + GAP, ROW_W, BAND_H)
    below = pygame.Rect(rect.x, band.bottom + GAP, ROW_W, CH)
    return Spot(flag, rect, band, {seat_above: above, "south": below}, False)


def _upper_spot(flag: int, cy: int) -> Spot:
    cx = CENTRE[0]
    band = pygame.Rect(cx - V_BAND_W // 2, cy - CH // 2, V_BAND_W, CH)
    west = pygame.Rect(band.x - GAP - ROW_W, band.y, ROW_W, CH)
    east = pygame.Rect(band.right + GAP, band.y, ROW_W, CH)
    return Spot(flag, west.union(east), band, {"west": west, "east": east}, True)


def y_layout() -> dict[int, Spot]:
    """Every flag's place on the 1920x1080 table, flag 1 to 9 (R47's picture)."""
    spots: dict[int, Spot] = {}
    dx, dy = math.cos(ANGLE), math.sin(ANGLE)
    for k in range(3):
        r = LOWER_FIRST + k * LOWER_STEP
        spots[3 - k] = _lower_spot(3 - k, "west", (CENTRE[0] - dx * r, CENTRE[1] + dy * r))
        spots[4 + k] = _lower_spot(4 + k, "east", (CENTRE[0] + dx * r, CENTRE[1] + dy * r))
        spots[7 + k] = _upper_spot(7 + k, CENTRE[1] - UPPER_FIRST - k * UPPER_STEP)
    return dict(sorted(spots.items()))


def seat_boxes() -> dict[str, pygame.Rect]:
    """Each seat's corner of the room, between its two fronts: name, hand backs and count."""
    return {"west": pygame.Rect(16, 96, 600, 440), "east": pygame.Rect(W - 616, 96, 600, 440),
            "south": pygame.Rect(666, 826, 588, 250)}


def card_rects(spot: Spot, seat: str, count: int = 3) -> list[pygame.Rect]:
    """The places of `seat`'s cards at a flag, first card first: nearest the pennant on the upper front."""
    row = spot.sides[seat]
    out = [pygame.Rect(row.x + i * (CW + GAP), row.y, CW, CH) for i in range(3)]
    if spot.upright and seat == "west":
        out.reverse()
    return out[:count]


def held(view: View, seat: str) -> int:
    return sum(f.get("claimed") == seat for f in view["flags"])


# ---------------------------------------------------------------------------------------------- drawing
def _roads(surface: pygame.Surface, spots: dict[int, Spot]) -> None:
    """The Y itself: a broad road from the centre out along each front, under the flags."""
    road = (46, 84, 70)
    for outer in (1, 6, 9):
        pygame.draw.line(surface, road, CENTRE, spots[outer].band.center, 30)
    pygame.draw.circle(surface, road, CENTRE, 46)
    pygame.draw.circle(surface, art.GOLD_DARK, CENTRE, 46, 3)


def _pennant(surface: pygame.Surface, spot: Spot, flag: dict[str, Any], names: dict[str, str]) -> None:
    owner = flag.get("claimed")
    band = spot.band
    fill = SEAT_TINT[owner] if owner else (40, 56, 50)
    pygame.draw.rect(surface, fill, band, border_radius=10)
    pygame.draw.rect(surface, art.CREAM if owner else art.GOLD_DARK, band, 2, border_radius=10)
    ink = art.INK if owner else art.CREAM
    if spot.upright:
        num = fitted(str(spot.flag), 34, band.width - 8, ink, "bold")
        surface.blit(num, num.get_rect(midtop=(band.centerx, band.y + 4)))
        # the pennant points to the side that holds it (or up, unclaimed)
        pole_x, top = band.centerx, band.y + 50
        pygame.draw.line(surface, ink, (pole_x, top), (pole_x, band.bottom - 8), 3)
        way = {"west": -1, "east": 1}.get(owner or "", 1)
        pygame.draw.polygon(surface, ink, [(pole_x, top), (pole_x + way * 30, top + 10), (pole_x, top + 22)])
        return
    num = fitted(str(spot.flag), 30, 40, ink, "bold")
    surface.blit(num, num.get_rect(midleft=(band.x + 12, band.centery)))
    if owner:
        who = fitted(names.get(owner, owner), 26, band.width - 70, ink, "bold")
        surface.blit(who, who.get_rect(center=(band.centerx + 14, band.centery)))
    else:
        pole = (band.centerx, band.y + 6)
        pygame.draw.line(surface, ink, pole, (pole[0], band.bottom - 6), 3)
        pygame.draw.polygon(surface, ink, [pole, (pole[0] + 36, pole[1] + 9), (pole[0], pole[1] + 18)])


def draw_flag(surface: pygame.Surface, spot: Spot, flag: dict[str, Any], names: dict[str, str],
              marked: set[tuple[int, str]]) -> None:
    """One flag: both rows (empty places as outlines), the pennant, the holder's frame and the last move."""
    owner = flag.get("claimed")
    for seat in spot.sides:
        cards = list(flag.get(seat, []))
        for i, r in enumerate(card_rects(spot, seat)):
            if i < len(cards):
                if (spot.flag, cards[i]) in marked:
                    art.blit_glow(surface, r, art.HILITE)
                surface.blit(card_art.face(cards[i], CARD), r)
            else:
                pygame.draw.rect(surface, (70, 100, 88), r, 2, border_radius=8)
        if owner and owner != seat and cards:
            surface.blit(art.shade(spot.sides[seat].size, 120), spot.sides[seat].topleft)
        if owner == seat:
            pygame.draw.rect(surface, SEAT_TINT[seat], spot.sides[seat].inflate(10, 10), 4, border_radius=10)
    _pennant(surface, spot, flag, names)
    if (spot.flag, "claim") in marked:
        pygame.draw.rect(surface, art.HILITE, spot.band.inflate(8, 8), 4, border_radius=12)


def _backs(surface: pygame.Surface, count: int, topleft: tuple[int, int], width: int) -> int:
    """A fanned row of hand backs; returns the x after it."""
    step = min(CW + GAP, (width - CW) // max(1, count - 1)) if count > 1 else 0
    x, y = topleft
    for i in range(count):
        surface.blit(card_art.back("troops", CARD), (x + i * step, y))
    return x + (count - 1) * step + CW if count else x


def _within(img: pygame.Surface, height: int) -> pygame.Surface:
    """A line of words no taller than its slot (a CJK face is taller at the same size)."""
    return img if img.get_height() <= height else pygame.transform.smoothscale_by(img, height / img.get_height())


def draw_seat(surface: pygame.Surface, seat: str, box: pygame.Rect, view: View, name: str,
              moving: bool, phase: str | None, caption: str = "", score: int | None = None) -> None:
    """A seat's corner: name (framed when it is their turn), what they are doing, hand backs, count, flags
    held and, in a match, the match's points (R52)."""
    tint = SEAT_TINT[seat]
    art.panel(surface, box, alpha=170, border=art.HILITE if moving else tint)
    if moving:
        pygame.draw.rect(surface, art.HILITE, box.inflate(-8, -8), 2, border_radius=16)
    x, y = box.x + 24, box.y + 14
    surface.blit(_within(fitted(name, 52, box.width - 48, tint, "bold"), 62), (x, y))
    y += 64
    if moving and phase in PHASES:
        surface.blit(_within(fitted(_(PHASES[phase]), 32, box.width - 48, art.HILITE, "bold"), 40), (x, y))
    y += 42
    size = int(view["hand_sizes"][seat])
    end = _backs(surface, size, (x, y), min(360, box.width - 250))
    img = fitted(_("in hand: {n}", n=size), 30, box.right - end - 40, art.CREAM)
    surface.blit(img, (end + 20, y + 4))
    img = fitted(_("flags: {n}", n=held(view, seat)), 30, box.right - end - 40, art.CREAM, "bold")
    surface.blit(img, (end + 20, y + 44))
    if score is not None:
        img = fitted(_("match: {n}", n=score), 30, box.right - end - 40, art.HILITE, "bold")
        surface.blit(img, (end + 20, y + 84))
    y += CH + 12
    if caption:
        lines = wrap(caption, 26, box.width - 48)
        room = max(0, (box.bottom - 8 - y) // 32)
        for line in lines[:room]:
            surface.blit(fitted(line, 26, box.width - 48, art.MUTED), (x, y))
            y += 32


def banner_words(view: View, names: dict[str, str], to_move: str,
                 result: Result | None) -> tuple[str, tuple[int, int, int]]:
    """The line the room reads first: whose turn, or how the game ended."""
    if result is not None:
        from game.play.words import how_words

        winner = result.get("winner")
        if winner is None:
            return _("A drawn game"), art.HILITE
        return _("{name} wins by {how}", name=names.get(winner, winner),
                 how=how_words(result["how"], short=True)), art.HILITE
    return _("{who}'s turn", who=names.get(to_move, to_move)), SEAT_TINT.get(to_move, art.CREAM)


def draw_y(surface: pygame.Surface, view: View, names: dict[str, str], to_move: str,
           phase: str | None = None, result: Result | None = None,
           last: tuple[str, list[Event]] | None = None, captions: dict[str, str] | None = None,
           backdrop: bool = True, scores: dict[str, int] | None = None) -> dict[int, Spot]:
    """The whole three-player table from a public view; `last` is the latest turn (seat, events), marked.

    `captions` puts a line of words under a seat's hand (what that seat did in its last turn); `scores`
    are a match's points so far, shown in each corner."""
    if backdrop:
        surface.blit(art.backdrop((W, H), 5, art.FELT), (0, 0))
    spots = y_layout()
    _roads(surface, spots)
    marked: set[tuple[int, str]] = set()
    if last is not None:
        for e in last[1]:
            if e.get("type") == "play" and "flag" in e:
                marked.add((int(e["flag"]), str(e["card"])))
            elif e.get("type") == "claim":
                marked.add((int(e["flag"]), "claim"))
    for n, spot in spots.items():
        draw_flag(surface, spot, view["flags"][n - 1], names, marked)
    boxes = seat_boxes()
    for seat in SEATS3:
        draw_seat(surface, seat, boxes[seat], view, names.get(seat, seat), result is None and seat == to_move,
                  phase, (captions or {}).get(seat, ""), None if scores is None else scores.get(seat, 0))
    words, colour = banner_words(view, names, to_move, result)
    img = shadowed(words, 66, colour, "bold", offset=3)
    room = 2 * (spots[9].rect.x - 40) + spots[9].rect.width
    if img.get_width() > room:
        img = pygame.transform.smoothscale_by(img, room / img.get_width())
    surface.blit(img, img.get_rect(midtop=(CENTRE[0], 8)))
    deck = view.get("decks", {}).get("troops", 0)
    count = deck if isinstance(deck, int) else len(deck)
    img = fitted(_("deck: {n}", n=count), 30, 260, art.MUTED)
    surface.blit(img, img.get_rect(bottomleft=(24, H - 16)))
    return spots

