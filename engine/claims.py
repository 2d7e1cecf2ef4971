"""Claims proved from open information only (R19-R23).

A claim compares the claimant's complete formation with the strongest thing the opponent's side
can still become from unseen troops (R21). The opponent's best completion is cached per side with
the unseen set it was found in: while the unseen troops are a subset of that set, nothing stronger
can have appeared, so a cached best whose added troops are all still unseen is still the best. The
subset test matters because copies of a game share the cache (Game.copy): a copy that has seen
fewer troops than the game that filled the cache must not reuse its answer.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import TROOP_BIT, card_name
from .formations import Formation, best_formation, evaluate
from .notation_types import Proof
from .rulebook import holds
from .table import FlagState


class Judgement(NamedTuple):
    """The verdict on one seat's claim of one flag, with what proves or refutes it (R23)."""

    ok: bool
    reason: str
    mine: Formation | None
    theirs: Formation | None
    theirs_complete: bool
    theirs_cards: tuple[str, ...]


_Key = tuple[tuple[str, ...], int, bool]
#: side -> (best completion, troops it adds as a mask, the unseen mask it was searched in)
BestCache = dict[_Key, tuple[Formation | None, int, int]]
_STRENGTH_CACHE: dict[tuple[tuple[str, ...], bool], Formation] = {}


def strength_of(cards: list[str], fog: bool) -> Formation:
    """Strength of a complete side, memoised: the same formations recur across a game and a search."""
    key = (tuple(sorted(cards)), fog)
    found = _STRENGTH_CACHE.get(key)
    if found is None:
        if len(_STRENGTH_CACHE) > 200_000:
            _STRENGTH_CACHE.clear()
        found = _STRENGTH_CACHE[key] = evaluate(cards, fog)
    return found


def best_completion(cards: list[str], size: int, fog: bool, unseen: int, cache: BestCache) -> Formation | None:
    """The opponent's strongest completion from unseen troops (None: it cannot be completed)."""
    key = (tuple(sorted(cards)), size, fog)
    hit = cache.get(key)
    if hit is not None:
        formation, needed, searched = hit
        if unseen & ~searched == 0 and needed & unseen == needed:
            return formation
    formation = best_formation(cards, size, fog, unseen)
    needed = 0
    if formation is not None:
        for card in formation.added:
            needed |= TROOP_BIT[card]
    if len(cache) > 50_000:
        cache.clear()
    cache[key] = (formation, needed, unseen)
    return formation


def describe(formation: Formation, fog: bool) -> str:
    label = "sum" if fog else formation.name.capitalize()
    return f"{label} {formation.total}"


def judge(flag: FlagState, seat: str, unseen: int, cache: BestCache, names: dict[str, str] | None = None) -> Judgement:
    """Can `seat` claim this flag now (R20)? Never looks at hands or decks: only `unseen` (R21, R49)."""
    if seat not in flag.sides:
        a, b = flag.pair
        return Judgement(False, f"this flag is fought over by {a} and {b}, not by you (R48)", None, None, False, ())
    other = flag.other(seat)
    who = (names or {}).get(other, other)
    if flag.claimed is not None:
        return Judgement(False, f"the flag is already held by {flag.claimed} (R19)", None, None, False, ())
    fog = flag.fog is not None
    mine_cards = flag.sides[seat]
    theirs_cards = flag.sides[other]
    size = flag.size
    if len(mine_cards) < size:
        return Judgement(False, f"your side needs {size} cards to claim (R20)", None, None, False, ())
    mine = strength_of(mine_cards, fog)
    if len(theirs_cards) >= size:
        theirs = strength_of(theirs_cards, fog)
        shown = tuple(theirs_cards)
        ok = holds(mine.strength, theirs.strength, True, flag.first_complete == seat)
        if mine.strength != theirs.strength:
            if ok:
                return Judgement(True, f"your {describe(mine, fog)} beats {who}'s {describe(theirs, fog)}",
                                 mine, theirs, True, shown)
            return Judgement(False, f"{who}'s {describe(theirs, fog)} beats your {describe(mine, fog)}",
                             mine, theirs, True, shown)
        if ok:
            return Judgement(True, f"your {describe(mine, fog)} ties {who}'s and you completed first (R18)",
                             mine, theirs, True, shown)
        return Judgement(False, f"{who}'s {describe(theirs, fog)} ties yours and {who} completed first (R18)",
                         mine, theirs, True, shown)
    best = best_completion(theirs_cards, size, fog, unseen, cache)
    if best is None:
        return Judgement(holds(mine.strength, -1, False, False),
                         f"{who}'s side can no longer be completed from unseen troops", mine, None, False, ())
    shown = (*theirs_cards, *best.added)
    if not holds(mine.strength, best.strength, False, False):
        added = ", ".join(card_name(c) for c in best.added)
        return Judgement(False, f"{who} could still make {describe(best, fog)} with {added}, beating your "
                         f"{describe(mine, fog)}", mine, best, False, shown)
    return Judgement(True, f"your {describe(mine, fog)} beats the best {who} can still make: "
                     f"{describe(best, fog)}", mine, best, False, shown)


def proof_of(verdict: Judgement) -> Proof:
    """A claim's proof as plain data, for events, logs and the screen (R23)."""
    mine, theirs = verdict.mine, verdict.theirs
    return {
        "text": verdict.reason,
        "formation": mine.name if mine else None,
        "sum": mine.total if mine else None,
        "opponent": None if theirs is None else {
            "complete": verdict.theirs_complete, "formation": theirs.name, "sum": theirs.total,
            "cards": list(verdict.theirs_cards),
        },
    }
