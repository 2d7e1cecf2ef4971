"""10,000 random and mutated messages against a running host process, which then finishes its game."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import zmq
from net_helpers import last_json, start_host

from engine.ai.random_bot import RandomBot
from net.guest import Guest
from net.protocol import PROTOCOL_VERSION, pack
from net.version import program_version

VALID: list[dict[str, Any]] = [
    {"t": "hello", "protocol": PROTOCOL_VERSION, "program": program_version(), "name": "x", "code": "4321"},
    {"t": "action", "seq": 0, "action": {"type": "play", "card": "r5", "flag": 3}},
    {"t": "action", "seq": 3, "action": {"type": "claim", "flag": 1}},
    {"t": "ping", "n": 1},
    {"t": "bye"},
]


def _deep(depth: int) -> bytes:
    """An action nested `depth` arrays deep, written by hand: msgpack's packer refuses to go so deep."""
    return b"\x83\xa1t\xa6action\xa3seq\x00\xa6action" + b"\x91" * depth + b"\x01"


#: strings no ASCII-only code path expects: accents, other scripts' digits, fullwidth and
#: mathematical digits, direction overrides, controls, emoji, a NUL, the longest allowed
NASTY = ["\u00e9", "\u0663\u0661\u0664\u0662", "\uff14\uff13\uff12\uff11", "\U0001d7d2\U0001d7d1", "\u202e4321",
         "\n\r\t", "\x00", "\U0001f600" * 50, "\u00e9" * 200, "4321\u0301", "\ufeff", "Ana\u200d"]


def _nasty(rng: random.Random) -> bytes:
    """A valid message with a non-ASCII, surrogate or mixed-type string in one of its fields."""
    msg: dict[str, Any] = dict(rng.choice(VALID))
    if msg["t"] == "hello" and rng.random() < 0.5:
        msg["token"] = None
    key = rng.choice([k for k in msg if k != "t"] or ["t"])
    choice = rng.randrange(4)
    if choice == 0:
        msg[key] = rng.choice(NASTY)
    elif choice == 1:  # mixed types: a number as text, text where a map goes, bytes where text goes
        msg[key] = rng.choice(["1", "0x10", "nan", {"a": "\u00e9"}, ["\u00e9", 1], b"\xff\xfe", b"4321"])
    elif choice == 2 and isinstance(msg.get("action"), dict):  # inside the action too
        msg["action"] = {**msg["action"], rng.choice(list(msg["action"])): rng.choice(NASTY)}
    else:  # a lone surrogate: UTF-8 of U+D800 where a 3-byte placeholder was
        msg[key] = "\x00\x00\x00"
        return pack(msg).replace(b"\xa3\x00\x00\x00", b"\xa3\xed\xa0\x80")
    return pack(msg)


def _garbage(rng: random.Random, seq: int) -> bytes:
    """One hostile frame: random bytes, a mutated valid message, wrong types, huge or deep data,
    strange strings (issue 15: a non-ASCII join code killed the host)."""
    kind = rng.randrange(11)
    if kind >= 9:
        return _nasty(rng)
    if kind == 0:
        return rng.randbytes(rng.randrange(0, 300))
    if kind == 1:  # a valid message with bytes flipped
        data = bytearray(pack(rng.choice(VALID)))
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 2:  # truncated
        packed = pack(rng.choice(VALID))
        return packed[: rng.randrange(len(packed))]
    if kind == 3:  # wrong types in every field
        msg = dict(rng.choice(VALID))
        key = rng.choice(list(msg))
        wrong: list[object] = [None, True, -1, 2**70, 1.5, "x" * 500, [], {}, b"\x00"]
        msg[key] = rng.choice(wrong)
        try:
            return pack(msg)
        except (OverflowError, TypeError):
            return b"\xc1"
    if kind == 4:  # an array header claiming two billion entries
        return b"\x81\xa1t\xdd\x7f\xff\xff\xff"
    if kind == 5:
        return _deep(rng.randrange(5, 3000))
    if kind == 6:  # out-of-turn or out-of-sequence actions, well formed
        return pack({"t": "action", "seq": seq + rng.choice([-1, 0, 1, 50]),
                     "action": rng.choice([{"type": "draw", "deck": "troops"}, {"type": "pass"},
                                           {"type": "play", "card": "alexander", "flag": 9},
                                           {"type": "claim", "flag": 5}, {"type": "done"}])})
    if kind == 7:  # unknown message types and fields
        return pack({"t": rng.choice(["welcome", "state", "record", "nope", ""]), "zzz": 1})
    return pack({"t": "hello", "protocol": rng.choice([0, 2, PROTOCOL_VERSION]), "program": "9.9",
                 "name": "intruder", "code": rng.choice(["4321", "0000"]), "token": "f" * 32})


def test_host_survives_10000_hostile_messages_and_finishes(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--seed", "31", "--pace", "0.002")
    guest = Guest(f"127.0.0.1:{port}", code="4321", name="Ben")
    guest.connect()
    context = zmq.Context()
    stranger = context.socket(zmq.DEALER)
    stranger.setsockopt(zmq.LINGER, 0)
    stranger.setsockopt(zmq.SNDTIMEO, 2000)
    stranger.connect(f"tcp://127.0.0.1:{port}")
    rng = random.Random(7)
    bot = RandomBot(5)
    try:
        deadline = time.monotonic() + 20
        while guest.seen.seat is None:  # the real guest joins first, so no intruder can take the seat
            guest.poll(10)
            assert time.monotonic() < deadline
        sent = 0
        while sent < 10_000:
            frame = _garbage(rng, guest.seen.actions_done)
            target = stranger if sent % 2 else guest.socket
            assert target is not None
            while True:  # never block: a dead host would leave the send waiting forever
                try:
                    target.send(frame, zmq.NOBLOCK)
                    break
                except zmq.Again:
                    assert host.poll() is None, f"the host process died under fuzzing (after {sent} frames)"
                    guest.poll(1)
                    assert time.monotonic() < deadline + 60, "the host stopped reading"
            sent += 1
            if sent % 50 == 0:
                guest.poll(0)
                while stranger.poll(0):
                    stranger.recv()
        assert host.poll() is None, "the host process died under fuzzing"
        deadline = time.monotonic() + 120
        while guest.seen.record is None:
            guest.poll(10)
            if guest.seen.my_turn() and guest.seen.game is not None:
                guest.send_action(bot.choose_in(guest.seen.game))
            assert time.monotonic() < deadline, "the game did not finish after the fuzzing"
        assert guest.seen.errors, "hostile messages on the guest's own link got error replies"
    finally:
        guest.close()
        stranger.close(0)
        context.term()
    out = last_json(host)
    assert out["result"] == guest.seen.record["result"]
    assert out["errors_sent"] > 1000
