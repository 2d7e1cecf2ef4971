"""The two-player per-flag model (issue 61, fourth round): its features, the leaf that reads it, the
shortcut that reads it without playing, the training command, and hard's search with it (deterministic)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, Rules
from engine.ai import flag_model2, lean_eval, learnt
from engine.ai.forecast import random_mask
from engine.ai.hard import HardBot
from engine.ai.lean import Lean
from engine.ai.lean_eval import Memo, best_answer, leaf_value
from engine.rulebook import A_PLAY, SHIELD, side_size

ROOT = Path(__file__).resolve().parent.parent


def _position(seed: int, plies: int, tactics: bool = True) -> Game:
    game = Game.new(Rules(tactics=tactics), seed)
    rng = random.Random(seed)
    while not game.over and (len(game.actions) < plies or game.phase != "play"):
        game.apply(rng.choice(game.legal_actions()) if game.phase == "play" else game.legal_actions()[0])
    return game


def _shares(seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    return [([random_mask(rng, 0.7) for _ in range(9)], [random_mask(rng, 0.5) for _ in range(9)]) for _ in range(4)]


def test_the_committed_two_player_flag_weights_load_with_one_weight_per_feature() -> None:
    data = json.loads((ROOT / "engine" / "ai" / "learnt_flags2.json").read_text())
    assert data["flag_features"] == list(flag_model2.FLAG_FEATURES2) and data["features"] == list(learnt.FEATURES2)
    assert "tools/train_flags.py --players 2" in data["command"] and "--seed" in data["command"]
    assert "selfplay_data.py" in data["data_command"]
    flag, game = flag_model2.FLAG_WEIGHTS2
    assert flag == [float(x) for x in data["flag_weights"]] and game == [float(x) for x in data["weights"]]


def test_a_flag_seen_from_the_other_side_has_the_opposite_features_but_the_searchers_constant() -> None:
    """Every feature but the constant is ours less theirs (or our chance centred), so the other side's
    view negates it: with the constant's weight zero, the two views' chances add up to one."""
    state = Lean.from_game(_position(4, 40))
    halves = lean_eval.leaf_halves(state, 0, _shares(4), {})
    other = [8 - h for h in halves]
    constant = flag_model2.FLAG_FEATURES2.index("searcher")
    weights = [0.8, 0.5, 0.0, -0.6, -0.5, 0.6, 0.3, -0.3, -0.4, 0.5]
    weights[constant] = 0.0
    args = (state.sides, state.claimed, state.mud, state.fog)
    ours = flag_model2.flag_odds2(4, halves, *args, 0, len(state.troops), weights)
    theirs = flag_model2.flag_odds2(4, other, *args, 1, len(state.troops), weights)
    assert all(abs(a + b - 1.0) < 1e-12 for a, b in zip(ours, theirs, strict=True))
    for i in range(9):
        if state.claimed[i] < 0 and (state.sides[2 * i] or state.sides[2 * i + 1]):
            mine = flag_model2.flag_features2(i, halves[i] / 8, state.sides, state.claimed, state.mud, state.fog, 0, 20)
            yours = flag_model2.flag_features2(i, other[i] / 8, state.sides, state.claimed, state.mud, state.fog, 1, 20)
            assert [a + b for k, (a, b) in enumerate(zip(mine, yours, strict=True)) if k != constant] == [0.0] * 9


def test_r18_a_flag_both_sides_completed_keeps_the_leafs_certain_chance() -> None:
    """Both sides complete: the stronger, or the first to complete on a tie, takes it (R18-R20); the model
    does not blur that into a chance."""
    sides = [0] * 18
    sides[0] = 1 << 7 | 1 << 8 | 1 << 9  # colour 0: 8, 9, 10
    sides[1] = 1 << 10 | 1 << 20 | 1 << 30  # 1s of three colours
    claimed = [-1] * 9
    halves = [8] + [4] * 8
    odds = flag_model2.flag_odds2(4, halves, sides, claimed, 0, 0, 0, 20, [1.0] * len(flag_model2.FLAG_FEATURES2))
    assert odds[0] == 1.0 and odds[1] != 0.5  # the searcher's constant moves an open flag


def _by_features(count: int, halves: list[int], state: Lean, me: int) -> float:
    """The per-flag model's value as its definition reads: each open flag's features times the weights,
    a logistic, then the game model's features (learnt.features2) times its weights."""
    flag, game = flag_model2.FLAG_WEIGHTS2
    deck = len(state.troops)
    odds = []
    for i in range(9):
        leaf = halves[i] * 0.5 / count
        size = side_size(state.mud >> i & 1)
        both = state.sides[2 * i].bit_count() >= size and state.sides[2 * i + 1].bit_count() >= size
        if state.claimed[i] >= 0 or both:
            odds.append(leaf)
            continue
        features = flag_model2.flag_features2(i, leaf, state.sides, state.claimed, state.mud, state.fog, me, deck)
        odds.append(learnt.logistic(sum(w * x for w, x in zip(flag, features, strict=True))))
    return learnt.learnt_value2(odds, game)


def test_the_cheap_leaf_is_the_models_definition_to_rounding() -> None:
    """flag_value2 reads each flag's base once and the game in one pass over the ways the flags fall;
    it must be the model as trained (features times weights) up to the floats' rounding."""
    checked = 0
    for seed in range(12):
        game = Game.new(Rules(tactics=seed % 2 == 0), seed)
        rng = random.Random(seed)
        while not game.over:
            if game.phase == "play" and len(game.actions) > 8:
                state = Lean.from_game(game)
                for me in (0, 1):
                    halves = lean_eval.leaf_halves(state, me, _shares(seed + checked), {})
                    value = flag_model2.flag_value2(4, halves, state.sides, state.claimed, state.mud, state.fog, me,
                                               len(state.troops))
                    assert abs(value - _by_features(4, halves, state, me)) < 1e-12
                    checked += 1
            game.apply(rng.choice(game.legal_actions()) if game.phase == "play" else game.legal_actions()[0])
    assert checked >= 300


def test_the_game_models_loops_and_sums_give_the_same_floats() -> None:
    """The compiled core sums the ways the flags fall by loops, the pure one by sum and map: the same
    products added in the same order, so the two cores' values are equal, not merely close."""
    rng = random.Random(7)
    table = flag_model2.game_table2(flag_model2.FLAG_WEIGHTS2[1])
    for _ in range(2000):
        odds = [rng.choice([0.0, 1.0, 0.5, rng.random()]) for _ in range(9)]
        assert flag_model2._ways(odds, table) == flag_model2._ways_pure(odds, table)
        assert abs(flag_model2.game_value2(odds, flag_model2.FLAG_WEIGHTS2[1], table)
                   - learnt.learnt_value2(odds, flag_model2.FLAG_WEIGHTS2[1])) < 1e-12


def test_use_flags2_switches_the_two_player_leaf_and_back() -> None:
    state = Lean.from_game(_position(4, 30))
    me = state.to_move
    shares = _shares(9)
    plain = leaf_value(state, me, shares, {})
    halves = lean_eval.leaf_halves(state, me, shares, {})
    try:
        flag_model2.use_flags2(True)
        assert flag_model2.flags2_on()
        expected = flag_model2.flag_value2(4, halves, state.sides, state.claimed, state.mud, state.fog, me,
                                      len(state.troops))
        assert leaf_value(state, me, shares, {}) == expected != plain
    finally:
        flag_model2.use_flags2(False)
    assert leaf_value(state, me, shares, {}) == plain


@pytest.mark.parametrize("tactics", [True, False], ids=["full", "troops"])
def test_each_answer_read_without_playing_it_is_the_leaf_after_playing_it_with_the_flag_model(tactics: bool) -> None:
    """best_answer's shortcut for a troop or morale play (our side of one flag changed, read without
    copying the state) gives exactly leaf_value after the play, with the per-flag model on too."""
    checked = 0
    try:
        flag_model2.use_flags2(True)
        for seed in range(3):
            for plies in (10, 30, 50):
                game = _position(seed, plies, tactics)
                if game.over:
                    continue
                state = Lean.from_game(game)
                me = state.to_move
                shares = _shares(seed)
                for play in state.plays():
                    if play[0] != A_PLAY or not 0 <= play[1] <= SHIELD:
                        continue
                    after = state.copy()
                    after.apply(play)
                    memo: Memo = {}
                    assert best_answer(state, me, [play], shares, memo, float("inf")) == \
                        leaf_value(after, me, shares, {}), (seed, plies, play)
                    checked += 1
    finally:
        flag_model2.use_flags2(False)
    assert checked >= 50


def test_hard_with_the_flag_model_is_reproducible_at_fixed_lines_and_switches_back() -> None:
    game = _position(5, 30)
    picks = []
    for _ in range(2):
        bot = HardBot(5, iterations=60)
        bot.flags2 = True
        picks.append((bot.choose(game.view(game.to_move)), bot.last_search))
    assert picks[0][0] == picks[1][0] and picks[0][0] in game.legal_actions()
    assert picks[0][1] is not None and picks[1][1] is not None
    assert picks[0][1]["line_chance"] == picks[1][1]["line_chance"]
    HardBot(5, iterations=20).choose(game.view(game.to_move))
    assert not flag_model2.flags2_on()  # a bot with the setting off turns the model off for its own search


def test_train_flags_two_players_is_deterministic_and_reports_held_out_losses(tmp_path: Path) -> None:
    data = tmp_path / "sp2.jsonl"
    made = subprocess.run([sys.executable, "tools/selfplay_data.py", "--players", "2", "--seed", "20", "--games", "3",
                           "--bots", "easy", "--out", str(data)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    outs = []
    for k in range(2):
        out = tmp_path / f"w{k}.json"
        trained = subprocess.run([sys.executable, "tools/train_flags.py", "--players", "2", "--data", str(data),
                                  "--seed", "3", "--holdout", "2", "--split-seed", "21", "--out", str(out)],
                                 cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert trained.returncode == 0, trained.stderr
        report = json.loads(trained.stdout)
        assert report["held_out_games"] == 2 and report["train_games"] == 1  # seeds 20 and 22 held out
        losses = report["held_out_log_loss"]["all"]
        assert {"flags", "committed", "flags_hands", "learnt2", "leaf_value"} <= set(losses)
        assert losses["positions"] == report["held_out_rows"] and report["reliability_committed"]
        split = report["held_out_log_loss"]  # held-out seeds 20 and 22 on either side of --split-seed 21
        assert split["seed_ge_21"]["games"] == split["seed_lt_21"]["games"] == 1
        assert split["seed_ge_21"]["positions"] + split["seed_lt_21"]["positions"] == losses["positions"]
        outs.append(json.loads(out.read_text()))
    assert outs[0]["flag_weights"] == outs[1]["flag_weights"] and outs[0]["weights"] == outs[1]["weights"]
    assert len(outs[0]["flag_weights"]) == len(flag_model2.FLAG_FEATURES2)


def test_the_hand_features_are_ours_less_theirs_in_troop_values_and_tactics() -> None:
    """tools/train_flags.hand_features2: the troops' values in our hand less theirs in tens, the tactics
    in our hand less theirs, and the first times the deck's fullness; the other side reads the negation."""
    sys.path.insert(0, str(ROOT / "tools"))
    from train_flags import hand_features2

    from engine.rulebook import ID

    mine = 1 << ID["r10"] | 1 << ID["b9"] | 1 << ID["alexander"]  # 19 in troops, a tactic
    theirs = 1 << ID["g1"] | 1 << ID["y2"]  # 3
    assert hand_features2(mine, theirs, 23) == [1.6, 1.0, 0.8]
    assert hand_features2(theirs, mine, 23) == [-1.6, -1.0, -0.8]
