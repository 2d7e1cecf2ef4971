"""One win chance for the players (engine.ai.chance): the hint, the review and the win-estimate bar read it.

It is a probability, the same for the same position whoever asks, calibrated by a fitted logistic map
(tools/train_chance.py), and the coach's bar and the review's chance of the same position agree.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import cast

import pytest

from engine.ai.chance import CALIBRATION, calibrate, win_chance
from engine.ai.hard import HardBot
from engine.game import Game
from engine.notation_types import View
from engine.position import from_position
from engine.record import to_record
from engine.rules import SEATS, SEATS3, Rules
from engine.run.review import review
from game.play.coach import Coach
from tools.train_chance import cross_validated, fit


def _played(rules: Rules, seed: int, plays: int) -> Game:
    """A game of random legal actions, stopped before the play step after `plays` play steps."""
    seats = SEATS3 if rules.players == 3 else SEATS
    game = Game.new(rules, seed, seats[0], dict(zip(seats, "abc", strict=False)))
    rng = random.Random(seed)
    made = 0
    while not game.over:
        if game.phase == "play":
            if made == plays:
                break
            made += 1
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("rules", [Rules(), Rules(tactics=False), Rules(tactics=False, players=3)],
                         ids=["tactics", "troops", "three"])
def test_the_win_chance_is_a_probability_and_the_same_for_the_same_position(rules: Rules) -> None:
    chances = set()
    for seed in range(4):
        game = _played(rules, seed, 6 + 4 * seed)
        view = from_position(game.view(game.to_move))  # the mover's own view, as the coach sees it
        first = win_chance(view)
        assert 0.0 <= first <= 1.0
        assert win_chance(from_position(game.view(game.to_move))) == first  # deterministic, no seed
        chances.add(first)
    assert len(chances) > 1, "the chance follows the position"


def test_the_calibration_is_fitted_for_both_player_counts_and_rises_with_the_score() -> None:
    for players in (2, 3):
        slope, _ = CALIBRATION[players]
        assert slope > 0, CALIBRATION
        values = [calibrate(s / 10, players) for s in range(-10, 11)]
        assert values == sorted(values) and values[0] < 0.5 < values[-1]


def test_the_fit_recovers_a_known_logistic_map() -> None:
    """tools/train_chance.py's fit on outcomes drawn from sigmoid(3x - 0.5) finds about (3, -0.5)."""
    rng = random.Random(7)
    xs = [rng.uniform(-1, 1) for _ in range(20000)]
    ys = [int(rng.random() < 1 / (1 + 2.718281828459045 ** -(3 * x - 0.5))) for x in xs]
    a, b = fit(xs, ys)
    assert abs(a - 3) < 0.2 and abs(b + 0.5) < 0.1, (a, b)
    assert fit(xs, ys) == (a, b)  # deterministic


def test_the_cross_validated_table_reads_every_position_by_a_map_fitted_without_its_game() -> None:
    """`fit --all-games`: every position is read once, by the map of the other four folds; a fold whose
    outcomes are reversed is then read badly, which a map fitted with it could not show."""
    rng = random.Random(3)
    rows = []
    for seed in range(100):
        for _ in range(20):
            x = rng.uniform(-1, 1)
            won = int(rng.random() < 1 / (1 + 2.718281828459045 ** -(3 * x)))
            rows.append({"seed": seed, "players": 2, "score": x, "won": 1 - won if seed % 5 == 0 else won})
    table = cross_validated(rows)["2"]
    assert table["positions"] == len(rows) and table["games"] == 100
    low, high = table["bins"][0], table["bins"][-1]
    assert low["predicted"] < 0.2 and high["predicted"] > 0.8
    # fold 0 reversed: its low chances were won and its high ones lost, which pulls the ends to the middle
    assert low["won"] > low["predicted"] + 0.05 and high["won"] < high["predicted"] - 0.05


def test_hard_reports_the_one_chance_and_keeps_its_line_chance_apart() -> None:
    game = _played(Rules(), 3, 12)
    view = game.view(game.to_move)
    for seed in (1, 2):  # the bot's seed changes its search, not the chance shown
        bot = HardBot(seed, iterations=60)
        bot.choose(view)
        assert bot.last_search is not None and not bot.last_search.get("proven")
        assert bot.last_search["win_chance"] == win_chance(from_position(view))
        assert 0.0 <= bot.last_search["line_chance"] <= 1.0


@pytest.mark.parametrize("players", [2, 3])
def test_the_bar_and_the_review_agree_on_the_same_position(players: int) -> None:
    """The coach's answer for the bar (its own bot, its own seed, a time budget) and the review of the
    same position in a whole record (another seed, fixed lines) show the same chance."""
    rules = Rules(tactics=False, players=3) if players == 3 else Rules()
    game = _played(rules, 11, 0)  # played on to the end below by random legal actions
    seat = "south"
    rng = random.Random(1)
    moves = []
    while not game.over:
        if game.to_move == seat and game.phase == "play" and len(game.legal_actions()) > 1:
            moves.append((len(game.actions), game.view(seat)))
        game.apply(rng.choice(game.legal_actions()))
    index, view = moves[len(moves) // 3]  # a middle-game position: something left to draw
    answer = review(to_record(game), seat, iterations=40, seed=5, part=(len(moves) // 3, len(moves)))
    [reviewed] = answer["moves"]
    assert reviewed["index"] == index
    coach = Coach(seed=9, in_process=True)
    coach.ask(cast(View, view), index, hint=False)
    advice = coach.poll()
    coach.close()
    assert advice is not None and not advice.proven
    assert advice.win_chance == reviewed["win_chance"] == win_chance(from_position(view))


def test_the_committed_chance_reads_the_model_it_was_calibrated_on() -> None:
    """chance.json names the two-player model its map was fitted on (train_chance fit --model), and the
    score reads that model: the default score is the named model's, and the other model gives another."""
    from engine.ai import chance

    data = json.loads((Path(chance.__file__).parent / "chance.json").read_text(encoding="utf-8"))
    assert data.get("model2", "learnt2") == chance.MODEL2 and chance.MODEL2 in chance.MODELS2
    other = next(m for m in chance.MODELS2 if m != chance.MODEL2)
    differ = 0
    for seed, tactics in ((1, False), (2, True), (3, False)):
        game = _played(Rules(tactics=tactics), seed, 8)
        view = from_position(game.view(game.to_move))
        default = chance.score(view, 8)
        assert default == chance.score(view, 8, chance.MODEL2)
        flags = chance.score(view, 8, other)
        assert -1.0 <= flags <= 1.0 and flags == chance.score(view, 8, other)  # deterministic too
        differ += flags != default
    assert differ, "the two models read the positions alike: the switch does nothing"


def test_train_chance_reads_the_chosen_models_score_and_leaves_out_rows_without_it(tmp_path: Path) -> None:
    from tools.train_chance import read

    rows = [{"seed": 5, "players": 2, "troops": 40, "score": 0.1, "score_flags2": 0.3, "won": 1},
            {"seed": 6, "players": 2, "troops": 40, "score": -0.2, "won": 0},  # made before score_flags2
            {"seed": 7, "players": 3, "troops": 40, "score": 0.4, "won": 0}]
    path = tmp_path / "c.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"done": {}}\n', encoding="utf-8")
    assert [r["score"] for r in read([str(path)])] == [0.1, -0.2, 0.4]
    assert [r["score"] for r in read([str(path)], "flags2")] == [0.3, 0.4]
