"""The protocol without a socket, a key exchange or a clock: messages fed to `HostCore` and `GuestCore`.

The socket tests (test_net_protocol.py, test_net_trust.py, test_net_door.py, ...) prove the driver; these
prove what the host decides, and run in milliseconds with a clock the test moves.
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from engine import Rules
from net.guest_core import Connect, GuestCore, GuestEffect, HangUp, Say
from net.host_base import Admit, Effect, Exchange, Save, Send
from net.host_core import HostCore
from net.messages import AnyMessage
from net.protocol import DEAD_AFTER_S, PROTOCOL_VERSION, ProtocolError
from net.session import by_code, by_token, token_ref
from net.version import program_version

CODE = "1234"


class Clock:
    """The core's clock: time moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _core(clock: Clock, **kwargs: Any) -> HostCore:
    kwargs.setdefault("accept_any", True)
    return HostCore.new(rules=kwargs.pop("rules", Rules()), seed=3, code=CODE, host_name="Ana", first="south",
                        clock=clock, **kwargs)


def _msg(value: dict[str, Any]) -> AnyMessage:
    """A message as the driver hands it to a core: its schema checked (these tests write valid ones)."""
    return cast("AnyMessage", value)


def _pake(ref: bytes | None = None) -> AnyMessage:
    return _msg({"t": "pake", "protocol": PROTOCOL_VERSION, "program": program_version(), "msg": bytes(33), "ref": ref})


def _hello(name: str = "Ben", **fields: Any) -> AnyMessage:
    return _msg({"t": "hello", "protocol": PROTOCOL_VERSION, "program": program_version(), "name": name, **fields})


def _sent(effects: list[Effect]) -> list[dict[str, Any]]:
    return [cast("dict[str, Any]", e.message) for e in effects if isinstance(e, Send)]


def _kinds(effects: list[Effect]) -> list[str]:
    return [str(e.message["t"]) for e in effects if isinstance(e, Send)]


def _keyed(core: HostCore, link: bytes, conn: int, address: str = "10.0.0.2", ref: bytes | None = None) -> Exchange:
    """Open a session as the driver would: the core asks for the exchange, the driver answers it."""
    effects = core.clear(link, conn, _pake(ref), address)
    exchange = next(e for e in effects if isinstance(e, Exchange))
    reply = core.keyed(exchange, (b"m" * 33, b"proof", None))
    assert _kinds(reply) == ["pake"] and not next(e for e in reply if isinstance(e, Send)).sealed
    return exchange


def _join(core: HostCore, link: bytes, conn: int, name: str = "Ben", **hello: Any) -> list[Effect]:
    _keyed(core, link, conn)
    return core.opened(link, conn, _hello(name, **hello))


def test_a_join_code_exchange_then_a_sealed_hello_seats_the_guest_and_tells_it_everything() -> None:
    clock = Clock()
    core = _core(clock)
    exchange = _keyed(core, b"ben", 7)
    assert exchange.password == by_code(CODE) and exchange.token is None  # keyed by the code, not sent
    effects = core.opened(b"ben", 7, _hello())
    assert _kinds(effects) == ["welcome", "state", "seats"]
    assert all(e.sealed for e in effects if isinstance(e, Send))
    assert Admit(7) in effects and Save() in effects
    welcome = _sent(effects)[0]
    assert welcome["seat"] == "north" and welcome["token"] == core.state.remotes["north"].token
    assert core.state.remotes["north"].name == "Ben" and core.state.game.players["north"] == "Ben"


def test_r45_a_guests_state_holds_its_own_hand_and_never_the_hosts() -> None:
    core = _core(Clock())
    state = next(m for m in _sent(_join(core, b"ben", 7)) if m["t"] == "state")
    assert state["view"]["hands"]["north"] == core.state.game.view("north")["hands"]["north"]
    assert state["view"]["hands"]["south"] is None


def test_a_key_that_does_not_open_is_a_wrong_code_refused_in_the_clear_and_the_address_waits() -> None:
    clock = Clock()
    core = _core(clock)
    _keyed(core, b"eve", 3, address="10.0.0.9")
    refused = core.unopened(b"eve", 3, "a sealed message did not open")
    assert _sent(refused) == [{"t": "refused", "reason": "wrong join code", "code": "wrong_code", "fields": {}}]
    assert not any(e.sealed for e in refused if isinstance(e, Send))
    again = core.clear(b"eve", 4, _pake(), "10.0.0.9")  # at once, from the same address
    assert _sent(again)[0]["code"] == "wait" and not any(isinstance(e, Exchange) for e in again)
    clock.now += 1.5  # the first wrong code costs a second
    assert any(isinstance(e, Exchange) for e in core.clear(b"eve", 5, _pake(), "10.0.0.9"))


def test_nothing_but_the_key_exchange_is_taken_in_the_clear() -> None:
    core = _core(Clock())
    effects = core.clear(b"eve", 3, _hello(), "10.0.0.9")
    assert _sent(effects)[0]["code"] == "not_joined" and core.state.remotes["north"].token is None
    assert _sent(core.opened(b"eve", 3, _hello()))[0]["code"] == "not_joined"  # sealed, with no session


def test_a_guests_action_applies_once_by_its_sequence_number() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    core.start()
    while core.state.game.to_move == "south":  # the host's turn (a play, and its draw)
        core.submit_local(core.state.game.legal_actions()[0])
    done, events = len(core.state.game.actions), len(core.state.events)
    action = core.state.game.legal_actions()[0]
    ahead = _sent(core.opened(b"ben", 7, {"t": "action", "seq": done + 1, "action": action}))
    assert [m["code"] for m in ahead] == ["sequence"] and len(core.state.game.actions) == done
    applied = core.opened(b"ben", 7, {"t": "action", "seq": done, "action": action})
    assert len(core.state.game.actions) == done + 1 and core.state.game.actions[done] == action
    assert applied.index(Save()) < next(i for i, e in enumerate(applied) if isinstance(e, Send))  # saved first
    state = _sent(applied)[0]
    assert state["t"] == "state" and state["actions"] == done + 1 and state["from"] == events
    resent = _sent(core.opened(b"ben", 7, {"t": "action", "seq": done, "action": action}))
    assert [m["t"] for m in resent] == ["state"] and len(core.state.game.actions) == done + 1  # a resend: state only


def test_an_action_out_of_turn_or_before_the_start_is_refused_with_its_code() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    before = _sent(core.opened(b"ben", 7, {"t": "action", "seq": 0, "action": {"type": "pass"}}))
    assert before[0]["code"] == "not_your_turn" and before[0]["refusal"] == "not_your_turn"
    core.start()
    south_first = _sent(core.opened(b"ben", 7, {"t": "action", "seq": 0, "action": {"type": "pass"}}))
    assert south_first[0]["code"] == "not_your_turn" and core.state.game.actions == []


def test_a_watcher_sees_public_states_and_its_action_changes_nothing() -> None:
    core = _core(Clock())
    _keyed(core, b"wat", 9)
    welcome, state = _sent(core.opened(b"wat", 9, _hello("Cy", role="watcher")))
    assert welcome["seat"] is None and welcome["role"] == "watcher"
    assert state["view"]["hands"]["south"] is None and state["view"]["hands"]["north"] is None
    refused = _sent(core.opened(b"wat", 9, {"t": "action", "seq": 0, "action": {"type": "pass"}}))
    assert refused[0]["code"] == "not_a_player" and core.state.game.actions == []


def test_a_token_takes_its_seat_back_once_the_old_connection_is_silent() -> None:
    clock = Clock()
    core = _core(clock)
    token = _sent(_join(core, b"ben", 7))[0]["token"]
    exchange = _keyed(core, b"ben2", 8, ref=token_ref(token))
    assert exchange.password == by_token(token) and exchange.token == token
    busy = _sent(core.opened(b"ben2", 8, _hello(token=token)))
    assert busy[0]["code"] == "seat_busy" and core.state.remotes["north"].conn == 7
    clock.now += DEAD_AFTER_S + 1  # the old connection went quiet
    back = _sent(core.opened(b"ben2", 8, _hello(token=token, have=0)))
    assert back[0]["t"] == "welcome" and back[0]["token"] == token and core.state.remotes["north"].conn == 8


def test_a_closed_connection_loses_its_seat_binding_and_is_sent_nothing() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    core.forget_closed({7})
    assert core.state.remotes["north"].identity is None and core.state.remotes["north"].token is not None
    assert _sent(core.start()) == []  # the state has nowhere to go
    assert _sent(core.opened(b"ben", 7, {"t": "ping", "n": 1}))[0]["code"] == "not_joined"


def test_an_unanswered_question_is_withdrawn_and_the_queue_told_where_it_stands() -> None:
    clock = Clock()
    core = _core(clock, accept_any=False)
    assert _sent(_join(core, b"ben", 7)) == [{"t": "asking", "ahead": 0}] and core.seen.join_request == "Ben"
    assert _sent(_join(core, b"cy", 8, "Cy")) == [{"t": "asking", "ahead": 1}]
    clock.now += 1.0
    assert _sent(core.opened(b"cy", 8, {"t": "ping", "n": 1})) == [{"t": "pong", "n": 1}]
    clock.now += DEAD_AFTER_S  # Ben stopped pinging: the host's player is no longer asked about him
    effects = core.housekeeping()
    assert _sent(effects)[0]["code"] == "no_answer" and core.seen.join_request == "Cy"
    assert {"t": "asking", "ahead": 0} in _sent(effects)
    assert _kinds(core.answer(True))[0] == "welcome" and core.state.remotes["north"].name == "Cy"


def test_a_table_starts_when_every_player_asks_once_all_are_in() -> None:
    core = _core(Clock(), host_seat=None)
    _join(core, b"ann", 1, "Ann")
    early = _sent(core.opened(b"ann", 1, {"t": "start"}))
    assert early[0]["code"] == "not_yet" and not core.state.started
    _join(core, b"ben", 2)
    assert [r.name for r in core.state.remotes.values()] == ["Ann", "Ben"]
    started = core.opened(b"ann", 1, {"t": "start"})
    assert core.state.started and [m["started"] for m in _sent(started)] == [True, True]


def test_r46_a_third_player_finds_every_seat_taken() -> None:
    core = _core(Clock(), rules=Rules(False, "standard", 3))
    _join(core, b"ben", 1)
    _join(core, b"cy", 2, "Cy")
    refused = _sent(_join(core, b"dan", 3, "Dan"))
    assert refused == [{"t": "refused", "reason": "every seat of this game is taken", "code": "seats_taken",
                        "fields": {}}]


# ---------------------------------------------------------------------------------------------- the guest's core
def _guest(clock: Clock, **kwargs: Any) -> GuestCore:
    guest = GuestCore(name="Ben", clock=clock, **kwargs)
    guest.connecting()
    return guest


def _said(effects: list[GuestEffect]) -> list[dict[str, Any]]:
    return [cast("dict[str, Any]", e.message) for e in effects if isinstance(e, Say)]


def _welcomed_guest(clock: Clock) -> tuple[HostCore, GuestCore]:
    """A host core and a guest core wired by hand: each one's messages are the other's input."""
    core, guest = _core(clock), _guest(clock)
    hello = _said(guest.exchanged(True))
    assert [m["t"] for m in hello] == ["hello"] and hello[0]["token"] is None
    _keyed(core, b"ben", 7)
    for message in _sent(core.opened(b"ben", 7, _msg(hello[0]))):
        guest.receive(_msg(message))
    return core, guest


def test_a_guest_core_follows_the_hosts_welcome_and_state() -> None:
    clock = Clock()
    core, guest = _welcomed_guest(clock)
    assert guest.welcomed and guest.seat == "north" and guest.token == core.state.remotes["north"].token
    assert guest.view is not None and guest.actions_done == 0 and not guest.started
    assert guest.seats["north"] == {"name": "Ben", "here": True}


def test_a_guests_action_stays_pending_until_a_state_shows_it_applied_and_is_resent_once_after_a_reconnect() -> None:
    clock = Clock()
    core, guest = _welcomed_guest(clock)
    effects = core.start()
    while core.state.game.to_move == "south":
        effects += core.submit_local(core.state.game.legal_actions()[0])[1]
    for message in _sent(effects):
        guest.receive(_msg(message))
    assert guest.my_turn() and guest.game is not None
    (action,) = _said(guest.send_action(guest.game.legal_actions()[0]))
    assert action["seq"] == guest.actions_done and guest.pending is not None and not guest.my_turn()
    # the reply was lost and the link with it: the guest reconnects and the host's state (as of before) comes
    guest.connecting()
    back = _said(guest.exchanged(True))
    assert back[0]["t"] == "hello" and back[0]["token"] == guest.token
    clock.now += DEAD_AFTER_S + 1
    _keyed(core, b"ben2", 8)
    replies = _sent(core.opened(b"ben2", 8, _msg(back[0])))
    resent = [m for message in replies for m in _said(guest.receive(_msg(message)))]
    assert resent == [action]  # the same seq: it applies once
    for message in _sent(core.opened(b"ben2", 8, _msg(resent[0]))):
        guest.receive(_msg(message))
    assert guest.pending is None and guest.actions_done == len(core.state.game.actions)
    assert _sent(core.opened(b"ben2", 8, action))[0]["t"] == "state"  # a third copy only gets the state


def test_a_guest_core_pings_every_second_and_reconnects_after_five_silent_seconds() -> None:
    clock = Clock()
    guest = _guest(clock)
    guest.exchanged(True)
    assert _said(guest.tick()) == []
    clock.now += 1.0
    assert _said(guest.tick()) == [{"t": "ping", "n": 1}]
    clock.now += DEAD_AFTER_S
    effects = guest.tick()
    assert Connect() in effects


def test_a_host_that_proves_no_code_is_left_at_once_and_the_guest_says_wrong_join_code() -> None:
    guest = _guest(Clock())
    assert guest.exchanged(False) == [HangUp()]
    assert guest.refused_as == ("wrong_code", {}) and guest.refused == "wrong join code"


def test_a_busy_refusal_tries_the_exchange_again_a_tenth_of_a_second_later() -> None:
    clock = Clock()
    guest = _guest(clock)
    assert guest.clear({"t": "refused", "reason": "busy", "code": "busy", "fields": {}}) == []
    assert guest.refused is None and Connect() not in guest.tick()
    clock.now += 0.1
    assert Connect() in guest.tick()


def test_a_refusal_in_the_clear_inside_a_session_is_not_believed() -> None:
    guest = _guest(Clock())
    guest.exchanged(True)
    with pytest.raises(ProtocolError):
        guest.clear({"t": "refused", "reason": "wrong join code", "code": "wrong_code", "fields": {}})
    assert guest.refused is None


# ---------------------------------------------------------------------------------------------- more of the host
def test_a_hello_of_another_program_version_is_refused_with_both_versions_as_fields() -> None:
    core = _core(Clock())
    _keyed(core, b"ben", 7)
    refused = _sent(core.opened(b"ben", 7, _msg({**_hello(), "program": "0.0.1"})))
    assert refused[0]["code"] == "program_version" and refused[0]["fields"] == {"theirs": "0.0.1",
                                                                              "ours": program_version()}


def test_a_guest_before_protocol_4_reads_a_refusal_as_words_alone() -> None:
    core = _core(Clock())
    refused = _sent(core.clear(b"old", 3, _msg({**_hello(), "protocol": 3}), "10.0.0.3"))
    assert refused == [{"t": "refused", "reason": f"protocol version 3 does not match the host's {PROTOCOL_VERSION}"}]


def test_a_token_the_host_does_not_hold_is_refused_and_the_guest_keys_its_next_exchange_by_the_code() -> None:
    core, guest = _core(Clock()), _guest(Clock(), token="f" * 32)
    assert guest.connecting() == "f" * 32  # its first exchange is keyed by its token
    refused = _sent(core.clear(b"ben", 7, _pake(token_ref("f" * 32)), "10.0.0.2"))
    assert refused[0]["code"] == "unknown_token"
    assert Connect() in guest.receive(_msg(refused[0])) and guest.refused is None
    assert guest.connecting() is None  # the code this time; the old token still shown in its hello
    assert _said(guest.exchanged(True))[0]["token"] == "f" * 32


def test_one_connection_plays_one_seat_and_a_guest_sends_only_a_guests_messages() -> None:
    core = _core(Clock(), host_seat=None)
    _join(core, b"ann", 1, "Ann")
    assert _sent(core.opened(b"ann", 1, _hello("Ann"))) == [
        {"t": "refused", "reason": "this connection already plays a seat", "code": "seated", "fields": {}}]
    assert core.state.remotes["north"].token is None
    odd = _sent(core.opened(b"ann", 1, {"t": "pong", "n": 3}))
    assert odd[0]["code"] == "bad_message" and odd[0]["reason"] == "a guest does not send pong"
    nested = _sent(core.opened(b"ann", 1, _pake()))
    assert nested[0]["code"] == "bad_message" and "not sent sealed" in nested[0]["reason"]


def test_the_ninth_watcher_is_refused_and_a_silent_one_makes_room() -> None:
    clock = Clock()
    core = _core(clock)
    for n in range(8):
        _keyed(core, b"w%d" % n, 10 + n)
        assert _kinds(core.opened(b"w%d" % n, 10 + n, _hello(f"W{n}", role="watcher")))[0] == "welcome"
    _keyed(core, b"late", 30)
    refused = _sent(core.opened(b"late", 30, _hello("Late", role="watcher")))
    assert refused[0]["code"] == "full" and refused[0]["fields"] == {"n": 8}
    clock.now += 3.0
    for n in range(1, 8):  # all but the first keep pinging
        core.opened(b"w%d" % n, 10 + n, {"t": "ping", "n": 1})
    clock.now += 2.5
    assert core.state.watchers.count() == 7
    _keyed(core, b"late", 31)
    assert _kinds(core.opened(b"late", 31, _hello("Late", role="watcher")))[0] == "welcome"


def test_the_host_players_no_draws_a_fresh_code_and_a_full_queue_is_told_so() -> None:
    core = _core(Clock(), accept_any=False)
    old = core.state.code
    for n in range(10):  # one asked about, eight queued, and one too many
        effects = _join(core, b"g%d" % n, 20 + n, f"G{n}")
    assert _sent(effects)[0]["code"] == "answering"
    told = _sent(core.answer(False))
    assert told[0] == {"t": "refused", "reason": "the host turned you away", "code": "turned_away", "fields": {}}
    assert core.state.code != old and core.seen.join_request == "G1"
    assert told[1:] == [{"t": "asking", "ahead": n} for n in range(8)]  # everyone moved up one place


def test_a_seat_a_bot_stands_in_for_refuses_its_own_player() -> None:
    core = _core(Clock())
    _join(core, b"ben", 7)
    core.start()
    while core.state.game.to_move == "south":
        core.submit_local(core.state.game.legal_actions()[0])
    core.apply_for_guest(core.state.game.legal_actions()[0])  # the bot's play; north still draws
    assert core.state.game.to_move == "north" and core.state.bot_seats == {"north"}
    done = len(core.state.game.actions)
    refused = _sent(core.opened(b"ben", 7, {"t": "action", "seq": done, "action": core.state.game.legal_actions()[0]}))
    assert refused[0]["code"] == "not_your_turn" and refused[0]["refusal"] == "bot_plays_seat"
    assert len(core.state.game.actions) == done


def test_r5_at_a_table_the_next_game_starts_once_both_players_ask_and_the_winner_starts_it() -> None:
    core = _core(Clock(), host_seat=None)
    _join(core, b"ann", 1, "Ann")
    _join(core, b"ben", 2)
    core.opened(b"ann", 1, {"t": "start"})
    while not core.state.game.over:
        core.state.sitting.apply(core.state.game.legal_actions()[0])  # both players' moves, straight to the sitting
    assert core.state.game.result is not None
    winner = core.state.game.result["winner"]
    early = _sent(core.opened(b"ann", 1, {"t": "again"}))
    assert [m["t"] for m in early] == ["seats", "seats"] and early[0]["again"] == ["south"] and core.state.number == 1
    news = _sent(core.opened(b"ben", 2, {"t": "again"}))
    assert core.state.number == 2 and core.state.game.to_move == winner and core.state.game.actions == []
    games = [m for m in news if m["t"] == "game"]
    assert [m["number"] for m in games] == [2, 2]
    assert [m["from"] for m in news if m["t"] == "state"] == [0, 0]


# ---------------------------------------------------------------------------------------------- more of the guest
def test_a_seat_busy_error_says_hello_again_a_heartbeat_later() -> None:
    clock = Clock()
    guest = _guest(clock)
    guest.exchanged(True)
    assert guest.receive({"t": "error", "reason": "busy", "seq": None, "code": "seat_busy"}) == []
    clock.now += 0.5
    assert [m["t"] for m in _said(guest.tick())] == []
    clock.now += 0.5
    assert [m["t"] for m in _said(guest.tick())] == ["hello", "ping"]


def test_a_state_that_skips_events_makes_the_guest_ask_again_from_what_it_has() -> None:
    clock = Clock()
    _, guest = _welcomed_guest(clock)
    state = {"t": "state", "from": len(guest.events) + 3, "events": [], "view": guest.view, "actions": 0}
    assert guest.receive(_msg(state)) == [Connect()]


def test_the_drivers_hold_their_cores_and_inherit_nothing_of_ours() -> None:
    """Issue 60: the host was a 4-level chain whose base called a method raising NotImplementedError, and each
    driver overrode `_emit` to act inside the core's call. Now a driver holds a core and performs what it returns."""
    from net.guest import Guest
    from net.host import Host
    from net.host_join import Joining
    from net.host_relay import Relay

    assert Host.__mro__ == (Host, object) and Guest.__mro__ == (Guest, object)
    assert HostCore.__mro__ == (HostCore, object) and GuestCore.__mro__ == (GuestCore, object)
    assert Joining.__mro__ == (Joining, object) and Relay.__mro__ == (Relay, object)
    core = _core(Clock())
    assert isinstance(core.joining, Joining) and isinstance(core.relay, Relay)
    assert core.joining.state is core.state and core.relay.state is core.state  # one state, shared by its parts
