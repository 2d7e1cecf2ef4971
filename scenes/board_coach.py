"""The coach on the board (game.play.coach): Hint against bots (I, R3, a button), hints counted, the win-estimate bar.

Only a game against a bot on this device has a coach: a hint in a game between two people would
be a third player at the table. The coach sees the player's own view, like the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from engine.notation_types import View
from game.i18n import _
from game.play.coach import Advice, Coach, advice_line
from game.play.flow import Target
from game.ui import art

from .board_shown import Shown

if TYPE_CHECKING:
    from game.play.session import Session
    from game.play.table import Table

    from .board_roles import Coaching, Hinting

def hint_title() -> str:
    """The hint toast's title; one hint toast replaces the previous one."""
    return _("Hint")


def make_coach(table: Table, hotseat: bool, session: Session | None) -> Coach | None:
    """A coach for a game against a bot on this device (`table`, not shared by `hotseat` players), else None."""
    local = table.local
    if hotseat or local is None or not local.bots:
        return None
    in_process = bool(session is not None and session.in_process_bots)
    return Coach(seed=len(local.game.actions) + 17, in_process=in_process)


def moves(table: Table) -> int:
    """How many actions the game on this device has seen: what an answer of the coach is for."""
    local = table.local
    return len(local.game.actions) if local is not None else 0


def ask_hint(board: Coaching) -> None:
    """The Hint command: the move hard would play here, shown when it has thought."""
    coach = board.coach
    if coach is None:
        board.say([_("Hints are given in games against a bot.")], bad=True)
        return
    if not board.my_turn:
        board.say([_("Hints are for your own turn.")], bad=True)
        return
    advice = board.model.advice
    if advice is not None and advice.actions == moves(board.table):
        show(board, advice._replace(hint=True))
        return
    coach.ask(board.table.view(board.model.viewer), moves(board.table), hint=True)
    board.say([_("The coach is thinking\u2026")], title=hint_title())


def show(board: Hinting, advice: Advice) -> None:
    """The hint stays (in the top strip, its card and flag ringed on the board) until the player acts."""
    board.model.hints_used += 1
    board.model.hint = advice
    board.toasts = [t for t in board.toasts if t.title != hint_title()]  # "thinking…" is answered
    board.app.dirty = True


def active_hint(hint: Advice | None, my_turn: bool, table: Table) -> Advice | None:
    """The hint on show: the one asked for (`hint`), if for this very position and the player has not acted since."""
    if hint is None or not my_turn or hint.actions != moves(table):
        return None
    return hint


def hint_words(hint: Advice | None, view: View, viewer: str) -> str:
    """'Hint: Hard would play red 5 at flag 3: …', the line the top strip shows for the active hint."""
    if hint is None:
        return ""
    return _("Hint: {line}", line=advice_line(hint, view, viewer))


def hint_rects(hint: Advice | None, shown: Shown, targets: Mapping[Target, pygame.Rect],
               rects: Mapping[Any, pygame.Rect]) -> list[pygame.Rect]:
    """Where the active hint's move is on the board laid out at `targets` and `rects`: its card in the hand, the
    flag (or card) it goes to, a deck or button."""
    if hint is None:
        return []
    action, me, view, geo = hint.action, shown.viewer, shown.view, shown.geo
    out: list[pygame.Rect | None] = []
    kind = action["type"]
    if kind == "play":
        card = str(action["card"])
        out.append(targets.get(("hand", card)))
        target = action.get("target")
        if target is not None and action.get("from_flag"):
            seat = me if card == "redeploy" else ("north" if me == "south" else "south")
            out.append(rects.get(("slot", action["from_flag"], seat, target)))
        to = action.get("flag") or action.get("to_flag")
        if to:
            flag = view["flags"][int(to) - 1]
            if card in ("fog", "mud"):
                out.append(geo.pennant(int(to), shown.pennant_shift(flag)))
            else:
                out.append(geo.slot(int(to), "bottom", len(flag[me])))
    elif kind == "claim":
        flag = view["flags"][int(action["flag"]) - 1]
        out.append(geo.pennant(int(action["flag"]), shown.pennant_shift(flag)))
    elif kind == "draw":
        out.append(targets.get(("deck", str(action.get("deck", "troops")))))
    else:
        out.append(targets.get(("button", {"pass": "pass", "done": "done"}.get(kind, kind))))
    return [r for r in out if r is not None]


def draw_hint(surface: pygame.Surface, rings: list[pygame.Rect]) -> None:
    """Green rings on the hinted card and where it goes (`hint_rects`): they stay until the player acts."""
    for r in rings:
        pygame.draw.rect(surface, art.GOOD, r.inflate(18, 18), 5, border_radius=16)


def tick(board: Coaching) -> None:
    """Collect the coach's answers; ask for the bar's estimate at each of the player's turns."""
    coach = board.coach
    if coach is None:
        return
    advice = coach.poll()
    if advice is not None and advice.actions == moves(board.table):
        board.model.advice = advice
        board.app.dirty = True  # the bar (or the hint) is drawn now, not at the next input
        if advice.win_chance is not None:
            board.model.win_estimate = advice.win_chance
        if advice.hint:
            show(board, advice)
    if board.app.settings.win_bar and board.my_turn and board.table.phase == "play" and not coach.thinking \
            and (board.model.advice is None or board.model.advice.actions != moves(board.table)):
        coach.ask(board.table.view(board.model.viewer), moves(board.table), hint=False)


def close(coach: Coach | None) -> None:
    """The board is gone: the coach's process (if any) goes with it."""
    if coach is not None:
        coach.close()
