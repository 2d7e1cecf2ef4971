"""Where the other side's last turns left their cards, ringed in each player's colour until the player here acts.

`story_marks` works the places out from values alone: the view on show and its layout, the cards in flight (not
ringed until they land) and the turns told. `StoryMarks`, one of the board's parts, keeps the marks it derived for
one `MarksKey`, the values they depend on, each owned by the model or the animations: the model's story (bumped
whenever a turn is told or seen), its view and layout, whether the hand is turned away, and what is in flight. A
still frame derives nothing again (scenes.board_hud.flag_line_of asks it each frame)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.play.board_model import Turn
from game.play.turn_words import turn_marks
from game.ui import layout

from .board_shown import Shown

Colour = tuple[int, int, int]
#: each turn's marked places in that player's colour (scenes.board_flag_view.FlagLine.marks)
Marks = tuple[tuple[Colour, tuple[pygame.Rect, ...]], ...]


@dataclass(frozen=True)
class MarksKey:
    """What the marks are derived from, as values: another key, other marks."""

    story: int  # BoardModel.story_told: the turns told
    version: int  # BoardModel.version: the view on show
    layout: int  # BoardModel.layout: where its cards lie
    hidden: bool  # the hand turned away: no marks
    flying: frozenset[Any]  # the places cards are still flying to


class StoryMarks:
    """The marks derived for the last key (the board holds one)."""

    def __init__(self) -> None:
        self.shown: tuple[MarksKey, Marks] | None = None
        self.derived = 0  # how many keys were derived (a still frame adds none: tests read it)

    def of(self, key: MarksKey, derive: Callable[[], Marks]) -> Marks:
        """The marks for `key`: kept, or derived once by `derive`."""
        if self.shown is None or self.shown[0] != key:
            self.derived += 1
            self.shown = (key, derive())
        return self.shown[1]


def story_marks(shown: Shown, rects: Mapping[Any, pygame.Rect], flying: Collection[Any],
                story: Sequence[Turn]) -> list[tuple[str, list[pygame.Rect]]]:
    """Each turn of the `story` told with the places it touched on the view `shown` laid out at `rects`, leaving
    out what is `flying` there."""
    return [(seat, _turn_rects(shown, rects, flying, seat, events)) for seat, events in story]


def mark_rects(shown: Shown, rects: Mapping[Any, pygame.Rect], flying: Collection[Any],
               story: Sequence[Turn]) -> list[pygame.Rect]:
    """Every place the `story` marks, in one list."""
    return [r for _seat, marked in story_marks(shown, rects, flying, story) for r in marked]


def _turn_rects(shown: Shown, rects: Mapping[Any, pygame.Rect], hidden: Collection[Any], seat: str,
                events: list[Any]) -> list[pygame.Rect]:
    view, geo = shown.view, shown.geo
    out: list[pygame.Rect] = []
    for key in sorted(turn_marks(seat, events), key=str):
        if key in hidden:
            continue
        if key[0] == "slot":
            r = rects.get(key)
            cards = view["flags"][key[1] - 1][key[2]]
            if r is None:
                continue
            side = shown.side_of(key[2], key[1])
            if side == "top" and cards and cards[0] != key[3]:
                r = pygame.Rect(r.x, r.y, r.width, layout.offset(len(cards)) + 4)  # a further card: only its top shows
            elif side in ("left", "right") and cards and cards[-1] != key[3]:
                r = pygame.Rect(r.x, r.y, layout.FAR_STEP + 4, r.height)  # the far front: only its strip
            out.append(r)
        elif key[0] == "pennant":
            flag = view["flags"][key[1] - 1]
            if ("pennant", key[1]) not in hidden:
                out.append(geo.pennant(key[1], shown.pennant_shift(flag)).inflate(16, 10))
        elif key[0] == "discard":
            out.append(layout.discard(shown.side_of(key[1])))
        elif key[0] == "drawn" and shown.side_of(seat) == "top":
            bkey = shown.backs_key(seat)
            count = view["hand_sizes"][seat]
            backs = [rects[(bkey, i)] for i in range(count) if (bkey, i) in rects] \
                if shown.three else layout.opponent_hand(count)
            tactics = min(len(backs), shown.opp_tactics())
            kind = backs[len(backs) - tactics:] if key[1] == "tactics" else backs[:len(backs) - tactics]
            out += [r for i, r in enumerate(kind[-key[2]:]) if (bkey, backs.index(r)) not in hidden]
    return out
