"""LAN play through the real screens: hosting from the lobby, and joining by code, each against a
real headless peer process on 127.0.0.1, to the end of the game."""

from __future__ import annotations

import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from net_helpers import last_json, start_guest, start_host
from ui_driver import Driver

from engine import from_record
from game.keep.settings import Settings
from game.play.lan_tables import HostTable, RemoteTable
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.lan_host import HostLobbyScene
from scenes.lan_join import CodeEntryScene, GuestWaitScene
from scenes.lan_results import lan_status
from scenes.menu_base import MenuScene
from scenes.results import ResultsScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["Ana", "Ben"]), fixed_dt=1 / 60)


def _frames_until(driver: Driver, done: Callable[[], bool], seconds: float = 60.0, *peers: object) -> bool:
    """Run frames until `done()` holds, by the clock: a loaded machine's peer process answers after
    more frames, not after fewer seconds. In-process peers (`peers`, each with a `poll`) are pumped
    too. False once `seconds` have passed (a guard against a hang, not a speed check)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        driver.frames(1)
        for peer in peers:
            peer.poll(1)  # type: ignore[attr-defined]
        if done():
            return True
        if not peers:
            time.sleep(0.001)  # leave the core to the peer process
    return False


def _until_it_exits(driver: Driver, proc: subprocess.Popen[str], seconds: float = 120.0) -> None:
    """Keep the in-process host or guest serving until the peer process is done (it fetches the final
    record, then exits), so that reading its output never waits on a table nobody pumps."""
    _frames_until(driver, lambda: proc.poll() is not None, seconds)


def _play_to_the_end(app: App, driver: Driver, board: BoardScene, seed: int, seconds: float = 300.0) -> int:
    rng = random.Random(seed)
    devices = ("keyboard", "mouse", "controller")
    moves = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        driver.frames(1)
        if isinstance(app.top, ResultsScene):
            return moves
        legal = board.table.legal_actions()
        if not legal or app.top is not board:
            time.sleep(0.001)  # the peer's turn: leave it the core
            continue
        claims = [a for a in legal if a["type"] == "claim"]
        driver.play(board, claims[0] if claims else rng.choice(legal), devices[moves % 3])
        moves += 1
    raise AssertionError("the game did not finish")


def _accept_with_the_keyboard(driver: Driver, lobby: HostLobbyScene) -> None:
    """The guest process asks; the lobby shows "Ben wants to join" and Accept, focused, takes Enter."""
    _frames_until(driver, lambda: lobby.host is not None and lobby.host.seen.join_request is not None)
    assert lobby.host is not None and lobby.host.seen.join_request == "Guest"
    assert [i.label for i in lobby.menu.items] == ["Accept", "Refuse"] and lobby.menu.focus == 0
    driver.key(pygame.K_RETURN)
    _frames_until(driver, lambda: lobby.host is not None and lobby.host.seen.remotes["north"].identity is not None)


def test_host_from_the_lobby_against_a_guest_process(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    for _ in range([item.label for item in lobby.menu.items].index("Open the lobby")):
        driver.key(pygame.K_DOWN)  # past the rule options ...
    driver.key(pygame.K_RETURN)  # ... to "Open the lobby"
    assert lobby.host is not None
    guest = start_guest(tmp_path, lobby.host.port, code=lobby.host.seen.code)
    request.addfinalizer(guest.kill)
    _accept_with_the_keyboard(driver, lobby)
    assert lobby.menu.items[0].enabled, "Start is offered once the guest has joined"
    driver.key(pygame.K_RETURN)  # Start the game
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
    assert _play_to_the_end(app, driver, board, 1) > 3
    record = board.table.record()
    _until_it_exits(driver, guest)  # the guest fetches the final record, then exits
    out = last_json(guest)
    assert out["record"] == record and from_record(record).result == out["result"]


def test_join_by_code_against_a_host_process(app: App, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    host, port = start_host(tmp_path, "--seed", "51", code="4321")
    request.addfinalizer(host.kill)
    driver = Driver(app)
    app.push(CodeEntryScene(app, f"127.0.0.1:{port}"))
    for digit in "4321":
        driver.key(pygame.K_0 + int(digit))  # digit keys type into the wheels
    driver.key(pygame.K_RETURN)  # to the buttons
    driver.key(pygame.K_RETURN)  # Join
    assert isinstance(app.top, GuestWaitScene)
    _frames_until(driver, lambda: isinstance(app.top, BoardScene))
    board = app.top
    assert isinstance(board, BoardScene)
    remote = board.table
    assert isinstance(remote, RemoteTable)
    assert board.model.viewer == "north"
    _play_to_the_end(app, driver, board, 2)
    _frames_until(driver, lambda: remote.guest.seen.record is not None)  # it follows the final state
    out = last_json(host)
    assert board.table.result == out["result"]
    assert board.table.record() == out["record"]


def test_r41_lan_match_hosted_from_the_lobby_runs_game_after_game(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    from engine.match import Match

    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    labels = [item.label for item in lobby.menu.items]
    lobby.menu.focus = labels.index("Play")
    driver.key(pygame.K_RIGHT)  # a single game -> a match of 3 games
    assert lobby.play == "games:3"
    lobby.menu.focus = labels.index("Open the lobby")
    driver.key(pygame.K_RETURN)
    assert lobby.host is not None and lobby.host.seen.match is not None
    guest = start_guest(tmp_path, lobby.host.port, code=lobby.host.seen.code)
    request.addfinalizer(guest.kill)
    _accept_with_the_keyboard(driver, lobby)
    driver.key(pygame.K_RETURN)  # Start the game
    for game_no in range(1, 4):
        board = app.top
        assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
        assert board.table.host.seen.number == game_no
        _play_to_the_end(app, driver, board, game_no)
        results = app.top
        if game_no < 3:
            assert isinstance(results, MenuScene) and results.menu.items[0].label == "Next game"
            driver.key(pygame.K_RETURN)
    assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
    host = board.table.host
    assert host.seen.match is not None and host.seen.match.over and len(host.seen.match.games) == 3
    assert isinstance(app.top, MenuScene)
    assert [i.label for i in app.top.menu.items] == ["Look at the board", "Main menu"]
    _until_it_exits(driver, guest)
    out = last_json(guest)
    assert Match.from_dict(out["match"]).games == host.seen.match.games


def test_r41_lan_match_joined_by_code_follows_the_host(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    host, port = start_host(tmp_path, "--seed", "52", "--match", "games:2", code="4321")
    request.addfinalizer(host.kill)
    driver = Driver(app)
    app.push(CodeEntryScene(app, f"127.0.0.1:{port}"))
    for digit in "4321":
        driver.key(pygame.K_0 + int(digit))
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_RETURN)
    numbers: list[int] = []
    deadline = time.monotonic() + 400
    while time.monotonic() < deadline:
        driver.frames(1)
        board = app.find(BoardScene)
        if isinstance(board, BoardScene) and isinstance(board.table, RemoteTable):
            if not numbers or numbers[-1] != board.table.number:
                numbers.append(board.table.number)
            if isinstance(app.top, ResultsScene) and board.table.guest.seen.record is not None:
                status = lan_status(app.top) or ""
                if "match over" in status or "wins the match" in status:
                    break
            legal = board.table.legal_actions()
            if legal and app.top is board:
                driver.play(board, legal[0], "keyboard")
                continue
        time.sleep(0.001)  # the host process's turn: leave it the core
    else:
        raise AssertionError("the match did not end")
    out = last_json(host)
    assert numbers == [1, 2]
    assert isinstance(board.table, RemoteTable) and board.table.guest.seen.match is not None
    assert out["match"]["games"] == board.table.guest.seen.match["games"]


def test_lobby_reopens_a_saved_lan_game_and_the_guest_rejoins(app: App) -> None:
    from engine import Rules
    from game.keep.lan_store import host_save_path
    from net.guest import Guest
    from net.host import Host

    host = Host.new(rules=Rules(), seed=53, code="1357", host_name="Ana", save_path=host_save_path(),
                    accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="1357", name="Ben")
    guest.connect()
    while guest.seen.seat is None:
        host.poll(5)
        guest.poll(5)
    host.start()
    for _ in range(400):  # some moves, then the host's computer goes away
        host.poll(1)
        guest.poll(1)
        if host.seen.game.to_move == "south" and not host.seen.game.over:
            host.submit_local(host.seen.game.legal_actions()[0])
        elif guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(guest.seen.game.legal_actions()[0])
        if len(host.seen.game.actions) >= 12 and guest.seen.actions_done == len(host.seen.game.actions):
            break
    saved_actions = list(host.seen.game.actions)
    port = host.port
    host.close()

    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=port)
    app.push(lobby)
    assert lobby.menu.items[0].label == "Resume the game with Ben"
    driver.key(pygame.K_RETURN)
    assert lobby.host is not None and lobby.host.seen.game.actions == saved_actions
    # the guest notices the new host and says hello with its token
    _frames_until(driver, lambda: lobby.host is not None and lobby.host.seen.remotes["north"].identity is not None, 60,
                  guest)
    driver.key(pygame.K_RETURN)  # Start the game
    board = app.top
    assert isinstance(board, BoardScene)
    hosting = board.table
    assert isinstance(hosting, HostTable)
    _frames_until(driver, lambda: guest.seen.started and guest.seen.pending is None
                  and guest.seen.actions_done == len(hosting.host.seen.game.actions), 60, guest)
    actions = hosting.host.seen.game.actions
    assert actions[: len(saved_actions)] == saved_actions  # nothing lost; an action the guest had
    assert len(actions) - len(saved_actions) <= 1  # sent before the crash may now have landed, once
    assert guest.seen.started and guest.seen.actions_done == len(actions) and guest.seen.pending is None
    guest.close()
    board.table.close()


def test_the_lobby_asks_before_seating_a_guest_and_a_controller_answers(app: App) -> None:
    """"Ben wants to join": Refuse (D-pad down, A) turns him away and shows a fresh code; the next
    guest with that code is let in with A on Accept."""
    from net.guest import Guest

    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    lobby.open_lobby()
    assert lobby.host is not None
    first_code = lobby.host.seen.code

    def wait_for(cond: Callable[[], bool], *guests: Guest) -> None:
        assert _frames_until(driver, cond, 60, *guests), "timed out"

    ben = Guest(f"127.0.0.1:{lobby.host.port}", code=first_code, name="Ben")
    ben.connect()
    # the lobby shows the question as soon as the host reads the hello; Ben hears "asking" a message
    # later, so wait on both sides before asserting either
    wait_for(lambda: [i.label for i in lobby.menu.items] == ["Accept", "Refuse"] and ben.seen.asking, ben)
    app.draw()
    hosted = lobby.host.seen
    assert hosted.join_request == "Ben" and ben.seen.asking and hosted.remotes["north"].identity is None
    driver.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    driver.pad(pygame.CONTROLLER_BUTTON_A)  # Refuse
    wait_for(lambda: ben.seen.refused is not None, ben)
    assert ben.seen.refused == "the host turned you away" and lobby.host.seen.code != first_code
    assert [i.label for i in lobby.menu.items] == ["Start the game", "Close the lobby"]
    app.draw()  # the panel now says the code is new
    cy = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name="Cy")
    cy.connect()
    wait_for(lambda: lobby.host is not None and lobby.host.seen.join_request == "Cy", cy)
    driver.pad(pygame.CONTROLLER_BUTTON_A)  # Accept, focused
    wait_for(lambda: cy.seen.seat is not None, cy)
    assert lobby.host.seen.remotes["north"].name == "Cy" and lobby.menu.items[0].enabled  # Start the game
    ben.close()
    cy.close()
    lobby.leave()
