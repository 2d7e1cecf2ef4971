"""The LAN protocol's messages: msgpack maps, bounded when read, checked field by field.

Every message is one ZeroMQ frame holding one msgpack map with a string field `t` (its type).
docs/PROTOCOL.md documents each one. Reading never trusts the peer: the frame size, the container
sizes and the nesting depth are bounded before anything is built, and a message whose fields do
not match its schema is refused with a reason, never an exception that escapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import msgpack

if TYPE_CHECKING:
    from .messages import AnyMessage

PROTOCOL_VERSION = 5  # 5: `sealed` is ChaCha20-Poly1305 (12-byte counter nonces), no longer XSalsa20-Poly1305
# 4: three-player games (R46): seats south, west and east in welcome, state and seats;
#    refusals as data: `refused` has `code` and `fields`, `error` has `refusal` and `fields`
# 3: `pake` (SPAKE2 keyed by the join code or a token), then every message `sealed`
# 2: `asking`, `not_joined`, one frame of at most 8 KiB from a guest
MAX_FRAME = 256 * 1024  # from the host: a full position is ~3 KiB; a batch of events a few more
MAX_GUEST_FRAME = 8 * 1024  # from a guest: a hello is under 1 KiB, an action a few hundred bytes
MAX_DEPTH = 8
HEARTBEAT_S = 1.0
#: error codes: what the guest should do about an error
ERROR_CODES = ("not_joined", "not_your_turn", "illegal", "sequence", "bad_message", "not_a_player", "seat_busy",
               "not_yet")
#: why the host turns a guest away (`refused.code`) -> the English, `{field}`s from `refused.fields`;
#: players read the code said again from a catalog (game/i18n/refusals.py), never this English
REFUSED: dict[str, str] = {
    "another_game": "the host continued another game",
    "protocol_version": "protocol version {theirs} does not match the host's {ours}",
    "program_version": "program version {theirs} does not match the host's {ours}",
    "unknown_token": "this host holds no seat for your session token",
    "busy": "another guest from your address is joining: try again in 1 s",
    "wait": "too many wrong join codes: try again in {seconds} s",
    "crowded": "many wrong join codes came from elsewhere: try again in {seconds} s",
    "spent": "too many tries on this connection",
    "wrong_code": "wrong join code",
    "no_answer": "the host did not answer",
    "unknown_role": "unknown role {role}",
    "other_token": "this session was opened with another token",
    "seated": "this connection already plays a seat",
    "two_players": "this game already has two players",
    "seats_taken": "every seat of this game is taken",
    "has_guest": "this game already has a guest",
    "answering": "the host is answering another guest: try again in a minute",
    "turned_away": "the host turned you away",
    "full": "this game already has {n} watchers",
}
FIRST_CODED = 4  # the first protocol whose `refused` carries a code: older guests get the English alone
DEAD_AFTER_S = 5.0

Message = dict[str, Any]


class ProtocolError(ValueError):
    """A frame that is not a valid message; the text says why, for the log and the error reply."""


def pack(message: Mapping[str, Any]) -> bytes:
    data: bytes = msgpack.packb(message, use_bin_type=True)
    return data


def _depth(value: Any, limit: int) -> None:
    if limit < 0:
        raise ProtocolError("message nested too deeply")
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                raise ProtocolError("map keys must be strings")
            _depth(v, limit - 1)
    elif isinstance(value, list):
        for v in value:
            _depth(v, limit - 1)


def unpack(frame: bytes) -> AnyMessage:
    """Decode one frame with every size bounded; raise ProtocolError for anything else."""
    if len(frame) > MAX_FRAME:
        raise ProtocolError(f"frame of {len(frame)} bytes is over the {MAX_FRAME}-byte limit")
    try:
        value = msgpack.unpackb(frame, raw=False, max_str_len=MAX_FRAME, max_bin_len=MAX_FRAME,
                                max_array_len=4096, max_map_len=256, max_ext_len=0, strict_map_key=True, use_list=True)
    except Exception as exc:  # msgpack raises many kinds; all mean "not a message"
        raise ProtocolError(f"not a msgpack message ({type(exc).__name__})") from None
    if not isinstance(value, dict):
        raise ProtocolError("a message is a map")
    _depth(value, MAX_DEPTH)
    kind = value.get("t")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError(f"unknown message type {kind!r}")
    _check(value, SCHEMAS[kind], kind)
    return cast("AnyMessage", value)  # its schema checked: the fields its type names are there, of their types


_Spec = dict[str, tuple[tuple[type, ...], bool]]  # field -> (types, required)
_STR = (str,)
_INT = (int,)
_BIN = (bytes,)
SCHEMAS: dict[str, _Spec] = {
    # both ways, in the clear: the key exchange, then every other message inside `sealed`
    "pake": {"protocol": (_INT, False), "program": (_STR, False), "msg": (_BIN, True),
             "ref": ((bytes, type(None)), False), "proof": (_BIN, False),
             "for": (_STR, False), "vouch": (_BIN, False)},  # a phone's own address, vouched for by the bridge
    "sealed": {"n": (_INT, True), "box": (_BIN, True)},
    # guest -> host
    "hello": {"protocol": (_INT, True), "program": (_STR, True), "name": (_STR, True),
              "code": (_STR, False), "token": ((str, type(None)), False), "have": (_INT, False),
              "number": (_INT, False), "role": (_STR, False)},
    "action": {"seq": (_INT, True), "action": ((dict,), True)},
    "ping": {"n": (_INT, True)},
    "bye": {},  # no fields
    "start": {},  # a table's player starts the game from its lobby, once both players are in
    "again": {},  # after a game: this player wants the next one (both must agree, or the table starts it)
    # host -> guest
    "welcome": {"seat": ((str, type(None)), True), "role": (_STR, False), "table": ((bool,), False),
                "token": (_STR, True),
                "players": ((dict,), True),
                "rules": ((dict,), True), "match": ((dict, type(None)), False), "program": (_STR, True),
                "number": (_INT, False)},
    "game": {"number": (_INT, True), "match": ((dict, type(None)), True)},
    "refused": {"reason": (_STR, True), "code": (_STR, False), "fields": ((dict,), False)},
    # the code was right; the host's player is asked to accept the guest, once `ahead` guests before it are answered
    "asking": {"ahead": (_INT, False)},
    "state": {"from": (_INT, True), "events": ((list,), True), "view": ((dict,), True),
              "actions": (_INT, True), "started": ((bool,), False), "players": ((dict,), False)},
    "record": {"record": ((dict,), True), "match": ((dict, type(None)), False)},
    "error": {"reason": (_STR, True), "seq": ((int, type(None)), False), "code": (_STR, False),
              "refusal": (_STR, False), "fields": ((dict,), False)},
    "pong": {"n": (_INT, True)},
    # who holds each seat and is connected, who wants another game, how many watch (lobby and end screens)
    "seats": {"seats": ((dict,), True), "again": ((list,), True), "watchers": (_INT, True)},
}


def refusal_fields(value: Any) -> dict[str, str | int]:
    """A peer's refusal fields kept only where they are plain short words or numbers (they fill a template)."""
    if not isinstance(value, dict):
        return {}
    return {str(k)[:40]: v if isinstance(v, int) else str(v)[:80] for k, v in list(value.items())[:8]
            if isinstance(v, (str, int)) and not isinstance(v, bool)}


def _check(message: Message, spec: _Spec, kind: str) -> None:
    for key in message:
        if key != "t" and key not in spec:
            raise ProtocolError(f"{kind}.{key}: unknown field")
    for key, (types, required) in spec.items():
        if key not in message:
            if required:
                raise ProtocolError(f"{kind}.{key}: missing")
            continue
        value = message[key]
        if isinstance(value, bool) and bool not in types:
            raise ProtocolError(f"{kind}.{key}: wrong type")
        if not isinstance(value, types):
            raise ProtocolError(f"{kind}.{key}: wrong type")
        if isinstance(value, str) and len(value) > 200:
            raise ProtocolError(f"{kind}.{key}: too long")
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < 2**53:
            raise ProtocolError(f"{kind}.{key}: out of range")
