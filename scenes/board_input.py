"""The board's input: an intent, read against the board as it stands, becomes a few small commands.

`commands(situation, intent)` decides what a key, a click or a drag means; `BoardScene.perform` then
carries each command out (picks, the table, sounds, toasts, scenes on top). Deciding reads only the
`Situation` (what is on screen where, the picks made, whose turn it is, the referee that knows the
rules of the position shown), so it touches no table and needs no App or window: a refused input
is a `Refuse` command, and nothing was tried on the table to find that out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from engine.notation_types import Action
from game.i18n import _
from game.play.explain import Referee
from game.play.flow import Flow, Target
from game.ui.input import DIRECTIONS, Intent, Kind

Pos = tuple[int, int]


@dataclass(frozen=True)
class Situation:
    """What the board's input is read against (BoardScene.situation); `flow` is only read."""

    targets: Mapping[Target, pygame.Rect]  # what can be chosen, where on the screen
    flow: Flow  # the picks made towards an action, and the next ones the engine allows
    focus: Target | None
    pressed: Target | None  # where the mouse button went down, until it comes up
    drag: tuple[str, Pos] | None  # a hand card being dragged, and where it is
    my_turn: bool
    phase: str
    geo: Any  # game.ui.layout's geometry: where each flag's side of the table lies
    ref: Referee  # the position shown, loaded into the engine: why a claim holds or not
    legal: list[Action]
    claim_timing: str
    provable: tuple[int, ...] = ()  # flags that could be claimed by proof now
    claimable: tuple[int, ...] = ()  # those offered to claim (none when a pass is all there is, R9)
    forced_pass: bool = False  # no card can be played: pass is the whole turn (R9)


# ---------------------------------------------------------------------------- commands
@dataclass(frozen=True)
class Focus:
    """Move the focus to `target`."""

    target: Target


@dataclass(frozen=True)
class Pick:
    """Take these picks in turn (a step towards an action; an earlier pick goes back to it)."""

    picks: tuple[Target, ...]


@dataclass(frozen=True)
class Act:
    """Take these picks, which complete `action`, and submit it to the table (a claim needs none)."""

    action: Action
    picks: tuple[Target, ...] = ()


@dataclass(frozen=True)
class StepBack:
    """Undo the last pick."""


@dataclass(frozen=True)
class Refuse:
    """Say no, with the refusal sound and a shake of `target`: `words`, else the board's own reason for
    `target` (BoardScene.refusal_for, which the tutorial words its way), or its prompt if `prompt`."""

    target: Target
    words: str | None = None
    prompt: bool = False


@dataclass(frozen=True)
class Tell:
    """A word of warning, no sound and no shake."""

    words: str


@dataclass(frozen=True)
class FinishFirst:
    """A claim asked while a move is half made: finish or cancel it first."""


@dataclass(frozen=True)
class Pause:
    """The pause menu."""


@dataclass(frozen=True)
class OpenLog:
    """The game's log."""


@dataclass(frozen=True)
class OpenRules:
    """The rules reference, at the page of what is under the focus."""


@dataclass(frozen=True)
class OpenInspect:
    """The discard piles, looked at."""


@dataclass(frozen=True)
class AskHint:
    """The coach's hint."""


@dataclass(frozen=True)
class TakeBack:
    """Take back one action, where the game allows it."""


@dataclass(frozen=True)
class Hover:
    """The mouse moved: it rests over `target`; a dragged card follows it to `pos`."""

    target: Target | None
    pos: Pos


@dataclass(frozen=True)
class Press:
    """The mouse button went down over `target`; `drag` is the hand card it lifts, if any."""

    target: Target | None
    drag: str | None
    pos: Pos


@dataclass(frozen=True)
class LetGo:
    """The mouse button came up: nothing is pressed or dragged any more."""


Command = (Focus | Pick | Act | StepBack | Refuse | Tell | FinishFirst | Pause | OpenLog | OpenRules | OpenInspect
           | AskHint | TakeBack | Hover | Press | LetGo)

BUTTONS: dict[str, Command] = {"log": OpenLog(), "menu": Pause(), "rules": OpenRules(), "hint": AskHint(),
                               "undo": TakeBack()}
SIMPLE: dict[Kind, Command] = {Kind.MENU: Pause(), Kind.LOG: OpenLog(), Kind.HINT: AskHint(), Kind.UNDO: TakeBack(),
                               Kind.HELP: OpenRules()}


# ---------------------------------------------------------------------------- intent -> commands
def commands(s: Situation, intent: Intent) -> list[Command]:
    """What `intent` asks of the board as `s` shows it, in the order the board performs it."""
    k = intent.kind
    if k in DIRECTIONS:
        focus = next_focus(s, k)
        return [Focus(focus)] if focus is not None else []
    if k in SIMPLE:
        return [SIMPLE[k]]
    if k is Kind.CONFIRM:
        return activation(s, s.focus) if s.focus is not None else []
    if k is Kind.BACK:
        return [StepBack()] if s.flow.picked else [Pause()]
    if k is Kind.FLAG:
        target: Target = ("flag", intent.value)
        return [Focus(target), *(activation(s, target) if target in s.flow.candidates() else [])]
    if k is Kind.CLAIM:
        flag: int | None = None
        if s.focus and s.focus[0] == "flag":
            flag = int(s.focus[1])
        elif s.claimable:
            flag = s.claimable[0]
        return claim(s, flag) if flag is not None else [Tell(_("Choose a flag first, then claim it."))]
    if k in (Kind.DRAW, Kind.DRAW_TACTICS):
        deck: Target = ("deck", "troops" if k is Kind.DRAW else "tactics")
        if deck in s.flow.candidates():
            return activation(s, deck)
        if s.my_turn:
            return [Refuse(deck, _("You draw at the end of your turn."))]
        return [Refuse(deck, prompt=True)]
    if k is Kind.POINT:
        return [Hover(target_at(s, intent.pos), intent.pos)]
    if k is Kind.PRESS:
        pressed = target_at(s, intent.pos)
        lifts = pressed is not None and pressed[0] == "hand" and pressed in s.flow.candidates() and s.phase == "play"
        return [Press(pressed, str(pressed[1]) if lifts and pressed is not None else None, intent.pos)]
    if k is Kind.RELEASE:
        return release(s, intent.pos)
    return []


def activation(s: Situation, target: Target, before: tuple[Target, ...] = ()) -> list[Command]:
    """CONFIRM on `target` (after the picks `before`, not taken yet): pick it if the engine allows, open
    what a button or the discards open, claim an empty flag, else refuse it."""
    if not before and target in s.flow.picked:
        return [Pick((target,))]
    picks = (*before, target)
    if target in s.flow.candidates_after(before):
        action = s.flow.completed_by(picks)
        return [Act(action, picks)] if action is not None else [Pick(picks)]
    kind = target[0]
    if kind == "button":
        command = BUTTONS.get(str(target[1]))
        return [command] if command is not None else []
    if kind == "discard":
        return [OpenInspect()]
    if kind == "flag" and s.flow.card is None:
        return claim(s, int(target[1]))
    return [Refuse(target)]


def claim(s: Situation, flag: int) -> list[Command]:
    """A claim of `flag`: submitted if the engine's proof holds and nothing is half picked; else why not."""
    if not s.my_turn:
        return [Refuse(("flag", flag))]
    ok, words = s.ref.why_not_claim(flag, s.phase, s.claim_timing, s.legal)
    if not ok and s.forced_pass and flag in s.provable:
        words = _("Flag {flag} cannot be claimed now: no card can be played, and a pass ends the turn. It stays "
                  "provable until you can play a card, or until both players pass.", flag=flag)
    if ok and not s.flow.picked:
        return [Act({"type": "claim", "flag": flag})]
    if ok:
        return [FinishFirst()]
    return [Refuse(("flag", flag), words)]


def release(s: Situation, pos: Pos) -> list[Command]:
    """The mouse button came up: a click where it went down, or a dragged card dropped."""
    hit = target_at(s, pos)
    out: list[Command] = [LetGo()]
    if s.drag is not None and hit != s.pressed and hit is not None:
        card: Target = ("hand", s.drag[0])
        before: tuple[Target, ...] = (card,) if card in s.flow.candidates() else ()
        if before:
            hit = drop_target(s, pos, before) or hit
        if hit in s.flow.candidates_after(before):
            return [*out, Focus(hit), *activation(s, hit, before)]
        # a drop where the card cannot go: the card goes back (without the drag, the last pick does)
        return [*out, *([] if before else [StepBack()]), Refuse(hit)]
    if hit is not None and hit == s.pressed:
        return [*out, Focus(hit), *activation(s, hit)]
    return out


# ---------------------------------------------------------------------------- where things are
def target_at(s: Situation, pos: Pos, before: tuple[Target, ...] = ()) -> Target | None:
    """What is under the mouse (after the picks `before`), choices first (a card on a flag you may pick
    beats the flag)."""
    hits = [t for t, r in s.targets.items() if r.collidepoint(pos)]
    if not hits:
        return None
    cands = s.flow.candidates_after(before) | set(s.flow.picked) | set(before)
    for group in (cands, {t for t in hits if t[0] in ("button", "hand", "card", "deck", "discard")}):
        chosen = [t for t in hits if t in group]
        if chosen:
            return chosen[-1]
    return hits[-1]


def drop_target(s: Situation, pos: Pos, before: tuple[Target, ...]) -> Target | None:
    """Where a dragged card lands once picked (`before`): a choice under the pointer, else the flag whose
    side of the table (your cards there included) the pointer is on."""
    hit = target_at(s, pos, before)
    cands = s.flow.candidates_after(before)
    if hit in cands:
        return hit
    for n in range(1, 10):
        if ("flag", n) in cands and s.geo.side_area(n, "bottom").collidepoint(pos):
            return ("flag", n)
    return hit


def navigable(s: Situation) -> list[Target]:
    """What the focus may rest on: while a move is half made, its choices, its picks and the buttons."""
    cands = s.flow.candidates()
    if s.flow.picked:
        keep = cands | set(s.flow.picked) | {t for t in s.targets if t[0] == "button"}
        return [t for t in s.targets if t in keep]
    return [t for t in s.targets if t[0] != "card" or t in cands]


def ordered_candidates(s: Situation) -> list[Target]:
    """Choices of the current step in reading order: left/right steps through exactly these."""
    cands = s.flow.candidates() | set(s.flow.picked)
    found = [t for t in s.targets if t in cands and t[0] != "button"]
    return sorted(found, key=lambda t: (s.targets[t].centerx // 24, s.targets[t].centery))


def next_focus(s: Situation, kind: Kind) -> Target | None:
    """Where a direction moves the focus (None: it stays): around the choices while a move is half
    made, else to the nearest target that way, wrapping along the row."""
    options = navigable(s)
    if not options:
        return None
    if s.focus is None or s.focus not in s.targets:
        return options[0]
    ring = ordered_candidates(s)
    if s.flow.picked and kind in (Kind.LEFT, Kind.RIGHT) and s.focus in ring and len(ring) > 1:
        step = 1 if kind is Kind.RIGHT else -1
        return ring[(ring.index(s.focus) + step) % len(ring)]
    here = s.targets[s.focus].center
    dx, dy = {Kind.LEFT: (-1, 0), Kind.RIGHT: (1, 0), Kind.UP: (0, -1), Kind.DOWN: (0, 1)}[kind]
    best, best_score = None, float("inf")
    for t in options:
        if t == s.focus:
            continue
        cx, cy = s.targets[t].center
        ox, oy = cx - here[0], cy - here[1]
        along = ox * dx + oy * dy
        across = abs(ox * dy) + abs(oy * dx)
        if along <= 0 or across > along * 2.5 + 60:
            continue
        score = along + across * 2
        if score < best_score:
            best, best_score = t, score
    if best is None:  # wrap around among the options on this line
        same_line = [t for t in options if t != s.focus]
        if dx and same_line:
            row = sorted(same_line, key=lambda t: (abs(s.targets[t].centery - here[1]) > 80,
                                                   s.targets[t].centerx * -dx))
            best = row[0] if abs(s.targets[row[0]].centery - here[1]) <= 80 else None
    return best
