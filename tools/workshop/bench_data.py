"""The fixed set of hard claim positions that `battleline bench engine` times.

Each case is a flag where a claim must be proved against what the opponent can still make: empty
opposing sides under Mud, Leaders on either side, Fog, and colours nearly used up. The positions
are built here from short specs and kept as JSON beside this file (`data/hard_claims.json`);
`python -m tools.workshop.bench_data` writes it, and a test checks the file still matches this code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.cards import TACTICS, TROOP_BIT, TROOPS
from engine.position import FORMAT

DATA = Path(__file__).with_name("data") / "hard_claims.json"

#: (name, claimant, claimant's cards, opponent's cards, fog, mud, cards seen in discards)
CASES: list[tuple[str, str, list[str], list[str], bool, bool, list[str]]] = [
    ("empty side under mud vs 4-wedge", "south", ["r7", "r8", "r9", "r10"], [], False, True, []),
    ("empty side under mud vs 4-phalanx", "south", ["r9", "o9", "y9", "g9"], [], False, True, []),
    ("empty side vs wedge 27", "north", ["b8", "b9", "b10"], [], False, False, []),
    ("empty side under mud and fog", "south", ["r10", "o10", "y10", "g9"], [], True, True, []),
    ("empty side, fog, sum 27", "north", ["p10", "b9", "g8"], [], True, False, []),
    ("leader claimant, empty mud side", "south", ["alexander", "g8", "g9", "g10"], [], False, True, []),
    ("opponent leader and shield under mud", "north", ["y8", "y9", "y10", "y7"],
     ["darius", "shield"], False, True, []),
    ("opponent leader and cavalry", "south", ["o8", "o9", "o10"], ["alexander", "cavalry"], False, False, []),
    ("opponent three morale under mud", "north", ["p7", "p8", "p9", "p10"],
     ["darius", "cavalry", "shield"], False, True, []),
    ("exhausted colours, one opponent card", "south", ["b5", "b6", "b7"], ["r3"], False, False,
     ["r1", "r2", "r4", "r5", "r6", "o3", "y3", "g3", "o1", "o2", "o4", "o5"]),
    ("exhausted colours under mud, empty side", "north", ["g5", "g6", "g7", "g8"], [], False, True,
     [f"{c}{v}" for c in "roybp" for v in (2, 4, 6, 8, 10)]),
    ("phalanx claimant, opponent two cards", "south", ["r8", "o8", "y8"], ["b9", "p9"], False, False, ["g9"]),
    ("skirmish claimant, opponent leader", "north", ["r4", "o5", "y6"], ["alexander"], False, False,
     [f"{c}{v}" for c in "roygbp" for v in (7, 8)]),
    ("host under fog and mud, opponent shield", "south", ["r1", "o2", "y9", "g10"], ["shield"], True, True,
     ["b10", "p10", "r10", "o10"]),
    ("nearly nothing unseen", "north", ["r1", "r2", "r3"], ["o1"],  False, False,
     [c for c in TROOPS if c not in ("r1", "r2", "r3", "o1", "o2", "o3", "y4", "y5")]),
    ("battalion claimant, opponent cavalry under mud", "south", ["p1", "p4", "p6", "p10"],
     ["cavalry", "b10"], False, True, ["b9", "b7"]),
]


def _position(case: tuple[str, str, list[str], list[str], bool, bool, list[str]]) -> dict[str, Any]:
    """A complete game state with the case on flag 5; every other card lies in hands and decks."""
    _, claimant, mine, theirs, fog, mud, seen = case
    opponent = "north" if claimant == "south" else "south"
    used = set(mine) | set(theirs) | set(seen) | ({"fog"} if fog else set()) | ({"mud"} if mud else set())
    rest_troops = [c for c in TROOPS if c not in used]
    rest_tactics = [c for c in TACTICS if c not in used]
    flags: list[dict[str, Any]] = [
        {"north": [], "south": [], "fog": None, "mud": None, "first_complete": None, "claimed": None}
        for _ in range(9)
    ]
    flags[4].update({claimant: list(mine), opponent: list(theirs),
                     "fog": opponent if fog else None, "mud": opponent if mud else None})
    hands = {"north": rest_troops[:7], "south": rest_troops[7:14]}
    return {
        "format": FORMAT, "rules": {"tactics": True, "claim_timing": "standard"}, "to_move": claimant,
        "flags": flags, "discards": {"north": [c for c in seen if c in TROOP_BIT], "south": []},
        "hands": hands, "hand_sizes": {s: len(h) for s, h in hands.items()},
        "decks": {"troops": rest_troops[14:], "tactics": rest_tactics}, "phase": "claim",
    }


def build() -> list[dict[str, Any]]:
    return [{"name": case[0], "flag": 5, "claimant": case[1], "position": _position(case)} for case in CASES]


def load() -> list[dict[str, Any]]:
    with DATA.open(encoding="utf-8") as fh:
        data: list[dict[str, Any]] = json.load(fh)
    return data


if __name__ == "__main__":
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} positions to {DATA}")
