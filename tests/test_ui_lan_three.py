"""Three players over the LAN on the real screens (R46-R53): a pygame host with a seat of its own and two
guest processes; and a pygame guest joining a three-player host process by code beside a headless guest."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame
import pytest
from net_helpers import CLI, last_json, start_host
from test_ui_lan import _frames_until, _play_to_the_end, _until_it_exits
from ui_driver import Driver

from engine import from_record
from game.keep.settings import Settings
from game.play.lan_tables import HostTable, RemoteTable
from game.ui.shell import App
from net.guest import Guest
from net.host import Host
from scenes.board import BoardScene
from scenes.lan_host import HostLobbyScene
from scenes.lan_join import CodeEntryScene, GuestWaitScene


def _seated(guest: Guest) -> bool:
    return guest.seen.seat is not None


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["Tess", "Ben"]), fixed_dt=1 / 60)


def _join(tmp: Path, port: int, code: str, name: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", code, "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--pace", "0.01", "--timeout", "240"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_r46_a_host_with_a_seat_plays_two_guest_processes_from_the_lobby(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    lobby.menu.focus = [item.label for item in lobby.menu.items].index("Players")
    driver.key(pygame.K_RIGHT)  # 2 -> 3; "On this screen" stays "you play"
    assert lobby.players == 3 and not lobby.table
    lobby.menu.focus = [item.label for item in lobby.menu.items].index("Open the lobby")
    driver.key(pygame.K_RETURN)
    host = lobby.host
    assert host is not None and host.seen.host_seat == "south" and set(host.seen.remotes) == {"west", "east"}
    guests = {}
    for name in ("Ana", "Cleo"):  # one at a time: the lobby asks about one newcomer at a time
        guests[name] = _join(tmp_path, host.port, host.seen.code, name)
        request.addfinalizer(guests[name].kill)

        def let_in(name: str = name) -> bool:
            if host.seen.join_request is not None:
                driver.key(pygame.K_RETURN)  # Accept
            return name in [r.name for r in host.seen.remotes.values() if r.identity is not None]

        assert _frames_until(driver, let_in, 60), f"{name} did not get in"
    assert lobby.menu.items[0].enabled, "Start is offered once both guests are in"
    driver.key(pygame.K_RETURN)  # Start the game
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
    assert board.model.viewer == "south" and board.view["hands"]["west"] is None and board.view["hands"]["east"] is None
    _play_to_the_end(app, driver, board, 3)
    record = board.table.record()
    for proc in guests.values():
        _until_it_exits(driver, proc)
    outs = {name: last_json(proc) for name, proc in guests.items()}
    assert all(out["record"] == record for out in outs.values())
    assert {out["seat"] for out in outs.values()} == {"west", "east"}
    assert from_record(record).result == board.table.result
    assert record["players"]["south"] == "Tess"


def test_r46_a_pygame_guest_joins_a_three_player_host_by_code(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    host, port = start_host(tmp_path, "--players", "3", "--seed", "46", "--pace", "0.01", code="4321")
    request.addfinalizer(host.kill)
    driver = Driver(app)
    app.push(CodeEntryScene(app, f"127.0.0.1:{port}"))
    for digit in "4321":
        driver.key(pygame.K_0 + int(digit))
    driver.key(pygame.K_RETURN)  # to the buttons
    driver.key(pygame.K_RETURN)  # Join
    wait = app.top
    assert isinstance(wait, GuestWaitScene) and wait.guest is not None
    guest = wait.guest
    assert _frames_until(driver, lambda: guest.seen.seat is not None and bool(guest.seen.seats), 60)
    heading, lines, _colour = wait.status()  # the host's name (its own seat is the one no guest holds), troops only
    assert heading == "Waiting for Host to start…", heading
    assert lines[0] == "Three players play troops only: no tactics cards" and lines[-1] == "You play as Tess"
    other = _join(tmp_path, port, "4321", "Cleo")  # the third player, once we hold west
    request.addfinalizer(other.kill)
    assert _frames_until(driver, lambda: isinstance(app.top, BoardScene), 60)
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, RemoteTable)
    assert board.model.viewer == "west" and board.view["hands"]["south"] is None and board.view["hands"]["east"] is None
    _play_to_the_end(app, driver, board, 4)
    table = board.table
    assert _frames_until(driver, lambda: table.guest.seen.record is not None, 60)
    out = last_json(host)
    assert table.record() == out["record"] == last_json(other)["record"]


def test_r48_the_hosts_table_waits_for_a_lost_guest_by_name_and_a_bot_takes_only_that_seat() -> None:
    """The table seam the board uses, on real sockets: Cleo (east) goes silent; the host's board waits for
    Cleo by name, not for Ana; a bot takes east only, and Ana plays west to the end."""
    import random
    import time

    from engine import Rules
    from game.play.bot_client import InProcessBot
    from net.guest import Guest

    host = Host.new(rules=Rules(tactics=False, players=3), seed=49, code="2468", host_name="Tess", accept_any=True)
    host.start()  # as a started game's host: the guests join and play at once
    table = HostTable(host)
    guests = {name: Guest(f"127.0.0.1:{host.port}", code="2468", name=name) for name in ("Ana", "Cleo")}
    rng = random.Random(7)

    def pump() -> None:
        table.tick(ready=True)
        for guest in guests.values():
            if guest.socket is not None:
                guest.poll(1)
                if guest.seen.my_turn() and guest.seen.game is not None:
                    guest.send_action(rng.choice(guest.seen.game.legal_actions()))
        if table.result is None and table.legal_actions():
            table.submit(rng.choice(table.legal_actions()))

    try:
        for guest in guests.values():
            guest.connect()
            assert _pump_until(partial(_seated, guest), pump, 10)
        assert host.seen.remotes["east"].name == "Cleo" and not table.peer_lost
        assert _pump_until(lambda: len(host.seen.game.actions) >= 9 and host.seen.game.to_move == "east", pump, 60)
        guests["Cleo"].close()  # her phone's battery dies on her turn ...
        host.seen.remotes["east"].last_heard -= 10  # ... and she has been silent longer than the heartbeat allows
        host.poll(5)
        assert table.peer_lost and table.lost_name == "Cleo" and table.thinking == "east"
        table.let_bot_play(InProcessBot("random", seed=1))
        assert not table.peer_lost and table.lost_name == ""
        deadline = time.monotonic() + 60
        while table.result is None:
            assert time.monotonic() < deadline, "the game did not end"
            pump()
        assert host.seen.bot_seats == {"east"}, "the bot played east only: Ana kept west"
        wests = [a for a, s in zip(host.seen.game.actions, _movers(host), strict=True) if s == "west"]
        assert wests, "Ana played on"
    finally:
        for guest in guests.values():
            guest.close()
        table.close()


def _pump_until(done: Callable[[], bool], pump: Callable[[], None], seconds: float) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        pump()
    return True


def _movers(host: Host) -> list[str]:
    """The seat that made each action of the host's game, replayed from its record."""
    from engine import Game, Rules, to_record

    record = to_record(host.seen.game)
    game = Game.new(Rules.from_dict(record["rules"]), record["seed"], record["first"], record["players"])
    movers = []
    for action in record["actions"]:
        movers.append(game.to_move)
        game.apply(action)
    return movers
