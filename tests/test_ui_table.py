"""Table mode and watching through the real screens, against real headless peer processes on 127.0.0.1."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pygame
import pytest
from net_helpers import CLI, last_json, start_host
from ui_driver import Driver
from waiting import wait_until

from engine import from_record
from engine.notation_types import Event
from game.keep.settings import Settings
from game.play.lan_watch import TableHostTable, WatchTable
from game.ui.shell import App
from scenes.lan_host import HostLobbyScene
from scenes.lan_join import CodeEntryScene, GuestWaitScene, JoinListScene
from scenes.results import ResultsScene
from scenes.table_board import SpectatorBoard


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["TV", "Cleo"]), fixed_dt=1 / 60)


def _join(tmp: Path, port: int, code: str, name: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", code, "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--timeout", "240", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _frames_until(driver: Driver, done: object, limit: float = 240) -> None:
    """Frames until `done()`, under a generous wall-clock guard: the peer processes run at the machine's pace
    (a count of frames, which cost next to nothing here, ran out on a loaded machine)."""
    deadline = time.monotonic() + limit
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        driver.frames(1)
        time.sleep(0.002)  # leave the peers the cores


def test_host_as_the_table_from_the_lobby_two_players_and_a_watcher_processes(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    labels = [item.label for item in lobby.menu.items]
    lobby.menu.focus = labels.index("On this screen")
    driver.key(pygame.K_RIGHT)  # you play -> the table (no hand)
    assert lobby.table
    labels = [item.label for item in lobby.menu.items]
    assert "Who starts" not in labels
    lobby.menu.focus = labels.index("Open the lobby")
    driver.key(pygame.K_RETURN)
    host = lobby.host
    assert host is not None and host.seen.table
    asked: list[str] = []
    peers: dict[str, subprocess.Popen[str]] = {}
    # one at a time: issue 15's admission asks the host about one newcomer at a time, and refuses a
    # second right code meanwhile ("the host is answering another guest")
    for name, extra in (("Ana", ()), ("Ben", ()), ("Cleo", ("--watch",))):
        peers[name] = _join(tmp_path, host.port, host.seen.code, name, *extra)
        request.addfinalizer(peers[name].kill)

        def let_in(name: str = name) -> bool:
            """The lobby asks "NAME wants to join" for a player; a watcher needs only the code."""
            if host.seen.join_request is not None:
                asked.append(host.seen.join_request)
                assert lobby.menu.items[0].label == "Accept"
                driver.key(pygame.K_RETURN)  # Accept
            if name == "Cleo":
                return host.seen.watchers.count() == 1
            return name in [r.name for r in host.seen.remotes.values() if r.identity is not None]

        _frames_until(driver, let_in)
    assert lobby.joined
    assert sorted(asked) == ["Ana", "Ben"]
    assert lobby.menu.items[0].enabled
    driver.key(pygame.K_RETURN)  # Start the game
    board = app.top
    assert isinstance(board, SpectatorBoard) and isinstance(board.table, TableHostTable)
    assert board.view["hands"] == {"north": None, "south": None}
    assert board.table.watching == 1
    _frames_until(driver, lambda: isinstance(app.top, ResultsScene))
    record = board.table.record()
    for _ in range(300):  # the guests fetch the record, then leave
        driver.frames(1)
    outs = {name: last_json(proc, 60) for name, proc in peers.items()}
    assert all(out["record"] == record for out in outs.values())
    assert from_record(record).result == board.table.result


def test_join_then_watch_a_table_host_process(app: App, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    host, port = start_host(tmp_path, "--table", "--seed", "33", "--timeout", "240", code="4321")
    request.addfinalizer(host.kill)
    driver = Driver(app)
    listing = JoinListScene(app, interfaces=["127.0.0.1"])
    app.push(listing)
    request.addfinalizer(listing.leave)  # its LAN browser
    assert listing.menu.items[0].label == "Join as"
    driver.key(pygame.K_RIGHT)  # a player -> Watch
    assert listing.watch
    listing._by_hand()
    entry = app.top
    assert getattr(entry, "watch", False)
    app.pop(entry)
    app.push(CodeEntryScene(app, f"127.0.0.1:{port}", watch=True))
    for digit in "4321":
        driver.key(pygame.K_0 + int(digit))
    driver.key(pygame.K_RETURN)  # to the buttons
    driver.key(pygame.K_RETURN)  # Watch
    wait = app.top
    assert isinstance(wait, GuestWaitScene) and wait.guest is not None
    guest = wait.guest
    # watching before the players come: on a loaded machine their whole game could end before a late watcher
    _frames_until(driver, lambda: guest.seen.welcomed)
    players = [_join(tmp_path, port, "4321", name, "--pace", "0.05") for name in ("Ana", "Ben")]
    for proc in players:
        request.addfinalizer(proc.kill)
    _frames_until(driver, lambda: isinstance(app.top, SpectatorBoard))
    board = app.top
    assert isinstance(board, SpectatorBoard) and isinstance(board.table, WatchTable)
    assert board.table.legal_actions() == []
    _frames_until(driver, lambda: board.table.guest.seen.record is not None)
    out = last_json(host, 120)
    assert board.table.record() == out["record"]
    assert len(board.model.log) >= len(out["record"]["actions"])  # the whole game reached the watcher's log


@pytest.mark.parametrize(("command", "scene"), [
    (["host", "--table", "--port", "0", "--bind", "127.0.0.1", "--code", "1234"], "host_lobby"),
    (["join", "127.0.0.1:9", "--watch", "--code", "1234"], "guest_wait")])
def test_windowed_host_table_and_join_watch_open_their_screens(tmp_path: Path, command: list[str], scene: str) -> None:
    import os

    env = {**os.environ, "BATTLELINE_FIRST_FRAME": "1", "BATTLELINE_DATA_DIR": str(tmp_path / "data"),
           "BATTLELINE_CONFIG_DIR": str(tmp_path / "config"), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([*CLI, *command], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"showing {scene}" in done.stdout


def test_the_table_waits_for_a_lost_player_by_name_and_offers_no_bot(app: App) -> None:
    from engine import Rules
    from net.guest import Guest
    from net.host import Host
    from scenes.lan_wait import PeerLostScene

    host = Host.new(rules=Rules(), seed=3, code="1234", host_name="TV", host_seat=None, accept_any=True)
    players = [Guest(f"127.0.0.1:{host.port}", code="1234", name=n) for n in ("Ana", "Ben")]
    try:
        for p in players:
            p.connect()
            for _ in range(500):
                host.poll(2)
                p.poll(0)
                if p.seen.welcomed:
                    break
        host.start()
        table = TableHostTable(host)
        board = SpectatorBoard(app, table)
        app.push(board)
        assert not table.peer_lost
        players[1].close()  # Ben leaves (says bye)
        for _ in range(200):
            host.poll(5)
            if table.peer_lost:
                break
        assert table.peer_lost and table.lost_name == "Ben"
        board.update(1 / 60)
        pause = app.top
        assert isinstance(pause, PeerLostScene) and pause.other_name == "Ben"
        labels = [item.label for item in pause.menu.items]
        assert labels == ["Keep waiting", "Save and leave"]
    finally:
        for p in players:
            p.close()
        host.close()


def test_the_table_lobby_reopens_a_saved_table_game_and_both_players_rejoin(app: App) -> None:
    from engine import Rules
    from engine.ai.random_bot import RandomBot
    from game.keep.lan_store import host_save_path
    from net.guest import Guest
    from net.host import Host

    host = Host.new(rules=Rules(), seed=54, code="1357", host_name="TV", host_seat=None,
                    save_path=host_save_path(), accept_any=True)
    players = [Guest(f"127.0.0.1:{host.port}", code="1357", name=n) for n in ("Ana", "Ben")]
    for p in players:
        p.connect()
        while not p.seen.welcomed:
            host.poll(5)
            p.poll(5)
    host.start()
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(2000):  # some moves, then the table's computer goes away
        host.poll(1)
        for p, bot in zip(players, bots, strict=True):
            p.poll(1)
            if p.seen.my_turn() and p.seen.game is not None and p.seen.actions_done == len(host.seen.game.actions) < 12:
                p.send_action(bot.choose_in(p.seen.game))
        done = len(host.seen.game.actions)
        if done >= 12 and all(p.seen.actions_done == done and p.seen.pending is None for p in players):
            break
    saved_actions = list(host.seen.game.actions)
    port = host.port
    host.close()

    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=port)
    app.push(lobby)
    assert lobby.menu.items[0].label == "Resume the game with Ana & Ben"
    driver.key(pygame.K_RETURN)
    assert lobby.host is not None and lobby.host.seen.table and lobby.host.seen.game.actions == saved_actions
    assert not lobby.host.seen.game.over
    for _ in range(3000):  # each player notices the new host and says hello with its token
        driver.frames(1)
        for p in players:
            p.poll(1)
        if isinstance(app.top, SpectatorBoard):
            break
    # a token is proof: no question asked; and once both are back the table plays on, nobody presses Start
    board = app.top
    assert isinstance(board, SpectatorBoard) and isinstance(board.table, TableHostTable)
    assert board.table.host.seen.game.actions == saved_actions
    assert len(board.model.log) > len(saved_actions)  # the game so far is in the table's log
    for p in players:
        for _ in range(200):
            driver.frames(1)
            p.poll(1)
            if p.seen.started and p.seen.actions_done == len(saved_actions):
                break
        assert p.seen.started and p.seen.actions_done == len(saved_actions)
        p.close()
    board.table.close()


def test_a_started_game_stays_advertised_so_watchers_find_it_and_closing_it_stops(app: App) -> None:
    """Once play starts the game is still on the LAN list (for watchers); closing the game withdraws it."""

    from net.discovery import Advertiser, Browser
    from net.guest import Guest

    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    lobby.table = True
    lobby.open_lobby()
    host = lobby.host
    assert host is not None
    host.seen.admission.accept_any = True
    lobby.advertiser = Advertiser("TV", host.port, address="127.0.0.1", interfaces=["127.0.0.1"])
    players = [Guest(f"127.0.0.1:{host.port}", code=host.seen.code, name=n) for n in ("Ana", "Ben")]
    browser = Browser(interfaces=["127.0.0.1"])
    try:
        for p in players:
            p.connect()
            for _ in range(500):
                lobby.update(0.01)
                p.poll(2)
                if p.seen.welcomed:
                    break
        lobby.start()
        board = app.top
        assert isinstance(board, SpectatorBoard) and host.advertiser is not None
        wait_until(lambda: [g for g in browser.games() if g.port == host.port], 60, "the table advertised", pause=0.1)
        assert [g.name for g in browser.games() if g.port == host.port] == ["TV"]
        advertiser = host.advertiser
        board.table.close()
        assert host.advertiser is None and advertiser._zc is None
    finally:
        browser.close()
        for p in players:
            p.close()


def test_the_spectator_caption_names_whose_card_a_guile_tactic_took() -> None:
    """On the table (or a watcher's screen) nobody is 'you': the caption and toast name the player."""
    from game.play.turn_words import tactic_toast, turn_caption

    names = {"south": "Ana", "north": "Ben"}
    events: list[Event] = [{"type": "play", "seat": "south", "card": "traitor", "from_flag": 1, "target": "g1",
                            "to_flag": 6},
              {"type": "draw", "seat": "south", "deck": "troops"}]
    seen_by_ben = turn_caption("south", events, names)
    on_the_table = turn_caption("south", events, names, spectator=True)
    assert "your" in seen_by_ben and "your" not in on_the_table and "Ben's" in on_the_table
    toast = tactic_toast(events[0], names, spectator=True)
    assert toast is not None and "Ben's" in toast[1] and "your" not in toast[1]
