"""Issue 48 item 6: `battleline host` and `join` refuse bad addresses, ports and paths in one line with a
non-zero exit (never a traceback), and the ready line names the port really listened on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from net_helpers import free_port

NET_CLI = [sys.executable, "-m", "net.cli"]


@pytest.mark.parametrize("argv", [
    ["join", "not an address", "--headless", "--code", "1234"],
    ["join", "127.0.0.1:70000", "--headless", "--code", "1234"],
    ["join", "127.0.0.1:9", "--headless", "--code", "1234", "--dump", "/nonexistent/d"],
    ["join", "127.0.0.1:9", "--headless", "--code", "1234", "--token-file", "/nonexistent/t"],
    ["host", "--headless", "--port", "99999"],
    ["host", "--headless", "--port", "-1"],
    ["host", "--headless", "--phones", "70000"],
    ["host", "--headless", "--bind", "not an address"],
    ["host", "--headless", "--save", "/nonexistent/folder/save.json"],
    ["host", "--headless", "--save", "/tmp"],
])
def test_bad_addresses_ports_and_paths_are_refused_in_one_line(argv: list[str]) -> None:
    done = subprocess.run([*NET_CLI, *argv], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0, done
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("battleline "), done.stderr
    assert done.stdout == ""


def test_the_ready_line_names_the_port_really_listened_on_and_a_save_it_cannot_write_is_said_once(
        tmp_path: Path) -> None:
    """`--save /proc/version` (a file nobody may write): the host still starts, says once in a line
    naming that file (not its temporary file) that the game is not being saved."""
    port = free_port()
    host = subprocess.Popen([*NET_CLI, "host", "--headless", "--bind", "127.0.0.1", "--port", str(port),
                             "--save", "/proc/version", "--timeout", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = host.communicate(timeout=60)
    assert json.loads(out.splitlines()[0])["listening"] == port
    assert "Traceback" not in err and ".tmp" not in err
    assert err.count("cannot save the game to /proc/version") == 1, err


def test_the_token_file_is_private(tmp_path: Path) -> None:
    """The session token takes the seat back: the file keeping it is readable by its owner only."""
    from net.cli import _keep_token

    path = tmp_path / "token"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o644)
    _keep_token(path, "abc")
    assert path.read_text(encoding="utf-8") == "abc" and path.stat().st_mode & 0o777 == 0o600
