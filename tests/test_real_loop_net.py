"""A peer's message wakes the real main loop (App.run) and is drawn with nobody touching anything.

A LAN board on the host's own turn, and a TV table at rest, have nothing moving on screen: the loop
sleeps on the event queue. A message from a peer must wake it (net.wake's Waker on the socket's
descriptor posts shell.WAKE), not wait for the loop's safety nap. The nap is stretched to LONG_NAP here,
so a message that only a nap's end would find is seen as a wait far beyond the guard, never as a
slightly slow frame. Real sockets on 127.0.0.1, real time, the real loop in its own thread
(tests/real_loop.py); the peers live in the test's thread, the host's sockets only in the loop's.

A test like this can hang in two ways, both guarded here: ZeroMQ's descriptor is edge-triggered, so a
send by the owner may swallow the signal of a message that arrived meanwhile and the watcher then waits
forever while the loop naps (net.wake's `Waker.settled` re-arms it after every poll); and a wait with no
guard never ends. Every wait here has a guard, and everything opened is closed in `finally`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from real_loop import GUARD, RealLoop, close_boards

import net.seats
from engine import Rules
from game.ui import shell
from game.ui.shell import App
from net.guest import Guest
from net.host import Host

LONG_NAP = 60.0  # seconds: the loop's safety nap, stretched far beyond every guard below
DRAWN_WITHIN = 30.0  # seconds: an anti-hang guard for a loaded machine (measured: milliseconds), half the nap


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(shell, "MAX_SLEEP", LONG_NAP)
    # The peers live in the test's thread and stay silent while the loop starts and rests (their pings would
    # wake it). A seat silent for DEAD_AFTER_S is lost, and its waiting screen draws ambient frames: a loaded
    # machine's slow start once took that long, and the rest awaited never came. Here only a farewell or a
    # closed connection ends a seat.
    monkeypatch.setattr(net.seats, "DEAD_AFTER_S", LONG_NAP)


def pump_until(done: Callable[[], bool], host: Host | None, peers: list[Guest], what: str) -> None:
    """Serve the host (before the loop owns it) and the peers until `done()`, within the guard."""
    end = time.monotonic() + GUARD
    while not done():
        assert time.monotonic() < end, f"gave up waiting for {what}"
        if host is not None:
            host.poll(1)
        for peer in peers:
            if peer.socket is not None:
                peer.poll(0)
        time.sleep(0.005)


def window(make_table: Callable[[], object]) -> Callable[[], App]:
    """A maker for the app showing the LAN board `board_for` gives the table (as the lobby opens it)."""

    def make() -> App:
        import scenes  # noqa: F401  (registers the scenes: "board_for")
        from game.keep.settings import Settings

        pygame.display.init()
        pygame.font.init()
        app = App(Settings(welcomed=True, animation_speed="off"), size=(960, 540))
        app.push(app.open("board_for", make_table()))
        return app

    return make


def rests(loop: RealLoop, seconds: float = 1.2) -> bool:
    """No frame presented for `seconds` of no input: the loop sleeps."""
    before = loop.frame_count()
    loop.idle(seconds)
    return loop.frame_count() == before


def drawn_after(loop: RealLoop, sent: float, done: Callable[[], bool], what: str) -> float:
    """Wait (no input) until `done()`; the seconds from `sent` to the first frame presented after it (the
    loop rested before `sent`, so that frame is the wake's; stale() then checks the screen caught up)."""
    loop.wait_for(done, what, guard=DRAWN_WITHIN)
    loop.wait_for(lambda: loop.last_frame().at > sent, f"a frame showing {what}", guard=DRAWN_WITHIN)
    with loop._lock:
        return min(f.at for f in loop.frames if f.at > sent) - sent


def test_a_guest_leaving_on_the_hosts_own_turn_is_drawn_with_no_input() -> None:
    from game.play.lan_tables import HostTable
    from scenes.lan_wait import PeerLostScene

    host = Host.new(rules=Rules(), seed=3, code="4721", host_name="Ana", first="south", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="4721", name="Ben")
    loop = RealLoop(window(lambda: HostTable(host)))
    try:
        guest.connect()
        pump_until(lambda: host.seen.remotes["north"].identity is not None and guest.seen.seat is not None,
                   host, [guest],
                   "the seat")
        host.start()
        pump_until(lambda: guest.seen.game is not None, host, [guest], "the guest's view")
        with loop:
            app = loop.app
            assert app is not None
            loop.wait_for(lambda: loop.frame_count() > 0 and rests(loop),
                          "the host's own turn, nothing moving: the loop sleeping", guard=DRAWN_WITHIN)
            sent = loop.now()
            guest.close()  # "bye", then the connection closes: the host waits for Ben
            took = drawn_after(loop, sent, lambda: app.find(PeerLostScene) is not None, "Waiting for Ben")
        print(f"guest's farewell drawn {took * 1000:.1f} ms after it was sent")
        assert took < DRAWN_WITHIN
        assert loop.stale() == 0, "the last frame shows the pause the host's state holds"
    finally:
        guest.close()
        close_boards(loop.app)
        host.close()


@pytest.mark.parametrize("players", [2, 3])
def test_a_tv_table_at_rest_draws_nothing_yet_shows_a_players_card_with_no_input(players: int) -> None:
    """Two players: the spectator's board; three: the Y (scenes.table_board.TableY)."""
    from engine.ai.random_bot import RandomBot
    from game.play.lan_watch import TableHostTable
    from scenes.table_board import SpectatorBoard, TableY

    rules = Rules() if players == 2 else Rules(tactics=False, players=3)
    host = Host.new(rules=rules, seed=4, code="4721", host_name="TV", host_seat=None, first="south",
                    accept_any=True)
    address = f"127.0.0.1:{host.port}"
    peers = [Guest(address, code="4721", name=name) for name in ("Ana", "Ben", "Cleo")[:players]]
    south = peers[0]
    board_kind = SpectatorBoard if players == 2 else TableY
    loop = RealLoop(window(lambda: TableHostTable(host)))
    try:
        for peer in peers:
            peer.connect()
            pump_until(lambda p=peer: p.seen.welcomed, host, peers, "a player's seat")  # type: ignore[misc]
        host.start()
        pump_until(lambda: south.seen.my_turn(), host, peers, "Ana's turn")
        with loop:
            app = loop.app
            assert app is not None and isinstance(app.top, board_kind)
            loop.wait_for(lambda: loop.frame_count() > 0 and rests(loop),
                          "a TV at rest drawing nothing (its messages wake it)", guard=DRAWN_WITHIN)
            assert south.seen.game is not None
            done = len(host.seen.game.actions)
            sent = loop.now()
            south.send_action(RandomBot(4).choose_in(south.seen.game))
            took = drawn_after(loop, sent, lambda: len(app.top.game_log()) > done if isinstance(app.top, board_kind)
                               else False, "Ana's card on the TV")
            loop.wait_for(lambda: rests(loop, 0.5), "the TV at rest again", guard=DRAWN_WITHIN)
        print(f"a player's card drawn on the TV {took * 1000:.1f} ms after it was sent")
        assert took < DRAWN_WITHIN
        assert len(host.seen.game.actions) == done + 1
        assert loop.stale() == 0, "the last frame shows the card the table's state holds"
    finally:
        for peer in peers:
            peer.close()
        close_boards(loop.app)
        host.close()


def test_a_message_left_waiting_by_a_poll_wakes_the_window_again() -> None:
    """The descriptor is edge-triggered: a poll that handles one message of two leaves the other silent
    unless the owner re-arms it (Waker.settled): the window must be woken for the second too."""
    import threading

    host = Host.new(rules=Rules(), seed=3, code="4721", host_name="Ana", first="south", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="4721", name="Ben")
    woken = threading.Event()
    try:
        guest.connect()
        pump_until(lambda: host.seen.remotes["north"].identity is not None and guest.seen.seat is not None,
                   host, [guest],
                   "the seat")
        host.poll(0)
        host.wake_with(woken.set)
        guest.say({"t": "ping", "n": 101})
        guest.say({"t": "ping", "n": 102})
        assert woken.wait(GUARD), "the first message wakes the window"
        time.sleep(0.3)  # both messages are in the host's queue by now
        woken.clear()
        assert host.poll(0, budget=1) == 1, "this poll handles one message and leaves the other waiting"
        assert woken.wait(2.0), "the message left waiting wakes the window again (not at the next nap's end)"
        assert host.poll(0) == 1
    finally:
        guest.close()
        host.close()


def test_a_guests_window_is_woken_by_the_host_and_still_after_a_reconnect() -> None:
    """A guest's (or watcher's) board sleeps too: the host's answer wakes it, on each new socket it opens."""
    import threading

    host = Host.new(rules=Rules(), seed=3, code="4721", host_name="Ana", first="south", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="4721", name="Ben")
    woken = threading.Event()
    try:
        guest.connect()
        pump_until(lambda: host.seen.remotes["north"].identity is not None and guest.seen.seat is not None,
                   host, [guest],
                   "the seat")
        guest.wake_with(woken.set)
        for socket_no in (1, 2):
            guest.poll(0)
            woken.clear()
            guest.say({"t": "ping", "n": 200 + socket_no})
            end = time.monotonic() + GUARD
            while not woken.is_set() and time.monotonic() < end:
                host.poll(5)  # the host answers (a pong); the guest's thread does not poll meanwhile
            assert woken.is_set(), f"socket {socket_no}: the host's answer woke the guest's window"
            if socket_no == 1:
                guest.connect()  # a reconnect opens a new socket: its descriptor is watched instead
                pump_until(lambda: guest.sealer is not None and guest.seen.welcomed, host, [guest], "the rejoin")
    finally:
        guest.close()
        host.close()
    assert guest.waker is None, "closing the guest stops its watcher"
