"""The host's decisions on farewells, on guests it must ask about, and on a three-player guest's bad actions,
without a socket. They replace socket tests of test_net_attacks.py and test_net_three.py that proved the same
decisions through a real host (issue 47).
"""

from __future__ import annotations

from test_net_core import CODE, Clock, _core, _join, _kinds, _msg, _sent

from engine import Rules
from net.host_core import HostCore


def test_a_farewell_from_a_link_that_holds_no_seat_is_not_answered_with_an_error() -> None:
    core = _core(Clock())
    assert core.clear(b"who", 1, _msg({"t": "bye"})) == []  # a stranger's bye, in the clear
    assert _sent(core.clear(b"who", 1, _msg({"t": "ping", "n": 1})))[0]["code"] == "not_joined"
    _join(core, b"ben", 7)
    assert core.opened(b"ben", 7, _msg({"t": "bye"})) == [] and core.state.remotes["north"].identity is None
    assert core.opened(b"ben", 7, _msg({"t": "bye"})) == []  # a second farewell: the link holds no seat now
    assert core.state.errors_sent == 1  # the stranger's ping only


def test_the_host_is_asked_about_a_cleaned_name_and_a_guest_who_gives_up_is_forgotten() -> None:
    core = _core(Clock(), accept_any=False)
    assert _sent(_join(core, b"ben", 7, "Ben\n\u202eSYSTEM")) == [{"t": "asking", "ahead": 0}]
    assert core.seen.join_request == "Ben SYSTEM"  # no control or direction characters on the host's screen
    assert core.state.remotes["north"].token is None
    assert _sent(_join(core, b"cy", 8, "Cy")) == [{"t": "asking", "ahead": 1}]
    core.answer(False)
    assert core.seen.join_request == "Cy"
    assert core.opened(b"cy", 8, _msg({"t": "bye"})) == [] and core.seen.join_request is None
    assert _sent(_join(core, b"dan", 9, "Dan")) == [{"t": "asking", "ahead": 0}]
    welcome = _sent(core.answer(True))[0]
    assert welcome["t"] == "welcome" and welcome["token"] == core.state.remotes["north"].token is not None
    assert core.state.remotes["north"].name == "Dan" and core.state.remotes["north"].conn == 9


def test_r48_a_guest_cannot_play_on_the_front_between_the_other_two_nor_r46_a_tactics_card() -> None:
    core = HostCore.new(rules=Rules(tactics=False, players=3), seed=50, code=CODE, host_name="Tess", first="west",
                        clock=Clock(), accept_any=True)
    welcome = _sent(_join(core, b"ana", 1, "Ana"))[0]
    assert welcome["seat"] == "west"
    core.start()
    assert core.state.game.to_move == "west"
    card = core.state.game.hand("west")[0]
    bad = [{"type": "play", "card": card, "flag": 5},  # the south-east front, not west's (R48)
           {"type": "play", "card": "alexander", "flag": 1},  # no tactics for three (R46)
           {"type": "play", "card": card, "flag": 10}]  # no such flag
    errors = [_sent(core.opened(b"ana", 1, _msg({"t": "action", "seq": 0, "action": action}))) for action in bad]
    assert [[m["code"] for m in e] for e in errors] == [["illegal"]] * 3
    assert "not by you" in errors[0][0]["reason"]
    assert all("\n" not in e[0]["reason"] and len(e[0]["reason"]) < 200 for e in errors)
    assert core.state.game.actions == []
    good = {"type": "play", "card": card, "flag": 1}
    assert _kinds(core.opened(b"ana", 1, _msg({"t": "action", "seq": 0, "action": good}))) == ["state"]
