"""A laptop (a pygame guest's table) after the TV crashes on its turn (issue 49): while the host is not heard
the table offers nothing and refuses a move with a reason, so it never shows a game the host does not have;
once the host is back from its save, the same table plays on within 10 s. A real headless table host process
killed with SIGKILL; the guests are real `Guest`s on ZeroMQ in this process."""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path

import pytest
from net_helpers import free_port, saved_actions, start_host

from engine import IllegalAction
from game.play.lan_tables import RemoteTable
from net.guest import Guest


def test_a_guests_table_takes_no_move_while_the_host_is_down_and_plays_on_once_it_is_back(tmp_path: Path) -> None:
    port = free_port()
    host, _ = start_host(tmp_path, "--table", "--seed", "41", "--timeout", "240", port=port)
    ana = Guest(f"127.0.0.1:{port}", code="4321", name="Ana")
    ben = Guest(f"127.0.0.1:{port}", code="4321", name="Ben")
    table = RemoteTable(ana)
    rng = random.Random(3)
    resumed = None

    def serve(until: object, seconds: float, ben_plays: bool = True, ana_plays: bool = False) -> None:
        deadline = time.monotonic() + seconds
        while not until():  # type: ignore[operator]
            assert time.monotonic() < deadline, "timed out"
            for guest in (ana, ben):
                guest.poll(5)
            if ben_plays and ben.seen.my_turn() and ben.seen.game is not None:
                ben.send_action(rng.choice(ben.seen.game.legal_actions()))
            if ana_plays and table.legal_actions() and not until():  # type: ignore[operator]
                table.submit(rng.choice(table.legal_actions()))

    try:
        ana.connect()
        ben.connect()
        serve(lambda: saved_actions(tmp_path) >= 8, 120, ana_plays=True)  # a few moves of each through the tables
        serve(lambda: bool(table.legal_actions()), 60)
        host.send_signal(signal.SIGKILL)  # on Ana's turn
        host.wait(timeout=10)
        at_kill = saved_actions(tmp_path)
        serve(lambda: table.peer_lost, 30, ben_plays=False)
        assert table.legal_actions() == [], "a table whose host is gone offers no move"
        with pytest.raises(IllegalAction) as refused:
            table.submit({"type": "pass"})
        assert refused.value.code == "not_connected"
        resumed, _ = start_host(tmp_path, "--resume", str(tmp_path / "host-save.json"), "--timeout", "240",
                                port=port)
        # Back to Ana's move once the host is up again. The bound only stops a hang: 10 s (the guest's retry pace
        # allows it on an idle machine) timed out once under load, counting a starved host's start-up.
        serve(lambda: bool(table.legal_actions()), 60, ben_plays=False)
        table.submit(rng.choice(table.legal_actions()))
        serve(lambda: saved_actions(tmp_path) > at_kill, 30)
    finally:
        ana.close()
        ben.close()
        for proc in (host, resumed):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=10)
