"""The command line with three-player positions and records (R46-R53, NOTATION.md "Three players").

Run through `python -m app.cli` as players run it: JSON out, or one line of reason, never a traceback.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from builders import position3
from test_cli_engine import ok_json, one_line_error, run

from engine import Game, Rules, from_position, to_position, to_record

THREE = Rules(tactics=False, players=3)


def write(tmp_path: Path, data: object, name: str = "pos.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_r53_analyze_lists_each_flag_for_the_two_seats_of_its_front(tmp_path: Path) -> None:
    pos = position3(flags={1: {"west": "y9 y10", "south": "b7 b8 b9"}, 7: {"east": "r8 r9 r10", "west": "o1 y2 g4"}},
                    hands={"south": "y8", "west": "r1", "east": "r2"}, first_complete={7: "west"})
    out = ok_json(run("analyze", str(write(tmp_path, pos))))
    assert set(out[0]) >= {"west", "south"} and "north" not in out[0] and "east" not in out[0]
    assert out[0]["claimable_by"] is None and "y8" in out[0]["counterexample"]  # R49: y8 is unseen
    assert out[6]["claimable_by"] == "east" and set(out[6]) >= {"east", "west"}


def test_r48_legal_lists_plays_on_the_movers_six_flags(tmp_path: Path) -> None:
    pos = position3(hands={"south": "r1", "west": "o1 o2", "east": "y1"}, to_move="west")
    out = ok_json(run("legal", str(write(tmp_path, pos))))
    assert sorted({a["flag"] for a in out}) == [1, 2, 3, 7, 8, 9] and len(out) == 12


def test_r48_apply_plays_and_refuses_another_front_in_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, position3(hands={"south": "r1", "west": "o1", "east": "y1"}))
    out = ok_json(run("apply", str(path), '{"type": "play", "card": "r1", "flag": 4}'))
    assert out["flags"][3]["south"] == ["r1"] and out["rules"]["players"] == 3 and out["phase"] == "draw"
    assert from_position(out).to_move == "south"
    err = one_line_error(run("apply", str(path), '{"type": "play", "card": "r1", "flag": 8}'), "action 1",
                         "flag 8 is fought over by east and west", "R48")
    assert err.startswith("battleline apply:")


def test_r46_replay_of_a_three_player_record(tmp_path: Path) -> None:
    g = Game.new(THREE, 4)
    rng = random.Random(4)
    while not g.over:
        actions = g.legal_actions()
        g.apply(actions[0] if g.phase == "claim" else rng.choice(actions))
    out = ok_json(run("replay", str(write(tmp_path, to_record(g), "game.json"))))
    assert out["result"] == g.result and out["position"] == to_position(g)


def test_r46_bad_three_player_input_gets_one_line(tmp_path: Path) -> None:
    pos = position3(hands={"south": "r1", "west": "o1", "east": "y1"})
    pos["rules"]["tactics"] = True
    one_line_error(run("legal", str(write(tmp_path, pos))), "position.rules.tactics", "without tactics")
    pos = position3(hands={"south": "r1", "west": "o1", "east": "y1"})
    del pos["hands"]["east"]
    one_line_error(run("legal", str(write(tmp_path, pos))), "position.hands.east: missing")
    pos = position3(hands={"south": "r1", "west": "o1", "east": "y1"})
    pos["to_move"] = "north"
    one_line_error(run("legal", str(write(tmp_path, pos))), "position.to_move", '"south", "west" or "east"')
    record = to_record(Game.new(THREE, 1))
    record["players"] = {"north": "A", "south": "B"}
    one_line_error(run("replay", str(write(tmp_path, record, "r.json"))), "record.players",
                   "south, west and east")


def test_r53_hint_plays_any_seat_and_hard_searches_with_an_estimate(tmp_path: Path) -> None:
    g = Game.new(THREE, 6, first="east")
    path = write(tmp_path, g.view("east"))
    for level in ("random", "easy", "normal"):
        out = ok_json(run("hint", str(path), "--bot", level))
        assert out["seat"] == "east" and out["action"] in g.legal_actions() and "played_by" not in out
    out = ok_json(run("hint", str(path), "--bot", "hard"))
    assert out["action"] in g.legal_actions() and "played_by" not in out
    assert 0.0 <= out["win_chance"] <= 1.0 and out["search"]["iterations"] > 0 and out["proven"] is False


def test_r46_the_notation_pages_three_player_examples_are_what_the_engine_writes() -> None:
    import re

    from engine import from_record
    from engine.match import check_result

    text = (Path(__file__).resolve().parent.parent / "docs" / "NOTATION.md").read_text(encoding="utf-8")
    section = text.split("## Three players", 1)[1]
    (view,) = [json.loads(b) for b in re.findall(r"^```json\n(.*?)^```", section, re.M | re.S)]
    record, result = [json.loads(b) for b in re.findall(r"^```jsonc\n(.*?)^```", section, re.M | re.S)]
    game = from_record(record)
    assert to_record(game) == record
    assert game.view("south") == view
    assert check_result(result["result"], players=3) == result["result"]


def test_r46_review_of_a_three_player_record_judges_every_play_by_hards_search(tmp_path: Path) -> None:
    """Each play of the seat is valued by hard's three-player search (engine.ai.hard3, as a chance), the
    costliest marked with the play preferred, the same from the same record."""
    g = Game.new(THREE, 4)
    rng = random.Random(4)
    plays = 0
    while not g.over:
        if g.to_move == "south" and g.phase == "play" and len(g.legal_actions()) > 1:
            plays += 1
        g.apply(rng.choice(g.legal_actions()))
    path = write(tmp_path, to_record(g), "game.json")
    answer = ok_json(run("review", str(path), "--seat", "south", "--iterations", "60"))
    assert answer == ok_json(run("review", str(path), "--seat", "south", "--iterations", "60"))
    assert len(answer["moves"]) == plays and answer["complete"]
    for move in answer["moves"]:
        assert 0.0 <= move["win_chance_played"] <= move["win_chance_preferred"] <= 1.0
        assert move["cost"] == round(move["win_chance_preferred"] - move["win_chance_played"], 3)
    assert 1 <= len(answer["marked"]) <= 3 and all(m["cost"] > 0 for m in answer["marked"])
