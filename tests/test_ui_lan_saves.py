"""One unfinished LAN game per peer (issue 17, "Saves"), through the real loop: the host's lobby and
board on real pygame surfaces, guests on real ZeroMQ sockets on 127.0.0.1. Two peers leave two
saves; a guest with a kept game brings a question before anything is replaced; the guest's Continue
lists the game it joined and rejoins it with its token; a finished game drops the note."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from engine import Rules
from engine.notation_types import Action
from game.keep.files import take_notices
from game.keep.lan_saved import lan_saves
from game.keep.lan_store import host_save_for, host_save_path, host_save_paths, joined_games, joined_path, peer_key
from game.keep.settings import Settings
from game.play.lan_tables import HostTable, RemoteTable
from game.ui.shell import App
from net.guest import Guest
from net.host import Host
from scenes.board import BoardScene
from scenes.continue_scene import ContinueListScene, NoticeScene
from scenes.lan_host import HostLobbyScene
from scenes.lan_join import CodeEntryScene, GuestWaitScene
from scenes.main_menu import MainMenuScene

LOCAL = {"bind": "127.0.0.1", "advertise": False, "port": 0}


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    pygame.init()
    ContinueListScene.lobby_options = LOCAL
    yield tmp_path
    ContinueListScene.lobby_options = {}


def make_app(name: str = "Ana") -> App:
    return App(Settings(animation_speed="off", names=[name, "Ben"], welcomed=True), fixed_dt=1 / 60)


def labels(scene: object) -> list[str]:
    return [item.label for item in scene.menu.items]  # type: ignore[attr-defined]


def choose(driver: Driver, scene: object, label: str) -> None:
    """Move the focus to `label` with the arrow keys, then Enter."""
    menu = scene.menu  # type: ignore[attr-defined]
    target = labels(scene).index(label)
    for _ in range(30):
        if menu.focus == target:
            break
        driver.key(pygame.K_DOWN if menu.focus < target else pygame.K_UP)
    assert menu.focus == target, f"could not reach {label!r}"
    driver.key(pygame.K_RETURN)


def pump(driver: Driver, done: Callable[[], bool], *peers: Guest | Host, frames: int = 3000) -> None:
    for _ in range(frames):
        driver.frames(1)
        for peer in peers:
            peer.poll(1)
        if done():
            return
    raise AssertionError("timed out")


def host_a_game(app: App, driver: Driver, name: str, moves: int) -> list[Action]:
    """Open the lobby, let `name` in, start and play `moves` actions; then both leave. The actions played."""
    lobby = HostLobbyScene(app, **LOCAL)  # type: ignore[arg-type]
    app.reset(lobby)
    choose(driver, lobby, "Open the lobby")
    assert lobby.host is not None
    guest = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name=name)
    guest.connect()
    pump(driver, lambda: labels(lobby) == ["Accept", "Refuse"], guest)
    driver.key(pygame.K_RETURN)  # Accept
    pump(driver, lambda: guest.seen.seat is not None and lobby.joined, guest)
    choose(driver, lobby, "Start the game")
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
    host = board.table.host
    for _ in range(4000):
        driver.frames(1)
        guest.poll(1)
        if len(host.seen.game.actions) >= moves and guest.seen.actions_done == len(host.seen.game.actions):
            break
        if app.top is board and board.table.legal_actions():
            driver.play(board, board.table.legal_actions()[0], "keyboard")
        elif guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(guest.seen.game.legal_actions()[0])
    assert len(host.seen.game.actions) >= moves and not host.seen.game.over
    actions = list(host.seen.game.actions)
    guest.close()
    app.reset(MainMenuScene(app))  # the board leaves: its table (and the host) close, the save stays
    return actions


def saved_actions(path: Path) -> list[object]:
    return list(json.loads(path.read_text())["record"]["actions"])


def test_two_peers_leave_two_saves_and_continue_lists_both(config: Path) -> None:
    app = make_app()
    driver = Driver(app)
    with_ben = host_a_game(app, driver, "Ben", 10)
    with_cy = host_a_game(app, driver, "Cy", 7)
    ben, cy = host_save_for({"north": "Ben"}, False), host_save_for({"north": "cy "}, False)
    assert sorted(host_save_paths()) == sorted([ben, cy]), "one save per peer, the name's case and spaces aside"
    assert saved_actions(ben) == with_ben and saved_actions(cy) == with_cy
    app.reset(MainMenuScene(app))
    choose(driver, app.top, "Continue")
    listing = app.top
    assert isinstance(listing, ContinueListScene)
    assert sorted(labels(listing)[:2]) == ["Ana against Ben", "Ana against Cy"] and labels(listing)[2] == "Back"
    details = [i.detail() for i in listing.menu.items if i.detail is not None]
    assert all(d.startswith("LAN, you host") for d in details) and len(details) == 2
    choose(driver, listing, "Ana against Ben")  # the lobby reopens Ben's game at once
    lobby = app.top
    assert isinstance(lobby, HostLobbyScene) and lobby.host is not None
    assert lobby.host.seen.game.actions == with_ben and lobby.host.seen.remotes["north"].name == "Ben"
    token = lobby.host.seen.remotes["north"].token
    guest = Guest(f"127.0.0.1:{lobby.host.port}", code="0000", name="Ben", token=token)
    guest.connect()
    pump(driver, lambda: lobby.host is not None and lobby.host.seen.remotes["north"].identity is not None
         and guest.seen.welcomed, guest)
    assert guest.seen.seat == "north" and saved_actions(cy) == with_cy, "the other peer's save is untouched"
    guest.close()
    app.close()


def _kept_game_with(name: str, moves: int) -> tuple[Path, list[Action], str]:
    """A game hosted against `name`, `moves` actions in, then the host's computer went away."""
    host = Host.new(rules=Rules(), seed=61, code="1357", host_name="Ana", accept_any=True)
    host.save_path_for = host_save_for
    guest = Guest(f"127.0.0.1:{host.port}", code="1357", name=name)
    guest.connect()
    while guest.seen.seat is None:
        host.poll(5)
        guest.poll(5)
    host.start()
    while len(host.seen.game.actions) < moves:
        host.poll(1)
        guest.poll(1)
        if host.seen.game.to_move == "south":
            host.submit_local(host.seen.game.legal_actions()[0])
        elif guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(guest.seen.game.legal_actions()[0])
    assert host.save_path is not None and host.seen.remotes["north"].token is not None
    out = host.save_path, list(host.seen.game.actions), host.seen.remotes["north"].token
    guest.close()
    host.close()
    return out


def _ask(app: App, driver: Driver, name: str, token: str | None = None) -> tuple[HostLobbyScene, Guest]:
    """`name` asks to join a new lobby, showing `token` (the one its note kept from an earlier game)."""
    lobby = HostLobbyScene(app, **LOCAL)  # type: ignore[arg-type]
    app.reset(lobby)
    choose(driver, lobby, "Open the lobby")  # nothing is replaced by opening: the peer is not known yet
    assert lobby.host is not None
    guest = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name=name, token=token)
    guest.connect()
    # The guest's computer serves its link all along, as its own loop would: polled on every frame the host's
    # app runs, not only in `pump`. Left silent for DEAD_AFTER_S between two pumps (a loaded machine's slow
    # frames), its seat was lost and the board opened under the waiting screen.
    def serve(dt: float) -> None:
        guest.poll(0)

    app.on_frame = serve
    pump(driver, lambda: lobby.host is not None and lobby.host.seen.join_request == name, guest)
    return lobby, guest


def test_a_guest_with_a_kept_game_brings_a_question_and_continue_seats_him_in_it(config: Path) -> None:
    path, actions, token = _kept_game_with("Ben", 9)
    before = path.read_text()
    app = make_app()
    driver = Driver(app)
    lobby, ben = _ask(app, driver, "ben", token)  # the same peer (his token), however he types his name
    assert labels(lobby) == ["Continue the saved game with ben", "Start a new game (the saved one is lost)",
                             "Refuse"]
    app.draw()
    assert path.read_text() == before, "asked first: nothing replaced"
    driver.key(pygame.K_RETURN)  # Continue, focused
    pump(driver, lambda: ben.seen.seat is not None and ben.seen.view is not None, ben)
    assert lobby.host is not None and lobby.host.seen.game.actions == actions and ben.seen.token == token
    assert labels(lobby) == ["Start the game", "Close the lobby"] and lobby.menu.items[0].enabled
    choose(driver, lobby, "Start the game")
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, HostTable)
    pump(driver, lambda: ben.seen.started and ben.seen.actions_done == len(actions), ben)
    ben.close()
    app.close()


def test_a_look_alike_name_is_not_offered_another_players_kept_game(config: Path) -> None:
    """Issue 32: a kept game belongs to its seat's token; Ben in full-width letters is only a name like Ben's."""
    path, actions, token = _kept_game_with("Ben", 9)
    before = path.read_text()
    app = make_app()
    driver = Driver(app)
    lobby, fake = _ask(app, driver, "\uff22\uff45\uff4e")
    assert labels(lobby) == ["Accept", "Refuse"], "offered Ben's kept game to a look-alike name"
    fake.close()
    lobby, fake = _ask(app, driver, "\uff22\uff45\uff4e", "0" * 32)  # a made-up token is no better
    assert labels(lobby) == ["Accept", "Refuse"]
    driver.key(pygame.K_RETURN)  # Accept: a new game with him
    pump(driver, lambda: fake.seen.seat is not None and fake.seen.view is not None, fake)
    assert fake.seen.token != token and lobby.host is not None and lobby.host.seen.game.actions == []
    lobby.host.save()  # the new game's save (it is saved once its guest is known) goes beside Ben's
    assert lobby.host.save_path is not None and lobby.host.save_path != path
    assert path.read_text() == before and saved_actions(path) == actions, "Ben's kept game was overwritten"
    fake.close()
    app.close()


def test_start_new_replaces_only_that_peers_game_and_refuse_keeps_it(config: Path) -> None:
    ben_path, ben_actions, _ = _kept_game_with("Ben", 9)
    cy_path, _, cy_token = _kept_game_with("Cy", 6)
    cy_before = cy_path.read_text()
    app = make_app()
    driver = Driver(app)
    lobby, cy = _ask(app, driver, "Cy", cy_token)
    choose(driver, lobby, "Refuse")
    pump(driver, lambda: cy.seen.refused is not None, cy)
    assert cy_path.read_text() == cy_before
    cy.close()
    lobby, cy = _ask(app, driver, "Cy", cy_token)
    choose(driver, lobby, "Start a new game (the saved one is lost)")
    pump(driver, lambda: cy.seen.seat is not None, cy)
    assert saved_actions(cy_path) == [] and saved_actions(ben_path) == ben_actions
    cy.close()
    lobby, dan = _ask(app, driver, "Dan")  # no game kept with Dan: the plain question
    assert labels(lobby) == ["Accept", "Refuse"]
    dan.close()
    app.close()


def test_the_old_single_save_is_moved_to_its_peer(config: Path) -> None:
    host = Host.new(rules=Rules(), seed=53, code="1357", host_name="Ana", save_path=host_save_path())
    host.seen.remotes["north"].name = "Ben"
    host.save()
    host.close()
    assert [s.peers for s in lan_saves()] == [["Ben"]]
    assert not host_save_path().exists() and host_save_path(peer_key(["ben"])).exists()


def _join_by_code(app: App, driver: Driver, host: Host) -> BoardScene:
    app.push(CodeEntryScene(app, f"127.0.0.1:{host.port}"))
    for digit in host.seen.code:
        driver.key(pygame.K_0 + int(digit))
    driver.key(pygame.K_RETURN)  # to the buttons
    driver.key(pygame.K_RETURN)  # Join
    pump(driver, lambda: host.seen.remotes["north"].identity is not None, host)
    host.start()
    pump(driver, lambda: isinstance(app.top, BoardScene), host)
    board = app.top
    assert isinstance(board, BoardScene) and isinstance(board.table, RemoteTable)
    return board


def _play(driver: Driver, board: BoardScene, host: Host, until: Callable[[], bool]) -> None:
    for _ in range(20000):
        driver.frames(1)
        host.poll(1)
        if until():
            return
        if host.seen.game.to_move == "south" and not host.seen.game.over and host.seen.started:
            host.submit_local(host.seen.game.legal_actions()[0])
        elif board.table.legal_actions() and board.app.top is board:
            board.table.submit(board.table.legal_actions()[0])
    raise AssertionError("timed out")


def test_the_guest_lists_the_game_it_joined_and_rejoins_it_to_the_end(config: Path) -> None:
    host = Host.new(rules=Rules(), seed=71, code="2468", host_name="Ana", accept_any=True)
    app = make_app("Ben")
    driver = Driver(app)
    board = _join_by_code(app, driver, host)
    _play(driver, board, host, lambda: len(host.seen.game.actions) >= 10 and
          board.table.guest.seen.actions_done == len(host.seen.game.actions))  # type: ignore[attr-defined]
    notes = joined_games()
    assert len(notes) == 1 and notes[0]["address"] == f"127.0.0.1:{host.port}"
    assert notes[0]["players"] == {"south": "Ana", "north": "Ben"} and notes[0]["actions"] >= 10
    app.reset(MainMenuScene(app))  # the guest leaves: its board closes the link
    pump(driver, lambda: host.seen.remotes["north"].identity is None, host)

    choose(driver, app.top, "Continue")
    listing = app.top
    assert isinstance(listing, ContinueListScene) and labels(listing) == ["Ana against Ben", "Back"]
    detail = listing.menu.items[0].detail
    assert detail is not None and detail().startswith("LAN, joined \u00b7 flags ")
    assert f"127.0.0.1:{host.port}" in listing.menu.items[0].hint
    driver.key(pygame.K_RETURN)
    assert isinstance(app.top, GuestWaitScene) and app.top.rejoin
    pump(driver, lambda: isinstance(app.top, BoardScene), host)  # started already: straight to the board
    rejoined = app.top
    assert isinstance(rejoined, BoardScene) and isinstance(rejoined.table, RemoteTable)
    assert rejoined.table.guest.seen.seat == "north" and host.seen.remotes["north"].name == "Ben"
    guest = rejoined.table.guest
    _play(driver, rejoined, host, lambda: guest.seen.record is not None)
    driver.frames(5)
    assert joined_games() == [] and not joined_path(f"127.0.0.1:{host.port}").exists(), "finished: dropped"
    host.close()
    app.close()


def test_an_unreachable_host_is_said_plainly_and_a_bad_note_is_set_aside(config: Path) -> None:
    host = Host.new(rules=Rules(), seed=72, code="2468", host_name="Ana", accept_any=True)
    app = make_app("Ben")
    driver = Driver(app)
    board = _join_by_code(app, driver, host)
    _play(driver, board, host, lambda: len(host.seen.game.actions) >= 4)
    app.reset(MainMenuScene(app))
    address = f"127.0.0.1:{host.port}"
    host.close()  # the host's computer is off tonight
    choose(driver, app.top, "Continue")
    driver.key(pygame.K_RETURN)
    wait = app.top
    assert isinstance(wait, GuestWaitScene)
    driver.frames(420)
    app.draw()
    assert wait.status()[0] == "The host does not answer" and joined_path(address).exists(), "nothing lost"
    app.reset(MainMenuScene(app))
    joined_path(address).write_text('{"format": "battleline-lan-joined/1", "token": 7}')
    app.reset(MainMenuScene(app))  # the menu lists (and sets aside) before it draws: no crash
    assert not joined_path(address).exists() and joined_path(address).with_suffix(".json.bad").exists()
    assert isinstance(app.top, NoticeScene) and "A LAN game you joined" in " ".join(app.top.lines)
    assert take_notices() == []
    app.close()


def test_a_table_keeps_one_game_per_pair_and_continue_reseats_both_players(config: Path) -> None:
    """At a table the peer is the pair: Ben sits first in the new lobby (no question yet: the pair is not
    known), Ana's asking brings it; continuing moves Ben to the seat he held in the kept game."""
    host = Host.new(rules=Rules(), seed=81, code="1357", host_name="TV", host_seat=None, accept_any=True)
    host.save_path_for = host_save_for
    players = [Guest(f"127.0.0.1:{host.port}", code="1357", name=n) for n in ("Ana", "Ben")]
    for p in players:
        p.connect()
        while not p.seen.welcomed:
            host.poll(5)
            p.poll(5)
    host.start()
    while len(host.seen.game.actions) < 8:
        host.poll(1)
        for p in players:
            p.poll(1)
            if p.seen.my_turn() and p.seen.game is not None and p.seen.actions_done == len(host.seen.game.actions):
                p.send_action(p.seen.game.legal_actions()[0])
    kept = list(host.seen.game.actions)
    tokens = {p.seen.name: p.seen.token for p in players}
    assert host.save_path == host_save_for({"north": "ben", "south": "ANA"}, True), "the pair, in any order"
    for p in players:
        p.close()
    host.close()

    app = make_app("TV")
    driver = Driver(app)
    lobby = HostLobbyScene(app, table=True, **LOCAL)  # type: ignore[arg-type]
    app.push(lobby)
    choose(driver, lobby, "Open the lobby")
    assert lobby.host is not None
    ben = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name="Ben", token=tokens["Ben"])
    ben.connect()
    pump(driver, lambda: labels(lobby) == ["Accept", "Refuse"], ben)
    driver.key(pygame.K_RETURN)
    pump(driver, lambda: ben.seen.seat == "south", ben)  # the first to sit takes south in a new game
    ana = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name="Ana", token=tokens["Ana"])
    ana.connect()
    pump(driver, lambda: labels(lobby)[0] == "Continue the saved game with Ana", ana, ben)
    driver.key(pygame.K_RETURN)
    pump(driver, lambda: ana.seen.seat == "south" and ben.seen.seat == "north" and lobby.joined, ana, ben)
    assert {"Ana": ana.seen.token, "Ben": ben.seen.token} == tokens and lobby.host.seen.game.actions == kept
    choose(driver, lobby, "Start the game")
    assert isinstance(app.top, BoardScene)
    pump(driver, lambda: ana.seen.started and ana.seen.actions_done == ben.seen.actions_done == len(kept), ana, ben)
    assert len(host_save_paths()) == 1
    ana.close()
    ben.close()
    app.close()
