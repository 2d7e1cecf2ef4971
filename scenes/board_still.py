"""The board's still layer, drawn once and redrawn only where it changed: the table, the flags and their
formations, the top strip with the names, the decks and the discards (scenes.board_draw blits it each frame).

`StillView` owns the layer and is the one place that decides it is stale: it is drawn from a `Shown` (the view
on show, scenes.board_shown) and kept while the view's version, the watchers counted and the look (theme and
language) are the ones it was drawn with; cards that start or stop flying have only their columns drawn again."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from engine import OTHER
from engine.rulebook import side_size
from game.i18n import N_, _, language
from game.ui import art, battlefield, card_art, layout, theme
from game.ui.text import fitted, font_for, text, wrap
from game.ui.theme import Theme

from .board_names import name_spots, under_names
from .board_shown import Shown

FOCUS_W = 9  # the keyboard/controller focus ring's white band, in logical pixels (a 1280x720 TV still shows 6)

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
EDITS_KEPT = 64  # column redraws remembered for the layers copied from this one (more: they copy it whole)


def _column_region(shown: Shown, n: int) -> pygame.Rect:
    col = shown.geo.column(n)
    if shown.geo.is_far(n):
        return col.copy()
    # from just under the opponent's card backs (they end at y 101) to the top of the hand: every card of the
    # formations lies inside (a Mud flag's fourth ends above the hand); a claimed side's shade, which reaches
    # further, never changes while cards fly, and the redraw is clipped to the region
    return pygame.Rect(col.x + 1, layout.TOP_AREA[0] - 2, col.width - 1, layout.HAND_Y - layout.TOP_AREA[0] + 2)


def _slot(shown: Shown, key: Any) -> pygame.Rect | None:
    """Where a card at a flag lies (`key` = ("slot", n, seat, card)) on a near front, or None."""
    n, seat, card = int(key[1]), str(key[2]), key[3]
    cards = shown.view["flags"][n - 1].get(seat)
    if shown.geo.is_far(n) or not isinstance(cards, list) or card not in cards:
        return None
    return shown.geo.slot(n, shown.side_of(seat, n), cards.index(card), len(cards))


def _changed_regions(shown: Shown, changed: frozenset[Any]) -> list[tuple[int, pygame.Rect]]:
    """Where the still layer must be drawn again when the cards in `changed` start or stop flying: a
    card's own slot (the cards under it are drawn again there, clipped), or the whole column when a
    pennant leaves or returns or the card is on a far front."""
    out: dict[int, pygame.Rect] = {}
    for key in changed:
        n = int(key[1])
        column = _column_region(shown, n)
        slot = _slot(shown, key) if key[0] == "slot" else None
        region = column if slot is None else slot.inflate(4, 4).clip(column)
        out[n] = out[n].union(region) if n in out else region
    return sorted(out.items())


class StillKey(NamedTuple):
    """What the whole layer is drawn from: the model's version of the view, the watchers counted and the look."""

    version: int  # BoardModel.version of the view on show (Shown.version)
    watching: int
    theme: Theme | None
    language: str


@dataclass(frozen=True)
class Drawn:
    """What the layer shows now, as one value: replaced whole each time the layer is drawn on."""

    key: StillKey
    hidden: frozenset[Any]  # the flying cards left out of it
    edit: int  # one more each time the layer is drawn on
    edits: tuple[tuple[int, pygame.Rect | None], ...]  # (edit, region drawn again; None: all of it)

    def then(self, key: StillKey, hidden: frozenset[Any], region: pygame.Rect | None) -> Drawn:
        """The layer after one more drawing: whole (`region` None) or of one region."""
        edit = self.edit + 1
        if region is None or len(self.edits) >= EDITS_KEPT:
            return Drawn(key, hidden, edit, ((edit, None),))
        return Drawn(key, hidden, edit, (*self.edits, (edit, region)))


class StillView:
    """The still layer of one board and what it was drawn from. `layer()` is the only place it is found stale,
    by comparing the `StillKey` of what is asked with the one drawn: a new view (its version), a new count of
    watchers or a new look draws it whole; cards starting or stopping to fly draw their columns again. Layers
    copied from it (the hand's, scenes.board_hand) ask `edits_since` which regions changed since they last
    copied it."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None  # made once, drawn on in place
        self.drawn = Drawn(StillKey(-1, 0, None, ""), frozenset(), 0, ())  # nothing drawn yet: no key matches

    @property
    def key(self) -> StillKey | None:
        """The key of what the layer shows (None before it is first drawn)."""
        return self.drawn.key if self.drawn.edit else None

    @property
    def edit(self) -> int:
        return self.drawn.edit

    def layer(self, shown: Shown, hidden: frozenset[Any], watching: int) -> pygame.Surface:
        """Everything that is not moving, for `shown` with the cards in `hidden` in flight. When only cards at a
        few flags start or stop flying, only those columns are redrawn, so animation frames stay cheap."""
        key = StillKey(shown.version, watching, theme.current(), language())
        drawn = self.drawn
        regions: list[pygame.Rect] | None = None  # None: drawn whole
        if self.surface is None:
            surf = pygame.Surface((layout.W, layout.H))
            self.surface = surf.convert() if pygame.display.get_surface() else surf
        elif key == drawn.key:  # the one comparison that says the layer is stale
            changed = hidden ^ drawn.hidden
            if not changed:
                return self.surface
            if all(k[0] in COLUMN_KEYS for k in changed):
                regions = self._columns(shown, hidden, watching, changed)
        if regions is None:
            _whole(self.surface, shown, hidden, watching)
            drawn = drawn.then(key, hidden, None)
        for region in regions or ():
            drawn = drawn.then(key, hidden, region)
        self.drawn = drawn
        return self.surface

    def _columns(self, shown: Shown, hidden: frozenset[Any], watching: int,
                 changed: frozenset[Any]) -> list[pygame.Rect]:
        """Draw the columns of the cards in `changed` again; the regions drawn."""
        assert self.surface is not None
        surf = self.surface
        base = base_layer(shown.geo.players)
        regions = []
        for n, region in _changed_regions(shown, changed):
            surf.blit(base, region, region)
            surf.set_clip(region)
            _column(surf, shown, n, hidden)
            _watchers(surf, shown, watching)  # its words reach into the outer columns' regions: drawn again there
            surf.set_clip(None)
            regions.append(region)
        return regions

    def edits_since(self, edit: int) -> list[pygame.Rect] | None:
        """The regions drawn again after `edit` (an earlier `self.edit`); None: copy the layer whole."""
        out: list[pygame.Rect] = []
        for n, region in self.drawn.edits:
            if n > edit:
                if region is None:
                    return None
                out.append(region)
        return out


def _whole(surf: pygame.Surface, shown: Shown, hidden: frozenset[Any], watching: int) -> None:
    surf.blit(base_layer(shown.geo.players), (0, 0))
    for n in range(1, 10):
        _column(surf, shown, n, hidden)
    view = shown.view
    if shown.three:
        _top_strip3(surf, shown, hidden, watching)
        _deck(surf, "troops", view["decks"]["troops"])
    else:
        _top_strip(surf, shown, hidden, watching)
        for d in ("tactics", "troops"):
            _deck(surf, d, view["decks"][d])
        for seat in (OTHER[shown.viewer], shown.viewer):
            _discard(surf, shown, seat, hidden)


def _column(surf: pygame.Surface, shown: Shown, n: int, hidden: frozenset[Any]) -> None:
    """One flag: its faded losing half, both formations, the pennant and the formation labels."""
    flag = shown.view["flags"][n - 1]
    owner = flag["claimed"]
    geo = shown.geo
    far = geo.is_far(n)
    if owner is not None:
        lose = geo.side_area(n, shown.side_of(shown.foe(owner, n), n))
        surf.blit(art.shade(lose.size, 90), lose.topleft)
    for seat in shown.flag_seats(n):
        _formation(surf, shown, n, flag, seat, hidden)
    if ("pennant", n) not in hidden:
        draw_pennant(surf, shown, n, flag, shown.pennant_shift(flag))
    if not far:
        formation_labels(surf, shown, n)


def formation_labels(surf: pygame.Surface, shown: Shown, n: int) -> None:
    """The formations' names above and below flag `n`'s standard (drawn again over the focus ring, which must
    never hide them)."""
    for img, rect in label_spots(shown, n):
        surf.blit(img, rect)


def label_spots(shown: Shown, n: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Flag `n`'s formation labels and where they go (none once it is claimed, none on the far front)."""
    flag = shown.view["flags"][n - 1]
    if flag["claimed"] is not None or shown.geo.is_far(n):
        return []
    out = []
    for seat in shown.flag_seats(n):
        label = shown.labels.get((n, seat))
        if label:  # never wider than its column: neighbours' labels must not run together
            img = fitted(label, 28, layout.COL_W - 16, art.CREAM, "condensed")
        elif flag["mud"] is not None:  # Mud: how many of the four a side holds, where its formation's name goes
            img = mud_count(len(flag[seat]), side_size(True))
        else:
            continue
        out.append((img, img.get_rect(center=shown.geo.label_pos(n, shown.side_of(seat, n)))))
    return out


def mud_count(held: int, need: int) -> pygame.Surface:
    """'2/4' on a plate of mud: a side of a Mud flag holds `held` of the `need` cards (R31), read from the sofa
    in the place of the formation's name, which no card, standard or focus ring ever hides."""
    words = text(f"{held}/{need}", 28, art.CREAM, "bold")
    plate = pygame.Surface((words.get_width() + 18, words.get_height() + 2), pygame.SRCALPHA)
    ground = battlefield.ENV_LOOK["mud"][0]
    pygame.draw.rect(plate, ground, plate.get_rect(), border_radius=8)
    pygame.draw.rect(plate, card_art.KIND_COLOUR["environment"], plate.get_rect(), 2, border_radius=8)
    plate.blit(words, words.get_rect(center=plate.get_rect().center))
    return plate


def draw_pennant(surf: pygame.Surface, shown: Shown, n: int, flag: dict[str, Any], shift: int,
                 glow: float = 0.0, wave: float | None = None) -> None:
    r = shown.geo.pennant(n, shift)
    owner = flag["claimed"]
    _environment(surf, shown, n, flag, r)
    battlefield.standard(surf, r, n, battlefield.FLAG_CLOTH if owner is None else shown.tint(owner), wave)


ENV_LOOK = battlefield.ENV_LOOK  # ground and letters of Fog and Mud (game.ui.battlefield draws them)


def _environment(surf: pygame.Surface, shown: Shown, n: int, flag: dict[str, Any], r: pygame.Rect) -> None:
    """Fog and Mud on their own flag (game.ui.battlefield.ground_marks, shared with the replay viewer)."""
    kinds = [kind for kind in ("fog", "mud") if flag[kind]]
    if kinds:
        battlefield.ground_marks(surf, shown.geo.column(n), r, kinds, emblem=not shown.geo.is_far(n))


def _formation(surf: pygame.Surface, shown: Shown, n: int, flag: dict[str, Any], seat: str,
               hidden: frozenset[Any]) -> None:
    side = shown.side_of(seat, n)
    geo = shown.geo
    cards = flag[seat]
    order = list(enumerate(cards))
    if side in ("top", "left"):
        order.reverse()  # nearer cards overlap further ones, leaving each numeral in view
    size = geo.card_size(n)
    need = side_size(flag["mud"] is not None)
    if flag["claimed"] is None and len(cards) < need:
        radius = 10 if size == "table" else 7
        if flag["mud"] is not None and not geo.is_far(n):  # Mud: every place still open (the count: label_spots)
            mud = ENV_LOOK["mud"][0]
            for i in range(need - 1, len(cards) - 1, -1):
                slot = geo.slot(n, side, i, need)
                pygame.draw.rect(surf, mud, slot, 3, border_radius=radius)
        else:
            pygame.draw.rect(surf, (52, 84, 72), geo.slot(n, side, len(cards)), 2, border_radius=radius)
    for i, card in order:
        if ("slot", n, seat, card) in hidden:
            continue
        rect = geo.slot(n, side, i, len(cards))
        surf.blit(card_art.face(card, size), rect)
        if (side == "left" and i > 0) or (side == "right" and i < len(cards) - 1):
            card_art.strip_index(surf, card, rect)  # sideways, the corner symbol is under the next card


def _top_strip(surf: pygame.Surface, shown: Shown, hidden: frozenset[Any], watching: int) -> None:
    view, them = shown.view, OTHER[shown.viewer]
    size = view["hand_sizes"][them]
    tactics = min(size, shown.opp_tactics())
    for i, r in enumerate(layout.opponent_hand(size)):  # tactics have their own backs (R45)
        if ("opp", i) not in hidden:
            surf.blit(card_art.back("tactics" if i >= size - tactics else "troops", "small"), r)
    spots = name_spots(shown)
    for img, rect in spots:
        surf.blit(img, rect)
    held = sum(1 for f in view["flags"] if f["claimed"] == them)
    info = fitted(_("Flags: {n}  \u00b7  in hand: {hand}", n=held, hand=size), 28,
                  layout.OPP_HAND_X - 44, art.MUTED)
    surf.blit(info, (30, under_names(shown, info, 62)))
    mine = sum(1 for f in view["flags"] if f["claimed"] == shown.viewer)
    info = fitted(_("Flags: {n}", n=mine), 28, layout.NAME_W, art.MUTED)
    surf.blit(info, _own_flags_spot(shown, info))
    _watchers(surf, shown, watching)


def _own_flags_spot(shown: Shown, info: pygame.Surface) -> pygame.Rect:
    """Where the viewer's own flags line goes: under their name (top right for two, top centre for three)."""
    if shown.three:
        return info.get_rect(midtop=(layout.W // 2, under_names(shown, info, 58)))
    return info.get_rect(topright=(layout.W - 28, under_names(shown, info, 62)))


def _watchers(surf: pygame.Surface, shown: Shown, watching: int) -> None:
    """A LAN host's screen: how many watch the game, on the viewer's flags line (left of it for two players,
    right of it for three: under it, large text ran it into the backs and the far front)."""
    if not watching:
        return
    mine = sum(1 for f in shown.view["flags"] if f["claimed"] == shown.viewer)
    if shown.three:
        info = fitted(_("{seat}  \u00b7  flags: {n}", seat=seat_word(shown.viewer), n=mine), 26, 420, art.MUTED)
        spot = _own_flags_spot(shown, info)
        img = text(_("Watchers: {n}", n=watching), 24, art.MUTED)
        surf.blit(img, img.get_rect(bottomleft=(spot.right + 24, spot.bottom)))
    else:
        info = fitted(_("Flags: {n}", n=mine), 28, layout.NAME_W, art.MUTED)
        spot = _own_flags_spot(shown, info)
        img = text(_("Watchers: {n}", n=watching), 26, art.MUTED)
        surf.blit(img, img.get_rect(bottomright=(spot.x - 28, spot.bottom)))


SEAT_WORDS = {"south": N_("South"), "west": N_("West"), "east": N_("East"), "north": N_("North")}


def seat_word(seat: str) -> str:
    """'West': the three-player seats are named in captions, so two bots of one level stay apart."""
    return _(SEAT_WORDS.get(seat, seat))


def _top_strip3(surf: pygame.Surface, shown: Shown, hidden: frozenset[Any], watching: int) -> None:
    """Three players: each opponent's name, flags and card backs above their front (the left one's on the
    left), the viewer's own name and flags in the middle."""
    view = shown.view
    for seat, where in zip(shown.opponents(), ("left", "right"), strict=False):
        size = view["hand_sizes"][seat]
        key = shown.backs_key(seat)
        for i, r in enumerate(layout.opponent_hand3(size, where)):
            if (key, i) not in hidden:
                surf.blit(card_art.back("troops", "small"), r)
        held = sum(1 for f in view["flags"] if f["claimed"] == seat)
        info = fitted(_("{seat}  \u00b7  flags: {n}  \u00b7  in hand: {hand}", seat=seat_word(seat), n=held, hand=size),
                      26, layout.OPP3_X - 36, art.MUTED)
        if where == "left":
            surf.blit(info, (30, under_names(shown, info, 62)))
        else:
            surf.blit(info, (layout.W - 28 - info.get_width(), under_names(shown, info, 62)))
    geo = shown.geo
    if isinstance(geo, layout.Line3):  # the far front: whose cards lie on which side of its flags
        col = geo.column(geo.far[-1])
        for seat, where in ((geo.left, "left"), (geo.right, "right")):
            tag = fitted(seat_word(seat), 24, col.width // 2 - 24, shown.tint(seat), "bold")
            x = col.x + 16 if where == "left" else col.right - 16 - tag.get_width()
            surf.blit(tag, tag.get_rect(midleft=(x, layout.FAR_BOX.y + 2 + layout.FAR_TAGS // 2)))
    me = shown.viewer
    mine = sum(1 for f in view["flags"] if f["claimed"] == me)
    for img, rect in name_spots(shown):
        surf.blit(img, rect)
    info = fitted(_("{seat}  \u00b7  flags: {n}", seat=seat_word(me), n=mine), 26, 420, art.MUTED)
    surf.blit(info, _own_flags_spot(shown, info))
    _watchers(surf, shown, watching)


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


def _discard(surf: pygame.Surface, shown: Shown, seat: str, hidden: frozenset[Any]) -> None:
    side = shown.side_of(seat)
    r = layout.discard(side)
    pile = [c for c in shown.view["discards"][seat] if ("discard", seat, c) not in hidden]
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
    badge = text(str(len(shown.view["discards"][seat])), 34, art.INK, "bold")
    box = badge.get_rect(center=(r.centerx, r.bottom + 36)).inflate(20, 0)
    pygame.draw.rect(surf, shown.tint(seat), box, border_radius=14)
    surf.blit(badge, badge.get_rect(center=box.center))
