"""More of the host's decisions without a socket: who gets a seat, what a guest's bad action earns, and what
a watcher may do and see. These replace socket tests of test_net_protocol.py and test_net_watch.py that
proved the same decisions through a real host (issue 47); the drivers keep one socket test per path.
"""

from __future__ import annotations

from typing import Any

from test_net_core import CODE, Clock, _core, _hello, _join, _keyed, _kinds, _msg, _pake, _sent

from engine import Rules, to_record
from net.host_core import HostCore
from net.roles import MAX_WATCHERS, public_events


def _to_north(core: HostCore) -> None:
    """Start, then play the host's turns (a play and its draw) until the guest in north is to move."""
    core.start()
    while core.state.game.to_move == "south":
        core.submit_local(core.state.game.legal_actions()[0])


def _watch(core: HostCore, link: bytes, conn: int, name: str = "Cy") -> list[dict[str, Any]]:
    _keyed(core, link, conn)
    return _sent(core.opened(link, conn, _hello(name, role="watcher")))


def _play(core: HostCore, actions: int) -> None:
    """First legal actions until `actions` are made: the host's own from its screen, each guest's sent by it."""
    while len(core.state.game.actions) < actions:
        mover, done = core.state.game.to_move, len(core.state.game.actions)
        action = core.state.game.legal_actions()[0]
        if mover == core.state.host_seat:
            core.submit_local(action)
            continue
        remote = core.state.remotes[mover]
        assert remote.identity is not None and remote.conn is not None
        core.opened(remote.identity, remote.conn, _msg({"t": "action", "seq": done, "action": action}))
        assert len(core.state.game.actions) == done + 1


def test_a_second_guest_of_a_two_player_game_is_refused_and_the_first_keeps_its_seat() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    refused = _sent(_join(core, b"cy", 8, "Cy"))
    assert refused == [{"t": "refused", "reason": "this game already has a guest", "code": "has_guest", "fields": {}}]
    assert core.state.remotes["north"].name == "Ben" and core.state.remotes["north"].conn == 7


def test_an_illegal_action_on_the_guests_own_turn_is_refused_with_the_rules_reason_and_changes_nothing() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    _to_north(core)
    before, done = to_record(core.state.game), len(core.state.game.actions)
    errors = _sent(core.opened(b"ben", 7, _msg({"t": "action", "seq": done,
                                                "action": {"type": "play", "card": "zz9", "flag": 1}})))
    assert [m["t"] for m in errors] == ["error"] and errors[0]["code"] == "illegal"
    assert "unknown card" in errors[0]["reason"] and errors[0]["seq"] == done
    assert to_record(core.state.game) == before


def test_the_lobby_shows_the_rules_before_the_start_and_the_start_tells_the_guest() -> None:
    core = HostCore.new(rules=Rules(tactics=False), seed=4, code=CODE, host_name="Ana", first="north",
                        clock=Clock(), accept_any=True)
    welcome, state, _ = _sent(_join(core, b"ben", 7))
    assert welcome["rules"] == {"tactics": False, "claim_timing": "standard"} and state["started"] is False
    started = _sent(core.start())
    assert [m["t"] for m in started] == ["state"] and started[0]["started"] is True
    assert core.state.game.to_move == "north"
    applied = core.opened(b"ben", 7, _msg({"t": "action", "seq": 0, "action": core.state.game.legal_actions()[0]}))
    assert _kinds(applied) == ["state"] and len(core.state.game.actions) == 1


def test_a_watchers_legal_action_in_the_middle_of_a_game_is_refused_and_changes_nothing() -> None:
    core = _core(Clock(), host_seat=None)
    _join(core, b"ann", 1, "Ann")
    _join(core, b"ben", 2)
    assert _watch(core, b"wat", 9)[0]["role"] == "watcher"
    core.opened(b"ann", 1, _msg({"t": "start"}))
    _play(core, 12)
    before, done = to_record(core.state.game), len(core.state.game.actions)
    action = core.state.game.legal_actions()[0]
    refused = _sent(core.opened(b"wat", 9, _msg({"t": "action", "seq": done, "action": action})))
    assert refused == [{"t": "error", "reason": "a watcher cannot act in the game", "seq": done,
                        "code": "not_a_player", "refusal": "watcher_cannot_act", "fields": {}}]
    assert to_record(core.state.game) == before and core.state.watchers.count() == 1


def test_a_watcher_joining_in_the_middle_of_a_game_gets_the_game_so_far_publicly() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    core.start()
    _play(core, 30)
    welcome, state = _watch(core, b"wat", 9)
    assert welcome["seat"] is None and state["actions"] == 30 and state["from"] == 0
    assert state["events"] == public_events(core.state.events)
    assert state["view"]["hands"] == {"north": None, "south": None}


def test_a_watcher_saying_bye_makes_room_at_once() -> None:
    core = _core(Clock())
    for n in range(MAX_WATCHERS):
        assert _watch(core, b"w%d" % n, 10 + n, f"W{n}")[0]["t"] == "welcome"
    assert _watch(core, b"late", 30, "Late")[0]["code"] == "full"
    core.opened(b"w0", 10, _msg({"t": "bye"}))
    assert core.state.watchers.count() == MAX_WATCHERS - 1
    assert _watch(core, b"late", 31, "Late")[0]["t"] == "welcome" and core.state.watchers.count() == MAX_WATCHERS


def test_at_a_table_a_third_player_is_refused_and_a_wrong_code_closes_the_door_to_watchers_too() -> None:
    core = _core(Clock(), host_seat=None)
    _join(core, b"ann", 1, "Ann")
    _join(core, b"ben", 2)
    assert [r.name for r in core.state.remotes.values()] == ["Ann", "Ben"]
    third = _sent(_join(core, b"dan", 3, "Dan"))
    assert [(m["code"], m["reason"]) for m in third] == [("two_players", "this game already has two players")]
    _keyed(core, b"eve", 4, address="10.0.0.9")  # a watcher with a wrong code: its key does not open
    assert _sent(core.unopened(b"eve", 4, "a sealed message did not open"))[0]["code"] == "wrong_code"
    fay = _sent(core.clear(b"fay", 5, _pake(), "10.0.0.9"))  # a watcher with the right code, same address
    assert fay[0]["code"] == "wait" and fay[0]["reason"].startswith("too many wrong join codes")
    assert core.state.watchers.count() == 0
