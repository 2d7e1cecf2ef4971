"""`battleline bench party --window` (issue 49) in a real window under Xvfb: the TV's own frames time each scripted
phone's action, to the first frame showing it and to the end of its animation. Checked for what it reports, never
for speed (a shared machine's figures say nothing here)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_helpers import CLI


@pytest.fixture
def display() -> Iterator[str]:
    """A fresh X server on a free display number (Xvfb picks it and says which)."""
    if shutil.which("Xvfb") is None:
        pytest.skip("needs Debian's xvfb (apt-get install xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as said:
        number = said.readline().strip()
    try:
        assert number.isdigit(), "Xvfb did not say its display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_bench_party_window_times_each_action_by_the_windows_frames(display: str, tmp_path: Path) -> None:
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "BATTLELINE_CONFIG_DIR": str(tmp_path / "config"), "BATTLELINE_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([*CLI, "bench", "party", "--window", "--games", "1"], env=env, capture_output=True,
                          text=True, timeout=540)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["driver"] == "x11" and result["players"] == 2
    assert result["actions"] > 30, "a whole game's actions were timed"
    assert result["frames"] > result["actions"], "each action was shown in at least a frame of its own"
    first, end = result["to_first_frame_ms"], result["to_animation_end_ms"]
    assert 0 < first["p50"] <= first["p99"] <= first["max"]
    assert 0 < end["p50"] <= end["p99"] <= end["max"]
    assert end["p50"] > first["p50"], "an animation ends after its first frame"
    assert not (tmp_path / "data" / "games").exists(), "the bench keeps no game in the player's library"
