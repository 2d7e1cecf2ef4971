"""tools/paired_arena.py: two runs of the same games paired game by game (--compare), and its settings checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
