"""tools/paired_arena.py: two runs of the same games paired game by game (--compare), and its settings checked."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, Rules, from_position
from engine.ai import hard3
from engine.ai.lean3 import Lean3

TOOL = Path(__file__).resolve().parent.parent / "tools" / "paired_arena.py"


def _log(path: Path, winners: list[str | None]) -> Path:
    lines = [json.dumps({"i": i, "w": w, "how": "draw" if w is None else "envelopment", "max": 0.3, "moves": 30})
             for i, w in enumerate(winners)]
    lines.append(json.dumps({"set": [], "wins": winners.count("a"), "draws": winners.count(None),
                             "games": len(winners), "elapsed_s": 1}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _compare(old: Path, new: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), "--compare", str(old), str(new)], capture_output=True,
                          text=True, timeout=60, check=False)


def test_compare_pairs_the_games_and_gives_the_sign_test(tmp_path: Path) -> None:
    # game 0 both won; 1-5 only the new run; 6 only the old; 7 neither; the new run's game 8 has no twin
    old = _log(tmp_path / "old.log", ["a", "b", "c", None, "b", "c", "a", "b"])
    new = _log(tmp_path / "new.log", ["a", "a", "a", "a", "a", "a", "b", None, "a"])
    done = _compare(old, new)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    # 1 against 5 split games: two-sided p = 2 * (1 + 6) / 64
    assert report == {"games": 8, "old": 2, "new": 6, "only_old": 1, "only_new": 5, "sign_p": 0.219}


def test_compare_refuses_an_unreadable_log_in_one_line(tmp_path: Path) -> None:
    old = _log(tmp_path / "old.log", ["a"])
    broken = tmp_path / "broken.log"
    broken.write_text('{"i": 0, "w": \n', encoding="utf-8")
    shapeless = tmp_path / "shapeless.log"
    shapeless.write_text('{"i": 0}\n', encoding="utf-8")  # JSON, but no winner
    for other in (tmp_path / "missing.log", broken, shapeless):
        done = _compare(old, other)
        assert done.returncode == 2 and not done.stdout
        assert done.stderr.count("\n") == 1 and "paired_arena: cannot read" in done.stderr
        assert "Traceback" not in done.stderr


def test_an_unknown_setting_is_refused_in_one_line_before_any_game() -> None:
    for bots, setting in (("hard,normal", "REPLIES3=2"), ("hard,normal,normal", "solve_troops=1"),
                          ("hard,normal", "follow_ups=eight")):
        done = subprocess.run([sys.executable, str(TOOL), "--bots", bots, "--games", "1", "--iterations", "5",
                               "--set", setting], capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 2 and not done.stdout, (setting, done.stdout)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("paired_arena: "), done.stderr


def test_oracle_is_refused_in_one_line_but_for_three_players_with_hard_first() -> None:
    for bots in ("hard,normal", "normal,hard,normal"):
        done = subprocess.run([sys.executable, str(TOOL), "--bots", bots, "--games", "1", "--iterations", "5",
                               "--oracle", "hands"], capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 2 and not done.stdout, (bots, done.stdout)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("paired_arena: "), done.stderr


def test_oracle_hands_the_hard_bot_the_real_hands_and_a_view_stays_blind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard3, "lean_world", hard3.lean_world)  # restored after the test
    monkeypatch.syspath_prepend(str(TOOL.parent))
    import paired_arena

    game = Game.new(Rules(tactics=False, players=3), 12)
    real = Lean3.from_game(game)
    paired_arena.see_through("hands")
    seen = hard3.lean_world(game, game.to_move, random.Random(1))
    assert seen.hands == real.hands and sorted(seen.troops) == sorted(real.troops)
    assert seen.troops != real.troops  # the deck's order dealt afresh
    view = from_position(game.view(game.to_move))
    blind = [hard3.lean_world(view, game.to_move, random.Random(k)).hands for k in range(3)]
    assert any(hands != real.hands for hands in blind)


def test_oracle_run_plays_a_three_player_game() -> None:
    done = subprocess.run([sys.executable, str(TOOL), "--bots", "hard,normal,normal", "--games", "1",
                           "--iterations", "20", "--oracle", "all"], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout.splitlines()[0])
    assert first["i"] == 0 and first["how"] in ("breakthrough", "envelopment", "flags", "draw")


def test_record_keeps_every_play_step_of_the_arena_game_labelled_with_its_end(tmp_path: Path) -> None:
    """--record: the run's games are training data (tools/selfplay_data.py rows): one row per play step,
    the seats taking turns, the first row the deal itself, and every row labelled with the game's winner
    (as a seat index) and the flags' owners, which agree with the run's own line."""
    from engine.ai.lean import Lean
    from engine.rules import SEATS
    from engine.run.arena import seating
    from tools.train_eval import positions, state2_of

    out = tmp_path / "rec.jsonl"
    done = subprocess.run([sys.executable, str(TOOL), "--bots", "normal,normal", "--seed", "31", "--start", "1",
                           "--games", "2", "--no-tactics", "--record", str(out)],
                          capture_output=True, text=True, timeout=300, check=True)
    line = json.loads(done.stdout.splitlines()[0])
    rows = list(positions([str(out)], 2))
    assert len(rows) > 20 and {r["game"] for r in rows} == {1} and {r["seed"] for r in rows} == {32}
    seat_a, first = seating(1)
    deal = Lean.from_game(Game.new(Rules(tactics=False), 32, first))
    assert state2_of(rows[0]).hands == deal.hands and rows[0]["troops"] == deal.troops
    assert [r["to_move"] for r in rows] == [(rows[0]["to_move"] + k) % 2 for k in range(len(rows))]
    winner = rows[-1]["winner"]
    assert {r["winner"] for r in rows} == {winner} and not rows[0]["with_tactics"]
    assert (SEATS[winner] == seat_a) == (line["w"] == "a")
    assert rows[-1]["flags"].count(winner) >= 3 and rows[0]["claimed"] == [-1] * 9
