"""Screenshot scenes for the review after a game against a bot: in progress, and its marked moves."""

from __future__ import annotations

import copy
from typing import Any

#: each review worked out once per process: the scenes are staged again in every language (the text checks),
#: and a review is a whole game of hard searches; at fixed iterations it is the same every time
_REVIEWS: dict[tuple[str, int], dict[str, Any]] = {}


def _review(kind: str, game: Any, seed: int, **settings: Any) -> dict[str, Any]:
    from engine.record import to_record
    from engine.run.review import review

    if (kind, seed) not in _REVIEWS:
        _REVIEWS[kind, seed] = review(to_record(game), "south", seed=seed, **settings)
    return copy.deepcopy(_REVIEWS[kind, seed])


def _finished_game(seed: int) -> Any:
    from game.play.positions import find

    return find(seed, lambda g: g.over, limit=600)


def _progress(app: Any, seed: int) -> None:
    from engine.run.review import KeptReview
    from scenes.review_scene import ReviewScene

    app.push(ReviewScene(app, _finished_game(seed), "south", KeptReview(None, 7, 19)))


def _done(app: Any, seed: int) -> None:
    from engine.run.review import KeptReview
    from scenes.review_scene import ReviewScene

    game = _finished_game(seed)
    result = _review("two", game, seed, iterations=60)
    scene = ReviewScene(app, game, "south", KeptReview(result))
    app.push(scene)
    scene.update(0.0)


def _done3(app: Any, seed: int) -> None:
    """The review of a three-player game (by hard's three-player search, engine.ai.hard3)."""
    from engine.run.review import KeptReview
    from scenes.review_scene import ReviewScene
    from tools.workshop.screenshot_three import three_game

    game = three_game(seed, lambda g: g.over, 600)
    result = _review("three", game, seed)
    scene = ReviewScene(app, game, "south", KeptReview(result))
    app.push(scene)
    scene.update(0.0)


REVIEW_SCENES = {"review-progress": _progress, "review": _done, "three-review": _done3}
