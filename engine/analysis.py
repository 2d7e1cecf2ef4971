"""Claim analysis of every flag (NOTATION.md "Analysis output", R20-R23)."""

from __future__ import annotations

from typing import Any

from .claims import best_completion, strength_of
from .game import Game


def _side(game: Game, index: int, seat: str) -> dict[str, Any]:
    flag = game.flags[index]
    fog = flag.fog is not None
    cards = flag.sides[seat]
    if len(cards) >= flag.size:
        formation = strength_of(cards, fog)
        return {"complete": True, "formation": formation.name, "sum": formation.total}
    best = best_completion(cards, flag.size, fog, game.unseen(), game.best_cache)
    if best is None:
        return {"complete": False, "best": None}
    return {"complete": False,
            "best": {"formation": best.name, "sum": best.total, "cards": [*cards, *best.added]}}


def analyze(game: Game) -> list[dict[str, Any]]:
    """For each flag: who could claim it now, each side's formation or best completion, and why not."""
    out = []
    for i, flag in enumerate(game.flags):
        entry: dict[str, Any] = {"flag": i + 1, "claimable_by": None}
        if flag.claimed is not None:
            entry["claimable_by"] = "claimed"
            entry["claimed"] = flag.claimed
        for seat in flag.pair:  # the flag's two seats (R47): north and south, or its front's pair
            entry[seat] = _side(game, i, seat)
        entry["counterexample"] = None
        if flag.claimed is None:
            for seat in flag.pair:
                if not flag.complete(seat):
                    continue
                verdict = game.judge_claim(i + 1, seat)
                if verdict.ok:
                    entry["claimable_by"] = seat
                else:
                    entry["counterexample"] = list(verdict.theirs_cards)
            entry["proof"] = None
            if entry["claimable_by"] in flag.pair:
                entry["proof"] = game.judge_claim(i + 1, entry["claimable_by"]).reason
        out.append(entry)
    return out
