"""`battleline host --table` with two headless bot guests and a headless watcher, all real processes."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

from net_helpers import CLI, free_port, last_json, saved_actions, start_host
from waiting import wait_until
from watch_helpers import check_watcher_traffic

from engine import from_record
from net.guest import Guest


def _join(tmp: Path, port: int, name: str, *extra: str) -> subprocess.Popen[str]:
    import subprocess

    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", "4321", "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--timeout", "240", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_actions(tmp: Path, count: int, timeout: float = 60) -> None:
    wait_until(lambda: saved_actions(tmp) >= count, timeout, "the game did not advance")


def test_table_host_two_bot_guests_and_a_watcher_play_a_whole_game(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--table", "--seed", "31", "--timeout", "240")
    watcher = _join(tmp_path, port, "Cleo", "--watch", "--dump", str(tmp_path / "watched.jsonl"))
    ana = _join(tmp_path, port, "Ana", "--pace", "0.01")
    ben = _join(tmp_path, port, "Ben", "--pace", "0.01")
    _wait_for_actions(tmp_path, 10)
    late = Guest(f"127.0.0.1:{port}", code="4321", name="Dan", watch=True)  # joins mid-game, then tries to act
    late.connect()
    refused = 0
    try:
        deadline = time.monotonic() + 120
        while late.seen.record is None:
            assert time.monotonic() < deadline, "the late watcher never saw the end"
            late.poll(20)
            if late.seen.game is not None and late.seen.game.phase == "draw" and refused == len(late.seen.errors):
                late.send_action({"type": "draw", "deck": "troops"})  # legal for the player to move, not for us
                refused += 1
        late_record = late.seen.record
        assert late.seen.errors and all(e == "a watcher cannot act in the game" for e in late.seen.errors)
    finally:
        late.close()
    outs = {"ana": last_json(ana, 240), "ben": last_json(ben, 240), "cleo": last_json(watcher, 240)}
    host_out = last_json(host, 60)
    record = host_out["record"]
    assert outs["ana"]["record"] == outs["ben"]["record"] == outs["cleo"]["record"] == late_record == record
    assert {outs["ana"]["seat"], outs["ben"]["seat"]} == {"south", "north"} and outs["cleo"]["seat"] is None
    assert host_out["watchers"] == 2
    game = from_record(record)  # every action legal, and each applied once: the watcher's never
    assert game.over and game.result == host_out["result"]
    messages = [json.loads(line) for line in (tmp_path / "watched.jsonl").read_text().splitlines()]
    assert check_watcher_traffic(messages, record) > 20


def test_table_host_killed_and_resumed_players_and_watcher_rejoin(tmp_path: Path) -> None:
    port = free_port()
    host, _ = start_host(tmp_path, "--table", "--seed", "32", "--timeout", "240", port=port)
    watcher = _join(tmp_path, port, "Cleo", "--watch", "--dump", str(tmp_path / "watched.jsonl"))
    # The watcher is let in before the players (its token file is written on its welcome): one key
    # exchange per address at a time could otherwise leave it waiting past the kill, with nothing to rejoin.
    wait_until(lambda: (tmp_path / "Cleo-token").exists(), what="the watcher was never let in")
    ana = _join(tmp_path, port, "Ana", "--pace", "0.02")
    ben = _join(tmp_path, port, "Ben", "--pace", "0.02")
    _wait_for_actions(tmp_path, 20)
    host.send_signal(signal.SIGKILL)
    host.wait(10)
    at_kill = saved_actions(tmp_path)
    host, _ = start_host(tmp_path, "--resume", str(tmp_path / "host-save.json"), "--timeout", "240", port=port)
    outs = {"ana": last_json(ana, 240), "ben": last_json(ben, 240), "cleo": last_json(watcher, 240)}
    host_out = last_json(host, 60)
    record = host_out["record"]
    assert outs["ana"]["record"] == outs["ben"]["record"] == outs["cleo"]["record"] == record
    assert all(out["reconnects"] >= 1 for out in outs.values())
    game = from_record(record)
    assert game.over and len(game.actions) > at_kill
    messages = [json.loads(line) for line in (tmp_path / "watched.jsonl").read_text().splitlines()]
    check_watcher_traffic(messages, record)
