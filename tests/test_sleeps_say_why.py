"""Tests wait on what they wait for (issue 60 item 8): a fixed pause (a `time.sleep` with no loop around it in its
function, tools/house_figures.py's `test_sleeps`) is there only when its duration is what the test is about, and
then says so on its line or the line above: `# the duration is the point: ...`. A pause that guesses how long
something takes waits on the event instead (tests/waiting.wait_until, a socket's poll, a log line).

The guesses still left have no event a test can see without reading the queue it is filling; they are listed
here by their line's text, so the list only shrinks and no new guess comes in unnoticed."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from tools.house_figures import ROOT, sleeps_in_tests

MARK = "# the duration is the point:"

#: (file, the call's line) of the fixed pauses that still guess: the host's queue filling, unread, and a window
#: drawing a question no one outside it can see.
GUESSES = sorted([
    ("tests/test_net_turns.py", "time.sleep(0.5)  # their exchanges arrive (unread: the host is busy elsewhere)"),
    ("tests/test_net_turns.py", "time.sleep(0.5)"),
    ("tests/test_real_loop_net.py", "time.sleep(0.3)  # both messages are in the host's queue by now"),
    ("tests/test_phones_restart_window.py",
     "time.sleep(1.0)  # the question is drawn (nothing outside the window says so)"),
])


def _unsaid(root: Path) -> list[tuple[str, str]]:
    """The fixed pauses in `root`'s tests/ whose line and the line above do not say the duration is the point."""
    found = []
    for where in cast(list[str], sleeps_in_tests(root)["fixed_list"]):
        name, number = where.rsplit(":", 1)
        lines = (root / name).read_text(encoding="utf-8").splitlines()
        line, above = lines[int(number) - 1], lines[int(number) - 2]
        if MARK not in line and MARK not in above:
            found.append((name, line.strip()))
    return sorted(found)


def test_every_fixed_pause_in_the_tests_says_its_duration_is_the_point() -> None:
    assert _unsaid(ROOT) == GUESSES


def test_the_check_sees_a_guess_and_a_reason(tmp_path: Path) -> None:
    """The scan itself: a bare pause is caught, a pause in a loop (a wait's pace) is not, a marked one passes."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        "import time\n\n\ndef test_a():\n    time.sleep(1)  # let it start\n\n\n"
        "def test_b():\n    while True:\n        time.sleep(1)\n\n\n"
        f"def test_c():\n    {MARK} a rate limit's window\n    time.sleep(1)\n", encoding="utf-8")
    assert _unsaid(tmp_path) == [("tests/test_x.py", "time.sleep(1)  # let it start")]
