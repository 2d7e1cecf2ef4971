"""Internet play through the real screens: Host -> over the internet shows a wormhole code that a guest
process joins with; Join -> over the internet takes a code typed (and completed with a controller's
directions) and plays against a host process. Real mailbox and relay processes on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from internet_helpers import Servers, servers, start_internet_guest, start_internet_host
from internet_ui import frames_until, play
from net_helpers import last_json
from ui_driver import Driver

from game.keep.settings import Settings
from game.play.lan_tables import HostTable, RemoteTable
from game.ui.input import Intent, Kind
from game.ui.shell import App
from net.internet.words import completions
from scenes.board import BoardScene
from scenes.internet_host import InternetHostScene, code_images
from scenes.internet_join import InternetJoinScene
from scenes.internet_steps import step_words


@pytest.fixture
def srv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Servers]:
    with servers(tmp_path) as s:
        monkeypatch.setenv("BATTLELINE_MAILBOX", f"ws://127.0.0.1:{s.mailbox_port}/v1")
        monkeypatch.setenv("BATTLELINE_TRANSIT", f"tcp:127.0.0.1:{s.relay_port}")
        monkeypatch.setenv("BATTLELINE_WORMHOLE_LOOPBACK", "1")
        yield s


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["Ana", "Ben"]), fixed_dt=1 / 60)


def test_host_over_the_internet_shows_a_code_a_guest_joins_with(app: App, srv: Servers, tmp_path: Path,
                                                                request: pytest.FixtureRequest) -> None:
    driver = Driver(app)
    lobby = InternetHostScene(app)
    app.push(lobby)
    lobby.menu.focus = [item.label for item in lobby.menu.items].index("Open the lobby")
    driver.key(pygame.K_RETURN)
    assert lobby.door is not None and lobby.host is not None
    assert frames_until(driver, lambda: lobby.door is not None and all(lobby.door.codes()))
    assert lobby.menu.items[0].label == "Copy the code"
    [code] = lobby.door.codes()
    assert code is not None
    guest = start_internet_guest(srv, code)
    request.addfinalizer(guest.kill)
    assert frames_until(driver, lambda: lobby.host is not None and lobby.host.seen.join_request is not None)
    assert [i.label for i in lobby.menu.items][:2] == ["Accept", "Refuse"]
    driver.key(pygame.K_RETURN)  # Accept
    assert frames_until(driver, lambda: lobby.host is not None
                        and lobby.host.seen.remotes["north"].identity is not None)
    assert lobby.door.tunnels[0].path in ("direct", "relayed")
    driver.key(pygame.K_RETURN)  # Start the game
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
    play(app, driver, board, 1)
    record = board.table.record()
    frames_until(driver, lambda: guest.poll() is not None, 120)
    assert last_json(guest)["record"] == record


def test_join_over_the_internet_by_typing_the_code(app: App, srv: Servers, tmp_path: Path,
                                                   request: pytest.FixtureRequest) -> None:
    host, ready = start_internet_host(tmp_path, srv, "--seed", "57")
    request.addfinalizer(host.kill)
    [code] = ready["wormholes"]
    number, first, second = code.split("-")
    driver = Driver(app)
    scene = InternetJoinScene(app)
    app.push(scene)
    scene.handle(Intent(Kind.TEXT, "keyboard", text=f"{number} {first[:2]}"))  # a space types the dash
    for _ in range(completions(scene.typed).index(first)):
        driver.key(pygame.K_UP)  # the controller's way: up picks the next word that fits
    driver.key(pygame.K_RIGHT)  # take it
    assert scene.typed == f"{number}-{first}-"
    scene.handle(Intent(Kind.TEXT, "keyboard", text=second))
    driver.key(pygame.K_RETURN)  # a whole code: to the buttons
    driver.key(pygame.K_RETURN)  # Join
    assert scene.tunnel is not None
    assert frames_until(driver, lambda: isinstance(app.top, BoardScene)), scene.problem
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, RemoteTable)
    play(app, driver, board, 2)
    remote = board.table
    frames_until(driver, lambda: remote.guest.seen.record is not None)
    out = last_json(host, 120)
    assert board.table.record() == out["record"]


def test_join_over_the_internet_wrong_words_say_so_in_words(app: App, srv: Servers, tmp_path: Path,
                                                            request: pytest.FixtureRequest) -> None:
    host, ready = start_internet_host(tmp_path, srv)
    request.addfinalizer(host.kill)
    number, first, second = ready["wormholes"][0].split("-")
    other = next(w for w in completions(f"{number}-{first}-") if w != second)
    driver = Driver(app)
    scene = InternetJoinScene(app, typed=f"{number}-{first}-{other}")
    app.push(scene)
    scene.go(False)
    assert frames_until(driver, lambda: scene.tunnel is None and bool(scene.problem))
    assert scene.problem.startswith("Wrong code")


def test_host_lobby_says_an_unreachable_mailbox_in_words_with_retry_never_waiting(app: App, tmp_path: Path) -> None:
    """Issue 57: the mailbox does not answer: the lobby says so, offers Retry and Close (never "Waiting for a guest
    to join"); once the mailbox is up, Retry opens the wormhole and the lobby waits with a code."""
    from net.internet.link import Options

    srv = Servers(tmp_path)  # its ports chosen, nothing listening yet
    options = Options(mailbox=f"ws://127.0.0.1:{srv.mailbox_port}/v1", transit=f"tcp:127.0.0.1:{srv.relay_port}",
                      loopback_only=True, mailbox_wait=2.0)
    driver = Driver(app)
    lobby = InternetHostScene(app, options=options)
    app.push(lobby)
    lobby.menu.focus = [item.label for item in lobby.menu.items].index("Open the lobby")
    driver.key(pygame.K_RETURN)
    try:
        assert frames_until(driver, lambda: lobby.door is not None and lobby.door.failure is not None, 60)
        driver.frames(2)
        assert [item.label for item in lobby.menu.items] == ["Retry", "Close the lobby"]
        words, _colour = lobby.status()
        assert words == "Cannot reach the mailbox server: check the internet connection"
        assert not any("Waiting" in (item.hint or "") for item in lobby.menu.items)
        surface = pygame.Surface((1920, 1080))
        lobby.draw(surface)  # drawn with the failure, no traceback
        srv.start()
        driver.key(pygame.K_RETURN)  # Retry
        assert frames_until(driver, lambda: lobby.door is not None and all(lobby.door.codes()), 60)
        driver.frames(2)
        assert lobby.menu.items[0].label == "Copy the code"
        assert lobby.door is not None
        assert step_words(lobby.door.tunnels[0])[0] == "Waiting for your friend\u2026"
        assert lobby.status()[0] == "", "the code's own line says it waits; the panel's last line does not again"
    finally:
        lobby.leave()
        srv.stop()


def test_join_over_the_internet_buttons_speak_the_windows_language(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a real window under Xvfb: `battleline join --internet` made its scene before the window's language
    was active, and its Join / Watch / Back stayed English on a Hungarian screen."""
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = App(Settings(animation_speed="off", language="hu"), fixed_dt=1 / 60)
    scene = InternetJoinScene(app, typed="7-crossover-cl")
    app.push(scene)
    app.draw()
    assert [item.label for item in scene.buttons.items] == ["Csatlakozás", "Nézés", "Vissza"]


def test_host_lobby_rows_made_outside_the_windows_language_are_said_in_it(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A host lobby made outside the window's language (a command line's lobby, a scene built before the window's
    frames) showed its rows in that other language until something rebuilt them; now its next frame says them in
    the window's own, the focus kept."""
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    app = App(Settings(animation_speed="off", language="hu"), fixed_dt=1 / 60)
    lobby = InternetHostScene(app)  # outside app.active(): said in the process's language (English here)
    english = [item.label for item in lobby.menu.items]
    assert "Open the lobby" in english
    lobby.menu.focus = 2
    app.push(lobby)
    Driver(app).frames(1)
    with app.active():
        hungarian = [item.label for item in InternetHostScene(app).menu.items]
    assert hungarian != english
    assert [item.label for item in lobby.menu.items] == hungarian
    assert lobby.menu.focus == 2


def test_two_wormhole_codes_are_drawn_at_one_size_however_long_each_is(app: App) -> None:
    """A table's codes side by side: the longer one used to be drawn smaller than the shorter one."""
    codes = ["4-tambourine-klaxon", "2-amusement-sugar"]
    first, second = code_images(codes, 56, 420)
    assert first.get_height() == second.get_height()
    assert first.get_width() <= 420 and first.get_width() > second.get_width()
    alone = code_images(codes[1:], 56, 420)[0]
    assert alone.get_height() > second.get_height(), "alone, the short code keeps the larger size"
