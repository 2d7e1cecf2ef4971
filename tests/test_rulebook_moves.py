"""What a play moves, a side's count and a claim's win, written once (engine.rulebook): their answers, and
that neither `Game` nor the bots' lean state moves a card, counts a side or judges a claim's win itself.

The one state update (engine.update) carries the rulebook's answer out through two layouts' primitives:
`Game`'s (engine.update_game, with engine.game, engine.tactic_plays, engine.table: named cards in order,
discard piles and events) and `Lean`'s (engine.ai.lean, lean3: masks); the source scans below fail where
one of them decides it again.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine.game import Game
from engine.rulebook import (
    ALEXANDER,
    COMPLETED,
    COMPLETED_SECOND,
    DARIUS,
    DESERTER,
    FOG,
    FOG_AT,
    ID,
    MORALE_MASK,
    MUD,
    MUD_AT,
    MY_DISCARDS,
    NOWHERE,
    REDEPLOY,
    SCOUT,
    SHIELD,
    THEIR_DISCARDS,
    TRAITOR,
    UNDER_COUNT,
    bits,
    claim_flag,
    is_leader,
    is_tactic,
    play_moves,
    put_on_side,
    scout_draws,
    take_from_side,
)

ROOT = Path(__file__).resolve().parent.parent
#: The modules that update a game's state: Game's and the bots' lean state.
STATE_UPDATES = ("engine/update.py", "engine/update_game.py", "engine/game.py", "engine/tactic_plays.py",
                 "engine/table.py", "engine/ai/lean.py", "engine/ai/lean3.py")


def _found(pattern: str) -> list[str]:
    found = re.compile(pattern)
    return [f"{name}:{n}: {line.strip()}" for name in STATE_UPDATES
            for n, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1)
            if found.search(line)]


def _callers(name: str) -> set[str]:
    """The functions of the state updates (as Class.method) that call `name`."""
    out: set[str] = set()
    for path in STATE_UPDATES:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        for top in tree.body:
            methods = [(f"{top.name}.", m) for m in top.body] if isinstance(top, ast.ClassDef) else [("", top)]
            for prefix, node in methods:
                if isinstance(node, ast.FunctionDef) and any(
                        isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == name
                        for c in ast.walk(node)):
                    out.add(prefix + node.name)
    return out


def test_r8_r27_r31_troops_morale_and_the_environment_stay_where_they_are_played() -> None:
    """A troop or a morale tactic takes a slot on the player's own side (R8, R27-R29); Fog and Mud lie on
    the flag itself (R30, R31). None takes a card with it."""
    for card in (0, 59, *bits(MORALE_MASK)):
        assert play_moves(card, 4, -1) == (2 * 4, NOWHERE, NOWHERE)
    assert play_moves(FOG, 2, -1) == (FOG_AT + 2, NOWHERE, NOWHERE)
    assert play_moves(MUD, 8, -1) == (MUD_AT + 8, NOWHERE, NOWHERE)


def test_r33_r36_scout_redeploy_deserter_and_traitor_go_to_the_discards_and_move_their_target() -> None:
    """Scout goes to its player's discards (R33); Redeploy moves one's own card to another flag or to the
    discards (R34), Deserter the opponent's card to their discards (R35), Traitor the opponent's troop to
    one's own flag (R36). A side is 2 * flag + 0 for the player's own, + 1 for the one facing it."""
    assert play_moves(SCOUT, -1, -1) == (MY_DISCARDS, NOWHERE, NOWHERE)
    assert play_moves(REDEPLOY, 3, 7) == (MY_DISCARDS, 2 * 3, 2 * 7)
    assert play_moves(REDEPLOY, 3, -1) == (MY_DISCARDS, 2 * 3, MY_DISCARDS)
    assert play_moves(DESERTER, 0, -1) == (MY_DISCARDS, 2 * 0 + 1, THEIR_DISCARDS)
    assert play_moves(TRAITOR, 5, 1) == (MY_DISCARDS, 2 * 5 + 1, 2 * 1)


def test_r24_r27_r33_what_counts_as_a_tactic_a_leader_and_a_scouts_draw() -> None:
    assert not is_tactic(59) and all(is_tactic(c) for c in range(ALEXANDER, TRAITOR + 1))
    assert [c for c in range(70) if is_leader(c)] == [ALEXANDER, DARIUS] == [ID["alexander"], ID["darius"]]
    assert [c for c in range(70) if scout_draws(c)] == [SCOUT]
    assert SHIELD < FOG  # the slot cards come first: play_moves' first answer covers them all


def test_r18_a_side_that_completes_after_the_facing_side_completed_second() -> None:
    """The moment a side last reached its count decides a tie (R18): put_on_side says whether the side
    just completed, and whether the facing side had completed first; take_from_side whether a complete
    side was broken (its earlier completion no longer counts)."""
    sides = [0b11, 0]
    assert put_on_side(sides, 1, 10, 3) == UNDER_COUNT and sides == [0b11, 1 << 10]
    assert put_on_side(sides, 0, 5, 3) == COMPLETED  # the facing side has one card
    assert put_on_side(sides, 1, 11, 3) == UNDER_COUNT
    assert put_on_side(sides, 1, 12, 3) == COMPLETED_SECOND and sides[1] == 0b111 << 10
    assert take_from_side(sides, 1, 11, 3) and sides[1] == 0b101 << 10
    assert not take_from_side(sides, 1, 10, 3)  # it was no longer complete
    # under Mud (R31) a side needs four, and the flag's two sides sit at 2 * flag and 2 * flag + 1
    table = [0] * 18
    for card in (1, 2, 3):
        put_on_side(table, 9, card, 4)
    assert put_on_side(table, 9, 4, 4) == COMPLETED and table[8] == 0


def test_r20_r38_r51_a_claim_is_judged_for_a_win_at_once() -> None:
    """A proven claim gives the flag and is judged on all the claimant then holds (R38: three adjacent or
    five; R51 for three players)."""
    claimed = [0, 0, -1, 1, -1, -1, -1, -1, -1]
    assert claim_flag(claimed, 4, 1, 2) == "" and claimed[4] == 1
    assert claim_flag(claimed, 2, 0, 2) == "breakthrough" and claimed[2] == 0
    assert claim_flag([0, -1, 0, -1, 0, -1, 0, -1, -1], 8, 0, 2) == "envelopment"
    assert claim_flag([-1, 1, 1, -1, -1, -1, -1, -1, -1], 6, 1, 3) == "breakthrough"  # west's line 9 8 7 3 2 1


def test_r30_r37_only_the_rulebook_moves_cards_for_a_tactic() -> None:
    """Game and the bots' lean state ask engine.rulebook.play_moves where a played card and its target go:
    neither tells the tactics apart by name to move a card, or sends a tactic to the discards itself."""
    assert _found(r"(==|!=) *(SCOUT|FOG|MUD|REDEPLOY|DESERTER|TRAITOR)\b|"
                  r"(==|!=) *\"(scout|fog|mud|redeploy|deserter|traitor)\"|discards\[[^]]+\]\.append\(\"") == []
    assert _callers("play_moves") == {"Update._play"}


def test_r18_only_the_rulebook_counts_a_side_as_a_card_joins_or_leaves_it() -> None:
    """A card joining or leaving a side is engine.rulebook.put_on_side / take_from_side, which say whether
    the side completed (and second) or was broken (R18); no state update counts the side itself."""
    assert _found(r"\bside\.bit_count\(\)|len\(side\) *(==|>=)|completes_second\(") == []
    assert {"FlagState.put", "Lean.put"} <= _callers("put_on_side")
    assert {"FlagState.take", "Lean.take_target"} <= _callers("take_from_side")


def test_r38_only_the_rulebook_judges_a_claims_win() -> None:
    """Game and the lean state give a claimed flag and judge its win by engine.rulebook.claim_flag; win_of
    is left to Game's check of a position read from outside (settle_loaded)."""
    assert _callers("claim_flag") == {"Update._claim"}
    assert _callers("win_of") == {"Game._check_win"}


def test_r33_r36_a_tactic_play_moves_the_same_on_game_and_its_events() -> None:
    """A Traitor on Game: the play is told, then the target's side made incomplete, then the side it
    joins complete; its card goes to the player's discards (the events the notation's digests hold)."""
    game = Game.new(seed=7, first="south")
    flags = game.flags
    flags[0].set_side("north", ["r1", "r2", "r3"])
    flags[1].set_side("south", ["b1", "b2"])
    game.hands["south"] = ["traitor", *game.hand("south")[1:]]
    events = game.apply({"type": "play", "card": "traitor", "from_flag": 1, "target": "r2", "to_flag": 2})
    assert [e["type"] for e in events[:3]] == ["play", "incomplete", "complete"]
    assert flags[0].sides["north"] == ["r1", "r3"] and flags[1].sides["south"] == ["b1", "b2", "r2"]
    assert game.discards["south"] == ["traitor"] and flags[1].masks[flags[1].pair.index("south")] == \
        (1 << ID["b1"]) | (1 << ID["b2"]) | (1 << ID["r2"])
