"""The project's own docs hold true: docs/RULES.md defines R1-R53 once each, and every example in
docs/NOTATION.md is valid notation that the engine reads and agrees with.

Each JSON block of NOTATION.md is recognised by its shape and checked by the engine's own reader for
that shape; a block of a shape this test does not know fails, so a new example cannot slip in unchecked.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine import analyze, from_position, from_record, to_position, to_record
from engine.actions import parse_action
from engine.match import check_result

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
NOTATION = ROOT / "docs" / "NOTATION.md"
RULE_IDS = range(1, 54)
#: Rules whose text carries a ruling of the team (the rulebooks are silent or disagree there).
RULINGS = (5, 9, 22, 26, 27, 33, 38, 39)
OPTIONAL_POSITION_FIELDS = {"hand_tactics", "phase", "scout_drawn", "passes"}

_DEFINITION = re.compile(r"^- \*\*R(\d+)\*\*", re.MULTILINE)
_JSON_BLOCK = re.compile(r"^```json\n(.*?)^```", re.MULTILINE | re.DOTALL)
_INLINE_ACTION = re.compile(r"`(\{\"type\":[^`]*\})`")


def rule_texts() -> dict[int, str]:
    """Rule id -> the text of its definition (up to the next definition or heading)."""
    text = RULES.read_text(encoding="utf-8")
    marks = list(_DEFINITION.finditer(text))
    out = {}
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        heading = text.find("\n#", mark.end(), end)
        out[int(mark.group(1))] = text[mark.start():heading if heading != -1 else end]
    return out


def json_blocks() -> list[Any]:
    blocks = _JSON_BLOCK.findall(NOTATION.read_text(encoding="utf-8"))
    assert blocks, "NOTATION.md has no ```json blocks"
    return [json.loads(block) for block in blocks]


def blocks_of(kind: str) -> list[Any]:
    return [b for b in json_blocks() if shape(b) == kind]


def shape(block: Any) -> str:
    if isinstance(block, list) and block and all(isinstance(a, dict) and "type" in a for a in block):
        return "actions"
    if isinstance(block, dict):
        if block.get("format") == "battleline-position/1":
            return "position"
        if block.get("format") == "battleline-game/1":
            return "record"
        if "flag" in block and "claimable_by" in block:
            return "analysis"
        if set(block) == {"hand_tactics"}:
            return "hand_tactics"
        if set(block) == {"result"}:
            return "result"
    return "unknown"


# ---------------------------------------------------------------------- RULES.md
def test_rules_defines_each_rule_exactly_once_in_order() -> None:
    ids = [int(n) for n in _DEFINITION.findall(RULES.read_text(encoding="utf-8"))]
    twice = sorted(n for n, count in Counter(ids).items() if count > 1)
    assert not twice, f"defined more than once: {twice}"
    assert sorted(set(ids)) == list(RULE_IDS), f"missing: {sorted(set(RULE_IDS) - set(ids))}, " \
                                               f"unknown: {sorted(set(ids) - set(RULE_IDS))}"
    assert ids == sorted(ids)


def test_rules_mentions_only_rules_that_exist() -> None:
    mentioned = {int(n) for n in re.findall(r"\bR(\d+)\b", RULES.read_text(encoding="utf-8"))}
    assert mentioned <= set(RULE_IDS), sorted(mentioned - set(RULE_IDS))


def test_rulings_stay_marked() -> None:
    texts = rule_texts()
    unmarked = [n for n in RULINGS if "**Ruling" not in texts[n]]
    assert not unmarked, f"rules whose ruling is no longer marked: {unmarked}"


def test_rules_say_what_the_numbers_are_for() -> None:
    intro = RULES.read_text(encoding="utf-8").split("\n## ", 1)[0]
    assert "test_r18_" in intro


def test_every_rule_named_by_a_test_is_defined() -> None:
    named = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        named |= {int(n) for n in re.findall(r"def test_r(\d+)_", path.read_text(encoding="utf-8"))}
    assert named, "no test is named after a rule"
    assert named <= set(rule_texts()), sorted(named - set(rule_texts()))


# ---------------------------------------------------------------------- NOTATION.md
def test_every_json_block_parses_and_has_a_known_shape() -> None:
    kinds = Counter(shape(b) for b in json_blocks())
    assert "unknown" not in kinds, kinds
    for kind in ("actions", "position", "record", "analysis", "hand_tactics", "result"):
        assert kinds[kind] >= 1, f"no {kind} example left in NOTATION.md"


def test_inline_actions_parse_and_are_canonical() -> None:
    found = _INLINE_ACTION.findall(NOTATION.read_text(encoding="utf-8"))
    assert len(found) >= 12, found
    for text in found:
        action = json.loads(text)
        assert parse_action(action) == action, text
        assert list(parse_action(action)) == list(action), f"fields out of canonical order: {text}"


def test_action_lists_parse() -> None:
    for block in blocks_of("actions"):
        for action in block:
            assert parse_action(action) == action


def is_complete(position: dict[str, Any]) -> bool:
    return all(isinstance(h, list) for h in position["hands"].values()) and \
        all(isinstance(d, list) for d in position["decks"].values())


def test_positions_load_and_list_legal_actions() -> None:
    kinds: Counter[str] = Counter()
    for block in blocks_of("position"):
        assert len(block["flags"]) == 9
        game = from_position(copy.deepcopy(block))
        assert game.legal_actions(), "the example position has no legal action"
        if is_complete(block):
            assert_written_as(to_position(game), block)
            kinds["complete"] += 1
        else:  # a view: what it shows is what the engine's view of the same game shows
            seat = next(s for s, h in block["hands"].items() if h is not None)
            view = game.view(seat)
            for key, value in block.items():
                assert view.get(key) == value, key
            kinds["view"] += 1
    assert kinds["complete"] >= 1 and kinds["view"] >= 1, kinds


def test_complete_state_is_the_record_example_played_out() -> None:
    """The page says the complete game state is the record example after its actions."""
    (state,) = [b for b in blocks_of("position") if is_complete(b)]
    (record,) = blocks_of("record")
    assert_written_as(to_position(from_record(copy.deepcopy(record))), state)


def assert_written_as(written: Mapping[str, Any], example: Mapping[str, Any]) -> None:
    """The engine writes the example's fields just as the example shows them, and adds none but
    an optional field the page describes (the example may leave `hand_tactics` out)."""
    for key, value in example.items():
        assert written.get(key) == value, key
    extra = set(written) - set(example)
    assert extra <= OPTIONAL_POSITION_FIELDS, extra


def test_shell_example_applies_to_the_complete_state() -> None:
    text = NOTATION.read_text(encoding="utf-8")
    (sh,) = re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    (line,) = [x for x in sh.splitlines() if x.startswith("battleline apply state.json ")]
    actions = [json.loads(a) for a in re.findall(r"'([^']*)'", line)]
    assert actions
    (state,) = [b for b in blocks_of("position") if is_complete(b)]
    game = from_position(copy.deepcopy(state))
    mover = game.to_move
    for action in actions:
        game.apply(action)
    played = actions[0]
    assert played["card"] in game.flags[played["flag"] - 1].sides[mover]
    # the prose names the troop this draw takes: the last of the troop deck's list
    words = " ".join(text.split())
    assert f"draw a troop (the {card_words(state['decks']['troops'][-1])})" in words


def card_words(card: str) -> str:
    colour = {"r": "red", "o": "orange", "y": "yellow", "g": "green", "b": "blue", "p": "purple"}[card[0]]
    return f"{colour} {card[1:]}"


def test_analysis_example_is_what_the_engine_says() -> None:
    position = blocks_of("position")[0]
    rows = analyze(from_position(copy.deepcopy(position)))
    for example in blocks_of("analysis"):
        row = rows[example["flag"] - 1]
        for key, value in example.items():
            assert row.get(key) == value, key


def test_hand_tactics_example_loads_with_the_example_position() -> None:
    position = blocks_of("position")[0]
    for example in blocks_of("hand_tactics"):
        game = from_position({**copy.deepcopy(position), **example})
        seat = next(s for s, h in position["hands"].items() if h is not None)
        assert game.view(seat)["hand_tactics"] == example["hand_tactics"]


def test_records_replay_and_write_back_unchanged() -> None:
    for block in blocks_of("record"):
        game = from_record(copy.deepcopy(block))
        assert to_record(game) == block


def test_result_examples_are_valid_results() -> None:
    for block in blocks_of("result"):
        assert check_result(block["result"]) == block["result"]


@pytest.mark.parametrize("path", ["README.md", "docs/ARCHITECTURE.md", "docs/PROTOCOL.md", "docs/RULES.md",
                                  "docs/NOTATION.md"])
def test_docs_point_inside_the_repository(path: str) -> None:
    assert "../shared" not in (ROOT / path).read_text(encoding="utf-8")
