"""Starting real host and guest processes for the LAN tests."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

CLI = [sys.executable, "-m", "app.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_host(
    tmp: Path, *extra: str, port: int = 0, code: str = "4321",
) -> tuple[subprocess.Popen[str], int]:
    """A headless host process; returns it and the port it listens on."""
    proc = subprocess.Popen(
        [*CLI, "host", "--headless", "--bot", "random", "--bind", "127.0.0.1", "--port", str(port),
         "--code", code, "--accept-any", "--save", str(tmp / "host-save.json"), *extra],
        stdout=subprocess.PIPE, stderr=(tmp / "host.log").open("a"), text=True)  # a file: logs never block it
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, f"host did not start: {(tmp / 'host.log').read_text()}"
    return proc, int(json.loads(line)["listening"])


def start_guest(tmp: Path, port: int, *extra: str, code: str = "4321") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", code,
         "--token-file", str(tmp / "guest-token"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def last_json(proc: subprocess.Popen[str], timeout: float = 120) -> dict[str, Any]:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, f"exit {proc.returncode}: {err}"
    assert out.strip(), "no output"
    data: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return data


def saved_actions(tmp: Path) -> int:
    try:
        data = json.loads((tmp / "host-save.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    return len(data["record"]["actions"])
