"""Reasons in words, always from the engine: why a card cannot be played, why a claim fails.

The board loads the position it shows (one seat's view) back into an engine `Game` and asks it;
the UI never works out a rule itself, it only relays the engine's verdicts and refusals.
"""

from __future__ import annotations

from engine import Game, IllegalAction, NotationError, from_position
from engine.cards import LEADERS, TROOP_INFO, fills_slot
from engine.claims import Judgement, strength_of
from engine.notation_types import Action, View
from game.i18n import N_, _, ngettext
from game.i18n.refusals import refusal_words
from game.play.words import card_short, formation_words, tie_words

WHEN_CLAIM = {"standard": N_("Flag {flag} is yours to claim after you play a card: {proof}."),
              "advanced": N_("Flag {flag} is yours to claim at the start of your next turn: {proof}."),
              "end": N_("Flag {flag} is yours to claim at the end of your turn, after you draw: {proof}.")}


class Referee:
    """One position loaded into the engine, asked questions about it."""

    def __init__(self, view: View, seat: str, names: dict[str, str] | None = None) -> None:
        self.view = view
        self.seat = seat
        self.game: Game = from_position(view)
        if names:
            self.game.players = dict(names)  # so the engine's proofs name the players

    def claimable(self, seat: str | None = None) -> list[int]:
        return self.game.claimable_flags(seat or self.seat)

    def judge(self, flag: int) -> tuple[bool, str]:
        """The verdict and its proof or counterexample, in the player's language (R23)."""
        verdict = self.game.judge_claim(flag, self.seat)
        return verdict.ok, self.verdict_words(flag, verdict)

    def verdict_words(self, flag: int, v: Judgement) -> str:
        """The engine's verdict said again from its parts, so it reads in any language."""
        f = self.game.flags[flag - 1]
        other = next((s for s in f.sides if s != self.seat), "north")  # who the seat faces here (R47)
        them = self.game.players.get(other, other)
        if v.mine is None:
            if f.claimed is not None:
                return _("the flag is already held")
            return ngettext("your side needs {n} card to claim", "your side needs {n} cards to claim", f.size)
        fog = f.fog is not None
        mine = formation_words("sum" if fog else v.mine.name, v.mine.total)
        if v.theirs is None:
            return _("{them}'s side can no longer be completed from unseen troops", them=them)
        theirs = formation_words("sum" if fog else v.theirs.name, v.theirs.total)
        tie = v.mine.strength == v.theirs.strength
        if v.ok:
            if not v.theirs_complete:
                return _("your {mine} beats the best {them} can still make: {theirs}", mine=mine, them=them,
                         theirs=theirs)
            if tie:
                return tie_words(mine, theirs, self.game.players.get(self.seat, self.seat))
            return _("your {mine} beats {them}'s {theirs}", mine=mine, them=them, theirs=theirs)
        if not v.theirs_complete:
            added = ", ".join(card_short(c) for c in v.theirs.added)
            return _("{them} could still make {theirs} with {cards}, beating your {mine}", them=them, theirs=theirs,
                     cards=added, mine=mine)
        if tie:
            return tie_words(mine, theirs, them)
        return _("{them}'s {theirs} beats your {mine}", them=them, theirs=theirs, mine=mine)

    def uses_own_hand(self, flag: int) -> bool:
        """Does the counterexample to claiming `flag` complete the opponent's side with a card in this
        player's hand? Unseen means not face up (R21), so it may, and the player deserves to know why."""
        verdict = self.game.judge_claim(flag, self.seat)
        hand = self.game.hands[self.seat] or []
        return bool(verdict.theirs and not verdict.ok and not verdict.theirs_complete
                    and set(verdict.theirs.added) & set(hand))

    def label(self, flag: int, seat: str) -> str | None:
        """'Wedge 18' for a complete side (or 'Sum 21' under Fog), else None."""
        f = self.game.flags[flag - 1]
        cards = f.sides[seat]
        if len(cards) < f.size:
            return None
        fog = f.fog is not None
        formation = strength_of(cards, fog)
        return formation_words("sum" if fog else formation.name, formation.total)

    def refusal(self, action: Action) -> str | None:
        """The engine's reason for refusing `action` here, or None if it would be accepted."""
        probe = self.game.copy()
        try:
            probe.apply(action)
        except IllegalAction as exc:
            return said(exc)
        except NotationError as exc:
            return str(exc)
        return None

    def why_card_unplayable(self, card: str) -> str:
        """Why a hand card has no legal play now: the first reason that applies, in the rules' order
        (tactics in this game, the tactics limit, one Leader, then what the card needs), each one the
        engine's own answer."""
        game = self.game
        if card in TROOP_INFO:
            return _("You have no free slot at any open flag.")
        if not game.rules.tactics:
            return _sentence(refusal_words("no_tactics"))
        if not game.may_play_tactic(self.seat):
            return _sentence(refusal_words("tactics_ahead"))
        if card in LEADERS and game.leader_played[self.seat]:
            return _sentence(refusal_words("leader_played"))
        if card == "scout":
            reason = self.refusal({"type": "play", "card": card})
            if reason:
                return _sentence(reason)
        slot_flags = [i + 1 for i, f in enumerate(game.flags)
                      if f.claimed is None and len(f.sides[self.seat]) < f.size]
        if fills_slot(card) and not slot_flags:
            return _("You have no free slot at any open flag.")
        return _("{card} has nothing it could act on now.", card=card_short(card))

    def why_not_claim(self, flag: int, phase: str, timing: str, legal: list[Action]) -> tuple[bool, str]:
        """(may claim now, words). Words give the proof, or the counterexample that refutes it."""
        f = self.game.flags[flag - 1]
        if f.claimed is not None:
            return False, _("Flag {flag} is already taken.", flag=flag)
        ok, reason = self.judge(flag)
        if not ok:
            words = _("Flag {flag} cannot be claimed: {proof}.", flag=flag, proof=reason)
            if self.uses_own_hand(flag):
                words += " " + _("Cards in your hand still count as unseen: your opponent cannot know you hold them.")
            return False, words
        if {"type": "claim", "flag": flag} in legal:
            return True, reason
        return False, _(WHEN_CLAIM.get(timing, WHEN_CLAIM["standard"]), flag=flag, proof=reason)


def said(exc: IllegalAction) -> str:
    """An engine refusal in the player's language, from its code and fields (cards by their names)."""
    return refusal_words(exc.code, exc.fields, str(exc), card_short)


def _sentence(reason: str) -> str:
    """A refusal clause as a sentence: capital first, full stop last."""
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
