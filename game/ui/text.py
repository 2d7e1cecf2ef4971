"""Fonts and text surfaces, cached: rendering text is the slowest thing a frame can do.

Sizes are in logical pixels at 1920x1080. Anything a player must read uses at least MIN_READ. Every
font is the theme's text scale larger (game.ui.theme, the text-size setting), read when the words are drawn;
the caches are keyed by that scale and by the language, so nothing needs emptying when either changes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import pygame

from assets import FONTS_DIR
from game.i18n import language
from game.ui import theme

MIN_READ = 28
FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "serif": "EBGaramond12-Regular.otf",  # the display face of titles (see DISPLAY_SCALE)
    "serif-fallback": "DejaVuSerif-Bold.ttf",  # for a title with a letter EB Garamond lacks
}
#: EB Garamond's letters are small for their size: titles are drawn this much larger so they keep
#: the room (and the fitting) the old bold serif had
DISPLAY_SCALE = 1.18
#: Simplified Chinese (subsets of Noto Sans CJK SC, tools/build_cjk_font.py): the faces DejaVu has no hanzi for;
#: titles in Noto Serif CJK SC Bold, the Song style that plays EB Garamond's part (its subset holds what the
#: catalogs say: a title with another hanzi, a typed name, falls back to the sans)
CJK_FACES = {"regular": "NotoSansSC-Regular-subset.otf", "bold": "NotoSansSC-Bold-subset.otf",
             "condensed": "NotoSansSC-Bold-subset.otf", "serif": "NotoSerifSC-Bold-subset.otf",
             "serif-fallback": "NotoSansSC-Bold-subset.otf"}
CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")
Colour = tuple[int, int, int] | tuple[int, int, int, int]
#: Words that did not fit their box even at the smallest size, as (words, box width, drawn width); filled
#: only inside `watch_overflow` (a test), so a frame never pays for the measuring.
OVERFLOWS: list[tuple[str, int, int]] | None = None


@contextmanager
def watch_overflow() -> Iterator[list[tuple[str, int, int]]]:
    """Record text wider than its box while the block runs; the width test renders every screen in it."""
    global OVERFLOWS
    OVERFLOWS = []
    try:
        yield OVERFLOWS
    finally:
        OVERFLOWS = None


def font(size: int, face: str = "regular", cjk: bool = False) -> pygame.font.Font:
    """The font of `face` at `size` logical pixels, the current theme's text scale included."""
    return _font(size, face, cjk, theme.current().text_scale)


@lru_cache(maxsize=64)
def _font(size: int, face: str, cjk: bool, text_scale: float) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    scale = text_scale * (DISPLAY_SCALE if face == "serif" and not cjk else 1.0)
    return pygame.font.Font(str(FONTS_DIR / (CJK_FACES if cjk else FACES)[face]), max(1, round(size * scale)))


@lru_cache(maxsize=1024)
def _face(words: str, face: str, cjk: bool = False) -> str:
    """The display face, unless these words have a letter it lacks (a name typed in another script); in Chinese
    the Song display face, unless its subset lacks one of these hanzi."""
    if face != "serif":
        return face
    if cjk:
        return face if all(_display_hanzi(c) for c in words if not c.isspace()) else "serif-fallback"
    covered = _display_letters()
    return face if all(c in covered or c.isspace() for c in words) else "serif-fallback"


@lru_cache(maxsize=4096)
def _display_hanzi(c: str) -> bool:
    """Whether the Chinese display subset draws `c`. SDL_ttf gives a missing glyph the box's metrics rather
    than None, so a letter is missing when it is drawn exactly as a private-use code point is (the box)."""
    serif = _font(24, "serif", True, 1.0)
    return pygame.image.tobytes(serif.render(c, False, (255, 255, 255)), "RGB") != _box_image()


@lru_cache(maxsize=1)
def _box_image() -> bytes:
    """The display subset's missing-glyph box, as `_display_hanzi` draws it."""
    return pygame.image.tobytes(_font(24, "serif", True, 1.0).render("\ue000", False, (255, 255, 255)), "RGB")


@lru_cache(maxsize=1)
def _display_letters() -> frozenset[str]:
    """The letters EB Garamond draws: Latin with every diacritic of our languages, and punctuation.
    (Its missing letters come back as a blank box, which `metrics` cannot tell from a glyph.)"""
    ranges = [(0x20, 0x7E), (0xA0, 0x17F), (0x218, 0x21B), (0x2013, 0x2014), (0x2018, 0x201A), (0x201C, 0x201E),
              (0x2020, 0x2022), (0x2026, 0x2026), (0x2039, 0x203A)]
    return frozenset(chr(c) for lo, hi in ranges for c in range(lo, hi + 1))


@lru_cache(maxsize=4096)
def uses_cjk(words: str, lang: str) -> bool:
    """The CJK font for Chinese and for any hanzi (a name typed in Chinese), unless it lacks a glyph."""
    if CJK.search(words):
        return True
    return lang == "zh" and None not in _font(20, "regular", True, 1.0).metrics(words)


def font_for(words: str, size: int, face: str = "regular") -> pygame.font.Font:
    """The font these words are drawn in, in the current language."""
    cjk = uses_cjk(words, language())
    return font(size, _face(words, face, cjk), cjk)


def text(words: str, size: int, colour: Colour = (240, 236, 224), face: str = "regular") -> pygame.Surface:
    """A rendered line of text; the same words in the same style are drawn once per run."""
    cjk = uses_cjk(words, language())
    return _text(words, size, colour, _face(words, face, cjk), cjk, theme.current().text_scale)


@lru_cache(maxsize=4096)
def _text(words: str, size: int, colour: Colour, face: str, cjk: bool, scale: float) -> pygame.Surface:
    return _font(size, face, cjk, scale).render(words, True, colour)


def fitted(words: str, size: int, width: int, colour: Colour = (240, 236, 224), face: str = "regular",
           floor: int = 20) -> pygame.Surface:
    """One line no wider than `width`: the size shrinks (not below `floor`) so translations never overflow."""
    return text(words, fit_size(words, size, width, face, floor), colour, face)


@lru_cache(maxsize=2048)
def _fit_size(words: str, size: int, width: int, face: str, floor: int, lang: str, scale: float) -> int:
    while size > floor and font_for(words, size, face).size(words)[0] > width:
        size -= 2
    return max(size, floor)


def fit_size(words: str, size: int, width: int, face: str = "regular", floor: int = 20) -> int:
    """The largest size up to `size` at which `words` fit `width` pixels (at least `floor`). At large text the
    floor is where the words are as big on the screen as at the floor of normal text: large text may give back
    its extra size where room is short, never more."""
    scale = theme.current().text_scale
    floor = min(floor, math.ceil(floor / scale))
    fit = _fit_size(words, size, width, face, floor, language(), scale)
    if OVERFLOWS is not None and (drawn := font_for(words, fit, face).size(words)[0]) > width:
        OVERFLOWS.append((words, width, drawn))
    return fit


def shadowed(words: str, size: int, colour: Colour = (240, 236, 224), face: str = "bold",
             shadow: Colour = (0, 0, 0), offset: int = 2) -> pygame.Surface:
    """Text with a soft drop shadow, for words over busy backgrounds."""
    return _shadowed(words, size, colour, face, shadow, offset, language(), theme.current().text_scale)


@lru_cache(maxsize=512)
def _shadowed(words: str, size: int, colour: Colour, face: str, shadow: Colour, offset: int, lang: str,
              scale: float) -> pygame.Surface:
    """Cached per language and text scale (the font depends on both)."""
    front = text(words, size, colour, face)
    back = text(words, size, shadow, face)
    out = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
    back = back.copy()
    back.set_alpha(150)
    out.blit(back, (offset, offset))
    out.blit(front, (0, 0))
    return out


def wrap(words: str, size: int, width: int, face: str = "regular", probe: bool = False) -> list[str]:
    """Split words into lines that fit `width` pixels; explicit newlines are kept. A `probe` only
    measures (a caller trying sizes), so a word too long for the box is not reported then."""
    lines = list(_wrap(words, size, width, face, language(), theme.current().text_scale))
    if OVERFLOWS is not None and not probe:  # a single word longer than the box cannot be wrapped
        f = font_for(words, size, face)
        OVERFLOWS.extend((line, width, w) for line in lines if (w := f.size(line)[0]) > width)
    return lines


def balanced(words: str, size: int, width: int, face: str = "regular") -> list[str]:
    """`wrap`, with the lines made as even as they can be in as many lines: a short caption wrapped in two
    reads as two halves, not a full line and a last word left alone."""
    lines = wrap(words, size, width, face)
    if len(lines) < 2:
        return lines
    narrow, wide = 1, width  # the narrowest width still giving len(lines) lines lies in (narrow, wide]
    while wide - narrow > 4:
        middle = (narrow + wide) // 2
        if len(wrap(words, size, middle, face, probe=True)) <= len(lines):
            wide = middle
        else:
            narrow = middle
    return wrap(words, size, wide, face)


#: a hanzi (Chinese breaks between any two), a word, or a run of spaces; closing punctuation stays on its line
_TOKENS = re.compile(f"{CJK.pattern}|[^\\s\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+|\\s+")
_NO_BREAK_BEFORE = set("\uff0c\u3002\uff1a\uff1b\uff01\uff1f\u3001\uff09\u300b\u300d\u300f,.:;!?)")


@lru_cache(maxsize=1024)
def _wrap(words: str, size: int, width: int, face: str, lang: str, scale: float) -> tuple[str, ...]:
    """Cached: prompts and banners are re-wrapped every frame otherwise. Closing punctuation never
    starts a line: when it does not fit, the word before it moves down with it."""
    f = font_for(words, size, face)
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line: list[str] = []
        for token in _TOKENS.findall(paragraph):
            if f.size("".join([*line, token]).rstrip())[0] <= width or not "".join(line).strip():
                line.append(token)
            elif token[0] in _NO_BREAK_BEFORE:
                if len(line) > 1 and not line[-1].isspace() and "".join(line[:-1]).strip():
                    lines.append("".join(line[:-1]).rstrip())
                    line = [line[-1], token]
                else:
                    line.append(token)
            elif not token.isspace():
                lines.append("".join(line).rstrip())
                line = [token]
        lines.append("".join(line).rstrip())
    return tuple(lines)


def line_step(size: int, spacing: float = 1.2) -> int:
    """Pixels from one line to the next of text asked at `size`: the theme's text scale (the text-size setting)
    included, as in the fonts, so large text never runs into the line under it."""
    return max(1, int(size * spacing * theme.current().text_scale))


def line_height(words: str, size: int, face: str = "regular", spacing: float = 1.2) -> int:
    """line_step, but never less than the font's own height for these words (a Chinese face is taller than a
    Latin one of its size: its lines ran out of their banner)."""
    return max(line_step(size, spacing), font_for(words, size, face).get_height())


def blit_lines(surface: pygame.Surface, lines: list[str], size: int, colour: Colour, pos: tuple[int, int],
               face: str = "regular", align: str = "left", spacing: float = 1.2, step: int | None = None) -> int:
    """Draw lines from `pos` (top-left, or top-centre when centred), `step` pixels apart (else `spacing` times
    the scaled size: line_step); returns the y below them."""
    x, y = pos
    step = line_step(size, spacing) if step is None else step
    for line in lines:
        img = text(line, size, colour, face)
        if align == "center":
            surface.blit(img, (x - img.get_width() // 2, y))
        elif align == "right":
            surface.blit(img, (x - img.get_width(), y))
        else:
            surface.blit(img, (x, y))
        y += step
    return y
