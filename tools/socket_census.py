"""Which tests open sockets or start processes: a count per test file, taken by running them.

    python tools/socket_census.py tests/test_net_*.py tests/test_refusals.py

runs the files under pytest (two workers) with this module loaded as a plugin. The plugin notes each
ZeroMQ socket, OS socket and child process a test makes, in its own body or in a fixture it uses (a
module-scoped host counts for every test that uses it), and the script prints, per file, how many tests
opened none and how many opened some. Issue 47: most protocol tests should need none.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

_OUT = "SOCKET_CENSUS_OUT"
_opened = [0]  # sockets and processes made in this worker so far


def _counting(cls: type, name: str) -> None:
    """Wrap cls.name (a constructor or factory) so that each call adds one to the worker's count."""
    original: Callable[..., Any] = getattr(cls, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        _opened[0] += 1
        return original(*args, **kwargs)

    setattr(cls, name, counted)


def pytest_configure(config: pytest.Config) -> None:
    """Install the counters once per process (the controller's are harmless; the workers do the tests)."""
    import zmq

    _counting(zmq.Context, "socket")
    _counting(socket.socket, "__init__")
    _counting(subprocess.Popen, "__init__")


_fixtures_opening: set[str] = set()


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any]) -> Generator[None, None, None]:
    before = _opened[0]
    yield
    if _opened[0] > before:
        _fixtures_opening.add(fixturedef.argname)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    before = _opened[0]
    yield
    fixtures = set(getattr(item, "fixturenames", ()))
    opened = _opened[0] > before or bool(fixtures & _fixtures_opening)
    out = os.environ.get(_OUT)
    if out:
        with open(out, "a", encoding="utf-8") as file:
            file.write(json.dumps({"test": item.nodeid, "sockets": opened}) + "\n")


def _rows(path: Path) -> Iterator[tuple[str, bool]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        yield row["test"], bool(row["sockets"])


def main(argv: list[str]) -> int:
    """Run the named test files with the census and print the counts; pytest's own result is returned."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "census.jsonl"
        env = {**os.environ, _OUT: str(out), "PYTHONPATH": os.pathsep.join(
            [str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "socket_census", "-n", "2",
                              "--dist", "loadfile", "-p", "no:randomly", *argv], env=env, check=False)
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for test, opened in _rows(out) if out.exists() else ():
            counts[test.split("::")[0]][opened] += 1
    print(f"{'file':40} {'no sockets':>10} {'sockets':>8}")
    for name in sorted(counts):
        print(f"{name:40} {counts[name][0]:>10} {counts[name][1]:>8}")
    total = [sum(c[i] for c in counts.values()) for i in (0, 1)]
    print(f"{'total':40} {total[0]:>10} {total[1]:>8}")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
