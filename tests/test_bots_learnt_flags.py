"""The per-flag learnt model (issue 61, second round): its features, its chances, the leaf that reads them,
the training command, and the hard bot's search with it (deterministic, the same compiled and pure)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from three_bots import assert_hard3_reproducible, assert_three_decisions_alike, core_built, leaf_world3
from waiting import wait_until

from engine.ai import hard3, learnt
from engine.ai.lean_search3 import forecast_of, halves3, leaf_values, pools_of
from engine.rulebook import PAIRS3

ROOT = Path(__file__).resolve().parent.parent


def _card(colour: int, value: int) -> int:
    return 1 << (colour * 10 + value - 1)


def test_the_committed_flag_weights_load_with_one_weight_per_feature() -> None:
    data = json.loads((ROOT / "engine" / "ai" / "learnt_flags3.json").read_text())
    assert data["flag_features"] == list(learnt.FLAG_FEATURES3)
    assert data["features"] == list(learnt.FEATURES3)
    assert "tools/train_flags.py" in data["command"] and "--seed" in data["command"]
    flag, seat, draw = learnt.FLAG_WEIGHTS
    assert flag == [float(x) for x in data["flag_weights"]] and seat == [float(x) for x in data["weights"]]
    assert len(draw) == 2


def _flag_world(first_side: int, second_side: int, first_hand: int) -> tuple[list[int], list[int], list[int]]:
    """Flag 1 (index 0) with the given sides; the first seat of its front holds `first_hand`."""
    a, b = PAIRS3[0]
    sides = [0] * 18
    sides[0], sides[1] = first_side, second_side
    hands = [0, 0, 0]
    hands[a] = first_hand
    hands[b] = _card(5, 1) | _card(5, 2)
    return sides, hands, [-1] * 9


def test_r20_a_flag_proven_for_its_first_seat_reads_as_proven_and_likelier() -> None:
    """R20: a complete side no completion of the other can beat is proven; the model's feature says so, and
    with the committed weights its chance is higher than the same flag before the third card."""
    wedge = _card(0, 8) | _card(0, 9) | _card(0, 10)
    weak = _card(1, 1) | _card(2, 2)
    sides, hands, claimed = _flag_world(wedge, weak, 0)
    offtable = hands[0] | hands[1] | hands[2] | _card(3, 3)
    feats = learnt.flag_features3(0, 1.0, sides, claimed, [-1] * 9, hands, list(hands), offtable, 0, 10)
    assert feats[learnt.FLAG_FEATURES3.index("proven")] == 1.0
    sides_before, hands_before, _ = _flag_world(_card(0, 8) | _card(0, 9), weak, _card(0, 10))
    before = learnt.flag_features3(0, 1.0, sides_before, claimed, [-1] * 9, hands_before, list(hands_before),
                                   offtable, 0, 10)
    assert before[learnt.FLAG_FEATURES3.index("proven")] == 0.0
    weights = learnt.FLAG_WEIGHTS[0]
    proven = learnt.flag_chances3([1.0] * 9, sides, claimed, [-1] * 9, hands, list(hands), offtable, 0, 10, weights)
    open_ = learnt.flag_chances3([1.0] * 9, sides_before, claimed, [-1] * 9, hands_before, list(hands_before),
                                 offtable, 0, 10, weights)
    assert proven[0] > open_[0] > 0.5


def test_the_flag_features_of_the_second_seat_are_the_first_seats_negated() -> None:
    """Every feature but the leaf's chance is a difference of the two sides (or the proof's sign), so the
    model gives the second seat one less the first's chance: swapping the sides and hands negates them."""
    a, b = PAIRS3[0]
    sides = [0] * 18
    sides[0], sides[1] = _card(0, 4) | _card(0, 5), _card(2, 9)
    hands = [0, 0, 0]
    hands[a], hands[b] = _card(0, 6) | _card(4, 1), _card(2, 8) | _card(3, 9)
    offtable = hands[a] | hands[b] | _card(1, 1)
    mover = 3 - a - b  # the third seat moves, so the turn order is symmetric about the two
    one = learnt.flag_features3(0, 0.5, sides, [-1] * 9, [-1] * 9, hands, list(hands), offtable, mover, 20)
    swapped_sides = list(sides)
    swapped_sides[0], swapped_sides[1] = sides[1], sides[0]
    swapped_hands = list(hands)
    swapped_hands[a], swapped_hands[b] = hands[b], hands[a]
    two = learnt.flag_features3(0, 0.5, swapped_sides, [-1] * 9, [-1] * 9, swapped_hands, list(swapped_hands),
                                offtable, mover, 20)
    skip = {learnt.FLAG_FEATURES3.index(name) for name in ("order", "neighbours")}  # the seats' own lines differ
    for k, (x, y) in enumerate(zip(one, two, strict=True)):
        if k not in skip:
            assert x == pytest.approx(-y), learnt.FLAG_FEATURES3[k]
    assert any(x != 0.0 for x in one)


def test_the_flag_leaf_reads_the_per_flag_model_on_the_worlds_pools() -> None:
    """leaf_values(learnt=2) is learnt.flag_values3 on the leaf's own chances and the world's pools."""
    world, shares = leaf_world3()
    halves = halves3(world, shares)
    forecast = forecast_of(halves, 2)
    odds = [h / 4 for h in halves]
    offtable = world.hands[0] | world.hands[1] | world.hands[2]
    for card in world.troops:
        offtable |= 1 << card
    expected = learnt.flag_values3(odds, forecast, world.sides, world.claimed, world.first, world.hands,
                                   pools_of(world), offtable, world.to_move, len(world.troops))
    assert leaf_values(world, shares, 2) == expected
    assert leaf_values(world, shares, 2) != leaf_values(world, shares, 1)
    assert abs(sum(expected)) <= 1.0 and all(-1.0 <= v <= 1.0 for v in expected)


def test_hard3_with_the_flag_model_is_reproducible_at_fixed_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard3, "LEARNT3", 2)
    monkeypatch.setattr(hard3, "CUTOFF3", 6)
    assert_hard3_reproducible(60)


def test_the_flag_training_command_fits_both_models_and_prints_their_losses(tmp_path: Path) -> None:
    data = tmp_path / "sp3.jsonl"
    made = subprocess.run([sys.executable, "tools/selfplay_data.py", "--players", "3", "--seed", "7", "--games", "3",
                           "--bots", "easy", "--out", str(data)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    out = tmp_path / "w.json"
    runs = []
    for _ in range(2):
        trained = subprocess.run([sys.executable, "tools/train_flags.py", "--data", str(data), "--seed", "3",
                                  "--holdout", "2", "--out", str(out)],
                                 cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert trained.returncode == 0, trained.stderr
        runs.append((json.loads(trained.stdout), out.read_text()))
    report = runs[0][0]
    assert runs[0][1] == runs[1][1]  # deterministic from the data and the seed
    assert report["held_out_games"] == 1 and report["flag_rows_fitted"] > 20
    assert set(report["held_out_log_loss"]) == {"flags", "leaf", "forecast", "even"}
    assert sum(b["n"] for b in report["flag_reliability"]) == report["flag_rows_held_out"]
    saved = json.loads(runs[0][1])
    assert len(saved["flag_weights"]) == len(learnt.FLAG_FEATURES3) and len(saved["weights"]) == len(learnt.FEATURES3)
    # --ceiling (issue 61, seventh round): the per-flag model on the columns that read no pool
    ceiling = subprocess.run([sys.executable, "tools/train_flags.py", "--data", str(data), "--seed", "3",
                              "--holdout", "2", "--ceiling", "--out", str(out)],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert ceiling.returncode == 0, ceiling.stderr
    assert list(json.loads(ceiling.stdout)["flag_weights"]) == list(learnt.CEILING_FEATURES3)
    saved = json.loads(out.read_text())
    assert saved["flag_features"] == list(learnt.CEILING_FEATURES3) and len(saved["weights"]) == len(learnt.FEATURES3)
    assert len(saved["flag_weights"]) == len(learnt.CEILING_FEATURES3)
    # --drop compares: the report names the features kept, and no weights are written from it
    dropped = subprocess.run([sys.executable, "tools/train_flags.py", "--data", str(data), "--seed", "3",
                              "--holdout", "2", "--ceiling", "--drop", "proven"],
                             cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert dropped.returncode == 0, dropped.stderr
    kept = [name for name in learnt.CEILING_FEATURES3 if name != "proven"]
    assert list(json.loads(dropped.stdout)["flag_weights"]) == kept
    refused = subprocess.run([sys.executable, "tools/train_flags.py", "--data", str(data), "--drop", "fits",
                              "--out", str(tmp_path / "x.json")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and not (tmp_path / "x.json").exists()


def test_the_flag_training_command_refuses_a_missing_file_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "tools/train_flags.py", "--data", str(tmp_path / "none.jsonl")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot read" in done.stderr


#: hard's three-player decisions with the flag model on, printed by a fresh process
_SETTINGS = "from engine.ai import hard3\nhard3.LEARNT3 = 2\nhard3.CUTOFF3 = 6\n"


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard3_decisions_with_the_flag_model_are_the_same_compiled_and_pure() -> None:
    """The per-flag model is plain float arithmetic in the compiled core (engine.ai.learnt): both cores
    choose and estimate alike."""
    assert_three_decisions_alike(_SETTINGS)


def test_selfplay_data_stopped_by_sigterm_keeps_its_finished_games_and_their_rate(tmp_path: Path) -> None:
    """A long data run stopped early still ends with its totals line (the rate needs its CPU seconds)."""
    import signal

    data = tmp_path / "sp3.jsonl"
    proc = subprocess.Popen([sys.executable, "tools/selfplay_data.py", "--players", "3", "--seed", "7", "--games",
                             "500", "--bots", "easy", "--out", str(data)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: data.exists() and data.read_text().count("\n") > 0, 300, "a first game written", pause=0.2)
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    done = rows[-1]["done"]
    assert 1 <= done["games"] < 500 and done["positions"] == len(rows) - 1
    assert {r["game"] for r in rows[:-1]} == set(range(done["games"]))
    assert json.loads(out)["done"] == done
