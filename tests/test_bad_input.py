"""Bad input (NOTATION.md): readers reject malformed positions, records and actions with NotationError.

Never another exception: a LAN guest, a saved file or a bug report can hold anything, and the
engine must answer it with a reason, not a traceback. Hand-written cases name each field; the
Hypothesis tests throw generated garbage, whole and spliced into valid data, at every reader.
"""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from builders import position
from hypothesis import given
from hypothesis import strategies as st

from engine import Game, IllegalAction, NotationError, Rules, analyze, from_position, from_record, to_record
from engine.actions import parse_action
from engine.cards import TROOP_BIT

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["north", "south", "r5", "fog", "play", "troops", "standard", "battleline-position/1"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30,
)


def valid_position() -> dict[str, Any]:
    return position(flags={1: ("b1 b2", "r5 r6 r7"), 2: ("alexander", "")}, fog={3: "north"}, mud={1: "south"},
                    north="b9 g9", south="r1 traitor", north_discard="deserter",
                    south_discard="y5 scout")


def valid_record() -> dict[str, Any]:
    """A sound record as a plain dict, for the tests to spoil field by field."""
    game = Game.new(Rules(), seed=5)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    return {**to_record(game)}


def rejects(reader: Any, data: Any, match: str | None = None) -> None:
    with pytest.raises(NotationError, match=match):
        reader(data)


# ----------------------------------------------------------------------------- positions by hand
def test_valid_builders_load() -> None:
    written = from_position(valid_position()).view()
    hands = valid_position()["hands"]
    assert written.pop("hand_tactics") == {s: sum(c not in TROOP_BIT for c in hands[s]) for s in ("north", "south")}
    assert written == valid_position()
    assert from_record(valid_record()).actions == valid_record()["actions"]


@pytest.mark.parametrize("data", [None, [], "position", 5, 1.5, True])
def test_position_must_be_an_object(data: Any) -> None:
    rejects(from_position, data, "position")


@pytest.mark.parametrize("field", ["format", "rules", "to_move", "flags", "discards", "hands", "hand_sizes", "decks"])
def test_position_missing_field_is_named(field: str) -> None:
    pos = valid_position()
    del pos[field]
    rejects(from_position, pos, field)


def test_position_unknown_field_is_named() -> None:
    pos = valid_position()
    pos["colour"] = "red"
    rejects(from_position, pos, "colour")
    pos = valid_position()
    pos["flags"][0]["banner"] = 1
    rejects(from_position, pos, r"flags\[0\].banner")


@pytest.mark.parametrize(("path", "value", "field"), [
    (("format",), "battleline-position/2", "format"),
    (("rules",), [], "rules"),
    (("rules", "tactics"), "yes", "tactics"),
    (("rules", "claim_timing"), ["standard"], "claim_timing"),
    (("to_move",), "east", "to_move"),
    (("to_move",), ["north"], "to_move"),
    (("to_move",), {"north": 1}, "to_move"),
    (("flags",), [{}] * 8, "flags"),
    (("flags",), "flags", "flags"),
    (("flags", 0, "fog"), ["north"], "fog"),
    (("flags", 0, "mud"), {"a": 1}, "mud"),
    (("flags", 0, "claimed"), [], "claimed"),
    (("flags", 0, "first_complete"), [[]], "first_complete"),
    (("flags", 0, "north"), "b1 b2", "north"),
    (("flags", 0, "south"), ["r5", 6], "south"),
    (("flags", 0, "south"), ["r5", "r6", "r7", "r8", "r9"], "south"),
    (("flags", 0, "south"), ["r5", "r6", "fog"], "south"),
    (("discards",), [], "discards"),
    (("discards", "north"), None, "discards.north"),
    (("hands", "north"), "b9 g9", "hands.north"),
    (("hands", "south"), ["r1", "r1"], "hands.south"),
    (("hand_sizes", "north"), 2.0, "hand_sizes.north"),
    (("hand_sizes", "north"), True, "hand_sizes.north"),
    (("hand_sizes", "north"), 3, "hand_sizes.north"),
    (("hand_sizes", "south"), -1, "hand_sizes.south"),
    (("decks", "troops"), "many", "decks.troops"),
    (("decks", "tactics"), 10**100, "decks.tactics"),
    (("decks", "tactics"), ["r2"], "decks.tactics"),
    (("phase",), "lunch", "phase"),
    (("phase",), ["play"], "phase"),
    (("scout_drawn",), 4, "scout_drawn"),
    (("passes",), "2", "passes"),
])
def test_position_wrong_values_are_named(path: tuple[Any, ...], value: Any, field: str) -> None:
    pos = valid_position()
    target: Any = pos
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    rejects(from_position, pos, field.replace("[", r"\["))


def test_position_duplicate_cards_are_refused() -> None:
    pos = valid_position()
    pos["flags"][4]["north"] = ["r5"]  # r5 is already on flag 1
    rejects(from_position, pos, "twice")
    pos = valid_position()
    pos["discards"]["south"].append("b1")
    rejects(from_position, pos, "twice")


def test_position_fog_or_mud_at_two_flags_is_a_duplicate_card() -> None:
    for tactic in ("fog", "mud"):
        pos = valid_position()
        pos["flags"][6][tactic] = "south"  # it already lies at another flag
        rejects(from_position, pos, tactic)


def test_position_wrong_totals_are_refused() -> None:
    pos = valid_position()
    pos["decks"]["troops"].pop()
    rejects(from_position, pos, "add up")
    pos = valid_position()
    pos["decks"]["troops"] = len(pos["decks"]["troops"]) + 1
    rejects(from_position, pos, "add up")


def test_position_huge_lists_are_refused_quickly() -> None:
    pos = valid_position()
    pos["flags"] = [pos["flags"][0]] * 100_000
    rejects(from_position, pos, "flags")
    pos = valid_position()
    pos["discards"]["north"] = ["r1"] * 1_000_000
    rejects(from_position, pos, "discards")


def test_position_deep_nesting_is_refused() -> None:
    deep: Any = "north"
    for _ in range(100_000):
        deep = [deep]
    for key in ("to_move", "rules", "flags", "hands", "phase", "format"):
        pos = valid_position()
        pos[key] = deep
        rejects(from_position, pos)


def test_position_hidden_parts_must_add_up_too() -> None:
    view = from_position(valid_position()).view("south")
    assert from_position(view).hands["north"] is None
    view["hand_sizes"]["north"] += 1
    rejects(from_position, view, "add up")


# ----------------------------------------------------------------------------- records by hand
@pytest.mark.parametrize(("key", "value", "field"), [
    ("format", "battleline-game/0", "format"),
    ("seed", -1, "seed"),
    ("seed", 2**64, "seed"),
    ("seed", "12", "seed"),
    ("seed", True, "seed"),
    ("seed", 1.0, "seed"),
    ("rules", {"tactics": 1}, "tactics"),
    ("first", "west", "first"),
    ("first", ["north"], "first"),
    ("players", {"north": "A"}, "players"),
    ("players", {"north": "A", "south": 5}, "players"),
    ("players", {"north": "A" * 101, "south": "B"}, "players"),
    ("players", [], "players"),
    ("actions", {}, "actions"),
    ("actions", [{"type": "play"}] * 5001, "actions"),
    ("result", {"winner": "north"}, "result"),
])
def test_record_wrong_values_are_named(key: str, value: Any, field: str) -> None:
    rec = valid_record()
    rec[key] = value
    rejects(from_record, rec, field)


def test_record_missing_and_unknown_fields() -> None:
    for key in ("format", "seed", "rules", "first", "players", "actions"):
        rec = valid_record()
        del rec[key]
        rejects(from_record, rec, key)
    rec = valid_record()
    rec["comment"] = "hi"
    rejects(from_record, rec, "comment")
    rejects(from_record, [valid_record()], "record")


def test_record_bad_action_is_named_by_index() -> None:
    rec = valid_record()
    rec["actions"][3] = {"type": "play", "card": "r11", "flag": 1}
    rejects(from_record, rec, r"actions\[3\]")
    rec = valid_record()
    rec["actions"][3] = {"type": "claim", "flag": 1}  # well formed, not allowed now
    with pytest.raises(IllegalAction, match=r"actions\[3\]"):
        from_record(rec)


# ----------------------------------------------------------------------------- actions by hand
@pytest.mark.parametrize("action", [
    None, [], "pass", {}, {"type": "fly"}, {"type": ["play"]}, {"type": "play"},
    {"type": "play", "card": "r5"}, {"type": "play", "card": "r5", "flag": 1, "extra": 1},
    {"type": "play", "card": "r5", "flag": None}, {"type": "play", "card": "x5", "flag": 1},
    {"type": "play", "card": ["r5"], "flag": 1}, {"type": "play", "card": "scout", "flag": 1},
    {"type": "play", "card": "redeploy", "from_flag": 1, "target": "r5"},
    {"type": "play", "card": "traitor", "from_flag": 1, "target": "r5", "to_flag": None},
    {"type": "play", "card": "deserter", "from_flag": 1, "target": 5},
    {"type": "claim"}, {"type": "claim", "flag": "1"}, {"type": "done", "flag": 1},
    {"type": "draw", "deck": "discard"}, {"type": "draw", "deck": ["troops"]},
    {"type": "scout_return", "cards": "r5"}, {"type": "scout_return", "cards": ["r5"] * 4},
    {"type": "scout_return", "cards": [["r5"]]},
])
def test_malformed_actions_raise_notation_error(action: Any) -> None:
    rejects(parse_action, action)
    game = Game.new(seed=1)
    before = game.view()
    with pytest.raises(NotationError):
        game.apply(action)
    assert game.view() == before


# ----------------------------------------------------------------------------- generated garbage
def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside nested dicts and lists (lists: only their first three items)."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:3]):
            out += _paths(value, (*prefix, i))
    return out


POSITION_PATHS = _paths(valid_position())[1:]
RECORD_PATHS = _paths(valid_record())[1:]


def _splice(data: Any, path: tuple[Any, ...], value: Any, mode: str) -> Any:
    out = copy.deepcopy(data)
    target = out
    for key in path[:-1]:
        target = target[key]
    last = path[-1]
    if mode == "delete":
        del target[last]
    elif mode == "add" and isinstance(target, dict):
        target[str(value)[:10] + "_x"] = value
    else:
        target[last] = value
    return out


def _loads_or_refuses(reader: Any, data: Any, allowed: tuple[type[Exception], ...] = (NotationError,)) -> None:
    """The reader either accepts (then the game works) or raises one of `allowed`, nothing else."""
    try:
        game = reader(data)
    except allowed:
        return
    with contextlib.suppress(IllegalAction):  # a view that hides the hand of the player to move
        game.legal_actions()
    analyze(game)
    json.dumps(game.view())


@given(JSON)
def test_garbage_positions_raise_notation_error(data: Any) -> None:
    _loads_or_refuses(from_position, data)


@given(st.sampled_from(POSITION_PATHS), JSON, st.sampled_from(["set", "delete", "add"]))
def test_spliced_positions_raise_notation_error(path: tuple[Any, ...], value: Any, mode: str) -> None:
    _loads_or_refuses(from_position, _splice(valid_position(), path, value, mode))


@given(JSON)
def test_garbage_records_raise_notation_error(data: Any) -> None:
    _loads_or_refuses(from_record, data)


@given(st.sampled_from(RECORD_PATHS), JSON, st.sampled_from(["set", "delete", "add"]))
def test_spliced_records_raise_notation_or_illegal(path: tuple[Any, ...], value: Any, mode: str) -> None:
    """A changed action may be well formed yet not allowed: that is IllegalAction, also with a reason."""
    _loads_or_refuses(from_record, _splice(valid_record(), path, value, mode), (NotationError, IllegalAction))


@given(JSON)
def test_garbage_actions_raise_notation_error(data: Any) -> None:
    try:
        action = parse_action(data)
    except NotationError:
        return
    assert action == parse_action(action) and action["type"] == data["type"]  # well formed after all


@given(st.dictionaries(st.sampled_from(["type", "card", "flag", "from_flag", "target", "to_flag", "deck", "cards"]),
                       JSON | st.sampled_from(["play", "claim", "draw", "scout_return", "r5", "redeploy", 3, None]),
                       max_size=5))
def test_action_shaped_garbage_never_changes_a_game(data: dict[str, Any]) -> None:
    game = Game.new(seed=2)
    before = game.view()
    try:
        game.apply(data)
    except (NotationError, IllegalAction):
        assert game.view() == before


# ----------------------------------------------------------------------------- positions the rules cannot reach
def test_r18_both_sides_complete_needs_first_complete() -> None:
    """Without it a tie could never be settled (R18): the position is incomplete, not a draw."""
    pos = position(flags={1: ("b1 b2 b3", "r1 r2 r3")})
    rejects(from_position, pos, r"flags\[0\].first_complete")
    pos["flags"][0]["first_complete"] = "north"
    assert from_position(pos).judge_claim(1, "north").ok


def test_r10_more_than_seven_cards_outside_a_scout_is_refused() -> None:
    rejects(from_position, position(south="r1 r2 r3 r4 r5 r6 r7 r8"), "R10")
    rejects(from_position, position(north="r1 r2 r3 r4 r5 r6 r7 r8", phase="scout_return", scout_drawn=3,
                                    south_discard="scout", north_discard="fog"), "R10")
    rejects(from_position, position(south="r1 r2 r3 r4 r5 r6 r7", phase="draw"), "R10")
    pos = position(south="r1 r2 r3 r4 r5 r6 r7 r8 r9", phase="scout_return", scout_drawn=3,
                   south_discard="scout", north_discard="fog")
    assert from_position(pos).legal_actions()[0]["type"] == "scout_return"
