"""The hard bot's lean playout state agrees with engine.Game move by move (R7-R39, R9 as changed).

Random games of every rule option: at every step both must list the same legal actions, and after
the same action both must hold the same table, hands, decks, turn, step and result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from engine.ai.lean import Lean
from engine.game import Game
from engine.position import from_position
from engine.rulebook import PHASE_NAMES, from_action, names, to_action
from engine.rules import SEATS, Rules


def _key(action: Mapping[str, Any]) -> str:
    return repr(sorted(action.items()))


def game_state(game: Game) -> tuple[Any, ...]:
    flags = tuple((tuple(sorted(f.sides["north"])), tuple(sorted(f.sides["south"])), f.fog is not None,
                   f.mud is not None, f.first_complete, f.claimed) for f in game.flags)
    hands = tuple(tuple(sorted(game.hand(s))) for s in SEATS)
    result = None if game.result is None else (game.result["winner"], game.result["how"])
    return (flags, hands, tuple(game.decks["troops"] or ()), tuple(game.decks["tactics"] or ()), game.to_move,
            game.phase, game.scout_drawn, game.passes, tuple(game.tactics_played[s] for s in SEATS),
            tuple(game.leader_played[s] for s in SEATS), result)


def lean_state(lean: Lean) -> tuple[Any, ...]:
    flags = tuple((tuple(sorted(names(lean.sides[2 * i]))), tuple(sorted(names(lean.sides[2 * i + 1]))),
                   bool(lean.fog >> i & 1), bool(lean.mud >> i & 1),
                   None if lean.first[i] < 0 else SEATS[lean.first[i]],
                   None if lean.claimed[i] < 0 else SEATS[lean.claimed[i]]) for i in range(9))
    hands = tuple(tuple(sorted(names(h))) for h in lean.hands)
    result = None
    if lean.over:
        result = (None if lean.winner < 0 else SEATS[lean.winner], lean.how)
    return (flags, hands, tuple(names_in_order(lean.troops)), tuple(names_in_order(lean.tactics)),
            SEATS[lean.to_move], PHASE_NAMES[lean.phase], lean.scout_drawn, lean.passes,
            tuple(lean.played), tuple(lean.leader), result)


def names_in_order(ids: list[int]) -> list[str]:
    return [names(1 << i)[0] for i in ids]


def play_both(seed: int, rules: Rules) -> Game:
    """One random game on both states, compared at every step; the finished Game is returned."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    lean = Lean.from_game(game)
    assert lean_state(lean) == game_state(game)
    while True:
        legal = game.legal_actions()
        lean_legal = [to_action(a) for a in lean.legal()]
        assert sorted(map(_key, lean_legal)) == sorted(map(_key, legal)), (seed, len(game.actions))
        if not legal:
            break
        # Claims and plays made more often than a uniform choice would make them: games reach
        # their ends by Breakthrough, Envelopment and both passing, not only by the first.
        claims = [a for a in legal if a["type"] == "claim"]
        action = rng.choice(claims) if claims and rng.random() < 0.7 else rng.choice(legal)
        game.apply(action)
        lean.apply(from_action(action))
        assert lean_state(lean) == game_state(game), (seed, len(game.actions), action)
    return game


@pytest.mark.parametrize("timing", ["standard", "advanced", "end"])
def test_lean_state_agrees_with_game_full_rules(timing: str) -> None:
    endings: set[str] = set()
    for seed in range(120):  # with the troops-only games below, 480 games compared at every step
        game = play_both(1000 + seed, Rules(tactics=True, claim_timing=timing))
        assert game.result is not None
        endings.add(game.result["how"])
    assert {"breakthrough", "envelopment"} <= endings


@pytest.mark.parametrize("timing", ["standard", "advanced", "end"])
def test_lean_state_agrees_with_game_troops_only(timing: str) -> None:
    for seed in range(40):
        game = play_both(5000 + seed, Rules(tactics=False, claim_timing=timing))
        assert game.result is not None


def test_r9_lean_pass_only_without_any_play() -> None:
    """R9: no troop can be played, but a tactics card can: no pass; with neither, a pass and the turn ends."""
    game = Game.new(seed=3)
    lean = Lean.from_game(game)
    seat = lean.to_move
    lean.hands[seat] = 1 << 69  # Traitor alone, nothing to steal: no card playable
    assert [to_action(a) for a in lean.legal()] == [{"type": "pass"}]
    lean.hands[seat] = 1 << 64  # Fog alone: playable at any open flag
    assert {"type": "pass"} not in [to_action(a) for a in lean.legal()]
    lean.hands[seat] = 1 << 69
    lean.apply(lean.legal()[0])
    assert lean.to_move == 1 - seat and lean.passes == 1 and lean.hands[seat] == 1 << 69


def test_lean_table_reads_a_view_as_the_whole_state_does() -> None:
    """Lean.from_table (what the normal and easy bots read from a player's view) holds the table exactly
    as Lean.from_game holds it, with the hidden hands and decks left empty."""
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        game = Game.new(Rules(tactics=seed % 4 != 3), seed=seed)
        stop = rng.randint(10, 120)
        while game.result is None and len(game.actions) < stop:
            game.apply(rng.choice(game.legal_actions()))
        full = Lean.from_game(game)
        table = Lean.from_table(from_position(game.view(game.to_move)))
        assert table.hands == [0, 0] and table.troops == [] and table.tactics == []
        table.hands, table.troops, table.tactics = full.hands, full.troops, full.tactics
        assert lean_state(table) == lean_state(full), seed
        checked += 1
    assert checked == 40
