"""Screenshot scenes of LAN play: the host's lobby, the join list, the code entry, the pause.

They use real sockets on 127.0.0.1 (a host and a guest in this process), so what is drawn is what
a player would see, not a mock-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Rules

from .screenshot_steady import settle

SceneMaker = Callable[[Any, int], None]


def _until(cond: Callable[[], bool], step: Callable[[], object], what: str = "the peers") -> None:
    settle(cond, step, what, pause=0.01)


def _host_rules(app: Any, seed: int) -> None:
    from scenes.lan_host import HostLobbyScene

    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    app.quit_hooks.append(lobby.leave)


def _host_lobby(app: Any, seed: int) -> None:
    from net.guest import Guest
    from scenes.lan_host import HostLobbyScene
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()  # a LAN game saved with Ben by an earlier scene would bring another question
    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    lobby.open_lobby()
    assert lobby.host is not None
    guest = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name="Ben")
    guest.connect()
    def exchange() -> None:
        lobby.update(0.01)
        guest.poll(0)

    _until(lambda: lobby.host is not None and lobby.host.seen.join_request is not None, exchange)
    lobby.answer(True)
    _until(lambda: guest.seen.seat is not None, exchange)
    lobby.update(0.01)
    lobby.menu.focus = 0
    app.quit_hooks.extend([guest.close, lobby.leave])


def _host_ask(app: Any, seed: int) -> None:
    """The lobby asks: "Ben wants to join: Accept or Refuse"; the code was renewed once."""
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()  # a LAN game saved with Ben by an earlier scene would bring another question
    _ben_asks(app, renew=True)


def _ben_asks(app: Any, renew: bool = False) -> None:
    """The lobby open, and Ben asking to join (after one fresh code if `renew`)."""
    from net.guest import Guest
    from scenes.lan_host import HostLobbyScene

    lobby = HostLobbyScene(app, bind="127.0.0.1", advertise=False, port=0)
    app.push(lobby)
    lobby.open_lobby()
    assert lobby.host is not None
    if renew:
        lobby.host.seen.admission.renew()
    guest = Guest(f"127.0.0.1:{lobby.host.port}", code=lobby.host.seen.code, name="Ben")
    guest.connect()

    def exchange() -> None:
        lobby.update(0.01)
        guest.poll(0)

    _until(lambda: lobby.host is not None and lobby.host.seen.join_request is not None and guest.seen.asking, exchange)
    app.quit_hooks.extend([guest.close, lobby.leave])


def _guest_asking(app: Any, seed: int) -> None:
    """The guest's screen while the host's player decides."""
    from net.guest import Guest
    from net.host import Host
    from scenes.lan_join import GuestWaitScene

    host = Host.new(rules=Rules(), seed=seed, code="4721", host_name="Ana")
    guest = Guest(f"127.0.0.1:{host.port}", code="4721", name="Ben")
    guest.connect()
    scene = GuestWaitScene(app, guest)
    app.push(scene)
    _until(lambda: guest.seen.asking, lambda: (host.poll(0), guest.poll(0)))
    app.quit_hooks.extend([scene.leave, host.close])


def _join_list(app: Any, seed: int) -> None:
    from net.discovery import Advertiser
    from scenes.lan_join import JoinListScene

    advertiser = Advertiser("Ana", 47110, address="127.0.0.1", interfaces=["127.0.0.1"])
    scene = JoinListScene(app, interfaces=["127.0.0.1"])
    app.push(scene)
    _until(lambda: bool(scene.shown), lambda: scene.update(0.01))
    app.quit_hooks.extend([scene.leave, advertiser.close])


def _code_entry(app: Any, seed: int) -> None:
    from scenes.lan_join import CodeEntryScene

    scene = CodeEntryScene(app, "192.168.1.20:47110")
    for digit in "4721":
        scene.entry.type(digit)
    scene.entry.cursor = 3
    app.push(scene)


def _guest_wait(app: Any, seed: int) -> None:
    from net.guest import Guest
    from net.host import Host
    from scenes.lan_join import GuestWaitScene

    host = Host.new(rules=Rules(claim_timing="advanced"), seed=seed, code="4721", host_name="Ana", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="4721", name="Ben")
    guest.connect()
    scene = GuestWaitScene(app, guest)
    app.push(scene)
    _until(lambda: guest.seen.seat is not None, lambda: (host.poll(0), guest.poll(0)))
    app.quit_hooks.extend([scene.leave, host.close])


def _peer_lost(app: Any, seed: int) -> None:
    from game.play.lan_tables import HostTable
    from net.guest import Guest
    from net.host import Host
    from scenes.board import BoardScene
    from scenes.lan_wait import PeerLostScene

    host = Host.new(rules=Rules(), seed=seed, code="4721", host_name="Ana", first="south", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="4721", name="Ben")
    guest.connect()
    _until(lambda: host.seen.remotes["north"].identity is not None, lambda: (host.poll(0), guest.poll(0)))
    host.start()
    table = HostTable(host)
    def exchange() -> None:
        host.poll(0)
        guest.poll(0)
        if guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(guest.seen.game.legal_actions()[0])

    for _ in range(6):  # a few moves so the board is not empty
        if table.to_move == "south" and table.legal_actions():
            table.submit(table.legal_actions()[0])
        _until(lambda: table.to_move == "south" or table.result is not None, exchange, "south's turn")
    guest.close()
    host.seen.remotes["north"].last_heard -= 10  # silent longer than the heartbeat allows
    board = BoardScene(app, table)
    app.push(board)
    assert table.link is not None
    app.push(PeerLostScene(app, table.link))
    app.quit_hooks.append(host.close)


def _host_ask_kept(app: Any, seed: int) -> None:
    """Ben asks to join while a game with him is kept: continue it, start anew, or refuse."""
    from game.keep.lan_store import host_save_for
    from game.play.positions import busy, find
    from net.host import Host
    from tools.workshop.screenshot_saves import _fresh_data

    _fresh_data()
    kept = Host(game=find(seed, busy(18), players={"south": "Ana", "north": "Ben"}), code="1234", bind="127.0.0.1")
    kept.seen.remotes["north"].name, kept.seen.remotes["north"].token = "Ben", "0" * 32
    kept.save_path_for = host_save_for
    kept.save()
    kept.close()
    _ben_asks(app)


def _guest_rejoin_lost(app: Any, seed: int) -> None:
    """Continue -> a joined game whose host is not there tonight: said plainly, the note kept."""
    from net.guest import Guest
    from scenes.lan_join import GuestWaitScene

    guest = Guest("127.0.0.1:9", code="4721", name="Ben", token="1" * 32)
    guest.connect()
    scene = GuestWaitScene(app, guest, rejoin=True)
    scene.waited = 6.0
    scene.update = lambda dt: None  # type: ignore[method-assign]
    app.push(scene)
    app.quit_hooks.append(guest.close)


LAN_SCENES: dict[str, SceneMaker] = {
    "host-rules": _host_rules, "host-lobby": _host_lobby, "join-list": _join_list,
    "code-entry": _code_entry, "guest-wait": _guest_wait, "peer-lost": _peer_lost,
    "host-ask": _host_ask, "guest-asking": _guest_asking, "host-ask-kept": _host_ask_kept,
    "guest-rejoin-lost": _guest_rejoin_lost,
}
