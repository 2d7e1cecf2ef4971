"""`battleline bench bots`: the hard bot's speed, on the reference line and on the line it plays."""

from __future__ import annotations

from engine.ai.hard import REFERENCE_LINE, HardBot
from tools.workshop.bench_bots import bench_hard


def test_bench_bots_times_the_reference_line_and_the_line_hard_plays() -> None:
    out = bench_hard(0.05, games=1)
    assert out["positions"] == 4 and out["seconds_per_position"] == 0.05
    assert out["hard_iterations_per_s"] > 0 and out["hard_play_iterations_per_s"] > 0


def test_the_reference_bot_has_the_reference_line_and_the_default_bot_does_not() -> None:
    reference, played = HardBot.reference(3, iterations=10), HardBot(3, iterations=10)
    assert {name: getattr(reference, name) for name in REFERENCE_LINE} == REFERENCE_LINE
    assert {name: getattr(played, name) for name in REFERENCE_LINE} != REFERENCE_LINE
    assert reference.iterations == played.iterations == 10
