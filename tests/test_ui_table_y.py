"""The three-player table as a Y (R47, THREE.md): where every flag and seat sits, what is drawn there,
the TV's screen for three, and the three-player rules page in every language."""

from __future__ import annotations

import math
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pygame
import pytest
from builders import position3
from net_helpers import CLI, last_json, start_host
from ui_driver import Driver

from engine import from_position, from_record
from engine.notation_types import View
from engine.rules import FRONTS3, LINES3, SEATS3
from game.i18n import LANGUAGES, set_language
from game.keep.settings import Settings
from game.play.lan_watch import TableHostTable
from game.ui import card_art, table_y, text
from game.ui.shell import App
from net.roles import public_view
from scenes.host_choices import lobby_status


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60, window=False)


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def test_r47_every_flag_has_its_own_place_on_screen_and_no_two_overlap() -> None:
    spots = table_y.y_layout()
    screen = pygame.Rect(0, 0, table_y.W, table_y.H)
    assert sorted(spots) == list(range(1, 10))
    for n, spot in spots.items():
        assert screen.contains(spot.rect), f"flag {n} off screen: {spot.rect}"
        assert spot.rect.contains(spot.band) and all(spot.rect.contains(r) for r in spot.sides.values())
        for m in range(n + 1, 10):
            assert not spot.rect.colliderect(spots[m].rect), f"flags {n} and {m} overlap"
    boxes = table_y.seat_boxes()
    for seat, box in boxes.items():
        assert screen.contains(box)
        assert not any(box.colliderect(s.rect) for s in spots.values()), f"{seat}'s corner covers a flag"


def test_r47_the_three_fronts_meet_at_the_centre_as_a_y() -> None:
    """Flags 3, 4 and 7 are their fronts' nearest to the centre and each other; each front runs outward
    from there: 1-3 down to the left, 4-6 down to the right, 7-9 straight up."""
    spots = table_y.y_layout()
    c = table_y.CENTRE
    at = {n: spots[n].band.center for n in spots}
    for inner, outer in ((3, (2, 1)), (4, (5, 6)), (7, (8, 9))):
        d = [_dist(at[inner], c), *(_dist(at[m], c) for m in outer)]
        assert d == sorted(d) and len(set(d)) == 3, f"front of {inner}: {d}"
    reach = {n: _dist(c, (min(max(c[0], s.rect.left), s.rect.right), min(max(c[1], s.rect.top), s.rect.bottom)))
             for n, s in spots.items()}  # from the centre to the nearest point of each flag
    assert max(reach[n] for n in (3, 4, 7)) < 120 < 200 < min(reach[n] for n in (1, 2, 5, 6, 8, 9)), reach
    assert at[1][0] < at[2][0] < at[3][0] < c[0] < at[4][0] < at[5][0] < at[6][0]
    assert at[3][1] < at[2][1] < at[1][1] and at[4][1] < at[5][1] < at[6][1] and c[1] < at[1][1]
    assert at[9][1] < at[8][1] < at[7][1] < c[1] and at[7][0] == at[8][0] == at[9][0] == c[0]
    boxes = table_y.seat_boxes()
    assert boxes["south"].top > c[1] and boxes["west"].centerx < c[0] < boxes["east"].centerx
    assert boxes["west"].bottom < at[1][1] and boxes["east"].bottom < at[6][1]


def test_r47_each_flags_two_rows_belong_to_its_front_and_face_their_seats() -> None:
    """A flag's rows are the two seats of its front (R47), each on the side toward its own seat's corner."""
    spots = table_y.y_layout()
    boxes = table_y.seat_boxes()
    for n, spot in spots.items():
        assert set(spot.sides) == set(FRONTS3[n - 1])
        a, b = spot.sides
        for mine, other in ((a, b), (b, a)):
            home = boxes[mine].center
            assert _dist(spot.sides[mine].center, home) < _dist(spot.sides[other].center, home), (n, mine)
    for seat, line in LINES3.items():  # every flag of a seat's line has a row for that seat
        assert all(seat in spots[n].sides for n in line)


def _fill_position() -> dict[str, object]:
    """Two or three cards on each side of every flag, all different, flag 2 claimed by west."""
    flags = {1: {"west": "r1 r2", "south": "y1 y2 y3"}, 2: {"west": "r4 r5 r6", "south": "g1 g2 g4"},
             3: {"west": "b1 b2", "south": "p1 p2"}, 4: {"south": "o1 o2", "east": "b4 b5 b6"},
             5: {"south": "p4 p5", "east": "g6 g7 g8"}, 6: {"south": "o4 o5", "east": "y6 y7"},
             7: {"east": "r8 r9", "west": "b8 b9"}, 8: {"east": "g9 g10", "west": "y9 y10"},
             9: {"east": "o9 o10", "west": "p9 p10 p8"}}
    return position3(flags=flags, hands={"south": "r10 b10", "west": "o7", "east": "y8 g5 r7"},
                     claimed={2: "west"}, first_complete={2: "west"})


def test_r47_each_card_is_drawn_at_its_seats_side_of_its_flag() -> None:
    """The pixels at each card's place are that card's face: the drawing follows the layout and the view."""
    pygame.font.init()
    view = cast(View, public_view(from_position(_fill_position())))
    surface = pygame.Surface((table_y.W, table_y.H))
    spots = table_y.draw_y(surface, view, {"south": "Ana", "west": "Ben", "east": "Cleo"}, "south", "play")
    checked = 0
    for n, spot in spots.items():
        for seat in spot.sides:
            cards = view["flags"][n - 1][seat]
            for card, r in zip(cards, table_y.card_rects(spot, seat, len(cards)), strict=True):
                face = card_art.face(card, table_y.CARD)
                got = surface.subsurface(r)
                if n == 2 and seat == "south":
                    continue  # the losing side of a claimed flag is shaded
                probe = [(x, y) for x in (10, table_y.CW // 2, table_y.CW - 12) for y in (12, table_y.CH // 2, 100)]
                assert all(got.get_at(p)[:3] == face.get_at(p)[:3] for p in probe), (n, seat, card)
                checked += 1
    assert checked == 39  # every card but the shaded losing side of flag 2


def test_the_tv_banner_and_corners_name_whose_turn_and_each_hand(app: App) -> None:
    """Whose turn is the large line at the top; each corner shows its hand's size and flags held."""
    from scenes.table_board import TableY, board_for
    from tools.workshop.screenshot_table3 import three_table

    table = three_table(5, 30)
    table.local_seats = ()  # the TV: nobody plays at this screen
    board = board_for(app, table)
    assert isinstance(board, TableY)
    app.push(board)
    board.update(0.1)
    words, _ = table_y.banner_words(board.view, board.names, table.to_move, None)
    assert words == f"{table.names[table.to_move]}'s turn"
    assert board.turn is not None and board.captions[board.turn[0]].startswith(table.names[board.turn[0]] + ":")
    assert sorted(board.view["hand_sizes"]) == sorted(SEATS3) and board.view["hands"] == {s: None for s in SEATS3}
    app.draw(app.screen)
    before, shown = board.frame, app.screen.copy()
    app.draw(app.screen)
    assert board.frame is before, "nothing changed: the Y is not drawn again"
    table._apply(table.game.legal_actions()[0])  # a move arrives
    board.update(0.1)
    app.draw(app.screen)
    assert board.frame is not before and app.screen.get_view("2").raw != shown.get_view("2").raw
    driver = Driver(app)
    driver.key(pygame.K_F1)  # the rules, at the three-player page
    from scenes.rules_ref import TOPICS, RulesScene

    assert isinstance(app.top, RulesScene) and app.top.page == TOPICS["three"]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_three_player_rules_page_fits_its_box_in_every_language(app: App, lang: str) -> None:
    from scenes import rules_ref

    set_language(lang)
    try:
        scene = rules_ref.RulesScene(app, topic="three")
        assert scene.pages[scene.page][1] == scene._three
        surface = pygame.Surface((1920, 1080))
        with text.watch_overflow() as overflows:
            scene.draw(surface)
        assert overflows == []
        assert scene.three_bottom <= rules_ref.BOX.bottom - 20, f"{lang}: the words run to {scene.three_bottom}"
    finally:
        set_language("en")


# ---------------------------------------------------------------------------------------------- a real host
def _join(tmp: Path, port: int, code: str, name: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", f"127.0.0.1:{port}", "--headless", "--bot", "random", "--code", code, "--name", name,
         "--token-file", str(tmp / f"{name}-token"), "--timeout", "240", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _frames_until(driver: Driver, done: Callable[[], bool], what: str, limit: float = 240) -> None:
    """Frames until `done`, under a generous anti-hang guard: the peer processes run at the machine's pace."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        driver.frames(1)
        time.sleep(0.002)  # leave the peers the cores


def test_r46_the_lobby_hosts_a_table_of_three_player_processes_and_the_tv_draws_the_y(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    """The lobby's "On this screen: the table" and "Players: 3"; three headless players join and play a whole
    game; the TV shows the Y from the host's public view and ends with the same record as every player."""
    from scenes.lan_host import HostLobbyScene
    from scenes.table_board import TableY

    driver = Driver(app)
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    labels = [item.label for item in lobby.menu.items]
    lobby.menu.focus = labels.index("On this screen")
    driver.key(pygame.K_RIGHT)  # you play -> the table (no hand)
    labels = [item.label for item in lobby.menu.items]
    lobby.menu.focus = labels.index("Players")
    driver.key(pygame.K_RIGHT)  # 2 -> 3
    assert lobby.table and lobby.players == 3
    tactics = lobby.menu.items[[i.label for i in lobby.menu.items].index("Tactics cards")]
    assert tactics.show(tactics.value) == "off (three players)", "three forces troops only, and says so"
    lobby.menu.focus = [i.label for i in lobby.menu.items].index("Open the lobby")
    driver.key(pygame.K_RETURN)
    host = lobby.host
    assert host is not None and host.seen.table
    assert host.seen.game.rules.players == 3 and not host.seen.game.rules.tactics
    peers: dict[str, subprocess.Popen[str]] = {}
    for name in ("Ana", "Ben", "Cleo"):  # one at a time: the admission asks about one newcomer at a time
        peers[name] = _join(tmp_path, host.port, host.seen.code, name)
        request.addfinalizer(peers[name].kill)

        def let_in(name: str = name) -> bool:
            if host.seen.join_request is not None:
                driver.key(pygame.K_RETURN)  # Accept
            return name in [r.name for r in host.seen.remotes.values() if r.identity is not None]

        _frames_until(driver, let_in, f"{name} to join")
    assert lobby.host is not None
    assert lobby_status(lobby.host)[0] == "Ana, Ben and Cleo have joined: ready to start"
    driver.key(pygame.K_RETURN)  # Start the game
    board = app.top
    assert isinstance(board, TableY) and isinstance(board.table, TableHostTable)
    assert board.view["hands"] == {"south": None, "west": None, "east": None}
    assert set(board.names.values()) == {"Ana", "Ben", "Cleo"}
    _frames_until(driver, lambda: board.table.result is not None, "the end of the game")
    driver.frames(2)
    record = board.table.record()
    outs = {name: last_json(proc, 90) for name, proc in peers.items()}
    assert all(out["record"] == record for out in outs.values())
    result = board.table.result
    assert result is not None and from_record(record).result == result
    held = {s: table_y.held(board.view, s) for s in SEATS3}
    assert held == result["flags"], "the Y shows every flag's holder"
    plays = [e for e in board.game_log() if e["type"] == "play"]
    assert len(plays) == sum(a["type"] == "play" for a in record["actions"]), "every move reached the TV's log"
    assert board.match_scores() is None
    assert board.next_label() == "Rematch"
    if app.top is not board:  # the headless players left after their game: "Keep waiting" for the rematch
        driver.key(pygame.K_RETURN)
    assert app.top is board, type(app.top).__name__
    driver.key(pygame.K_RETURN)  # the TV starts the rematch on the same connections
    again = app.find(TableY)
    assert isinstance(again, TableY) and again is not board
    assert isinstance(again.table, TableHostTable)
    assert again.table.number == 2 and again.table.result is None and again.view["hands"]["south"] is None


def test_r53_a_watcher_of_a_three_player_table_host_process_sees_the_y_and_no_hand(
    app: App, tmp_path: Path, request: pytest.FixtureRequest,
) -> None:
    from game.play.lan_watch import WatchTable
    from scenes.lan_join import CodeEntryScene, GuestWaitScene
    from scenes.table_board import TableY

    host, port = start_host(tmp_path, "--table", "--players", "3", "--seed", "34", "--timeout", "240", code="4321")
    request.addfinalizer(host.kill)
    driver = Driver(app)
    app.push(CodeEntryScene(app, f"127.0.0.1:{port}", watch=True))
    for digit in "4321":
        driver.key(pygame.K_0 + int(digit))
    driver.key(pygame.K_RETURN)  # to the buttons
    driver.key(pygame.K_RETURN)  # Watch
    wait = app.top
    assert isinstance(wait, GuestWaitScene) and wait.guest is not None
    guest = wait.guest
    _frames_until(driver, lambda: guest.seen.welcomed, "the watcher's welcome")  # watching before the game starts
    for name in ("Ana", "Ben", "Cleo"):
        request.addfinalizer(_join(tmp_path, port, "4321", name, "--pace", "0.02").kill)
    _frames_until(driver, lambda: isinstance(app.top, TableY), "the watcher's table")
    board = app.top
    assert isinstance(board, TableY)
    watching = board.table
    assert isinstance(watching, WatchTable)
    assert watching.legal_actions() == []
    _frames_until(driver, lambda: watching.guest.seen.record is not None, "the game's record")
    out = last_json(host, 120)
    assert board.table.record() == out["record"]
    assert board.view["hands"] == {"south": None, "west": None, "east": None}
    assert all("card" not in e for e in board.game_log() if e["type"] == "draw"), "a watcher never sees a drawn card"
    app.draw(app.screen)


def test_r46_the_windowed_host_table_players_3_opens_a_three_seat_table_lobby(app: App) -> None:
    """`battleline host --table --players 3` (with a window): the lobby opens at once for three, troops only."""
    from app.cli import build_parser
    from app.lan_cli import open_host_window

    args = build_parser().parse_args(["host", "--table", "--players", "3", "--port", "0", "--bind", "127.0.0.1",
                                      "--code", "1234"])
    scene = open_host_window(app, args)
    try:
        host = scene.host
        assert host is not None and host.seen.table and host.seen.code == "1234"
        assert host.seen.game.rules.players == 3 and not host.seen.game.rules.tactics
        assert sorted(host.seen.remotes) == sorted(SEATS3)
        assert lobby_status(host)[0] == "Waiting for three players to join\u2026"
    finally:
        scene.leave()


def test_r52_the_tv_keeps_a_three_player_matchs_points_in_each_corner_and_starts_its_next_game(
    app: App, request: pytest.FixtureRequest,
) -> None:
    """A table host's match of three (its first game played to the end here): each corner shows the match's
    points, 5 for the winner and a point a flag for the others (R52), and Enter starts the next game."""
    import random

    from engine import Rules
    from net.host import Host
    from scenes.table_board import TableY

    host = Host.new(rules=Rules(tactics=False, players=3), seed=8, code="1234", host_name="TV", host_seat=None,
                    bind="127.0.0.1", port=0, match={"end": "games", "limit": 3})
    request.addfinalizer(host.close)
    host.start()
    rng = random.Random(8)
    while not host.seen.game.over:
        legal = host.seen.game.legal_actions()
        claims = [a for a in legal if a["type"] == "claim"]
        host.seen.game.apply(claims[0] if claims else rng.choice(legal))
    board = TableY(app, TableHostTable(host))
    app.push(board)
    board.update(0.1)
    app.draw(app.screen)
    result = host.seen.game.result
    assert result is not None
    expected = {s: 5 if s == result["winner"] else result["flags"][s] for s in SEATS3}
    assert board.match_scores() == expected
    assert board.frame_key[0] == tuple(sorted(expected.items())), "the corners were drawn with these points"
    assert board.next_label() == "Next game"
    Driver(app).key(pygame.K_RETURN)
    again = app.top
    assert isinstance(again, TableY) and again is not board and isinstance(again.table, TableHostTable)
    assert again.table.number == 2
    assert again.table.result is None and again.match_scores() == expected
