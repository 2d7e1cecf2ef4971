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
from waiting import wait_until
from watch_helpers import check_watcher_traffic

from engine import from_record
from net.guest import Guest


def _join(tmp: Path, port: int, name: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", "4321", "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--timeout", "240", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _dumped(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_r46_host_with_a_seat_and_two_guests_play_a_whole_three_player_game(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--players", "3", "--seed", "41", "--timeout", "240")
    ana = _join(tmp_path, port, "Ana", "--pace", "0.01", "--dump", str(tmp_path / "ana.jsonl"))
    ben = _join(tmp_path, port, "Ben", "--pace", "0.01", "--dump", str(tmp_path / "ben.jsonl"))
    wait_until(lambda: saved_actions(tmp_path) >= 3, what="the three-player game did not start")
    cleo = Guest(f"127.0.0.1:{port}", code="4321", name="Cleo")  # a fourth player: no seat is left
    cleo.connect()
    try:
        wait_until(lambda: (cleo.poll(20), cleo.seen.refused)[1] is not None, what="the fourth player was not refused")
        assert cleo.seen.refused == "every seat of this game is taken" and cleo.seen.seat is None
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
    wait_until(lambda: (tmp_path / "Dan-token").exists(), what="the watcher was never let in")
    players = {}
    for name in ("Ana", "Ben", "Cleo"):  # one at a time: the seats go south, west, east in order of joining
        players[name] = _join(tmp_path, port, name, "--pace", "0.02")
        wait_until(lambda n=name: (tmp_path / f"{n}-token").exists(), what=f"{name} was never seated")
    wait_until(lambda: saved_actions(tmp_path) >= 15, what="the game did not advance")
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


def test_r48_a_bot_takes_a_lost_guests_seat_and_the_others_play_on(tmp_path: Path) -> None:
    """In one process, on real sockets: a host with a seat and two guests; Ben's link dies mid-game, the host
    lets a bot play his seat (as for two players); Ben, back too late, is refused, and the game ends."""
    from engine import Rules
    from engine.ai.random_bot import RandomBot
    from net.host import Host

    host = Host.new(rules=Rules(tactics=False, players=3), seed=48, code="2468", host_name="Tess", accept_any=True)
    guests = {name: Guest(f"127.0.0.1:{host.port}", code="2468", name=name) for name in ("Ana", "Ben")}
    bots = {seat: RandomBot(n) for n, seat in enumerate(("south", "west", "east"))}
    try:
        for guest in guests.values():  # one at a time: west, then east
            guest.connect()
            wait_until(lambda g=guest: (host.poll(5), g.poll(5), g.seen.seat)[2] is not None,
                       what="a guest was not seated")
        assert (guests["Ana"].seen.seat, guests["Ben"].seen.seat) == ("west", "east")
        host.start()
        ben_lost, refused, ben = False, False, None
        deadline = time.monotonic() + 120
        while not host.seen.game.over:
            ana = guests["Ana"]
            now = host.seen.game
            assert time.monotonic() < deadline, (now.to_move, now.phase, len(now.actions), ben_lost,
                                                 ana.seen.actions_done, ana.seen.pending, ana.seen.errors[-3:])
            host.poll(1)
            for guest in guests.values():
                if guest.socket is not None:
                    guest.poll(1)
            game = host.seen.game
            done = len(game.actions)
            if not ben_lost and len(game.actions) >= 12 and game.to_move == "east":
                guests["Ben"].close()  # his phone's battery dies on his turn
                wait_until(lambda: (host.poll(5), "east" in host.seen.lost_seats())[1],
                           what="the host did not see Ben go")
                ben_lost = True
            if game.to_move == "south":
                host.submit_local(bots["south"].choose_in(game.copy()))
            elif game.to_move == "east" and ben_lost:
                if ben is None:  # the bot's first move; then Ben comes back with his token, too late
                    host.apply_for_guest(bots["east"].choose_in(game.copy()), "east")
                    token = host.seen.remotes["east"].token
                    ben = Guest(f"127.0.0.1:{host.port}", code="2468", name="Ben", token=token)
                    ben.connect()
                elif not refused:
                    ben.poll(1)
                    if ben.seen.my_turn() and ben.seen.game is not None:
                        ben.send_action(bots["east"].choose_in(ben.seen.game))
                        wait_until(lambda b=ben: (host.poll(5), b.poll(5), b.seen.errors)[2] != [], 60,
                                   "Ben not refused")
                        assert ben.seen.errors == ["the host let a bot play your seat"] and len(game.actions) == done
                        refused = True
                else:
                    host.apply_for_guest(bots["east"].choose_in(game.copy()), "east")
            else:
                for seat, guest in zip(("west", "east"), guests.values(), strict=True):
                    if guest.socket is not None and guest.seen.my_turn() and guest.seen.game is not None:
                        guest.send_action(bots[seat].choose_in(guest.seen.game))
        assert ben_lost and host.seen.bot_seats == {"east"} and "west" not in host.seen.bot_seats
        assert refused
        ana = guests["Ana"]
        wait_until(lambda: (host.poll(5), ana.poll(5), ana.seen.record)[2] is not None, what="no record")
        assert guests["Ana"].seen.record is not None and guests["Ana"].seen.record["actions"] == host.seen.game.actions
    finally:
        for guest in [*guests.values(), *([ben] if ben is not None else [])]:
            guest.close()
        host.close()


