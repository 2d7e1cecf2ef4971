"""Play over the internet through magic-wormhole: real mailbox and transit relay processes on 127.0.0.1,
real host and guest commands, each with its tunnel subprocess (net.internet)."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

from internet_helpers import Servers, servers, start_internet_guest, start_internet_host
from net_helpers import CLI, last_json, saved_actions
from waiting import wait_until

from net.internet.link import Options, guest_tunnel, host_tunnel, source_address
from net.internet.words import word_lists


def _other_words(code: str) -> str:
    """The same nameplate with a wrong second word: a real wormhole code, not the host's."""
    number, first, second = code.split("-")
    wrong = min(w for w in word_lists()[1] if w != second)
    return f"{number}-{first}-{wrong}"


def test_internet_whole_game_host_and_guest_see_the_same_record(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv)
        [code] = ready["wormholes"]
        assert code.count("-") == 2
        guest = start_internet_guest(srv, code)
        g, h = last_json(guest, 240), last_json(host, 240)
    assert g["record"] == h["record"] and g["seat"] == "north"
    log = (tmp_path / "host.log").read_text()
    assert "connected, direct" in log or "connected, relayed" in log  # the direct path usually wins on loopback


def test_internet_forced_through_the_relay(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv, force_relay=True)
        guest = start_internet_guest(srv, ready["wormholes"][0], force_relay=True)
        g, h = last_json(guest, 240), last_json(host, 240)
    assert g["record"] == h["record"]
    assert "connected, relayed" in (tmp_path / "host.log").read_text()


def test_internet_wrong_code_says_so_and_the_host_waits_for_the_right_one(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv)
        [code] = ready["wormholes"]
        wrong = start_internet_guest(srv, _other_words(code))
        _, err = wrong.communicate(timeout=120)
        assert wrong.returncode == 1 and "wrong code" in err and "Traceback" not in err
        wait_until(lambda: "still waiting" in (tmp_path / "host.log").read_text(), 120,
                   "the host's word that it waits on after the wrong code")
        guest = start_internet_guest(srv, code)
        g, h = last_json(guest, 240), last_json(host, 240)
    assert g["record"] == h["record"]
    assert "wrong_code" in (tmp_path / "host.log").read_text()


def test_internet_typo_caught_before_it_costs_a_try(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        guest = start_internet_guest(srv, "7-crossover-clockwerk")
        _, err = guest.communicate(timeout=60)
    assert guest.returncode == 1 and "not a word of a wormhole code" in err and "clockwork" in err


def test_internet_mailbox_down_before_joining_says_so(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv)
        srv.stop_mailbox()
        guest = start_internet_guest(srv, ready["wormholes"][0], "--mailbox-wait", "3")
        _, err = guest.communicate(timeout=60)
        host.kill()
        host.wait(10)
    assert guest.returncode == 1 and "cannot reach the mailbox server" in err and "Traceback" not in err


def test_internet_host_without_a_mailbox_says_so(tmp_path: Path) -> None:
    srv = Servers(tmp_path)  # never started: nothing listens on its ports
    proc = subprocess.run([*CLI, "host", "--headless", "--internet", "--mailbox-wait", "3", *srv.options()],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "cannot reach the mailbox server" in proc.stderr


def test_internet_mailbox_stopped_mid_game_play_goes_on(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv, "--pace", "0.05")
        guest = start_internet_guest(srv, ready["wormholes"][0], "--pace", "0.05")
        wait_until(lambda: saved_actions(tmp_path) >= 4 or guest.poll() is not None, 120, "the game did not begin")
        assert guest.poll() is None, "the guest ended before the game began"
        srv.stop_mailbox()
        stopped_at = saved_actions(tmp_path)
        g, h = last_json(guest, 240), last_json(host, 240)
    assert g["record"] == h["record"] and len(h["record"]["actions"]) > stopped_at
    assert g["reconnects"] == 0


def test_internet_each_tunnel_comes_from_its_own_address(tmp_path: Path) -> None:
    """Two wormholes into one port: the host sees two source addresses, not 127.0.0.1 for both."""
    with servers(tmp_path) as srv, socket.socket() as target:
        target.bind(("127.0.0.1", 0))
        target.listen(4)
        target.settimeout(60)
        opts = Options(mailbox=f"ws://127.0.0.1:{srv.mailbox_port}/v1", transit=f"tcp:127.0.0.1:{srv.relay_port}",
                       loopback_only=True)
        seen = []
        for n in (1, 2):
            door = host_tunnel(target.getsockname()[1], "1234", source_address(n), opts)
            try:
                assert door.wait(lambda t: t.code is not None, 60), door.failure
                assert door.code is not None
                link = guest_tunnel(door.code, opts)
                try:
                    assert link.wait(lambda t: t.port is not None, 60), link.failure
                    assert link.join == "1234" and link.path in ("direct", "relayed")
                    with socket.create_connection(("127.0.0.1", link.port or 0), timeout=30) as c:
                        c.sendall(b"hello")
                        conn, peer = target.accept()
                        with conn:
                            conn.settimeout(30)
                            assert conn.recv(5) == b"hello"
                        seen.append(peer[0])
                finally:
                    link.close()
            finally:
                door.close()
    assert len(set(seen)) == 2 and "127.0.0.1" not in seen, seen


def test_internet_three_players_and_a_watcher_one_wormhole_each(tmp_path: Path) -> None:
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv, "--players", "3", "--watchers", "1", "--pace", "0.02")
        codes = ready["wormholes"]
        assert len(codes) == 3 and len(set(codes)) == 3
        watcher = start_internet_guest(srv, codes[2], "--watch")
        wait_until(lambda: f"{codes[2]}: connected" in (tmp_path / "host.log").read_text(), 120,
                   "the watcher's wormhole to the host")  # the watcher is through first
        west = start_internet_guest(srv, codes[0], "--pace", "0.02")
        east = start_internet_guest(srv, codes[1], "--pace", "0.02")
        w, e, h, v = last_json(west, 300), last_json(east, 300), last_json(host, 300), last_json(watcher, 300)
    assert {w["seat"], e["seat"]} == {"west", "east"} and v["seat"] is None
    assert w["record"] == e["record"] == h["record"] == v["record"]
    assert h["watchers"] == 1


def test_a_guests_last_message_read_after_its_link_closed_gets_no_refusal(tmp_path: Path) -> None:
    """Issue 57: after an internet game the host said "refused a message: start with the key exchange (pake)".
    The cause: the guest's last sealed message (its `bye`) was still queued when the host saw the connection
    close, and a message whose connection has no session reads as a stranger's. It is now left unanswered
    (no one is there; the close already unbound the seat). Shown here with the same race made certain: the
    message and the close both wait before the host polls."""
    from engine import Rules
    from net.guest import Guest
    from net.host import Host

    host = Host.new(rules=Rules(), seed=7, code="1357", host_name="Ana", bind="127.0.0.1", port=0,
                    accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="1357", name="Ben")
    try:
        guest.connect()
        deadline = time.monotonic() + 60
        while guest.seen.seat is None and time.monotonic() < deadline:
            host.poll(10)
            guest.poll(10)
        assert guest.seen.seat == "north"
        errors = host.seen.errors_sent
        guest.say({"t": "ping", "n": 99})  # sealed, as every message after the key exchange
        wait_until(lambda: host.router.socket.poll(0), 60, "the ping in the host's queue")
        guest.close()  # its `bye` and then the close
        wait_until(lambda: host.router.monitor.poll(0), 60, "the close, seen by the host's socket")
        for _ in range(20):
            host.poll(10)
        assert host.seen.remotes["north"].identity is None, "the close unbound the seat"
        assert host.seen.errors_sent == errors, "no refusal to a guest that is gone"
    finally:
        guest.close()
        host.close()


def test_a_guest_whose_process_restarted_rejoins_with_the_same_code_and_its_token(tmp_path: Path) -> None:
    """Issue 57: a guest's process ends mid-game (a crash, a closed laptop); started again with the code it was told
    and its kept seat token, it comes back through a new wormhole on the same code and the game finishes.
    Before: the host's tunnel kept only the dead link, and the guest heard "nobody is waiting with that code"."""
    token = tmp_path / "token.txt"
    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv, "--pace", "0.05")
        [code] = ready["wormholes"]
        try:
            first = start_internet_guest(srv, code, "--pace", "0.05", "--token-file", str(token))
            wait_until(lambda: saved_actions(tmp_path) >= 6 or first.poll() is not None, 180, "the game did not begin")
            assert first.poll() is None, "the guest ended before the game began"
            first.kill()
            first.wait(10)
            assert token.exists()
            again = start_internet_guest(srv, code, "--token-file", str(token))
            g = last_json(again, 300)
            h = last_json(host, 120)
        finally:
            host.kill()
            host.wait(10)
    assert again.returncode == 0
    assert g["record"] == h["record"] and g["seat"] == "north"


def test_r41_internet_match_of_two_games_agrees_on_both_sides(tmp_path: Path) -> None:
    """A match (R41) over one wormhole: the second game follows the first on the same Dilated link, and both ends
    agree on every game and the match."""
    from engine.match import Match

    with servers(tmp_path) as srv:
        host, ready = start_internet_host(tmp_path, srv, "--seed", "41", "--match", "games:2")
        guest = start_internet_guest(srv, ready["wormholes"][0])
        g, h = last_json(guest, 300), last_json(host, 300)
    assert g["match"] == h["match"]
    match = Match.from_dict(h["match"])
    assert match.over and len(match.games) == 2 == len(h["results"])
    assert g["record"] == h["record"]
