"""Reasons in words, always from the engine: why a card cannot be played, why a claim fails.

The board loads the position it shows (one seat's view) back into an engine `Game` and asks it;
the UI never works out a rule itself, it only relays the engine's verdicts and refusals.
"""

from __future__ import annotations

from typing import Any

from engine import Game, IllegalAction, NotationError, from_position
from engine.cards import TACTIC_NAMES, TROOP_INFO
from engine.claims import strength_of

from .words import FORMATION_NAMES

WHEN_CLAIM = {"standard": "after you play a card", "advanced": "at the start of your next turn",
              "end": "at the end of your turn, after you draw"}


class Referee:
    """One position loaded into the engine, asked questions about it."""

    def __init__(self, view: dict[str, Any], seat: str, names: dict[str, str] | None = None) -> None:
        self.view = view
        self.seat = seat
        self.game: Game = from_position(view)
        if names:
            self.game.players = dict(names)  # so the engine's proofs name the players

    def claimable(self, seat: str | None = None) -> list[int]:
        return self.game.claimable_flags(seat or self.seat)

    def judge(self, flag: int) -> tuple[bool, str]:
        verdict = self.game.judge_claim(flag, self.seat)
        return verdict.ok, verdict.reason

    def label(self, flag: int, seat: str) -> str | None:
        """'Wedge 18' for a complete side (or 'Sum 21' under Fog), else None."""
        f = self.game.flags[flag - 1]
        cards = f.sides[seat]
        if len(cards) < f.size:
            return None
        fog = f.fog is not None
        formation = strength_of(cards, fog)
        name = "Sum" if fog else FORMATION_NAMES.get(formation.name, formation.name.capitalize())
        return f"{name} {formation.total}"

    def refusal(self, action: dict[str, Any]) -> str | None:
        """The engine's reason for refusing `action` here, or None if it would be accepted."""
        probe = self.game.copy()
        try:
            probe.apply(action)
        except (IllegalAction, NotationError) as exc:
            return str(exc)
        return None

    def why_card_unplayable(self, card: str) -> str:
        """Why a hand card has no legal play now, in the engine's words where it has them."""
        game = self.game
        slot_flags = [i + 1 for i, f in enumerate(game.flags)
                      if f.claimed is None and len(f.sides[self.seat]) < f.size]
        if card in TROOP_INFO:
            return "You have no free slot at any open flag (R8)."
        open_flags = [i + 1 for i, f in enumerate(game.flags) if f.claimed is None] or [1]
        probe: dict[str, Any] = {"type": "play", "card": card, "flag": (slot_flags or open_flags)[0]}
        if card == "scout":
            probe = {"type": "play", "card": card}
        elif card in ("redeploy", "deserter", "traitor"):
            probe = {"type": "play", "card": card, "from_flag": open_flags[0], "target": "?", "to_flag": None}
        reason = self.refusal(probe)
        if reason and ("R24" in reason or "R27" in reason or "R43" in reason or "R26" in reason):
            return reason[0].upper() + reason[1:] + "."
        name = TACTIC_NAMES.get(card, card)
        return f"{name} has nothing it could act on now (R26)."

    def why_not_claim(self, flag: int, phase: str, timing: str, legal: list[dict[str, Any]]) -> tuple[bool, str]:
        """(may claim now, words). Words give the proof, or the counterexample that refutes it."""
        f = self.game.flags[flag - 1]
        if f.claimed is not None:
            return False, f"Flag {flag} is already taken."
        ok, reason = self.judge(flag)
        if not ok:
            return False, f"Flag {flag} cannot be claimed: {reason}."
        if {"type": "claim", "flag": flag} in legal:
            return True, reason
        return False, f"Flag {flag} is yours to claim {WHEN_CLAIM.get(timing, 'later')}: {reason}."
