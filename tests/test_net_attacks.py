"""A stranger on the LAN attacks the host (everything on 127.0.0.1), each attack bounded to seconds:
one message must not kill it (issue 15 item 1), the join code must not fall (2), a routing id must
not carry a seat (3), multipart frames get `bad_message` and a flood cannot swell its memory (4)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, cast

import pytest
import zmq
from net_helpers import last_json, start_host

from engine import Rules
from engine.ai.random_bot import RandomBot
from net.admission import delay_after, expected_seconds_to_guess
from net.guest import Guest
from net.host import Host
from net.messages import ActionMessage
from net.protocol import PROTOCOL_VERSION, pack, unpack
from net.session import GuestExchange, by_token, token_ref
from net.version import program_version
from tools.attack import harness as attack


def hello(**fields: Any) -> dict[str, Any]:
    return {"t": "hello", "protocol": PROTOCOL_VERSION, "program": program_version(), "name": "Mallory",
            "code": "4321", **fields}


def _plain(frame: bytes) -> dict[str, Any]:
    """A host's reply as a plain map: these tests read fields of whatever kind came."""
    return cast("dict[str, Any]", unpack(frame))


class Stranger:
    """A DEALER of our own, sending whatever frames the test likes."""

    def __init__(self, port: int, routing_id: bytes | None = None) -> None:
        self.context = zmq.Context()
        self.socket = self.context.socket(zmq.DEALER)
        self.socket.setsockopt(zmq.LINGER, 0)
        if routing_id is not None:
            self.socket.setsockopt(zmq.ROUTING_ID, routing_id)
        self.socket.connect(f"tcp://127.0.0.1:{port}")

    def send(self, *frames: bytes) -> None:
        self.socket.send_multipart(list(frames))

    def replies(self, seconds: float, pump: Any = None) -> list[dict[str, Any]]:
        """Everything received within `seconds` (pumping an in-process host meanwhile)."""
        out = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if pump is not None:
                pump()
            while self.socket.poll(5):
                out.append(_plain(self.socket.recv()))
        return out

    def reply(self, seconds: float = 5.0, pump: Any = None) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if pump is not None:
                pump()
            if self.socket.poll(5):
                return _plain(self.socket.recv())
        raise AssertionError("no reply")

    def close(self) -> None:
        self.socket.close(0)
        self.context.term()


def _play_out(guest: Guest, seconds: float = 60) -> None:
    bot = RandomBot(3)
    deadline = time.monotonic() + seconds
    while guest.seen.record is None:
        guest.poll(10)
        if guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(bot.choose_in(guest.seen.game))
        assert time.monotonic() < deadline, "the game did not finish"


# ---------------------------------------------------------------------------------------------- item 1
NASTY_CODES = ["\u00e9", "\u0663\u0661\u0664\u0662", "\uff14\uff13\uff12\uff11",
               "\U0001d7d2\U0001d7d1\U0001d7d0\U0001d7cf", "43210", "", "\u202e4321"]


def test_odd_codes_and_garbled_exchanges_are_refused_and_the_host_plays_on(tmp_path: Path) -> None:
    """The code never crosses the network (net.session): a guest typing an odd code just fails the
    key exchange; a garbled exchange gets `bad_message`; the host plays on with the real guest."""
    host, port = start_host(tmp_path, "--seed", "61")
    stranger = Stranger(port)
    guest = Guest(f"127.0.0.1:{port}", code="4321", name="Ben")
    try:
        for msg in (b"", b"\x00" * 32, b"B" * 34, "text", 7):
            stranger.send(pack({"t": "pake", "protocol": PROTOCOL_VERSION, "program": program_version(),
                                "msg": msg}))
            answer = stranger.reply()
            assert answer["t"] == "error" and answer["code"] == "bad_message", (msg, answer)
        # a lone surrogate (UTF-8 of U+D800) in a field: not text, so not a message
        frame = pack(hello(name="\x00\x00\x00")).replace(b"\xa3\x00\x00\x00", b"\xa3\xed\xa0\x80")
        stranger.send(frame)
        assert stranger.reply()["code"] == "bad_message"
        for code in NASTY_CODES[:2]:
            odd = Guest(f"127.0.0.1:{port}", code=code, name="Eve")
            odd.connect()
            deadline = time.monotonic() + 5
            while odd.seen.refused is None:
                odd.poll(5)
                assert time.monotonic() < deadline
            assert odd.seen.refused == "wrong join code" and odd.seen.seat is None
            odd.close()
            time.sleep(1.1)  # the wrong code's delay for this address
        assert host.poll() is None, "the host process died"
        time.sleep(1.1)  # the duration is the point: this address's delay after its wrong codes has passed
        guest.connect()
        _play_out(guest)
    finally:
        guest.close()
        stranger.close()
    assert last_json(host)["result"] == guest.seen.record["result"]  # type: ignore[index]


def _buggy(identity: bytes, message: ActionMessage, seat: str) -> None:
    """A bug in a handler (the relay's guests' actions): the safety net must turn it into `bad_message`."""
    raise RuntimeError("a bug the checks missed")


def test_an_exception_while_handling_a_message_is_answered_and_never_leaves_poll(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_host = Host.new(rules=Rules(), seed=5, code="1111", host_name="Ana", accept_any=True)
    monkeypatch.setattr(game_host.core.relay, "guest_action", _buggy)
    guest = Guest(f"127.0.0.1:{game_host.port}", code="1111", name="Ben")
    guest.connect()
    try:
        deadline = time.monotonic() + 5
        while guest.seen.view is None:
            game_host.poll(5)
            guest.poll(5)
            assert time.monotonic() < deadline
        guest.send_action({"type": "pass"})
        while not guest.seen.errors:
            game_host.poll(5)  # must not raise
            guest.poll(5)
            assert time.monotonic() < deadline + 5
        assert "could not handle this message (RuntimeError)" in guest.seen.errors[-1]
        assert guest.seen.alive() and game_host.seen.remotes["north"].alive()
    finally:
        guest.close()
        game_host.close()


# ---------------------------------------------------------------------------------------------- item 2
def test_guessing_the_code_is_hopeless_and_the_expected_time_is_days(tmp_path: Path) -> None:
    """Guessing as fast as the host answers, from 32 connections renewed as they run out of tries, all
    from one address, until the host has answered 60 tries: it answers every one (it never goes silent),
    compares no more codes than one address's doubling delay allows in the time it took (at 0, 1, 3,
    7 ... s), and seats nobody. Counted, not timed: a slow machine takes longer and is allowed more."""
    host, port = attack.start_host(tmp_path, "7777")  # no --accept-any: a right guess would only ask
    try:
        out = attack.guess(port, 120.0, answers_wanted=60)
        assert host.poll() is None
    finally:
        host.kill()
        host.wait(10)
    print(out)
    answers = out["answers"]
    assert sum(answers.values()) >= 60, "the host answered every try"
    allowed, spent = 0, 0.0
    while spent <= out["seconds"]:  # the n-th wrong code in a row waits delay_after(n) before the next
        allowed += 1
        spent += delay_after(allowed)
    assert out["codes_compared"] <= allowed, out
    assert "right join code" not in answers
    assert expected_seconds_to_guess() > 10 * 86400  # at the sustained pace of both pools


def test_a_headless_host_without_accept_any_lets_nobody_in(tmp_path: Path) -> None:
    host, port = attack.start_host(tmp_path, "3333")
    guest = Guest(f"127.0.0.1:{port}", code="3333", name="Ben")
    guest.connect()
    try:
        deadline = time.monotonic() + 5
        while guest.seen.refused is None:
            guest.poll(10)
            assert time.monotonic() < deadline
        assert guest.seen.refused == "the host turned you away"
    finally:
        guest.close()
        host.kill()
        host.wait(10)


# ---------------------------------------------------------------------------------------------- item 3
def _seated(game_host: Host, guest: Guest) -> None:
    deadline = time.monotonic() + 5
    while guest.seen.view is None:
        game_host.poll(5)
        guest.poll(5)
        assert time.monotonic() < deadline


def test_a_routing_id_does_not_carry_the_seat_without_the_token() -> None:
    game_host = Host.new(rules=Rules(), seed=7, code="4444", host_name="Ana", first="south", accept_any=True)
    game_host.start()
    guest = Guest(f"127.0.0.1:{game_host.port}", code="4444", name="Ben")
    guest.connect()
    _seated(game_host, guest)
    identity = game_host.seen.remotes["north"].identity
    assert identity is not None
    # 1. while the guest is connected: another connection presents its routing id
    thief = Stranger(game_host.port, routing_id=identity)

    def pump() -> None:
        game_host.poll(2)
        guest.poll(2)

    try:
        thief.send(pack({"t": "ping", "n": 1}))
        thief.send(pack({"t": "action", "seq": 0, "action": {"type": "pass"}}))
        game_host.submit_local(game_host.seen.game.legal_actions()[0])  # a state goes to the seat's owner
        got = thief.replies(1.0, pump)
        assert not [m for m in got if m["t"] in ("pong", "state", "welcome", "record")], got
        assert guest.seen.alive() and guest.seen.actions_done == 1, "the guest keeps its seat and its states"
        thief.close()
        # 2. the guest's connection drops (no bye); a stranger takes its routing id
        assert guest.socket is not None
        guest.socket.close(0)
        guest.socket = None
        # the stranger comes once the host saw that connection close (before, ZeroMQ turns a second connection
        # with a routing id in use away, dropping what it sent: under load a fixed pause raced with that)
        deadline = time.monotonic() + 30
        while game_host.seen.remotes["north"].identity is not None:
            game_host.poll(5)
            assert time.monotonic() < deadline, "the host never saw the guest's connection close"
        thief = Stranger(game_host.port, routing_id=identity)
        thief.send(pack({"t": "ping", "n": 2}))
        answer = thief.reply(5.0, lambda: game_host.poll(2))
        assert answer["t"] == "error" and answer["code"] == "not_joined"
        thief.send(pack({"t": "pake", "protocol": PROTOCOL_VERSION, "program": program_version(),
                         "msg": GuestExchange(by_token("f" * 32)).message, "ref": token_ref("f" * 32)}))
        assert thief.reply(5.0, lambda: game_host.poll(2))["t"] == "refused"
        assert game_host.seen.remotes["north"].identity is None
        # 3. the guest reconnects and shows its token: its seat again, with everything it missed
        guest.connect()
        hosted = game_host.seen
        game_host.submit_local(hosted.game.legal_actions()[0]) if hosted.game.to_move == "south" else None
        deadline = time.monotonic() + 5
        while hosted.remotes["north"].identity is None or guest.seen.actions_done != len(hosted.game.actions):
            pump()
            assert time.monotonic() < deadline
        assert hosted.remotes["north"].identity is not None and hosted.remotes["north"].identity != identity
        assert not [m for m in thief.replies(0.3, pump) if m["t"] in ("state", "pong", "welcome")]
    finally:
        thief.close()
        guest.close()
        game_host.close()


# ---------------------------------------------------------------------------------------------- item 4
def test_a_multipart_message_gets_bad_message() -> None:
    game_host = Host.new(rules=Rules(), seed=8, code="5555", host_name="Ana", accept_any=True)
    stranger = Stranger(game_host.port)
    try:
        stranger.send(pack({"t": "ping", "n": 1}), b"two", b"three")
        answer = stranger.reply(5.0, lambda: game_host.poll(2))
        assert answer["t"] == "error" and answer["code"] == "bad_message"
        assert answer["reason"] == "a message is one frame, not 3"
    finally:
        stranger.close()
        game_host.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the host's peak memory from /proc")
@pytest.mark.parametrize("how", ["flood", "churn"])
def test_a_flood_cannot_swell_the_hosts_memory(tmp_path: Path, how: str) -> None:
    """3 s of frames just under the limits from 40 connections (flood), or of thousands of new
    connections each pipelining hellos (churn): the host's peak resident memory stays small."""
    host, port = attack.start_host(tmp_path, "7777")
    try:
        before = attack.rss_mb(host.pid)["VmHWM"]
        out = attack.flood(port, 3.0) if how == "flood" else attack.churn(port, 3.0)
        peak = attack.rss_mb(host.pid)["VmHWM"]
        assert host.poll() is None
    finally:
        host.kill()
        host.wait(10)
    print(how, out, f"host peak RSS {before} MB -> {peak} MB")
    assert peak - before < 40, f"the host grew by {peak - before:.0f} MB"
