"""Issue 32: the join code authenticates both ends and the session is sealed (net.session).

A fake host on the LAN (here a ROUTER of the test's own on 127.0.0.1, which a fake advertisement
would point the guest at) either relays everything to the real host, and learns nothing, or answers
the guest itself, and gets nothing but one useless key-exchange message. Everything the relay sees
is the whole game's traffic: no token, code or name crosses it readable."""

from __future__ import annotations

import time
from collections.abc import Callable

import zmq

from engine import Rules
from engine.ai.random_bot import RandomBot
from net.guest import Guest
from net.host import Host
from net.protocol import pack, unpack
from net.session import by_code, host_exchange

NAME = "Benedict-Quill"


class FakeHost:
    """A ROUTER the guest connects to; it relays to the real host (`relay`) or answers on its own.
    Every frame either way is kept."""

    def __init__(self, real_port: int | None) -> None:
        self.context = zmq.Context()
        self.front = self.context.socket(zmq.ROUTER)
        self.front.setsockopt(zmq.LINGER, 0)
        self.port = self.front.bind_to_random_port("tcp://127.0.0.1")
        self.back: zmq.Socket[bytes] | None = None
        if real_port is not None:
            self.back = self.context.socket(zmq.DEALER)
            self.back.setsockopt(zmq.LINGER, 0)
            self.back.connect(f"tcp://127.0.0.1:{real_port}")
        self.seen: list[bytes] = []
        self.guest_id: bytes | None = None

    def pump(self) -> list[bytes]:
        """Relay what waits (both ways); return the frames that came from the guest."""
        got = []
        while self.front.poll(0):
            identity, frame = self.front.recv_multipart()
            self.guest_id = identity
            self.seen.append(frame)
            got.append(frame)
            if self.back is not None:
                self.back.send(frame)
        while self.back is not None and self.back.poll(0):
            frame = self.back.recv()
            self.seen.append(frame)
            if self.guest_id is not None:
                self.front.send_multipart([self.guest_id, frame])
        return got

    def close(self) -> None:
        self.front.close(0)
        if self.back is not None:
            self.back.close(0)
        self.context.term()


def _until(done: Callable[[], bool], step: Callable[[], object], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        step()


def test_a_relaying_fake_host_learns_no_token_code_or_name_in_a_whole_game() -> None:
    host = Host.new(rules=Rules(), seed=12, code="4321", host_name="Ana")
    host.start()
    fake = FakeHost(host.port)
    guest = Guest(f"127.0.0.1:{fake.port}", code="4321", name=NAME)
    bot, guest_bot = RandomBot(1), RandomBot(2)

    def step() -> None:
        host.poll(1)
        fake.pump()
        guest.poll(1)
        if host.seen.started and not host.seen.game.over and host.seen.game.to_move == host.seen.host_seat:
            host.submit_local(bot.choose_in(host.seen.game))
        if guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(guest_bot.choose_in(guest.seen.game))

    try:
        guest.connect()
        _until(lambda: host.seen.join_request is not None, step)
        assert host.seen.join_request == NAME, "the host's player sees who really asks, not the relay"
        host.answer(True)
        _until(lambda: guest.seen.record is not None, step, seconds=120)
        assert guest.seen.token is not None and host.seen.remotes["north"].token == guest.seen.token
        traffic = b"".join(fake.seen)
        assert len(fake.seen) > 40, "a whole game went through the relay"
        for secret in (guest.seen.token.encode(), b"4321", NAME.encode()):
            assert secret not in traffic, f"{secret!r} crossed the network readable"
        assert {unpack(f)["t"] for f in fake.seen} <= {"pake", "sealed"}, "only the exchange is in the clear"
    finally:
        guest.close()
        fake.close()
        host.close()


def test_a_fake_host_answering_itself_gets_one_useless_exchange_and_is_left() -> None:
    fake = FakeHost(None)
    guest = Guest(f"127.0.0.1:{fake.port}", code="4321", name=NAME)
    try:
        guest.connect()
        frames: list[bytes] = []
        _until(lambda: bool(frames), lambda: (frames.__iadd__(fake.pump()), guest.poll(5)))
        first = unpack(frames[0])
        assert first["t"] == "pake", f"the guest's first message is {first['t']}, not a key exchange"
        assert b"4321" not in frames[0] and NAME.encode() not in frames[0]
        mine, proof, _ = host_exchange(by_code("1234"), first["msg"]) or (b"", b"", None)  # its best guess
        assert fake.guest_id is not None
        fake.front.send_multipart([fake.guest_id, pack({"t": "pake", "msg": mine, "proof": proof})])
        _until(lambda: guest.seen.refused is not None, lambda: (frames.__iadd__(fake.pump()), guest.poll(5)))
        assert guest.seen.refused == "wrong join code", "the host did not prove the code: the guest leaves"
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            frames.extend(fake.pump())
            guest.poll(5)
        assert len(frames) == 1, "the guest sent nothing more to a host that could not prove the code"
    finally:
        guest.close()
        fake.close()
