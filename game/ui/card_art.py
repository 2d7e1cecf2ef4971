"""Cards drawn by code: a clear numeral, the troop's figure, the value name, the colour and a symbol per colour.

Each colour has its own symbol (red circle, orange triangle, yellow star, green diamond, blue
square, purple cross) in both top corners, so no one depends on telling colours apart; each of
the ten troop types has its own figure (game/ui/figures.py) and each tactic its own emblem. Faces
are drawn once per size and cached: a frame only blits them. A face holds words (in the language) and
the theme's tint and text scale, so its cache is keyed by both: a change of either draws new faces.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from engine.cards import ENVIRONMENT, GUILE, MORALE, TROOP_INFO, VALUE_NAMES
from game.i18n import N_, _, language
from game.play.words import VALUES_SAID, card_short
from game.ui import art, figures, material, theme
from game.ui.text import CJK, font_for, line_step, text, wrap

SIZES: dict[str, tuple[int, int]] = {"hand": (170, 238), "table": (124, 172), "small": (84, 118), "zoom": (272, 381)}
#: colour -> (the colour itself, its ink). The six colours stay apart for every common colour blindness
#: and their inks stay readable on the card (tests/test_accessibility.py checks both)
SUIT = {
    "r": ((158, 0, 6), (155, 0, 6)),
    "o": ((209, 98, 43), (142, 67, 29)),
    "y": ((254, 186, 0), (127, 93, 0)),
    "g": ((65, 167, 133), (40, 104, 82)),
    "b": ((41, 62, 130), (41, 62, 130)),
    "p": ((162, 91, 228), (120, 67, 169)),
}
SYMBOL_NAMES = {"r": "circle", "o": "triangle", "y": "star", "g": "diamond", "b": "square", "p": "cross"}
TACTIC_CODE = {"alexander": "AL", "darius": "DA", "cavalry": "8", "shield": "1-3", "fog": "FOG", "mud": "MUD",
               "scout": "SC", "redeploy": "RE", "deserter": "DE", "traitor": "TR"}
TACTIC_TEXT = {
    "alexander": N_("Leader: any colour, any value"), "darius": N_("Leader: any colour, any value"),
    "cavalry": N_("Value 8, any colour"), "shield": N_("Value 1, 2 or 3, any colour"),
    "fog": N_("Sums only at this flag"), "mud": N_("Four cards at this flag"),
    "scout": N_("Draw 3, put 2 back"), "redeploy": N_("Move or discard one of yours"),
    "deserter": N_("Discard one of theirs"), "traitor": N_("Take one of their troops"),
}
TACTIC_BG = (34, 40, 64)
KIND_COLOUR = {"morale": art.GOLD, "environment": (96, 200, 190), "guile": (226, 120, 150)}


def tactic_code(card: str) -> str:
    """The letters in a tactics card's corner, from its name in the current language (they said "MUD" on a
    Hungarian or Chinese card): see _codes."""
    return _codes(language()).get(card, TACTIC_CODE.get(card, card[:2].upper()))


@lru_cache(maxsize=8)
def _codes(_lang: str) -> dict[str, str]:
    """Every tactics card's corner letters in a language: a name of three letters or fewer whole (FOG, KÖD), a
    name of several words by its initials (Nagy Sándor: NS), another by its first two letters (SC, TR), or three
    where two cards would share two (Romanian CEA, CER); in Chinese its first hanzi (迷). Companion Cavalry and
    Shield Bearers keep their values (8, 1-3) in every language."""
    out: dict[str, str] = {}
    for card, code in TACTIC_CODE.items():
        name = card_short(card).strip()
        words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
        letters = "".join(c for c in name if c.isalpha())
        if not code.isalpha() or not letters:
            out[card] = code
        elif CJK.match(name):
            out[card] = name[0]
        elif len(words) >= 2:
            out[card] = (words[0][0] + words[1][0]).upper()
        else:
            out[card] = (letters if len(letters) <= 3 else letters[:2]).upper()
    for code in list(out.values()):
        twins = [c for c, other in out.items() if other == code]
        if len(twins) > 1 and code.isalpha() and not CJK.match(code):
            for twin in twins:
                out[twin] = "".join(c for c in card_short(twin) if c.isalpha())[:3].upper()
    return out


def tactic_kind(card: str) -> str:
    if card in MORALE:
        return "morale"
    if card in ENVIRONMENT:
        return "environment"
    return "guile" if card in GUILE else "troop"


def _tint(colour: tuple[int, int, int], k: float, towards: tuple[int, int, int] = (255, 255, 255),
          amount: float = 0.0) -> tuple[int, int, int]:
    """`colour` moved `k` of the way to white, or (with `towards`) `amount` of the way to that colour."""
    target, k = (towards, amount) if amount else ((255, 255, 255), k)
    return tuple(int(c + (t - c) * k) for c, t in zip(colour, target, strict=True))  # type: ignore[return-value]


def draw_symbol(surface: pygame.Surface, letter: str, center: tuple[float, float], size: float,
                colour: tuple[int, int, int]) -> None:
    """The colour's silhouette, `size` pixels across."""
    cx, cy = center
    r = size / 2
    shape = SYMBOL_NAMES[letter]
    if shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.92)
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)])
    elif shape == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts)
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)])
    elif shape == "square":
        s = r * 0.82
        pygame.draw.rect(surface, colour, (cx - s, cy - s, 2 * s, 2 * s), border_radius=max(1, int(r * 0.15)))
    else:  # cross
        t = r * 0.36
        pygame.draw.rect(surface, colour, (cx - t, cy - r, 2 * t, 2 * r))
        pygame.draw.rect(surface, colour, (cx - r, cy - t, 2 * r, 2 * t))


def face(card: str, size: str = "hand") -> pygame.Surface:
    """The card's face at `size`, in the current language and theme."""
    return _face(card, size, language(), theme.current())


@lru_cache(maxsize=512)
def _face(card: str, size: str, lang: str, look: theme.Theme) -> pygame.Surface:
    """Cached per language and theme (the words on it, its tint, its text scale)."""
    w, h = SIZES[size]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if card in TROOP_INFO:
        _troop(surf, card)
    else:
        _tactic(surf, card)
    return surf


def _troop(surf: pygame.Surface, card: str) -> None:
    w, h = surf.get_size()
    letter, value = card[0], TROOP_INFO[card][1]
    mid, dark = SUIT[letter]
    radius = max(6, w // 12)
    tint = theme.current().face_tint
    pygame.draw.rect(surf, _tint(mid, tint), (0, 0, w, h), border_radius=radius)
    edge = max(3, w // 30)
    _stock(surf, dark, radius, edge)
    pygame.draw.rect(surf, dark, (0, 0, w, h), edge, border_radius=radius)
    num_size = int(h * 0.24)
    numeral = text(str(value), num_size, dark, "bold")
    pad = max(5, w // 18)
    surf.blit(numeral, (pad, pad - num_size // 9))
    sym = h * 0.15
    draw_symbol(surf, letter, (w - pad - sym / 2 - 1, pad + sym / 2 + num_size * 0.06), sym, dark)
    words = _(VALUES_SAID[VALUE_NAMES[value]])
    name_size, lines = _fit(words, int(h * 0.095), w - 2 * pad)
    line_h = _line_h(words, name_size, "condensed", 1.1)
    name_top = h - pad - len(lines) * line_h
    # the troop's figure between the numeral and the name, standing on a band of the colour
    top = pad + num_size * 0.86
    side = int(min(w - 2 * pad, name_top - top + h * 0.02))
    plain = theme.current().high_contrast  # the flat figure on a band: what reads best in high contrast
    if plain:
        ground = pygame.Rect(pad, int(top + side * 0.9), w - 2 * pad, max(2, h // 60))
        pygame.draw.rect(surf, _tint(mid, 0.45), ground, border_radius=ground.h // 2)
    pic = figures.render(value, side, dark, _tint(mid, tint), _tint(mid, 0.3),
                         None if plain else _tint(mid, min(0.85, tint + 0.25)))
    surf.blit(pic, pic.get_rect(midtop=(w // 2, int(top))))
    y = name_top
    for line in lines:
        img = text(line, name_size, art.INK, "condensed")
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += line_h


def _stock(surf: pygame.Surface, ink: tuple[int, int, int], radius: int, edge: int, rule: bool = True) -> None:
    """The card stock under the print: paper grain, a raised edge and (`rule`) a fine rule inside the border
    in the card's ink, as printed cards have. Plain in high contrast, where the flat colour reads best."""
    if theme.current().high_contrast:
        return
    w, h = surf.get_size()
    material.grain(surf, 12 if w >= 100 else 9)
    material.bevel(surf, pygame.Rect(edge, edge, w - 2 * edge, h - 2 * edge), max(2, radius - edge), 70, 45)
    if rule:
        inset = edge + 2
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(layer, (*ink, 110), (inset, inset, w - 2 * inset, h - 2 * inset), 1,
                         border_radius=max(2, radius - inset))
        surf.blit(layer, (0, 0))


def numeral_box(card: str, size: str = "table") -> pygame.Rect:
    """Where a troop's numeral is inked on its face at `size` (the current text scale included): what must
    stay in sight of a card that others overlap."""
    w, h = SIZES[size]
    num_size = int(h * 0.24)
    pad = max(5, w // 18)
    ink = text(str(TROOP_INFO[card][1]), num_size, (0, 0, 0), "bold").get_bounding_rect()
    return ink.move(pad, pad - num_size // 9)


def strip_index(surf: pygame.Surface, card: str, rect: pygame.Rect) -> None:
    """The colour's symbol under the numeral, for a card overlapped from the side (the far front of three
    players), whose corner symbol lies under its neighbour: the colour is never told by hue alone."""
    if card not in TROOP_INFO:
        return
    mid, dark = SUIT[card[0]]
    box = numeral_box(card, "table")
    sym = rect.h * 0.12
    centre = (rect.x + box.x + 2 + sym / 2, rect.y + box.bottom + 6 + sym / 2)
    chip = pygame.Rect(0, 0, int(sym) + 8, int(sym) + 8)
    chip.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surf, _tint(mid, theme.current().face_tint), chip, border_radius=6)
    draw_symbol(surf, card[0], centre, sym, dark)


def _fit(words: str, size: int, width: int) -> tuple[int, list[str]]:
    """The largest size (down to 10) at which every wrapped line fits the card; no lines if none does
    (a long name on a miniature card is left off: the numeral and the symbol still say what it is)."""
    from game.ui.text import font

    while size >= 10:
        lines = wrap(words, size, width, "condensed", probe=True)
        if all(font(size, "condensed").size(line)[0] <= width for line in lines):
            return size, lines
        size -= 1
    return 10, []


def _tactic(surf: pygame.Surface, card: str) -> None:
    """Code and kind top left and right, the tactic's emblem, its name, and on a hand card its rule."""
    w, h = surf.get_size()
    kind = tactic_kind(card)
    accent = KIND_COLOUR[kind]
    radius = max(6, w // 12)
    pygame.draw.rect(surf, TACTIC_BG, (0, 0, w, h), border_radius=radius)
    _stock(surf, accent, radius, 0, rule=False)
    inset = max(3, w // 26)
    pygame.draw.rect(surf, accent, (inset, inset, w - 2 * inset, h - 2 * inset), max(2, w // 50),
                     border_radius=radius - 2)
    pad = max(6, w // 14)
    letters = tactic_code(card)
    code_size = int(h * (0.2 if len(letters) <= 2 else 0.15))
    code = text(letters, code_size, accent, "bold")
    surf.blit(code, (pad + 2, pad))
    _emblem(surf, kind, (w - pad - h * 0.07, pad + h * 0.08), h * 0.13, accent)
    bottom = h - pad
    body: list[str] = []
    small = max(14, int(h * 0.075))
    if h >= 200:
        body = wrap(_(TACTIC_TEXT[card]), small, w - 2 * pad - 4, "regular")
        bottom -= len(body) * _line_h(_(TACTIC_TEXT[card]), small, "regular", 1.15) + 2
    name_size, lines = _fit(card_short(card), int(h * 0.1), w - 2 * pad - 4)
    line_h = _line_h(card_short(card), name_size, "condensed", 1.1)
    name_top = bottom - len(lines) * line_h - max(2, h // 60)
    top = pad + code_size * 0.95
    side = int(min(w - 2 * pad, name_top - top))
    pic = figures.render(card, side, accent, TACTIC_BG, _tint(TACTIC_BG, 0.0, accent, 0.45),
                         None if theme.current().high_contrast else _tint(accent, 0.55))
    surf.blit(pic, pic.get_rect(midtop=(w // 2, int(top))))
    y = name_top
    for line in lines:
        img = text(line, name_size, art.CREAM, "condensed")
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += line_h
    y = bottom + 2
    for line in body:
        img = text(line, small, (200, 204, 220))
        surf.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += _line_h(_(TACTIC_TEXT[card]), small, "regular", 1.15)


def _line_h(words: str, size: int, face: str, spacing: float) -> int:
    """The step between two lines on a card: `spacing` times the scaled size, but never less than the font's
    own height (a Chinese face is taller than a Latin one of its size: its names were cut at the card's edge)."""
    return max(line_step(size, spacing), font_for(words, size, face).get_height())


def _emblem(surf: pygame.Surface, kind: str, center: tuple[float, float], size: float,
            colour: tuple[int, int, int]) -> None:
    """Morale: a crown; environment: a cloud; guile: an eye."""
    cx, cy = center
    r = size / 2
    if kind == "morale":
        pts = [(cx - r, cy + r * 0.6), (cx - r, cy - r * 0.4), (cx - r * 0.5, cy + r * 0.05), (cx, cy - r * 0.7),
               (cx + r * 0.5, cy + r * 0.05), (cx + r, cy - r * 0.4), (cx + r, cy + r * 0.6)]
        pygame.draw.polygon(surf, colour, pts)
    elif kind == "environment":
        for dx, dy, rr in ((-0.45, 0.15, 0.45), (0.05, -0.15, 0.55), (0.5, 0.2, 0.4)):
            pygame.draw.circle(surf, colour, (cx + dx * r, cy + dy * r), rr * r)
    else:
        pygame.draw.ellipse(surf, colour, (cx - r, cy - r * 0.55, 2 * r, 1.1 * r))
        pygame.draw.circle(surf, TACTIC_BG, (cx, cy), r * 0.38)


@lru_cache(maxsize=16)
def back(deck: str, size: str = "hand") -> pygame.Surface:
    """Troop backs are maroon with crossed spears over a shield, tactics backs navy with a laurel around
    a helmet; both framed by a gold meander, so the two decks are told apart at once."""
    w, h = SIZES[size]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    base = (116, 36, 40) if deck == "troops" else (34, 52, 104)
    deep = _tint(base, 0.0, (0, 0, 0), 0.35)
    radius = max(6, w // 12)
    pygame.draw.rect(surf, base, (0, 0, w, h), border_radius=radius)
    material.grain(surf, 16)
    inner = pygame.Rect(0, 0, w, h).inflate(-w // 7, -w // 7)
    pygame.draw.rect(surf, deep, inner, border_radius=radius // 2)
    rays = pygame.Surface(inner.size, pygame.SRCALPHA)  # a faint sunburst from the medallion
    cx, cy = inner.w / 2, inner.h / 2
    for i in range(24):
        a0, a1 = i * math.pi / 12, (i + 0.5) * math.pi / 12
        far = inner.w + inner.h
        pygame.draw.polygon(rays, (*art.GOLD, 22), [(cx, cy), (cx + far * math.cos(a0), cy + far * math.sin(a0)),
                                                    (cx + far * math.cos(a1), cy + far * math.sin(a1))])
    surf.blit(rays, inner.topleft)
    _meander(surf, pygame.Rect(0, 0, w, h).inflate(-max(6, w // 16), -max(6, w // 16)), max(5, w // 20))
    pygame.draw.rect(surf, art.GOLD, inner, max(2, w // 45), border_radius=radius // 2)
    pygame.draw.rect(surf, (250, 220, 150), (0, 0, w, h), max(2, w // 60), border_radius=radius)
    c = inner.center
    r = int(w * 0.3)
    pygame.draw.circle(surf, base, c, r)
    pygame.draw.circle(surf, art.GOLD, c, r, max(2, w // 40))
    pic = figures.render("troops_back" if deck == "troops" else "tactics_back", int(r * 1.7), art.GOLD, base,
                         _tint(base, 0.0, art.GOLD, 0.4))
    surf.blit(pic, pic.get_rect(center=c))
    return surf


def _meander(surf: pygame.Surface, frame: pygame.Rect, step: int) -> None:
    """A Greek key band just inside the card's edge (each key one `step` square)."""
    colour = (*art.GOLD, 150)
    band = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    t = max(1, step // 5)

    def key(x: float, y: float, dx: int, dy: int) -> None:
        # a hook: along, up, back, down a little, in the direction (dx, dy) of the band
        s = step
        px, py = -dy, dx  # across the band
        pts = [(x, y), (x + dx * s, y + dy * s), (x + dx * s + px * s, y + dy * s + py * s),
               (x + dx * s * 0.3 + px * s, y + dy * s * 0.3 + py * s),
               (x + dx * s * 0.3 + px * s * 0.45, y + dy * s * 0.3 + py * s * 0.45),
               (x + dx * s * 0.65 + px * s * 0.45, y + dy * s * 0.65 + py * s * 0.45)]
        pygame.draw.lines(band, colour, False, pts, t)

    for x in range(frame.left, frame.right - step, step):
        key(x, frame.top, 1, 0)
        key(frame.right - (x - frame.left), frame.bottom, -1, 0)
    for y in range(frame.top, frame.bottom - step, step):
        key(frame.right, y, 0, 1)
        key(frame.left, frame.bottom - (y - frame.top), 0, -1)
    surf.blit(band, (0, 0))


def dimmed(card: str, size: str = "hand") -> pygame.Surface:
    """A face darkened: shown for cards that cannot be played now."""
    return _dimmed(card, size, language(), theme.current())


@lru_cache(maxsize=64)
def _dimmed(card: str, size: str, lang: str, look: theme.Theme) -> pygame.Surface:
    img = face(card, size).copy()
    veil = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(veil, (0, 0, 0, 120), veil.get_rect(), border_radius=max(6, img.get_width() // 12))
    img.blit(veil, (0, 0))
    return img


def flipped(card: str, size: str, deck: str, step: int) -> pygame.Surface:
    """One frame of a flip (step 0..8): the back narrows, then the face widens."""
    return _flipped(card, size, deck, step, language(), theme.current())


@lru_cache(maxsize=128)
def _flipped(card: str, size: str, deck: str, step: int, lang: str, look: theme.Theme) -> pygame.Surface:
    w, h = SIZES[size]
    k = abs(4 - step) / 4
    src = back(deck, size) if step < 4 else face(card, size)
    return pygame.transform.smoothscale(src, (max(2, int(w * k)), h))

