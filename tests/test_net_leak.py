"""Nothing hidden reaches a guest (R45): every message it receives over real sockets, checked against the
host's table. One game proves the driver delivers what the core decided; test_net_core_leak.py plays more."""

from __future__ import annotations

import pytest
from watch_helpers import cards_in, known_to, replayed, without_hypotheses

from engine import OTHER, Rules
from engine.ai.random_bot import RandomBot
from net.guest import Guest
from net.host import Host


@pytest.mark.parametrize("seed", [21])  # more games, without sockets: test_net_core_leak.py
def test_r45_lan_guest_never_receives_hidden_cards(seed: int) -> None:
    host = Host.new(rules=Rules(), seed=seed, code="0000", host_name="Ana", accept_any=True)
    host.start()
    guest = Guest(f"127.0.0.1:{host.port}", code="0000", name="Ben")
    guest.keep_received = True
    bots = {"host": RandomBot(seed), "guest": RandomBot(seed + 100)}
    ever_known: set[str] = set()  # cards the guest legitimately held or saw (Scout returns stay known)
    guest.connect()
    try:
        for _ in range(20000):
            host.poll(1)
            guest.poll(1)
            game = host.seen.game
            if guest.seen.seat is not None:
                ever_known |= known_to(game, guest.seen.seat)
            for message in guest.received:
                if message["t"] == "record":
                    assert game.over  # the full record comes only once the game is over
                    continue
                leaked = cards_in(without_hypotheses(message)) - ever_known
                assert not leaked, f"{message['t']} leaked {sorted(leaked)}"
                if message["t"] == "state":
                    view = message["view"]
                    # the table as it was after the state's own count of actions (a state sent on joining may
                    # arrive after the host has moved on)
                    assert view == replayed(game, message["actions"]).view(guest.seen.seat)
                    assert guest.seen.seat is not None and view["hands"][OTHER[guest.seen.seat]] is None
                    assert all(isinstance(n, int) for n in view["decks"].values())
            guest.received.clear()
            if guest.seen.record is not None:
                break
            if guest.seen.actions_done != len(game.actions):
                continue  # lockstep: each state is checked against the table it was sent from
            if game.to_move == host.seen.host_seat and not game.over and guest.seen.seat is not None:
                host.submit_local(bots["host"].choose_in(game.copy()))
            elif guest.seen.my_turn() and guest.seen.game is not None:
                guest.send_action(bots["guest"].choose_in(guest.seen.game))
        assert guest.seen.record is not None and host.seen.game.over
        assert guest.seen.record["actions"] == host.seen.game.actions
    finally:
        guest.close()
        host.close()
