"""Three players over the LAN (R46-R53): real host and guest processes on real ZeroMQ sockets.

A host with a seat plays against two guests; a table host (`--table --players 3`) serves three guests and
a watcher, is killed with SIGKILL mid-game and resumed from its save, and every seat comes back.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from net_helpers import CLI, free_port, last_json, saved_actions, start_host
from phone_leaks import leaks
from watch_helpers import check_watcher_traffic

from engine import from_record
from net.guest import Guest


def _join(tmp: Path, port: int, name: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", "4321", "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--timeout", "240", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait(check: Any, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def _dumped(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_r46_host_with_a_seat_and_two_guests_play_a_whole_three_player_game(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--players", "3", "--seed", "41", "--timeout", "240")
    ana = _join(tmp_path, port, "Ana", "--pace", "0.01", "--dump", str(tmp_path / "ana.jsonl"))
    ben = _join(tmp_path, port, "Ben", "--pace", "0.01", "--dump", str(tmp_path / "ben.jsonl"))
    _wait(lambda: saved_actions(tmp_path) >= 3, "the three-player game did not start")
    cleo = Guest(f"127.0.0.1:{port}", code="4321", name="Cleo")  # a fourth player: no seat is left
    cleo.connect()
    try:
        _wait(lambda: (cleo.poll(20), cleo.refused)[1] is not None, "the fourth player was not refused")
        assert cleo.refused == "every seat of this game is taken" and cleo.seat is None
    finally:
        cleo.close()
    outs = {"ana": last_json(ana, 240), "ben": last_json(ben, 240)}
    host_out = last_json(host, 60)
    record = host_out["record"]
    assert outs["ana"]["record"] == outs["ben"]["record"] == record
    assert record["rules"] == {"tactics": False, "claim_timing": "standard", "players": 3}
    seats = {"ana": outs["ana"]["seat"], "ben": outs["ben"]["seat"]}  # in the order they got in
    assert sorted(seats.values()) == ["east", "west"]
    assert record["players"] == {"south": "Host", seats["ana"]: "Ana", seats["ben"]: "Ben"}
    game = from_record(record)
    assert game.over and game.result == host_out["result"]
    for name, seat in seats.items():
        messages = _dumped(tmp_path / f"{name}.jsonl")
        states = [m for m in messages if m["t"] == "state"]
        assert len(states) > 20
        for m in states:  # R53: both other hands hidden, the deck a count
            hands = m["view"]["hands"]
            assert set(hands) == {"south", "west", "east"} and isinstance(hands[seat], list)
            assert all(hands[s] is None for s in hands if s != seat)
        assert leaks(messages, record, seat) == []


def test_r46_table_of_three_killed_and_resumed_every_seat_and_the_watcher_come_back(tmp_path: Path) -> None:
    port = free_port()
    host, _ = start_host(tmp_path, "--table", "--players", "3", "--seed", "42", "--timeout", "240", port=port)
    watcher = _join(tmp_path, port, "Dan", "--watch", "--dump", str(tmp_path / "watched.jsonl"))
    _wait(lambda: (tmp_path / "Dan-token").exists(), "the watcher was never let in")
    players = {}
    for name in ("Ana", "Ben", "Cleo"):  # one at a time: the seats go south, west, east in order of joining
        players[name] = _join(tmp_path, port, name, "--pace", "0.02")
        _wait(lambda n=name: (tmp_path / f"{n}-token").exists(), f"{name} was never seated")
    _wait(lambda: saved_actions(tmp_path) >= 15, "the game did not advance")
    host.send_signal(signal.SIGKILL)
    host.wait(10)
    at_kill = saved_actions(tmp_path)
    saved = json.loads((tmp_path / "host-save.json").read_text())
    assert saved["host_seat"] is None and set(saved["guests"]) == {"south", "west", "east"}
    host, _ = start_host(tmp_path, "--resume", str(tmp_path / "host-save.json"), "--timeout", "240", port=port)
    outs = {name: last_json(proc, 240) for name, proc in players.items()}
    watched = last_json(watcher, 240)
    host_out = last_json(host, 60)
    record = host_out["record"]
    assert all(out["record"] == record for out in outs.values()) and watched["record"] == record
    assert {name: out["seat"] for name, out in outs.items()} == {"Ana": "south", "Ben": "west", "Cleo": "east"}
    assert record["players"] == {"south": "Ana", "west": "Ben", "east": "Cleo"}
    assert all(out["reconnects"] >= 1 for out in outs.values()) and watched["reconnects"] >= 1
    game = from_record(record)
    assert game.over and len(game.actions) > at_kill
    assert check_watcher_traffic(_dumped(tmp_path / "watched.jsonl"), record) > 10
