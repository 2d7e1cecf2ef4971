"""The engine's command line (NOTATION.md "Command line"): JSON out on success, one line of reason otherwise.

Run as players and tools run it, through `python -m app.cli`, so argument parsing, file reading and
exit codes are all covered; a traceback anywhere is a failure.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from builders import position

from engine import Game, Rules, analyze, from_position, from_record, to_position, to_record
from engine.notation_types import Record

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "app.cli", *args], input=data, capture_output=True,
                          cwd=ROOT, timeout=60, check=False)


def ok_json(proc: subprocess.CompletedProcess[bytes]) -> Any:
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b""
    return json.loads(proc.stdout)


def one_line_error(proc: subprocess.CompletedProcess[bytes], *words: str) -> str:
    err = proc.stderr.decode()
    assert proc.returncode != 0
    assert proc.stdout == b""
    assert "Traceback" not in err and err.endswith("\n") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err
    return err


@pytest.fixture
def pos_file(tmp_path: Path) -> Path:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position(flags={1: ("b9 b10", "r5 r6"), 2: ("y1 g1", "r8 r9 r10")},
                                        south="r7 fog", north="b8")))
    return path


def test_analyze_prints_the_claim_analysis(pos_file: Path) -> None:
    rows = ok_json(run("analyze", str(pos_file)))
    assert rows == json.loads(json.dumps(analyze(from_position(json.loads(pos_file.read_text())))))
    assert len(rows) == 9 and rows[1]["claimable_by"] == "south"


def test_analyze_reads_standard_input(pos_file: Path) -> None:
    view = from_position(json.loads(pos_file.read_text())).view("north")
    rows = ok_json(run("analyze", "-", stdin=json.dumps(view)))
    assert rows[1]["claimable_by"] == "south" and rows[0]["counterexample"] is None


def test_legal_lists_the_actions(pos_file: Path) -> None:
    legal = ok_json(run("legal", str(pos_file)))
    assert legal == from_position(json.loads(pos_file.read_text())).legal_actions()
    assert {"type": "play", "card": "r7", "flag": 1} in legal


def test_apply_applies_actions_in_order(pos_file: Path) -> None:
    actions = [{"type": "play", "card": "r7", "flag": 1}, {"type": "claim", "flag": 2}]
    out = ok_json(run("apply", str(pos_file), *(json.dumps(a) for a in actions)))
    game = from_position(json.loads(pos_file.read_text()))
    for action in actions:
        game.apply(action)
    assert out == to_position(game)
    assert out["flags"][1]["claimed"] == "south"


def test_apply_illegal_action_exits_with_the_reason(pos_file: Path) -> None:
    proc = run("apply", str(pos_file), '{"type": "play", "card": "r7", "flag": 1}', '{"type": "claim", "flag": 1}')
    one_line_error(proc, "action 2", "Wedge 27")
    proc = run("apply", str(pos_file), '{"type": "pass"}')
    one_line_error(proc, "R9")


@pytest.mark.parametrize("text", ['{"type": "play", "card": "r7"', '{"type": "jump"}', "[" * 100_000,
                                  "9" * 5000, '"pass"'])
def test_apply_malformed_action_exits_with_the_reason(pos_file: Path, text: str) -> None:
    one_line_error(run("apply", str(pos_file), text), "action 1")


def test_apply_needs_a_complete_game_state(pos_file: Path) -> None:
    view = from_position(json.loads(pos_file.read_text())).view("north")
    proc = run("apply", "-", '{"type": "play", "card": "r7", "flag": 1}', stdin=json.dumps(view))
    one_line_error(proc, "hidden")


def test_legal_of_a_view_hiding_the_player_to_move(pos_file: Path) -> None:
    view = from_position(json.loads(pos_file.read_text())).view("north")  # south to move, hand hidden
    one_line_error(run("legal", "-", stdin=json.dumps(view)), "hidden")


def _record() -> Record:
    game = Game.new(Rules(claim_timing="end"), seed=31)
    while not game.over:
        legal = game.legal_actions()
        game.apply(legal[0] if game.phase == "claim" else legal[len(game.actions) % len(legal)])
    return to_record(game)


def test_replay_prints_final_position_and_result(tmp_path: Path) -> None:
    record = _record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = ok_json(run("replay", str(path)))
    game = from_record(record)
    assert out == {"position": to_position(game), "result": game.result}
    assert out["result"] == record["result"]


def test_replay_illegal_or_mismatched_record(tmp_path: Path) -> None:
    record = _record()
    record["actions"][0] = {"type": "claim", "flag": 1}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    one_line_error(run("replay", str(path)), "actions[0]")
    record = _record()
    record["result"] = {"winner": "north", "how": "envelopment", "flags": {"north": 5, "south": 0}} \
        if record["result"]["winner"] != "north" else {"winner": "south", "how": "envelopment",
                                                      "flags": {"north": 0, "south": 5}}
    path.write_text(json.dumps(record))
    one_line_error(run("replay", str(path)), "result")


@pytest.mark.parametrize(("content", "word"), [
    (b"", "JSON"),
    (b"{not json", "JSON"),
    (b"\xff\xfe\x00garbage", "cannot read"),
    (b"[" * 100_000, "JSON"),
    (b"9" * 5000, "JSON"),
    (b"[]", "position"),
    (b'{"format": "battleline-position/1"}', "missing"),
])
def test_bad_position_files(tmp_path: Path, content: bytes, word: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    for command in ("analyze", "legal"):
        one_line_error(run(command, str(path)), word)


def test_bad_position_fields_name_the_field(tmp_path: Path) -> None:
    pos = position()
    pos["to_move"] = ["south"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(pos))
    one_line_error(run("analyze", str(path)), "position.to_move")
    one_line_error(run("apply", str(path), '{"type": "pass"}'), "position.to_move")


def test_missing_file_and_directory(tmp_path: Path) -> None:
    one_line_error(run("analyze", str(tmp_path / "nope.json")), "cannot read")
    one_line_error(run("replay", str(tmp_path)), "cannot read")


def test_bad_record_file(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text(json.dumps({"format": "battleline-game/1"}))
    one_line_error(run("replay", str(path)), "record.")
    one_line_error(run("replay", "-", stdin="[[[["), "JSON")
