"""Choosing an action one pick at a time, driven only by the engine's legal actions.

Every legal action is spelled as a path of picks on screen targets: a hand card, then a flag; or
Redeploy, one of your cards, then a flag or your discard pile; or a deck. The flow keeps the picks
made so far and offers as candidates exactly the next picks of legal actions that start the same
way. So the UI never decides what is legal: it can only offer what the engine listed, and every
tactics card gets its guided flow for free (Scout's draws and returns, Redeploy, Deserter, Traitor).
"""

from __future__ import annotations

from typing import Any

from engine import OTHER
from engine.notation_types import Action

Target = tuple[Any, ...]


def picks_of(action: Action, seat: str) -> tuple[Target, ...]:
    """The on-screen path of one action."""
    kind = action["type"]
    if kind == "play":
        card = action["card"]
        if card == "scout":
            return (("hand", card), ("button", "scout"))
        if card == "redeploy":
            to = action["to_flag"]
            dest: Target = ("flag", to) if to is not None else ("discard", seat)
            return (("hand", card), ("card", action["from_flag"], seat, action["target"]), dest)
        if card == "deserter":
            return (("hand", card), ("card", action["from_flag"], OTHER[seat], action["target"]))
        if card == "traitor":
            return (("hand", card), ("card", action["from_flag"], OTHER[seat], action["target"]),
                    ("flag", action["to_flag"]))
        return (("hand", card), ("flag", action["flag"]))
    if kind in ("pass", "done"):
        return (("button", kind),)
    if kind == "claim":
        return (("flag", action["flag"]),)
    if kind in ("draw", "scout_draw"):
        return (("deck", action["deck"]),)
    if kind == "scout_return":
        return (*(("hand", c) for c in action["cards"]), ("button", "return"))
    raise ValueError(f"no picks for {kind}")


class Flow:
    """The picks made so far towards one of `actions`."""

    def __init__(self, actions: list[Action], seat: str) -> None:
        self.seat = seat
        self.paths = [(picks_of(a, seat), a) for a in actions]
        self.picked: list[Target] = []
        self._cands: set[Target] | None = None

    def reset(self, actions: list[Action], seat: str) -> None:
        self.__init__(actions, seat)  # type: ignore[misc]

    def _matching(self, more: tuple[Target, ...] = ()) -> list[tuple[tuple[Target, ...], Action]]:
        prefix = (*self.picked, *more)
        n = len(prefix)
        return [(p, a) for p, a in self.paths if p[:n] == prefix]

    def candidates(self) -> set[Target]:
        """Next picks (cached: asked many times a frame, changed only by pick and back)."""
        if self._cands is None:
            self._cands = self.candidates_after()
        return self._cands

    def candidates_after(self, more: tuple[Target, ...] = ()) -> set[Target]:
        """The next picks once `more` follow the picks made; nothing changes (the board's input asks
        what a drag would offer before it picks anything)."""
        n = len(self.picked) + len(more)
        return {p[n] for p, _ in self._matching(more) if len(p) > n}

    def completed_by(self, more: tuple[Target, ...]) -> Action | None:
        """The action that picking `more` after the picks made would complete (None: not yet); nothing changes."""
        n = len(self.picked) + len(more)
        return next((a for p, a in self._matching(more) if len(p) == n), None)

    def pick(self, target: Target) -> Action | None:
        """Take a pick: returns the action once the path is complete. Picking an earlier pick undoes to it."""
        self._cands = None
        if target in self.picked:
            del self.picked[self.picked.index(target):]
            return None
        if target not in self.candidates():
            raise ValueError(f"{target} is not a choice now")
        done = self.completed_by((target,))
        self.picked.append(target)
        self._cands = None
        return done

    def back(self) -> bool:
        if not self.picked:
            return False
        self._cands = None
        self.picked.pop()
        return True

    @property
    def card(self) -> str | None:
        """The hand card chosen first (for play flows)."""
        if self.picked and self.picked[0][0] == "hand":
            return str(self.picked[0][1])
        return None
