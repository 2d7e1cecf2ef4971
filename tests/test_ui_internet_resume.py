"""Issue 57: an internet game picked up again through the real screens after a restart. A window guest whose process
ended finds the game in Continue and rejoins on the same wormhole code with its kept seat token; after the host's
process ended and was started again (new codes), the guest types the new code and its kept token brings it back to
its seat. Real mailbox and relay processes on 127.0.0.1, a real headless host process with its tunnels."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from internet_helpers import Servers, servers, start_internet_host
from internet_ui import frames_until, play
from net_helpers import last_json
from ui_driver import Driver

from game.keep.lan_saved import lan_saves
from game.keep.lan_store import joined_games
from game.keep.settings import Settings
from game.play.lan_tables import RemoteTable
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.continue_scene import ContinueListScene
from scenes.internet_join import InternetJoinScene
from scenes.results import ResultsScene


@pytest.fixture
def srv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Servers]:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    with servers(tmp_path) as s:
        monkeypatch.setenv("BATTLELINE_MAILBOX", f"ws://127.0.0.1:{s.mailbox_port}/v1")
        monkeypatch.setenv("BATTLELINE_TRANSIT", f"tcp:127.0.0.1:{s.relay_port}")
        monkeypatch.setenv("BATTLELINE_WORMHOLE_LOOPBACK", "1")
        yield s


def _app() -> App:
    return App(Settings(animation_speed="off", names=["Ben", "Ana"], welcomed=True), fixed_dt=1 / 60)


def _join(app: App, driver: Driver, code: str) -> BoardScene:
    scene = InternetJoinScene(app, typed=code)
    app.push(scene)
    scene.go(False)
    assert frames_until(driver, lambda: isinstance(app.top, BoardScene)), scene.problem
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, RemoteTable)
    return board


def _six_moves_in(srv: Servers, tmp: Path, seed: int) -> tuple[subprocess.Popen[str], str, App, BoardScene]:
    """A headless host process and a window guest joined by its code, six moves played and the note kept."""
    host, ready = start_internet_host(tmp, srv, "--seed", str(seed))
    [code] = ready["wormholes"]
    app = _app()
    driver = Driver(app)
    board = _join(app, driver, code)
    guest = board.table.guest  # type: ignore[attr-defined]
    play(app, driver, board, seed, lambda: guest.seen.actions_done >= 6)
    assert frames_until(driver, lambda: bool(joined_games()) and joined_games()[0]["actions"] >= 6, 30)
    return host, code, app, board


def _crash(app: App, board: BoardScene) -> None:
    """The guest's process ends with no goodbye: its tunnel is killed first, so nothing more reaches the host."""
    assert isinstance(board.table, RemoteTable)
    tunnel = board.table.guest.tunnel  # type: ignore[attr-defined]
    assert tunnel.proc is not None
    tunnel.proc.kill()
    tunnel.proc.wait(10)
    app.close()


def _finish(app: App, driver: Driver, board: BoardScene, host_proc: object, seed: int) -> None:
    assert isinstance(board.table, RemoteTable)
    guest = board.table.guest
    play(app, driver, board, seed, lambda: guest.seen.record is not None or isinstance(app.top, ResultsScene))
    frames_until(driver, lambda: guest.seen.record is not None, 60)
    out = last_json(host_proc, 120)  # type: ignore[arg-type]
    assert board.table.record() == out["record"]


def test_a_window_guest_restarted_finds_the_internet_game_in_continue_and_rejoins_its_seat(
        srv: Servers, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    host, code, first, board = _six_moves_in(srv, tmp_path, 571)
    request.addfinalizer(host.kill)
    [note] = joined_games()
    assert note["address"] == f"wormhole:{code}", "kept under the code, not the tunnel's dying local port"
    token = note["token"]
    _crash(first, board)

    again = _app()  # the window started again: title -> Continue
    driver = Driver(again)
    listing = ContinueListScene(again, [], lan_saves())
    again.push(listing)
    item = listing.menu.items[0]
    assert item.detail is not None and item.detail().startswith("Internet, joined")
    assert code in item.hint
    driver.key(pygame.K_RETURN)
    joining = again.top
    assert isinstance(joining, InternetJoinScene) and joining.token == token
    assert frames_until(driver, lambda: isinstance(again.top, BoardScene)), joining.problem
    rejoined = again.top
    assert isinstance(rejoined, BoardScene) and isinstance(rejoined.table, RemoteTable)
    back = rejoined.table.guest
    assert back.seen.seat == "north" and back.seen.token == token
    assert back.seen.actions_done >= 6, "the same game, not a new one"
    _finish(again, driver, rejoined, host, 2)
    assert joined_games() == [], "finished: nothing left to continue"
    again.close()


def test_after_the_hosts_restart_the_guest_types_the_new_code_and_its_kept_token_seats_it(
        srv: Servers, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    host, code, app, board = _six_moves_in(srv, tmp_path, 572)
    request.addfinalizer(lambda: host.kill())
    token = joined_games()[0]["token"]
    host.kill()  # the host's computer crashed; its tunnels end with it
    host.wait(10)
    _crash(app, board)  # the guest's window too (its player leaves the silent board: the same from here)

    host, ready = start_internet_host(tmp_path, srv, "--seed", "572")  # the same command: the kept game goes on
    assert ready.get("resumed") and ready["actions"] >= 6
    [fresh] = ready["wormholes"]
    assert fresh != code
    app = _app()
    driver = Driver(app)
    board = _join(app, driver, fresh)  # the new code the host read out, typed in Join over the internet
    assert isinstance(board.table, RemoteTable)
    seen = board.table.guest.seen
    assert seen.seat == "north" and seen.token == token, "its seat, by its kept token"
    assert board.table.guest.seen.actions_done >= 6
    frames_until(driver, lambda: [n["address"] for n in joined_games()] == [f"wormhole:{fresh}"], 30)
    _finish(app, driver, board, host, 4)
    app.close()


def test_continue_reopens_a_game_hosted_over_the_internet_in_the_internet_lobby_with_fresh_codes(
        srv: Servers) -> None:
    """A window host whose process ended finds its internet game in Continue (said as one), and it reopens in Host
    over the internet, not the LAN lobby: fresh wormhole codes whose tunnels carry the marks of the kept seat's
    token (a guest who types the new code is seated by it, as the test above shows against a headless host)."""
    from engine.rules import Rules
    from game.keep.lan_store import host_save_for
    from net.host import Host
    from net.internet.link import seat_mark
    from scenes.internet_host import InternetHostScene

    kept = Host.new(rules=Rules(), seed=573, code="2468", host_name="Ben", bind="127.0.0.1")
    kept.seen.remotes["north"].name, kept.seen.remotes["north"].token = "Ana", "a" * 32
    kept.internet = True
    kept.save_path_for = host_save_for
    assert kept.save() and kept.save_path is not None
    kept.close()
    app = _app()
    driver = Driver(app)
    listing = ContinueListScene(app, [], lan_saves())
    app.push(listing)
    item = listing.menu.items[0]
    assert item.detail is not None and item.detail().startswith("Internet, you host")
    driver.key(pygame.K_RETURN)
    lobby = app.top
    assert isinstance(lobby, InternetHostScene) and lobby.host is not None and lobby.door is not None
    assert lobby.host.internet and lobby.host.seen.code == "2468" and lobby.host.seen.remotes["north"].token == "a" * 32
    assert lobby.door.seats == [seat_mark("a" * 32)]
    assert frames_until(driver, lambda: all(lobby.door.codes()) if lobby.door is not None else False, 120)
    app.close()
