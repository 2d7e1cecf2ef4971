"""Nothing lost: the real game, killed with SIGKILL at random moments and started again, finishes
the very game an uninterrupted run finishes.

Each run is the real game window's process and main loop (`battleline play`), headless, played by tests/scripted.py
through posted input events (title, menus, Continue, the pass screen, clicks on the board).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.play.saves import check_save

SCRIPT = {"setup": {"seed": 11, "starts": "south", "opponent": "human"}, "policy": 3, "settle": 0}


def _env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BATTLELINE_DATA_DIR=str(data),
               BATTLELINE_CONFIG_DIR=str(data / "config"), BATTLELINE_SCRIPT=json.dumps(SCRIPT))
    return env


def _start(data: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, str(Path(__file__).with_name("scripted.py"))], env=_env(data),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _saved_actions(data: Path) -> int:
    try:
        return len(json.loads((data / "current.json").read_text())["game"]["actions"])
    except (OSError, ValueError, KeyError, TypeError):
        return -1


def _kill_when(proc: subprocess.Popen[bytes], ready: object, timeout: float = 60) -> bool:
    """SIGKILL the process once `ready()` holds; False if it ended on its own first."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            return False
        if ready():  # type: ignore[operator]
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            return True
        time.sleep(0.002)
    proc.kill()
    raise AssertionError("the scripted game did not get there in time")


def _finished_record(data: Path) -> dict:
    kept = sorted((data / "games").glob("*.json"))
    assert len(kept) == 1, kept
    return json.loads(kept[0].read_text())


def test_sigkill_at_random_moments_then_continue_finishes_the_same_game(tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    proc = _start(reference)
    assert proc.wait(timeout=90) == 0
    expected = _finished_record(reference)
    assert expected["result"] is not None and len(expected["actions"]) > 40
    assert not (reference / "current.json").exists(), "a finished single game leaves nothing to continue"

    data = tmp_path / "killed"
    rng = random.Random(2025)
    total = len(expected["actions"])
    moments = [*sorted(rng.sample(range(1, total), 4)), total]  # the last: between the final move and its results
    kills = 0
    started = time.monotonic()
    proc = _start(data)  # the first kill is by the clock: wherever the game happens to be
    kills += _kill_when(proc, lambda: time.monotonic() - started > rng.uniform(0.15, 0.5))
    for moment in moments:
        proc = _start(data)
        kills += _kill_when(proc, lambda m=moment: _saved_actions(data) >= m)
        if (data / "current.json").exists():  # whatever the moment, the save on disk is whole and sound
            saved = check_save(json.loads((data / "current.json").read_text()))
            assert saved.game is not None
            assert saved.game.actions == expected["actions"][:len(saved.game.actions)]
    assert kills >= 4
    proc = _start(data)
    assert proc.wait(timeout=90) == 0
    assert _finished_record(data) == expected
    assert not (data / "current.json").exists()
    stats = json.loads((data / "stats.json").read_text())
    assert len(stats["games_counted"]) == 1, "a resumed game is counted once"
    assert not list(data.glob(".*.tmp")), "no temporary file is left behind"
