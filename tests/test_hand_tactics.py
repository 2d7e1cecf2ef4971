"""R45: how many tactics cards each hand holds is public; views, positions and bots' worlds carry it."""

from __future__ import annotations

import random
from typing import cast

import pytest
from builders import position

from engine import Game, NotationError, from_position
from engine.ai.worlds import hidden_of, sample_world
from engine.cards import TROOP_BIT


def _game_with_tactics_in_hand(seed: int) -> Game:
    """A real game played until the player not to move holds a tactics card."""
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if game.over:
            break
        other = "north" if game.to_move == "south" else "south"
        if game.phase == "play" and any(c not in TROOP_BIT for c in game.hand(other)):
            return game
        legal = game.legal_actions()
        draws = [a for a in legal if a.get("deck") == "tactics"]
        game.apply(draws[0] if draws else rng.choice(legal))
    raise AssertionError("no hand took a tactics card")


def test_r45_views_count_the_tactics_in_each_hand() -> None:
    game = _game_with_tactics_in_hand(4)
    me = game.to_move
    other = "north" if me == "south" else "south"
    view = game.view(me)
    held = sum(1 for c in game.hand(other) if c not in TROOP_BIT)
    assert view["hands"][other] is None and held > 0
    assert view["hand_tactics"] == {other: held, me: sum(1 for c in game.hand(me) if c not in TROOP_BIT)}
    loaded = from_position(view)
    assert loaded.hand_tactics(other) == held
    assert loaded.view(me)["hand_tactics"] == view["hand_tactics"]


def test_r45_a_view_without_hand_tactics_still_loads() -> None:
    view = Game.new(seed=2).view("south")
    del view["hand_tactics"]
    loaded = from_position(view)
    assert loaded.hand_tactics("north") is None and "north" not in loaded.view("south")["hand_tactics"]


@pytest.mark.parametrize("counts, words", [
    ({"north": 1}, "do not add up"),
    ({"south": 1}, "different number of tactics"),
    ({"north": 8}, "whole number from 0 to 7"),
    ({"east": 0}, "unknown field"),
    ({"north": "1"}, "whole number"),
])
def test_r45_a_wrong_hand_tactics_is_refused_with_its_field(counts: dict[str, object], words: str) -> None:
    view = Game.new(seed=2).view("south")
    view["hand_tactics"] = cast(dict[str, int], counts)  # wrong on purpose
    with pytest.raises(NotationError, match=words):
        from_position(view)


def test_r45_a_complete_state_checks_both_hands() -> None:
    state = position(north="alexander r1 r2", south="b3 b4 scout")
    state["hand_tactics"] = {"north": 1, "south": 1}
    assert from_position(state).hand_tactics("north") == 1
    state["hand_tactics"] = {"north": 0, "south": 1}
    with pytest.raises(NotationError, match=r"hand_tactics\.north"):
        from_position(state)


def test_r45_hidden_counts_must_add_up_with_the_tactics_deck() -> None:
    game = _game_with_tactics_in_hand(4)
    view = game.view(game.to_move)
    other = "north" if game.to_move == "south" else "south"
    view["hand_tactics"][other] -= 1
    with pytest.raises(NotationError, match="do not add up"):
        from_position(view)


@pytest.mark.parametrize("seed", [4, 9, 13])
def test_r45_sampled_worlds_give_the_opponent_as_many_tactics_as_it_holds(seed: int) -> None:
    game = _game_with_tactics_in_hand(seed)
    me = game.to_move
    other = "north" if me == "south" else "south"
    seen = from_position(game.view(me))  # what a bot is handed
    held = seen.hand_tactics(other)
    rng = random.Random(seed)
    hidden = hidden_of(seen, me)
    for _ in range(50):
        world = sample_world(hidden, rng)
        assert sum(1 for c in world.opp_hand if c not in TROOP_BIT) == held
        assert len(world.opp_hand) == game.hand_sizes[other]
