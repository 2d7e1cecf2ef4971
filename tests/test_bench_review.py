"""`battleline bench review` times the whole review the results screen runs, not a part of it."""

from __future__ import annotations

from engine import to_record
from engine.run.review import REVIEW_JOBS, _reviewable
from tools.workshop.bench_bots import bench_review, review_game


def test_bench_review_times_every_reviewed_move_of_the_game() -> None:
    figures = bench_review(seed=5, iterations=5)
    assert figures["review_jobs"] == REVIEW_JOBS > 1
    assert figures["review_moves"] == len(_reviewable(to_record(review_game(5)), "south")) > 10
    assert figures["review_seconds"] > 0
