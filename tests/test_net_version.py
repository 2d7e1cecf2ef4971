"""The program version survives a moment with no file descriptors left (issue 56, finding 1).

Real processes at a real low file limit: a lookup made while every descriptor is taken must not be kept, or every
guest with the right code is refused "program version ... does not match the host's 0+unknown" for the host's life.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Takes every free descriptor (a flood of idle connections does the same to a host), then gives them back.
_STARVE = """
import os, resource
resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
held = []
def starve():
    while True:
        try:
            held.append(os.open(os.devnull, os.O_RDONLY))
        except OSError:
            return
def feed():
    while held:
        os.close(held.pop())
"""


def _run(body: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _STARVE + body], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_version_asked_while_starved_is_the_real_one_after() -> None:
    """Imported at start, asked during a flood and after it: the real version both times, never 0+unknown."""
    out = _run("""
from net.version import program_version
starve()
during = program_version()
feed()
print(during, program_version())
""")
    assert out == [version("battleline")] * 2

