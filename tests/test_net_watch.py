"""Watchers and the table host, in one process over real ZeroMQ sockets on 127.0.0.1."""

from __future__ import annotations

import time
from typing import Any

import pytest
from watch_helpers import check_watcher_traffic

from engine import Rules, to_record
from engine.ai.random_bot import RandomBot
from engine.notation_types import Event
from net.guest import Guest
from net.host import Host
from net.roles import PUBLIC, public_events, public_view


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
    while not host.seen.game.over and (stop_at is None or len(host.seen.game.actions) < stop_at):
        assert time.monotonic() < deadline, "the game did not finish"
        host.poll(1)
        for peer in peers:
            peer.poll(0)
        if each is not None:
            each()
        for player in players:
            seen = player.seen
            if seen.my_turn() and seen.game is not None and seen.actions_done == len(host.seen.game.actions):
                player.send_action(bots[id(player)].choose_in(seen.game))


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
            _pump(host, peers, lambda p=peer: p.seen.welcomed)
        assert (south.seen.seat, north.seen.seat, watcher.seen.seat) == ("south", "north", None)
        assert host.seen.game.players == {"south": "Ana", "north": "Ben"}
        assert host.seen.watchers.count() == 1
        host.start()
        _play(host, [south, north], [watcher], seed=40)
        _pump(host, peers, lambda: all(p.seen.record is not None for p in peers))
        record = to_record(host.seen.game)
        assert south.seen.record == north.seen.record == watcher.seen.record == record
        assert check_watcher_traffic(watcher.received, record) > 20
    finally:
        for peer in peers:
            peer.close()
        host.close()


@pytest.mark.parametrize("seat", ["north", "south"])
def test_public_redaction_hides_both_sides_draws_and_scout_returns(seat: str) -> None:
    events: list[Event] = [{"type": "draw", "seat": seat, "deck": "tactics", "card": "scout"},
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
