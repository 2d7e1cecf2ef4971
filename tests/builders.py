"""Compact builders of complete game states (NOTATION.md "Position") for rule tests.

A test names only what matters to it (a few sides, hands, Fog or Mud); every card it does not
place goes to the decks (or to a discard pile when a test needs empty decks), so each position
accounts for all 70 cards (60 without tactics) and loads through the engine's real reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from engine import Game, from_position
from engine.cards import TACTICS, TROOP_BIT, TROOPS
from engine.notation_types import Action, Record, View

Cards = str | Iterable[str]


def cards(spec: Cards) -> list[str]:
    """"r5 r6 alexander" -> ["r5", "r6", "alexander"]; lists pass through unchanged."""
    if isinstance(spec, str):
        return spec.split()
    return list(spec)


def position(
    *,
    flags: Mapping[int, tuple[Cards, Cards]] | None = None,
    north: Cards = "",
    south: Cards = "",
    to_move: str = "south",
    tactics: bool = True,
    timing: str = "standard",
    fog: Mapping[int, str] | None = None,
    mud: Mapping[int, str] | None = None,
    claimed: Mapping[int, str] | None = None,
    first_complete: Mapping[int, str] | None = None,
    north_discard: Cards = "",
    south_discard: Cards = "",
    troops_top: Cards = "",
    tactics_top: Cards = "",
    leftovers: str = "decks",
    phase: str = "play",
    scout_drawn: int = 0,
    passes: int = 0,
) -> dict[str, Any]:
    """A complete game state. `flags` maps flag number -> (north side, south side).

    `troops_top`/`tactics_top` are the top of each deck, the last listed on top (NOTATION.md).
    Every other card goes under them in a fixed order, or with `leftovers="north_discard"` (or
    "south_discard") onto that pile so that both decks end up holding only the named top cards.
    Hand sizes and every deck follow from the lists, so the totals always come out right.
    """
    table: list[dict[str, Any]] = [
        {"north": [], "south": [], "fog": None, "mud": None, "first_complete": None, "claimed": None}
        for _ in range(9)
    ]
    for n, (north_side, south_side) in (flags or {}).items():
        table[n - 1]["north"] = cards(north_side)
        table[n - 1]["south"] = cards(south_side)
    marks = (("fog", fog), ("mud", mud), ("claimed", claimed), ("first_complete", first_complete))
    for key, mapping in marks:
        for n, seat in (mapping or {}).items():
            table[n - 1][key] = seat
    hands = {"north": cards(north), "south": cards(south)}
    discards = {"north": cards(north_discard), "south": cards(south_discard)}
    top = {"troops": cards(troops_top), "tactics": cards(tactics_top)}
    used = [c for f in table for s in ("north", "south") for c in f[s]]
    used += [t for f in table for t in ("fog", "mud") if f[t] is not None]
    used += hands["north"] + hands["south"] + discards["north"] + discards["south"]
    used += top["troops"] + top["tactics"]
    if len(used) != len(set(used)):
        dupes = sorted({c for c in used if used.count(c) > 1})
        raise ValueError(f"builder: cards placed twice: {dupes}")
    every = list(TROOPS) + (list(TACTICS) if tactics else [])
    rest = [c for c in every if c not in set(used)]
    if leftovers == "decks":
        troop_deck = [c for c in rest if c in TROOP_BIT] + top["troops"]
        tactic_deck = [c for c in rest if c not in TROOP_BIT] + top["tactics"]
    else:
        seat = leftovers.removesuffix("_discard")
        discards[seat] = discards[seat] + rest
        troop_deck, tactic_deck = top["troops"], top["tactics"]
    return {
        "format": "battleline-position/1",
        "rules": {"tactics": tactics, "claim_timing": timing},
        "to_move": to_move,
        "flags": table,
        "discards": discards,
        "hands": hands,
        "hand_sizes": {"north": len(hands["north"]), "south": len(hands["south"])},
        "decks": {"troops": troop_deck, "tactics": tactic_deck},
        "phase": phase,
        "scout_drawn": scout_drawn,
        "passes": passes,
    }


def game(**kwargs: Any) -> Game:
    """`position(...)` loaded by the engine: a Game ready for legal_actions() and apply()."""
    return from_position(position(**kwargs))


def play(card: str, flag: int) -> Action:
    return {"type": "play", "card": card, "flag": flag}


def claim(flag: int) -> Action:
    return {"type": "claim", "flag": flag}


DONE: Action = {"type": "done"}
PASS: Action = {"type": "pass"}


def draw(deck: str = "troops") -> Action:
    return {"type": "draw", "deck": deck}


def record_under_old_r9(seed: int = 2) -> Record:
    """A game record made under the old R9, where a pass still led into the passer's claim step.

    Today a pass ends the turn at once, so this record no longer replays: it stops at the claim.
    """
    from engine import Rules, to_record
    from game.play.positions import advance

    def passing_with_a_claim(g: Game) -> bool:
        return g.phase == "play" and g.legal_actions() == [PASS] and bool(g.claimable_flags(g.to_move))

    for s in range(seed, seed + 40):
        g = advance(s, passing_with_a_claim, limit=600, rules=Rules(tactics=False))
        if g is not None:
            record = to_record(g)
            record["actions"] += [PASS, claim(g.claimable_flags(g.to_move)[0])]
            return record
    raise LookupError("no seeded game passes with a flag to claim")


# ---------------------------------------------------------------------- three players (R46-R53)
FRONT_OF: dict[int, tuple[str, str]] = {n: (("west", "south") if n <= 3 else ("south", "east") if n <= 6
                                            else ("east", "west")) for n in range(1, 10)}


def position3(
    *,
    flags: Mapping[int, Mapping[str, Cards]] | None = None,
    hands: Mapping[str, Cards] | None = None,
    to_move: str = "south",
    timing: str = "standard",
    claimed: Mapping[int, str] | None = None,
    first_complete: Mapping[int, str] | None = None,
    troops_top: Cards = "",
    leftovers: str = "deck",
    phase: str = "play",
    passes: int = 0,
) -> dict[str, Any]:
    """A complete three-player game state. `flags` maps flag number -> {seat: side} for the two seats
    of its front (R47); `hands` maps seat -> hand. Every troop not named goes under `troops_top` in the
    deck, or with `leftovers="south_discard"` (any seat) onto that seat's discard pile, emptying the deck."""
    seats = ("south", "west", "east")
    table: list[dict[str, Any]] = []
    for n in range(1, 10):
        a, b = FRONT_OF[n]
        table.append({a: [], b: [], "fog": None, "mud": None, "first_complete": None, "claimed": None})
    for n, sides in (flags or {}).items():
        for seat, side in sides.items():
            table[n - 1][seat] = cards(side)
    for key, mapping in (("claimed", claimed), ("first_complete", first_complete)):
        for n, seat in (mapping or {}).items():
            table[n - 1][key] = seat
    held = {s: cards((hands or {}).get(s, "")) for s in seats}
    discards: dict[str, list[str]] = {s: [] for s in seats}
    top = cards(troops_top)
    used = [c for i, f in enumerate(table) for s in FRONT_OF[i + 1] for c in f[s]]
    used += [c for s in seats for c in held[s]] + top
    if len(used) != len(set(used)):
        raise ValueError(f"builder: cards placed twice: {sorted({c for c in used if used.count(c) > 1})}")
    rest = [c for c in TROOPS if c not in set(used)]
    if leftovers == "deck":
        deck = rest + top
    else:
        discards[leftovers.removesuffix("_discard")] = rest
        deck = top
    return {
        "format": "battleline-position/1",
        "rules": {"tactics": False, "claim_timing": timing, "players": 3},
        "to_move": to_move,
        "flags": table,
        "discards": discards,
        "hands": held,
        "hand_sizes": {s: len(held[s]) for s in seats},
        "decks": {"troops": deck, "tactics": []},
        "phase": phase,
        "scout_drawn": 0,
        "passes": passes,
    }


def game3(**kwargs: Any) -> Game:
    """`position3(...)` loaded by the engine."""
    return from_position(position3(**kwargs))


def record_under_old_r27(seed: int = 0) -> Record:
    """A game record made before R27's ruling: a Scout put back the Leader its player could no longer play.

    Leaders and Scouts are played whenever they can be, so the case comes up within a few seeds.
    """
    import random

    from engine import to_record
    from engine.cards import LEADERS

    for s in range(seed, seed + 200):
        rng = random.Random(s)
        g = Game.new(seed=s)
        returned = False
        while not g.over and len(g.actions) < 400:
            seat = g.to_move
            dead = [c for c in g.hand(seat) if c in LEADERS] if g.phase == "scout_return" else []
            if dead and g.leader_played[seat] and not returned:
                others = [c for c in g.hand(seat) if c not in LEADERS]
                g.keep_dead_leader = False  # the old engine: no such rule
                g.apply({"type": "scout_return", "cards": dead + others[:g.scout_drawn - 2]})
                g.keep_dead_leader = True
                returned = True
                continue
            legal = g.legal_actions()
            liked = [a for a in legal if a.get("card") in ("alexander", "darius", "scout")] or \
                [a for a in legal if a.get("deck") == "tactics"] or legal
            g.apply(rng.choice(liked))
        if returned and g.over:
            return to_record(g)
    raise LookupError("no seeded game put back a dead Leader")


def record_under_old_r38(seed: int = 0) -> Record:
    """A game record made before R38's ruling: won with five flags, three adjacent, stored as a Breakthrough."""
    import random

    from engine import to_record

    for s in range(seed, seed + 2000):
        rng = random.Random(s)
        g = Game.new(seed=s)
        while not g.over:
            g.apply(rng.choice(g.legal_actions()))
        assert g.result is not None
        held = [f.claimed == g.result["winner"] for f in g.flags]
        if g.result["how"] == "envelopment" and any(all(held[i:i + 3]) for i in range(7)):
            record = to_record(g)
            record["result"]["how"] = "breakthrough"
            return record
    raise LookupError("no seeded game won with five flags, three adjacent")


def view_of(game: Game, seat: str | None) -> View:
    """`game.view(seat)` as the notation's `View` (the engine writes plain dicts; the screens' seam is typed)."""
    return cast(View, game.view(seat))
