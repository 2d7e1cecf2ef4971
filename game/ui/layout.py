"""Where everything sits on the 1920x1080 board. Pure geometry: no drawing, no rules.

"bottom" is the seat whose hand is shown (the player at the screen); "top" is the opponent.
Flags run 1-9 left to right for both players.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.ui.card_art import SIZES

W, H = 1920, 1080
COL_X0, COL_W = 150, 180
TOP_STRIP = 100
TOP_AREA = (104, 414)  # opponent formations, stacked upward from the flag row
FLAG_ROW = (414, 548)  # label, pennant, label
BOTTOM_AREA = (548, 860)  # own formations, stacked downward
HAND_TOP = 836
OFFSET = 46  # visible strip of an overlapped card in a formation
MUD_OFFSET = 36  # the same in a Mud flag's four-card formation: the fourth ends above the hand (HAND_Y)
TABLE_W, TABLE_H = SIZES["table"]
HAND_W, HAND_H = SIZES["hand"]
HAND_Y = H - HAND_H - 4  # hand cards end on the screen: their name strip (taller in CJK) is never cut off
HAND_X = (360, 1570)
PROMPT_RECT = pygame.Rect(14, 822, 336, 246)  # under the bottom discard pile, left of the hand
BUTTON_X = 1584
PENNANT_H = 66
CLAIM_SHIFT = 34  # how far a claimed flag's standard moves toward its owner: it stays clear of the cards there


def column(n: int) -> pygame.Rect:
    return pygame.Rect(COL_X0 + (n - 1) * COL_W, TOP_AREA[0], COL_W, BOTTOM_AREA[1] - TOP_AREA[0])


def flag_center(n: int) -> tuple[int, int]:
    return COL_X0 + (n - 1) * COL_W + COL_W // 2, (FLAG_ROW[0] + FLAG_ROW[1]) // 2


def pennant(n: int, shift: int = 0) -> pygame.Rect:
    """The flag marker; `shift` moves it toward its owner (negative: up)."""
    cx, cy = flag_center(n)
    return pygame.Rect(cx - 44, cy - PENNANT_H // 2 + shift, 88, PENNANT_H)


def label_pos(n: int, side: str) -> tuple[int, int]:
    cx, _ = flag_center(n)
    return (cx, FLAG_ROW[0] + 18) if side == "top" else (cx, FLAG_ROW[1] - 18)


def offset(count: int) -> int:
    """The strip each overlapped card shows in a stack of `count`: a Mud flag's four close up (R31), so the
    fourth card stays clear of the hand below and the top strip above."""
    return OFFSET if count <= 3 else MUD_OFFSET


def slot(n: int, side: str, index: int, count: int = 0) -> pygame.Rect:
    """Card `index` of a formation of `count` cards (at least index + 1): the first sits next to the flag row,
    later ones further away."""
    cx, _ = flag_center(n)
    x = cx - TABLE_W // 2
    step = offset(max(count, index + 1))
    if side == "bottom":
        return pygame.Rect(x, BOTTOM_AREA[0] + 4 + index * step, TABLE_W, TABLE_H)
    return pygame.Rect(x, TOP_AREA[1] - 4 - TABLE_H - index * step, TABLE_W, TABLE_H)


def side_area(n: int, side: str) -> pygame.Rect:
    """A flag's half-column on one side, with its pennant: what you click to play a card there."""
    col = column(n)
    if side == "bottom":
        return pygame.Rect(col.x + 4, FLAG_ROW[0] + 30, COL_W - 8, BOTTOM_AREA[1] - FLAG_ROW[0] - 30)
    return pygame.Rect(col.x + 4, TOP_AREA[0], COL_W - 8, FLAG_ROW[1] - 30 - TOP_AREA[0])


def hand(count: int, raised: int | None = None) -> list[pygame.Rect]:
    """Hand cards centred along the bottom; they overlap when Scout makes the hand long."""
    if count == 0:
        return []
    width = HAND_X[1] - HAND_X[0]
    step = min(HAND_W + 12, (width - HAND_W) // max(1, count - 1)) if count > 1 else 0
    total = HAND_W + step * (count - 1)
    x0 = (HAND_X[0] + HAND_X[1]) // 2 - total // 2
    out = []
    for i in range(count):
        y = HAND_Y - (30 if raised == i else 0)
        out.append(pygame.Rect(x0 + i * step, y, HAND_W, HAND_H))
    return out


OPP_HAND_X = 440  # right of the opponent's name, leaving the caption its own place on the right
CAPTION_RECT = pygame.Rect(930, 6, 672, 90)  # the other side's last turn in words (or "thinking")
NAME_W = 290  # the widest a name may be drawn in the top strip


def opponent_hand(count: int) -> list[pygame.Rect]:
    """Card backs peeking from the top edge, as if held by the player across the table."""
    w, h = SIZES["small"]
    step = 48
    x0 = OPP_HAND_X
    return [pygame.Rect(x0 + i * step, TOP_STRIP - h + 2, w, h) for i in range(count)]


def deck(name: str) -> pygame.Rect:
    y = 150 if name == "tactics" else 470  # the troop deck sits high enough that five buttons clear its count
    return pygame.Rect(W - 150 + (150 - TABLE_W) // 2, y + 30, TABLE_W, TABLE_H)


def discard(side: str) -> pygame.Rect:
    y = 150 if side == "top" else 560
    return pygame.Rect((150 - TABLE_W) // 2, y + 30, TABLE_W, TABLE_H)


BUTTONS = ("pass", "done", "scout", "return", "log", "menu")


BUTTON_STEP, BUTTON_H = 58, 52  # four rows end below flag 9's deepest card (a Mud stack of four): issue 59


def button(index: int, col: int = 0, cols: int = 1) -> pygame.Rect:
    """Buttons stack up from the bottom right: context buttons above, Log and Menu below. Row `index`
    may hold `cols` buttons side by side (`col` counts from the left)."""
    width = W - BUTTON_X - 14
    gap = 8
    cell = (width - gap * (cols - 1)) // cols
    return pygame.Rect(BUTTON_X + col * (cell + gap), H - 10 - (index + 1) * BUTTON_STEP, cell, BUTTON_H)


BUTTON_ROWS = 4  # the stack's height: a fifth row would cover the name of flag 9's bottom card


def button_rects(names: list[str]) -> dict[str, pygame.Rect]:
    """Where each button of the stack goes (names bottom first, as BoardScene.buttons gives them).

    Menu has the bottom row; the context buttons (Pass, Done claiming, Play Scout, Put back) get whole
    rows at the top; the others (Game log, Take back, Hint) get a row each while the stack fits in
    BUTTON_ROWS, else two to a row (the last one left alone sharing a row with a context button), so
    the stack stays clear of the troop deck and its count."""
    context = [n for n in names if n in BUTTONS[:4]]
    others = [n for n in names if n not in context and n != "menu"]
    rows: list[list[str]] = [["menu"]] if "menu" in names else []
    if 1 + len(others) + len(context) <= BUTTON_ROWS:  # room for every button a whole row: words stay large
        rows += [[n] for n in others]
    else:
        rows += [others[i:i + 2] for i in range(0, len(others), 2)]
    if rows and len(rows[-1]) == 1 and rows[-1] != ["menu"] and context \
            and len(rows) + len(context) > BUTTON_ROWS:
        rows[-1].append(context.pop(0))
    rows += [[n] for n in context]
    return {name: button(i, j, len(row)) for i, row in enumerate(rows) for j, name in enumerate(row)}


# ---------------------------------------------------------------------- the board seen from one seat
class Duel:
    """The two-player board's geometry seen from `viewer`: every flag is one column, the viewer below.

    The three-player board (`Line3`) answers the same questions for its own places, so the board scene
    asks its geometry rather than this module (R47: whose flags are where depends on the seat)."""

    players = 2
    #: the caption of the other side's last turn (and "thinking", and a hint)
    caption = CAPTION_RECT

    def __init__(self, viewer: str = "south") -> None:
        self.viewer = viewer
        self.line: tuple[int, ...] = tuple(range(1, 10))
        self.far: tuple[int, ...] = ()

    def is_far(self, n: int) -> bool:
        """A flag of the front between the two opponents (three players only): watched, not played."""
        return n in self.far

    def side_for(self, seat: str, n: int | None = None) -> str:
        """Where `seat`'s cards at flag `n` lie: "bottom" (the viewer's), "top", or "left"/"right" on the far front."""
        return "bottom" if seat == self.viewer else "top"

    def card_size(self, n: int) -> str:
        return "table"

    def column(self, n: int) -> pygame.Rect:
        return column(n)

    def flag_center(self, n: int) -> tuple[int, int]:
        return flag_center(n)

    def pennant(self, n: int, shift: int = 0) -> pygame.Rect:
        return pennant(n, shift)

    def label_pos(self, n: int, side: str) -> tuple[int, int]:
        return label_pos(n, side)

    def slot(self, n: int, side: str, index: int, count: int = 0) -> pygame.Rect:
        return slot(n, side, index, count)

    def side_area(self, n: int, side: str) -> pygame.Rect:
        return side_area(n, side)


#: the three-player board: the viewer's six flags in two fronts of three columns, a gap between them in
#: which the far front (the two opponents' own, R47) lies, its flags in rows from the centre up. Its cards are
#: table cards, as large as the near fronts' (issue 46: small ones could not be read at 1280x720), overlapped
#: sideways so each shows a strip wide enough for a whole "10" at large text
COL3_W = 174
LINE3_X0 = 30
LINE3_GAP = 656
FAR_STEP = 74  # visible strip of an overlapped far card: the numeral, "10" included, at large text too
FAR_PENNANT = (58, 52)
FAR_SHIFT = 10  # how far a claimed far flag's pennant moves toward its owner: it stays clear of their cards
FAR_TAGS = 36  # the band at the top of the far front's box naming whose cards lie on which side
FAR_ROW_H = TABLE_H + 4
FAR_TOP = TOP_AREA[0] + FAR_TAGS
#: row centres, the centre flag (3, 4 or 7) lowest: the Y's upper arm
FAR_ROW_Y = tuple(FAR_TOP + FAR_ROW_H * k + FAR_ROW_H // 2 for k in (2, 1, 0))
FAR_BOX = pygame.Rect(LINE3_X0 + 3 * COL3_W, TOP_AREA[0], LINE3_GAP, FAR_TOP + 3 * FAR_ROW_H + 6 - TOP_AREA[0])
CAPTION3_RECT = pygame.Rect(FAR_BOX.x + 14, FAR_BOX.bottom + 8, LINE3_GAP - 28, HAND_TOP - 8 - FAR_BOX.bottom - 8)


class Line3(Duel):
    """The three-player board seen from `viewer` (R47): its line of six flags in a straight row, the left
    front against one opponent and the right front against the other; the far front small in between."""

    players = 3
    caption = CAPTION3_RECT

    def __init__(self, viewer: str, line: tuple[int, ...], fronts: tuple[tuple[str, str], ...]) -> None:
        super().__init__(viewer)
        self.line = line
        far = [n for n in range(1, 10) if n not in line]
        # centre first: 1, 2, 3 run from the outer end to the centre, 4-6 and 7-9 from the centre out
        self.far = tuple(reversed(far)) if 3 in far else tuple(far)
        self.fronts = fronts
        self.left = next(s for s in fronts[line[0] - 1] if s != viewer)
        self.right = next(s for s in fronts[line[-1] - 1] if s != viewer)

    def side_for(self, seat: str, n: int | None = None) -> str:
        if n is not None and self.is_far(n):
            return "left" if seat == self.left else "right"
        return "bottom" if seat == self.viewer else "top"

    def opponent_at(self, n: int) -> str:
        """Who faces the viewer at flag `n` of their line."""
        return next(s for s in self.fronts[n - 1] if s != self.viewer)

    def column(self, n: int) -> pygame.Rect:
        if self.is_far(n):
            cy = FAR_ROW_Y[self.far.index(n)]
            return pygame.Rect(FAR_BOX.x, cy - FAR_ROW_H // 2, LINE3_GAP, FAR_ROW_H)
        return near3_column(self.line.index(n))

    def flag_center(self, n: int) -> tuple[int, int]:
        col = self.column(n)
        if self.is_far(n):
            return col.center
        return col.centerx, (FLAG_ROW[0] + FLAG_ROW[1]) // 2

    def pennant(self, n: int, shift: int = 0) -> pygame.Rect:
        cx, cy = self.flag_center(n)
        if self.is_far(n):  # a far flag's pennant moves sideways, toward its owner's cards
            w, h = FAR_PENNANT
            return pygame.Rect(cx - w // 2 + shift, cy - h // 2, w, h)
        return pygame.Rect(cx - 44, cy - PENNANT_H // 2 + shift, 88, PENNANT_H)

    def label_pos(self, n: int, side: str) -> tuple[int, int]:
        cx, cy = self.flag_center(n)
        if self.is_far(n):
            return cx, cy + 44
        return (cx, FLAG_ROW[0] + 18) if side == "top" else (cx, FLAG_ROW[1] - 18)

    def slot(self, n: int, side: str, index: int, count: int = 0) -> pygame.Rect:
        """Card `index` at flag `n` (`count` is for a Mud stack, which three players never have)."""
        cx, cy = self.flag_center(n)
        if self.is_far(n):
            gap = FAR_PENNANT[0] // 2 + FAR_SHIFT + 1  # three cards a side stay inside the far front's box
            x = cx - gap - TABLE_W - index * FAR_STEP if side == "left" else cx + gap + index * FAR_STEP
            return pygame.Rect(x, cy - TABLE_H // 2, TABLE_W, TABLE_H)
        x = cx - TABLE_W // 2
        if side == "bottom":
            return pygame.Rect(x, BOTTOM_AREA[0] + 4 + index * OFFSET, TABLE_W, TABLE_H)
        return pygame.Rect(x, TOP_AREA[1] - 4 - TABLE_H - index * OFFSET, TABLE_W, TABLE_H)

    def side_area(self, n: int, side: str) -> pygame.Rect:
        col = self.column(n)
        if self.is_far(n):
            half = col.width // 2
            return pygame.Rect(col.x if side == "left" else col.centerx, col.y, half, col.height)
        if side == "bottom":
            return pygame.Rect(col.x + 4, FLAG_ROW[0] + 30, col.width - 8, BOTTOM_AREA[1] - FLAG_ROW[0] - 30)
        return pygame.Rect(col.x + 4, TOP_AREA[0], col.width - 8, FLAG_ROW[1] - 30 - TOP_AREA[0])


def near3_column(i: int) -> pygame.Rect:
    """The column of the `i`th flag (0-5) of the viewer's three-player line: three left of the far front's
    box, three right of it."""
    x = LINE3_X0 + i * COL3_W + (LINE3_GAP if i >= 3 else 0)
    return pygame.Rect(x, TOP_AREA[0], COL3_W, BOTTOM_AREA[1] - TOP_AREA[0])


def opponent_hand3(count: int, side: str) -> list[pygame.Rect]:
    """An opponent's card backs in the three-player top strip: the left one's after their name on the
    left, the right one's before their name on the right."""
    w, h = SIZES["small"]
    step = 34
    total = w + step * max(0, count - 1)
    x0 = OPP3_X if side == "left" else W - OPP3_X - total
    return [pygame.Rect(x0 + i * step, TOP_STRIP - h + 2, w, h) for i in range(count)]


OPP3_X = 420  # the three-player top strip: a name (up to NAME3_W) then the backs, on each side
NAME3_W = 380


def geometry(rules: Mapping[str, object], viewer: str) -> Duel:
    """The board's geometry for a position's rules seen from `viewer`."""
    if rules.get("players", 2) != 3:
        return Duel(viewer)
    from engine.rules import FRONTS3, LINES3

    return Line3(viewer, LINES3[viewer], FRONTS3)
