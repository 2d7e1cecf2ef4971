"""The per-flag model without the pools (issue 61, seventh round: hard3.LEARNT3 = 3) and the one loader of
every committed model's weights (learnt.read_weights)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from three_bots import assert_hard3_reproducible, assert_three_decisions_alike, core_built, leaf_world3, position3

from engine.ai import flag_model2, hard3, learnt
from engine.ai.lean3 import Lean3
from engine.ai.lean_search3 import forecast_of, halves3, leaf_values, pools_of
from engine.ai.three_playout import lean_world
from engine.rulebook import TROOP_MASK

ROOT = Path(__file__).resolve().parent.parent
AI = ROOT / "engine" / "ai"


def _worlds(count: int) -> list[Lean3]:
    """Fully known worlds of random three-player games at every stage."""
    out = []
    for seed in range(count):
        game = position3(100 + seed, 6 + 9 * (seed % 9))
        if not game.over:
            out.append(lean_world(game, game.to_move, random.Random(seed)))
    return out


def _offtable(world: Lean3) -> int:
    out = world.hands[0] | world.hands[1] | world.hands[2]
    for card in world.troops:
        out |= 1 << card
    return out & TROOP_MASK


def test_the_ceiling_features_are_those_columns_of_the_full_flag_features() -> None:
    """ceiling_features3 reads no pool, yet gives exactly the full model's columns it names."""
    columns = [learnt.FLAG_FEATURES3.index(name) for name in learnt.CEILING_FEATURES3]
    seen = 0
    for world in _worlds(30):
        offtable, pools = _offtable(world), pools_of(world)
        for f in range(9):
            if world.claimed[f] >= 0:
                continue
            leaf = (f % 5) / 4
            full = learnt.flag_features3(f, leaf, world.sides, world.claimed, world.first, world.hands, pools,
                                         offtable, world.to_move, len(world.troops))
            cheap = learnt.ceiling_features3(f, leaf, world.sides, world.claimed, world.first, world.hands, offtable,
                                             world.to_move, len(world.troops))
            assert cheap == [full[k] for k in columns]
            seen += 1
    assert seen > 150


def test_the_ceiling_leaf_reads_the_ceiling_model_on_the_leafs_chances() -> None:
    """leaf_values(learnt=3) is learnt.ceiling_values3 on the leaf's own chances, and differs from the others."""
    world, shares = leaf_world3()
    halves = halves3(world, shares)
    odds = [h / 4 for h in halves]
    expected = learnt.ceiling_values3(odds, forecast_of(halves, 2), world.sides, world.claimed, world.first,
                                      world.hands, _offtable(world), world.to_move, len(world.troops))
    assert leaf_values(world, shares, 3) == expected
    assert expected != leaf_values(world, shares, 2) and expected != leaf_values(world, shares, 0)
    assert abs(sum(expected)) <= 1.0 and all(-1.0 <= v <= 1.0 for v in expected)


def test_the_committed_ceiling_weights_name_their_features_and_command() -> None:
    data = json.loads((AI / "learnt_ceiling3.json").read_text())
    assert data["flag_features"] == list(learnt.CEILING_FEATURES3) and data["features"] == list(learnt.FEATURES3)
    assert "--ceiling" in data["command"] and "--seed" in data["command"]
    flag, seat, draw = learnt.CEILING_WEIGHTS
    assert flag == [float(x) for x in data["flag_weights"]] and seat == [float(x) for x in data["weights"]]
    assert draw == [float(x) for x in data["draw_weights"]] and any(flag)


@pytest.mark.parametrize(("name", "loaded", "keys"), [
    ("learnt3.json", lambda: learnt._WEIGHTS, ("weights", "draw_weights")),
    ("learnt_flags3.json", lambda: learnt.FLAG_WEIGHTS, ("flag_weights", "weights", "draw_weights")),
    ("learnt2.json", lambda: (learnt.WEIGHTS2,), ("weights",)),
    ("learnt_flags2.json", lambda: flag_model2.FLAG_WEIGHTS2, ("flag_weights", "weights")),
])
def test_every_committed_model_is_read_by_the_one_loader(name: str, loaded: object, keys: tuple[str, ...]) -> None:
    """Each module's weights are what read_weights gives for its file and names."""
    data = json.loads((AI / name).read_text())
    shape = {key: len(data[key]) for key in keys}
    found = learnt.read_weights(name, shape)
    assert found is not None and [list(x) for x in loaded()] == found  # type: ignore[operator]
    assert found == [[float(x) for x in data[key]] for key in keys]


def test_the_loader_refuses_a_missing_file_a_missing_key_and_another_length() -> None:
    assert learnt.read_weights("no_such_model.json", {"weights": 1}) is None
    size = len(learnt.FEATURES3)
    assert learnt.read_weights("learnt3.json", {"weights": size, "no_such_key": 1}) is None
    assert learnt.read_weights("learnt3.json", {"weights": size + 1}) is None
    assert learnt.read_weights("learnt3.json", {"weights": size}) is not None


def test_hard3_with_the_ceiling_model_is_reproducible_at_fixed_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard3, "LEARNT3", 3)
    assert_hard3_reproducible(60)


_SETTINGS = "from engine.ai import hard3\nhard3.LEARNT3 = 3\n"


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard3_decisions_with_the_ceiling_model_are_the_same_compiled_and_pure() -> None:
    """The ceiling model is plain float arithmetic in the compiled core: both cores choose and estimate alike."""
    assert_three_decisions_alike(_SETTINGS)
