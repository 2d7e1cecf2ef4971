"""The HUD drawn from what it shows: the status panel (what to do now, the focused card's note, the keys), who is
thinking, and the caption (a hint asked for, or the other side's last turn). The board makes a `Hud` value each
frame (scenes.board_hud.hud_of); `HudView` fits its words to their room once per value and draws them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import art, layout, theme
from game.ui.text import blit_lines, fitted, font_for, line_step, wrap

PROMPT_SIZES = (28, 26, 24, 22, 20)
PROMPT_SPACING = 1.18


def step_of(size: int, spacing: float) -> int:
    """Line height in pixels of text asked at `size`: the theme's text scale (the text-size setting) included."""
    return line_step(size, spacing)
CAPTION_SIZES = (26, 24, 22, 20, 18)


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
    too_tall(" ".join(sentences), r.height, (len(lines) + len(hints)) * step_of(size, PROMPT_SPACING) + 20)
    return lines, hints, size


def too_tall(words: str, room: int, needed: int) -> None:
    """Report words that need more height than their box, to the width test (game.ui.text.watch_overflow)."""
    from game.ui import text as text_module

    if text_module.OVERFLOWS is not None:
        text_module.OVERFLOWS.append((words, room, needed))


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
    too_tall(words, box.height - 12, len(lines) * step_of(size, 1.2))
    return lines, size


@dataclass(frozen=True)
class Caption:
    """The caption's panel: where, how opaque, its border's colour and its words."""

    box: pygame.Rect
    alpha: int
    border: tuple[int, int, int]
    words: str


@dataclass(frozen=True)
class Hud:
    """What the HUD shows this frame: the status panel's sentences and key hints (none while the hand is
    hidden), who is thinking (the words, with their dots) in the caption's box, and the caption."""

    hidden: bool
    sentences: tuple[str, ...]
    hint: str
    thinking: str | None
    box: pygame.Rect  # the caption's place, where the thinking line goes too
    caption: Caption | None


class HudView:
    """Draws a `Hud`; the fitted lines of the status panel and the caption are kept for the words, the look
    and the box they were fitted to, so a still frame wraps nothing again."""

    def __init__(self) -> None:
        self.prompt: tuple[object, tuple[list[str], list[str], int]] | None = None
        self.caption: tuple[object, tuple[list[str], int]] | None = None

    def draw(self, surface: pygame.Surface, hud: Hud) -> None:
        look = (theme.current(), _language())
        r = layout.PROMPT_RECT
        art.panel(surface, r, alpha=210, radius=16)
        if not hud.hidden:
            key = (hud.sentences, hud.hint, look)
            if self.prompt is None or self.prompt[0] != key:
                self.prompt = (key, fit_prompt(list(hud.sentences), hud.hint))
            lines, hints, size = self.prompt[1]
            step = step_of(size, PROMPT_SPACING)
            blit_lines(surface, lines, size, art.CREAM, (r.x + 14, r.y + 10), "bold", step=step)
            blit_lines(surface, hints, size, art.MUTED, (r.x + 14, r.bottom - 8 - len(hints) * step), step=step)
        if hud.thinking is not None:
            box = hud.box
            img = fitted(hud.thinking, 32, box.width - 36, art.HILITE, "bold")
            art.panel(surface, box, alpha=210, radius=14, border=art.GOLD_DARK)
            surface.blit(img, (box.x + 18, box.centery - img.get_height() // 2))
        caption = hud.caption
        if caption is None:
            return
        box = caption.box
        art.panel(surface, box, alpha=caption.alpha, radius=14, border=caption.border)
        at = (caption.words, box.size, look)
        if self.caption is None or self.caption[0] != at:
            self.caption = (at, caption_lines(caption.words, box.width - 28, box))
        lines, size = self.caption[1]
        height = len(lines) * step_of(size, 1.2)
        blit_lines(surface, lines, size, art.CREAM, (box.x + 14, box.centery - height // 2), "condensed",
                   step=step_of(size, 1.2))


def _language() -> str:
    from game.i18n import language

    return language()
