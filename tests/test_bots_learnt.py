"""The learnt three-player evaluation (issue 61): its features, its chances, the data and training commands,
and the hard bot's search with it (deterministic at fixed lines)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from three_bots import assert_hard3_reproducible, leaf_world3

from engine import Game, Rules
from engine.ai import hard3, learnt
from engine.ai.lean_search3 import forecast_of, halves3, leaf_values

ROOT = Path(__file__).resolve().parent.parent


def test_the_committed_weights_load_with_one_weight_per_feature() -> None:
    data = json.loads((ROOT / "engine" / "ai" / "learnt3.json").read_text())
    assert data["features"] == list(learnt.FEATURES3)
    assert len(data["weights"]) == len(learnt.FEATURES3) and len(data["draw_weights"]) == 2
    assert "tools/train_eval.py" in data["command"]
    assert learnt._WEIGHTS[0] == [float(x) for x in data["weights"]]


def test_r51_the_chances_sum_to_one_and_favour_the_seat_holding_its_line() -> None:
    """A seat that is sure of five flags of its line (R51's Breakthrough within reach) is the favourite."""
    sides = [0] * 18
    claimed = [-1] * 9
    odds = [0.5] * 9
    for f in learnt.LINE_FLAGS[0][:5]:  # south's line: flags 1-5, south second on 1-3 and first on 4-6
        odds[f] = 1.0 if learnt.LINE_PLACES[0][learnt.LINE_FLAGS[0].index(f)] == 0 else 0.0
    chances = learnt.chances3(odds, (0.8, -0.4, -0.4), sides, claimed, [0b1111111, 0b1111111 << 7, 0b1111111 << 14],
                              0, 20)
    assert abs(sum(chances) - 1.0) < 1e-9
    assert chances[0] > max(chances[1], chances[2])
    values = learnt.learnt_values3(odds, (0.8, -0.4, -0.4), sides, claimed, [0, 0, 0], 0, 20)
    assert values[0] > max(values[1], values[2])


def test_the_learnt_leaf_reads_the_same_chances_as_the_forecast() -> None:
    """leaf_values(learnt=True) is engine.ai.learnt on the forecast's own per-flag chances of that world."""
    world, shares = leaf_world3()
    halves = halves3(world, shares)
    forecast = forecast_of(halves, 2)
    assert leaf_values(world, shares) == forecast
    odds = [h / 4 for h in halves]
    assert leaf_values(world, shares, True) == learnt.learnt_values3(
        odds, forecast, world.sides, world.claimed, world.hands, world.to_move, len(world.troops))


def test_hard3_with_the_learnt_value_is_reproducible_at_fixed_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard3, "LEARNT3", True)
    monkeypatch.setattr(hard3, "CUTOFF3", 6)
    assert_hard3_reproducible(90)


def test_selfplay_data_and_training_commands_make_labelled_positions_and_a_reliability_table(tmp_path: Path) -> None:
    data = tmp_path / "sp3.jsonl"
    made = subprocess.run([sys.executable, "tools/selfplay_data.py", "--players", "3", "--seed", "7", "--games", "2",
                           "--bots", "easy", "--out", str(data)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    positions = [r for r in rows if "done" not in r]
    assert rows[-1]["done"]["positions"] == len(positions) > 20
    assert {r["game"] for r in positions} == {0, 1}
    assert all(len(r["flags"]) == 9 and r["winner"] in (-1, 0, 1, 2) and len(r["hands"]) == 3 for r in positions)
    out = tmp_path / "w.json"
    trained = subprocess.run([sys.executable, "tools/train_eval.py", "--data", str(data), "--seed", "3",
                              "--holdout", "2", "--out", str(out)],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert trained.returncode == 0, trained.stderr
    report = json.loads(trained.stdout)
    assert report["rows"] == len(positions) and report["held_out_games"] == 1
    assert sum(b["n"] for b in report["reliability"]) == 3 * report["held_out_rows"]
    saved = json.loads(out.read_text())
    assert len(saved["weights"]) == len(learnt.FEATURES3)


def test_selfplay_data_refuses_an_unwritable_file_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "tools/selfplay_data.py", "--players", "3", "--games", "1",
                           "--out", str(tmp_path / "missing" / "f.jsonl")], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot write" in done.stderr


def test_the_two_player_value_is_the_same_seen_from_either_side() -> None:
    """A two-player model reads our features less the opponent's, so swapping sides negates the value
    (the searching side's constant aside)."""
    weights = [0.3, -0.2, 0.5, 0.1, 0.4, 1.5, -0.3, 2.0, 0.7, 0.0]
    odds = [1.0, 0.8, 0.5, 0.5, 0.3, 0.0, 0.65, 0.5, 0.9]
    value = learnt.learnt_value2(odds, weights)
    assert abs(value + learnt.learnt_value2([1.0 - p for p in odds], weights)) < 1e-12
    assert learnt.learnt_value2([0.5] * 9, weights) == 0.0


def test_use_learnt2_switches_the_two_player_leaf_and_back() -> None:
    from engine.ai import lean_eval
    from engine.ai.lean import Lean

    game = Game.new(Rules(), 4)
    rng = random.Random(4)
    while len(game.actions) < 30 or game.phase != "play":
        game.apply(rng.choice(game.legal_actions()) if game.phase == "play" else game.legal_actions()[0])
    state = Lean.from_game(game)
    me = state.to_move
    shares = [([random.Random(k).getrandbits(70) for _ in range(9)], [random.Random(k + 50).getrandbits(70)
                                                                      for _ in range(9)]) for k in range(4)]
    plain = lean_eval.leaf_value(state, me, shares, {})
    odds = [h / 8 for h in lean_eval.leaf_halves(state, me, shares, {})]
    weights = [0.3, -0.2, 0.5, 0.1, 0.4, 1.5, -0.3, 2.0, 0.7, -0.2]
    try:
        learnt.use_learnt2(weights)
        assert lean_eval.leaf_value(state, me, shares, {}) == learnt.learnt_value2(odds, weights)
    finally:
        learnt.use_learnt2(None)
    assert lean_eval.leaf_value(state, me, shares, {}) == plain
