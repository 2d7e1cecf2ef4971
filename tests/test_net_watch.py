"""Watchers and the table host, in one process over real ZeroMQ sockets on 127.0.0.1."""

from __future__ import annotations

import time
from typing import Any

import pytest
from watch_helpers import check_watcher_traffic

from engine import Rules, to_record
from engine.ai.random_bot import RandomBot
from net.guest import Guest
from net.host import Host
from net.roles import MAX_WATCHERS, PUBLIC, public_events, public_view
from net.watchers import FULL


def _table_host(seed: int = 5) -> Host:
    return Host.new(rules=Rules(), seed=seed, code="1234", host_name="TV", host_seat=None, accept_any=True)


def _pump(host: Host, peers: list[Guest], until: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "timed out"
        host.poll(2)
        for peer in peers:
            if peer.socket is not None:
                peer.poll(0)


def _play(host: Host, players: list[Guest], others: list[Guest], seed: int, stop_at: int | None = None,
          each: Any = None) -> None:
    """Both guests play random bots until the game ends (or reaches `stop_at` actions)."""
    bots = {id(p): RandomBot(seed + i) for i, p in enumerate(players)}
    peers = players + others
    deadline = time.monotonic() + 120
    while not host.game.over and (stop_at is None or len(host.game.actions) < stop_at):
        assert time.monotonic() < deadline, "the game did not finish"
        host.poll(1)
        for peer in peers:
            peer.poll(0)
        if each is not None:
            each()
        for player in players:
            if player.my_turn() and player.game is not None and player.actions_done == len(host.game.actions):
                player.send_action(bots[id(player)].choose_in(player.game))


def test_table_host_two_guests_and_a_watcher_agree_and_the_watcher_sees_only_public_cards() -> None:
    host = _table_host(7)
    south = Guest(f"127.0.0.1:{host.port}", code="1234", name="Ana")
    north = Guest(f"127.0.0.1:{host.port}", code="1234", name="Ben")
    watcher = Guest(f"127.0.0.1:{host.port}", code="1234", name="Cleo", watch=True)
    watcher.keep_received = True
    peers = [south, north, watcher]
    try:
        for peer in peers:
            peer.connect()
            _pump(host, peers, lambda p=peer: p.welcomed)
        assert (south.seat, north.seat, watcher.seat) == ("south", "north", None)
        assert host.game.players == {"south": "Ana", "north": "Ben"}
        assert host.watchers.count() == 1
        host.start()
        _play(host, [south, north], [watcher], seed=40)
        _pump(host, peers, lambda: all(p.record is not None for p in peers))
        record = to_record(host.game)
        assert south.record == north.record == watcher.record == record
        assert check_watcher_traffic(watcher.received, record) > 20
    finally:
        for peer in peers:
            peer.close()
        host.close()


def test_a_watchers_action_is_refused_and_changes_nothing() -> None:
    host = _table_host(8)
    players = [Guest(f"127.0.0.1:{host.port}", code="1234", name=n) for n in ("Ana", "Ben")]
    watcher = Guest(f"127.0.0.1:{host.port}", code="1234", name="Cleo", watch=True)
    peers = [*players, watcher]
    try:
        for peer in peers:
            peer.connect()
            _pump(host, peers, lambda p=peer: p.welcomed)
        host.start()
        _play(host, players, [watcher], seed=50, stop_at=12)
        settled = lambda: all(p.pending is None for p in players) and all(  # noqa: E731
            p.actions_done == len(host.game.actions) for p in peers)
        _pump(host, peers, settled)
        before = to_record(host.game)
        legal = host.game.legal_actions()[0]  # an action the player to move could make right now
        assert not watcher.my_turn()
        watcher.send_action(legal)  # sent anyway, with the right sequence number
        _pump(host, peers, lambda: bool(watcher.errors))
        assert watcher.errors[-1] == "a watcher cannot act in the game"
        assert to_record(host.game) == before
        assert host.watchers.count() == 1  # still watching
    finally:
        for peer in peers:
            peer.close()
        host.close()


def test_a_watcher_joining_mid_game_gets_the_game_so_far_publicly() -> None:
    # an ordinary host takes watchers too
    host = Host.new(rules=Rules(), seed=9, code="1234", host_name="Ana", accept_any=True)
    guest = Guest(f"127.0.0.1:{host.port}", code="1234", name="Ben")
    try:
        guest.connect()
        _pump(host, [guest], lambda: guest.welcomed)
        host.start()
        bot_host, bot_guest = RandomBot(1), RandomBot(2)
        deadline = time.monotonic() + 60
        while len(host.game.actions) < 30:
            assert time.monotonic() < deadline
            host.poll(1)
            guest.poll(0)
            if host.game.to_move == host.host_seat:
                host.submit_local(bot_host.choose_in(host.game.copy()))
            elif guest.my_turn() and guest.game is not None and guest.actions_done == len(host.game.actions):
                guest.send_action(bot_guest.choose_in(guest.game))
        watcher = Guest(f"127.0.0.1:{host.port}", code="1234", name="Cleo", watch=True)
        watcher.connect()
        _pump(host, [guest, watcher], lambda: watcher.actions_done == len(host.game.actions))
        assert watcher.events == public_events(host.events)
        assert watcher.view is not None and watcher.view["hands"] == {"north": None, "south": None}
        watcher.close()
    finally:
        guest.close()
        host.close()


def test_watchers_are_capped_and_counted() -> None:
    host = _table_host()
    address = f"127.0.0.1:{host.port}"
    watchers = [Guest(address, code="1234", name=f"W{i}", watch=True) for i in range(MAX_WATCHERS + 1)]
    try:
        for w in watchers:
            w.connect()
            _pump(host, watchers, lambda w=w: w.welcomed or w.refused is not None)
        assert host.watchers.count() == MAX_WATCHERS
        assert watchers[-1].refused == FULL
        assert [w.welcomed for w in watchers] == [True] * MAX_WATCHERS + [False]
        watchers[0].close()  # says bye: a place is free again
        late = Guest(address, code="1234", name="Late", watch=True)
        watchers.append(late)
        late.connect()
        _pump(host, watchers[1:], lambda: late.welcomed or late.refused is not None)
        assert late.welcomed and host.watchers.count() == MAX_WATCHERS
    finally:
        for w in watchers:
            w.close()
        host.close()


def test_a_watcher_needs_the_join_code_under_the_admission_policy_and_a_third_player_is_refused() -> None:
    host = _table_host()
    stopped = host.admission.clock()
    host.admission.clock = lambda: stopped  # the admission's delays never run out during this test
    address = f"127.0.0.1:{host.port}"
    peers = [Guest(address, code="1234", name="Ana"), Guest(address, code="1234", name="Ben"),
             Guest(address, code="1234", name="Dan"), Guest(address, code="9999", name="Eve", watch=True),
             Guest(address, code="1234", name="Fay", watch=True)]
    try:
        for p in peers:
            p.connect()
            _pump(host, peers, lambda p=p: p.welcomed or p.refused is not None)
        assert [p.seat for p in peers[:2]] == ["south", "north"]
        assert peers[2].refused == "this game already has two players"
        assert peers[3].refused == "wrong join code"
        # a wrong code closes its address's door for a moment, to watchers too (net.admission); Fay, from
        # the same address, is refused while it is closed
        assert peers[4].refused is not None and peers[4].refused.startswith("too many wrong join codes")
        assert host.watchers.count() == 0
    finally:
        for p in peers:
            p.close()
        host.close()


@pytest.mark.parametrize("seat", ["north", "south"])
def test_public_redaction_hides_both_sides_draws_and_scout_returns(seat: str) -> None:
    events: list[dict[str, Any]] = [{"type": "draw", "seat": seat, "deck": "tactics", "card": "scout"},
              {"type": "scout_draw", "seat": seat, "deck": "troops", "card": "r1"},
              {"type": "scout_return", "seat": seat, "cards": ["r1", "alexander"], "decks": ["troops", "tactics"]},
              {"type": "play", "seat": seat, "card": "scout"}]
    public = public_events(events)
    assert "card" not in public[0] and "card" not in public[1]
    assert "cards" not in public[2] and public[2]["count"] == 2
    assert public[3]["card"] == "scout"  # a card played is public
    assert PUBLIC not in ("north", "south")


@pytest.mark.parametrize("seed", [61, 62, 63])
def test_the_public_view_counts_each_hands_tactics_all_game(seed: int) -> None:
    """The table and watchers show each hand as troop and tactics backs: the public view says how many (R45)."""
    from engine.cards import TACTICS
    from engine.game import Game

    game = Game.new(Rules(), seed)
    bot = RandomBot(seed)
    while not game.over:
        game.apply(bot.choose_in(game.copy()))
        view = public_view(game)
        assert view["hands"] == {"north": None, "south": None}
        for seat in ("north", "south"):
            assert view["hand_tactics"][seat] == sum(card in TACTICS for card in game.hand(seat))
