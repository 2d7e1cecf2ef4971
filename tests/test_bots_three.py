"""Bots in the three-player game (R46-R53): every level plays any seat, only legal actions, from its own view.

The arena here is the real one (engine.ai.arena), small: six games put each bot in every seat order.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine import Game, Rules
from engine.ai import make_bot
from engine.ai.arena import ORDERS3, run_arena, seating3
from engine.ai.lean3 import Lean3
from engine.ai.three import _OUTCOMES, game_value3

THREE = Rules(tactics=False, players=3)
ROOT = Path(__file__).resolve().parent.parent


def test_r48_every_level_plays_any_seat_with_legal_actions_only() -> None:
    summary = run_arena(("random", "easy", "normal"), 6, seed=40)
    assert summary["players"] == 3 and summary["games"] == 6
    assert summary["illegal_actions"] == 0 and summary["bot_errors"] == 0
    assert sum(summary["wins"].values()) + summary["draws"] == 6
    assert set(summary["win_rate_by_seat"]) == {"south", "west", "east"}
    assert set(summary["win_rate_by_level"]) == {"random", "easy", "normal"}
    assert all(p["moves"] > 0 for p in summary["bot_stats"])


def test_r48_the_arena_rotates_bots_over_seats_and_first_players() -> None:
    seen = {(tuple(sorted(seating3(i)[0].items())), seating3(i)[1]) for i in range(18)}
    assert len(seen) == 18  # 6 seat orders x 3 first players, each once in 18 games
    for i in range(6):
        labels = seating3(i)[0]
        assert sorted(labels.values()) == ["a", "b", "c"]
    assert len(set(ORDERS3)) == 6


def test_r53_hard_stands_in_with_normal_and_says_so() -> None:
    g = Game.new(THREE, 9, first="west")
    hard = make_bot("hard", 1, move_time=0.2)
    action = hard.choose(g.view("west"))
    assert action in g.legal_actions()
    assert getattr(hard, "stand_in", None) == "normal"
    two = Game.new(Rules(tactics=False), 9)
    hard.choose(two.view(two.to_move))
    assert hard.stand_in is None  # in a two-player game hard decides itself


def test_r51_normals_value_knows_the_lines_through_the_centre() -> None:
    def outcome(me: str, held: dict[int, str]) -> float:
        from engine.rules import FRONTS3

        mask = sum(1 << (n - 1) for n, seat in held.items() if FRONTS3[n - 1][0] == seat)
        # flags not named go to the second seat of their front
        return _OUTCOMES[me][mask]

    # West holds 7, 3, 2 (a Breakthrough through the centre); the rest to the second seat of each front.
    everyone = {1: "south", 2: "west", 3: "west", 4: "east", 5: "east", 6: "east", 7: "west", 8: "west",
                9: "west"}
    assert outcome("west", everyone) == 0.0  # east holds 4-5-6 in a row too: a race
    east_less = {**everyone, 4: "south", 5: "south"}
    assert outcome("west", east_less) == 1.0 and outcome("south", east_less) == -1.0
    # Certain odds give exactly the table's value, plus the flag-count term.
    assert game_value3("south", [0.5] * 9) < game_value3("south", [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5])


def test_r46_arena_refuses_two_bots_for_three_players_in_one_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "app.cli", "arena", "--players", "3", "--bots", "normal,easy",
                           "--games", "1"], capture_output=True, cwd=ROOT, timeout=60, check=False)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "expects three levels" in err


def _lean_state(lean: Lean3) -> dict[str, object]:
    from engine.ai.lean import PHASE_NAMES, names
    from engine.rules import FRONTS3, SEATS3

    return {
        "flags": [{seat: sorted(names(lean.sides[2 * i + k])) for k, seat in enumerate(FRONTS3[i])}
                  for i in range(9)],
        "claimed": [None if c < 0 else SEATS3[c] for c in lean.claimed],
        "first": [None if c < 0 else SEATS3[c] for c in lean.first],
        "hands": {s: sorted(names(lean.hands[i])) for i, s in enumerate(SEATS3)},
        "deck": names_in_order(lean.troops),
        "to_move": SEATS3[lean.to_move], "phase": PHASE_NAMES[lean.phase], "passes": lean.passes,
    }


def names_in_order(ids: list[int]) -> list[str]:
    from engine.ai.lean import NAMES

    return [NAMES[i] for i in ids]


def _game_state(game: Game) -> dict[str, object]:
    return {
        "flags": [{seat: sorted(f.sides[seat]) for seat in f.pair} for f in game.flags],
        "claimed": [f.claimed for f in game.flags],
        "first": [f.first_complete for f in game.flags],
        "hands": {s: sorted(game.hand(s)) for s in game.seats},
        "deck": list(game.decks["troops"] or []),
        "to_move": game.to_move, "phase": "over" if game.over else game.phase, "passes": game.passes,
    }


def _key(action: dict[str, object]) -> tuple[object, ...]:
    return tuple(sorted(action.items()))


def test_r46_lean3_follows_the_engine_move_by_move_over_a_thousand_games() -> None:
    """The lean state agrees with engine.Game on every legal action list, state and result."""
    import random

    from engine.ai.lean import from_action, to_action

    for seed in range(1000):
        g = Game.new(THREE, seed)
        lean = Lean3.from_game(g)
        rng = random.Random(seed)
        while not g.over:
            legal = g.legal_actions()
            lean_legal = [to_action(a) for a in lean.legal()]
            assert sorted(map(_key, lean_legal)) == sorted(map(_key, legal)), (seed, len(g.actions))
            action = legal[0] if g.phase == "claim" and rng.random() < 0.8 else rng.choice(legal)
            g.apply(action)
            lean.apply(from_action(action))
            if len(g.actions) % 7 == 0 or g.over:
                assert _lean_state(lean) == _game_state(g), (seed, len(g.actions))
        assert g.result is not None and lean.over
        winner = g.result["winner"]
        assert (lean.winner, lean.how) == (-1 if winner is None else THREE.seats.index(winner), g.result["how"])
