"""Screenshot scenes of table mode and watching: the TV, a player's screen, a watcher's, the Watch entry.

Real sockets on 127.0.0.1: a table host, two guests and a watcher in this process play some turns
with random bots, so what is drawn is what each screen would show mid-game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine import Rules

from .screenshot_steady import settle

SceneMaker = Callable[[Any, int], None]


def _welcomed(peer: Any) -> Callable[[], bool]:
    """Whether the host has welcomed `peer` (asked after each step of the exchange)."""
    return lambda: bool(peer.seen.welcomed)


def _table_game(app: Any, seed: int, actions: int = 40) -> tuple[Any, Any, Any, Any]:
    """A table host with Ana (south), Ben (north) and a watcher, `actions` actions into a game."""
    from engine.ai.random_bot import RandomBot
    from net.guest import Guest
    from net.host import Host

    host = Host.new(rules=Rules(), seed=seed, code="4721", host_name="TV", host_seat=None, accept_any=True)
    address = f"127.0.0.1:{host.port}"
    south, north = Guest(address, code="4721", name="Ana"), Guest(address, code="4721", name="Ben")
    watcher = Guest(address, code="4721", name="Cleo", watch=True)
    peers = [south, north, watcher]

    def pump() -> None:
        host.poll(1)
        for peer in peers:
            if peer.socket is not None:
                peer.poll(0)

    for peer in peers:
        peer.connect()
        settle(_welcomed(peer), pump, "a peer's welcome")
    host.start()
    bots = {id(south): RandomBot(seed), id(north): RandomBot(seed + 1)}
    game = host.seen.game
    sent: dict[int, int] = {}  # each player's last action, by the host's count of actions when it was sent

    def play(stop: Callable[[], bool]) -> None:
        """The host and peers step; the player to move sends one action once it has seen the last one, and
        none once `stop()` holds: no action is in flight when it does, so the picture never depends on timing."""
        pump()
        done = len(game.actions)
        if stop():
            return
        for player in (south, north):
            seen = player.seen
            if seen.my_turn() and seen.game is not None and seen.actions_done == done and sent.get(id(player)) != done:
                sent[id(player)] = done
                player.send_action(bots[id(player)].choose_in(seen.game))

    def enough() -> bool:
        return len(game.actions) >= actions or game.over

    def turn_start() -> bool:  # a play step, so each screen shows a settled board
        return game.over or game.phase == "play"

    seconds = 120 + actions / 50  # a whole game (10,000) may take a while on a busy machine
    settle(enough, partial(play, enough), f"{actions} actions", seconds)
    settle(turn_start, partial(play, turn_start), "a turn's start")
    settle(lambda: all(p.seen.actions_done == len(game.actions) for p in peers), pump, "every peer's last action")
    app.quit_hooks.extend([*(p.close for p in peers), host.close])
    return host, south, north, watcher


def _settle(app: Any, board: Any) -> None:
    board.anims.flights.clear()
    board.anims.slides.clear()
    board.anims.confetti = None


def _table_tv(app: Any, seed: int) -> None:
    from game.play.lan_watch import TableHostTable
    from scenes.table_board import SpectatorBoard

    host, *_ = _table_game(app, seed)
    board = SpectatorBoard(app, TableHostTable(host))
    _settle(app, board)
    app.push(board)


def _table_player(app: Any, seed: int) -> None:
    from game.play.lan_tables import RemoteTable
    from scenes.board import BoardScene

    _, south, *_ = _table_game(app, seed)
    table = RemoteTable(south)
    table.poll_events()  # the moves so far are not animated again
    board = BoardScene(app, table)
    app.push(board)


def _watcher(app: Any, seed: int) -> None:
    from game.play.lan_watch import WatchTable
    from scenes.table_board import SpectatorBoard

    *_, watcher = _table_game(app, seed)
    board = SpectatorBoard(app, WatchTable(watcher))
    _settle(app, board)
    app.push(board)


def _join_watch(app: Any, seed: int) -> None:
    from net.discovery import Advertiser
    from scenes.lan_join import JoinListScene

    advertiser = Advertiser("Ana", 47110, address="127.0.0.1", interfaces=["127.0.0.1"])
    scene = JoinListScene(app, interfaces=["127.0.0.1"])
    app.push(scene)
    settle(lambda: scene.shown, lambda: scene.update(0.01), "the advertised game", pause=0.01)
    scene.watch = True
    scene.menu.items = scene.items()
    scene.menu.focus = 0
    app.quit_hooks.extend([scene.leave, advertiser.close])


def _table_lobby(app: Any, seed: int) -> None:
    import os
    import tempfile

    from net.guest import Guest
    from scenes.lan_host import HostLobbyScene

    os.environ["BATTLELINE_DATA_DIR"] = tempfile.mkdtemp(prefix="battleline-shot-")  # the lobby saves its game
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0, table=True)
    app.push(lobby)
    lobby.open_lobby()
    assert lobby.host is not None
    address = f"127.0.0.1:{lobby.host.port}"
    code = lobby.host.seen.code
    peers = [Guest(address, code=code, name="Ana"), Guest(address, code=code, name="Ben"),
             Guest(address, code=code, name="Cleo", watch=True)]
    host = lobby.host

    def admit(peer: Any) -> None:
        lobby.update(0.01)
        peer.poll(0)
        if host.seen.join_request is not None:
            lobby.answer(True)  # the host's Accept (net.admission)

    for peer in peers:
        peer.connect()
        settle(_welcomed(peer), partial(admit, peer), "a peer's welcome")
    lobby.update(0.01)
    lobby.menu.focus = 0
    app.quit_hooks.extend([*(p.close for p in peers), lobby.leave])


def _table_results(app: Any, seed: int) -> None:
    """The TV's end screen: a table game played to its end by two random bots, then the results."""
    from game.play.lan_watch import TableHostTable
    from scenes.results import ResultsScene
    from scenes.table_board import SpectatorBoard

    host, *_ = _table_game(app, seed, actions=10_000)
    board = SpectatorBoard(app, TableHostTable(host))
    _settle(app, board)
    app.push(board)
    board.pending_results = board.results_shown = True
    app.push(ResultsScene(app, board))


TABLE_SCENES: dict[str, SceneMaker] = {
    "table-tv": _table_tv, "table-player": _table_player, "watcher": _watcher, "join-watch": _join_watch,
    "table-lobby": _table_lobby, "table-results": _table_results,
}
