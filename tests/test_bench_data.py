"""The benchmark's hard claim positions: the committed JSON still matches the code that builds it."""

from __future__ import annotations

from engine import from_position
from tools.workshop.bench_data import build, load


def test_hard_claim_positions_match_their_builder() -> None:
    assert load() == build()


def test_hard_claim_positions_load_and_have_a_complete_claimant() -> None:
    for case in load():
        game = from_position(case["position"])
        flag = game.flags[case["flag"] - 1]
        assert flag.complete(case["claimant"]), case["name"]
        verdict = game.judge_claim(case["flag"], case["claimant"])
        assert verdict.mine is not None and verdict.reason, case["name"]
