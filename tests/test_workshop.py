"""The workshop (screenshots, benches) lives in the checkout, not in the players' game (issue 60, item 6).

From a checkout `battleline screenshot` and `battleline bench` reach tools/workshop; a game installed
without it says in one line where they run, and draws or measures nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ("engine", "game", "scenes", "net", "assets")


def _installed(tmp_path: Path) -> Path:
    """A game laid out as an install is: app/ copied (so it finds no checkout above it), the rest linked."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copytree(ROOT / "app", site / "app", ignore=shutil.ignore_patterns("__pycache__"))
    for name in GAME:
        (site / name).symlink_to(ROOT / name, target_is_directory=True)
    return site


def _run(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def test_an_installed_game_says_the_workshop_runs_from_a_checkout(tmp_path: Path) -> None:
    site = _installed(tmp_path)
    png = tmp_path / "board.png"
    for args in (("screenshot", "--scene", "board", "--out", str(png)), ("bench", "engine", "--games", "2")):
        done = _run(site, tmp_path, *args)
        assert done.returncode == 2, done.stderr
        assert "runs from a checkout" in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert done.stdout == ""
    assert not png.exists()
    assert _run(site, tmp_path, "--version").returncode == 0  # the game itself is whole


def test_from_a_checkout_the_workshop_runs(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "app.cli", "bench", "engine", "--games", "2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert '"games": 2' in done.stdout


def test_the_installed_packages_hold_no_workshop_module() -> None:
    workshop = sorted(p.relative_to(ROOT).as_posix() for top in ("app", *GAME) for p in (ROOT / top).rglob("*.py")
                      if p.name.startswith(("screenshot", "bench", "sound_check")))
    assert workshop == []
