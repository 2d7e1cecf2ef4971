"""The host restarted the way a person does it (issue 56): killed with SIGKILL mid-game, then started with the
very same command. The game kept in its save goes on (never a new one over it), with the same join code and
seats, so the guest is back in its seat with nothing typed and the game finishes; the ready line says so.
Real processes on loopback."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

from net_helpers import CLI, free_port, last_json, saved_actions, start_guest
from waiting import wait_until


def _host(tmp: Path, port: int) -> tuple[subprocess.Popen[str], dict[str, object]]:
    proc = subprocess.Popen(
        [*CLI, "host", "--headless", "--bot", "random", "--bind", "127.0.0.1", "--port", str(port), "--code", "4321",
         "--accept-any", "--save", str(tmp / "host-save.json"), "--pace", "0.05"],
        stdout=subprocess.PIPE, stderr=(tmp / "host.log").open("a"), text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, f"host did not start: {(tmp / 'host.log').read_text()}"
    return proc, json.loads(line)


def test_the_same_command_again_resumes_the_game_and_the_guest_plays_on(tmp_path: Path) -> None:
    port = free_port()
    host, ready = _host(tmp_path, port)
    guest = start_guest(tmp_path, port, "--pace", "0.05")
    again: subprocess.Popen[str] | None = None
    try:
        assert "resumed" not in ready
        wait_until(lambda: saved_actions(tmp_path) >= 8, 120, "a few moves")
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=10)
        kept = json.loads((tmp_path / "host-save.json").read_text(encoding="utf-8"))["record"]
        again, ready = _host(tmp_path, port)  # the same command, nothing else
        played = last_json(guest, timeout=300)  # the guest, never restarted, finishes the very game
        final = last_json(again, timeout=60)
        assert played["record"]["seed"] == kept["seed"] and final["record"] == played["record"]
        assert played["record"]["actions"][:len(kept["actions"])] == kept["actions"]
        assert len(played["record"]["actions"]) > len(kept["actions"]), "no move after the restart"
        assert ready.get("resumed") == str(tmp_path / "host-save.json") and ready["code"] == "4321", ready
        assert ready["actions"] == len(kept["actions"]), ready
    finally:
        for proc in (host, guest, again):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
