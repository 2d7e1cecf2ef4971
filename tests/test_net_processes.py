"""LAN games between two real processes on 127.0.0.1: whole games, and both kinds of crash."""

from __future__ import annotations

import signal
from pathlib import Path

from net_helpers import last_json, saved_actions, start_guest, start_host
from waiting import wait_until

from engine import from_record, to_record


def _wait_for_actions(tmp: Path, count: int, timeout: float = 60) -> None:
    wait_until(lambda: saved_actions(tmp) >= count, timeout, "the game did not advance")


def test_lan_full_game_both_sides_agree(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--seed", "11")
    guest = start_guest(tmp_path, port)
    guest_out = last_json(guest)
    host_out = last_json(host)
    assert guest_out["result"] == host_out["result"] is not None
    assert guest_out["record"] == host_out["record"]
    replayed = from_record(host_out["record"])  # every action legal, the result reproduced
    assert replayed.result == host_out["result"]


def test_lan_guest_killed_mid_game_rejoins_and_finishes(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--seed", "12", "--pace", "0.01")
    guest = start_guest(tmp_path, port, "--pace", "0.01")
    _wait_for_actions(tmp_path, 20)
    guest.send_signal(signal.SIGKILL)
    guest.wait(10)
    at_kill = saved_actions(tmp_path)
    assert at_kill >= 20
    guest = start_guest(tmp_path, port, "--pace", "0.01")  # same token file: same seat
    guest_out = last_json(guest)
    host_out = last_json(host)
    assert guest_out["record"] == host_out["record"]
    game = from_record(host_out["record"])
    assert game.over and len(game.actions) > at_kill
    assert to_record(game)["actions"] == host_out["record"]["actions"]  # each applied exactly once


def test_lan_host_killed_and_restarted_from_its_save(tmp_path: Path) -> None:
    from net_helpers import free_port

    port = free_port()
    host, _ = start_host(tmp_path, "--seed", "13", "--pace", "0.01", port=port)
    guest = start_guest(tmp_path, port, "--pace", "0.01")
    _wait_for_actions(tmp_path, 20)
    host.send_signal(signal.SIGKILL)
    host.wait(10)
    at_kill = saved_actions(tmp_path)
    host, _ = start_host(tmp_path, "--resume", str(tmp_path / "host-save.json"), "--pace", "0.01", port=port)
    host_out = last_json(host)
    guest_out = last_json(guest)
    assert guest_out["reconnects"] >= 1
    assert guest_out["record"] == host_out["record"]
    game = from_record(host_out["record"])
    assert game.over and len(game.actions) > at_kill


def test_r40_r41_lan_match_of_three_games_agrees_on_both_sides(tmp_path: Path) -> None:
    from engine.match import Match

    host, port = start_host(tmp_path, "--seed", "14", "--match", "games:3")
    guest = start_guest(tmp_path, port)
    guest_out = last_json(guest)
    host_out = last_json(host)
    assert guest_out["match"] == host_out["match"]
    match = Match.from_dict(host_out["match"])
    assert match.over and len(match.games) == 3 == len(host_out["results"])
    assert match.games == host_out["results"]
    assert guest_out["record"] == host_out["record"]  # the last game's record


def test_host_on_a_busy_port_says_so_in_one_line_and_fails(tmp_path: Path) -> None:
    """`battleline host --port P` with P taken: one line on stderr and a non-zero exit, never a traceback."""
    import socket
    import subprocess
    import sys

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "app.cli", "host", "--headless", "--bind", "127.0.0.1",
                               "--port", str(port), "--timeout", "5"], capture_output=True, text=True, timeout=60,
                              cwd=Path(__file__).resolve().parents[1])
    lines = [line for line in done.stderr.splitlines() if line.strip() and "pygame" not in line.lower()]
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and len(lines) == 1, done.stderr
    assert str(port) in lines[0] and "in use" in lines[0] and "--port" in lines[0]
