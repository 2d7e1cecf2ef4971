"""The LAN protocol's messages as types (docs/PROTOCOL.md), so mypy checks each field a peer sends or reads.

Types only: at run time each is the plain dict msgpack gives, checked field by field by
`net.protocol.unpack` against its schema before any handler sees it. A handler narrows the unions
below by the tag (`message["t"] == "ping"`), as mypy understands.

The game's data inside them is the engine's own types (engine.notation_types): the host writes them
from the engine (`Game.view`, `Game.apply`'s events, `to_record`), so mypy ties what is sent to what the
guest reads. An action a guest sends is typed only as a map: the host makes it an Action by reading it
(engine.actions.parse_action, inside `Game.apply`), never by trusting its type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from engine.notation_types import Event, Rules, View
from engine.notation_types import Record as GameRecord

#: a match's standing (engine.match.Match.to_dict)
MatchData = dict[str, Any]


# ---------------------------------------------------------------------------------------------- in the clear
#: the key exchange: the guest's side (protocol, program, ref; a phone bridge's `for`, the phone's own address,
#: and its `vouch`), or the host's (msg and proof). Functional syntax: `for` is a Python keyword
Pake = TypedDict("Pake", {
    "t": Literal["pake"], "msg": bytes, "protocol": NotRequired[int], "program": NotRequired[str],
    "ref": NotRequired[bytes | None], "proof": NotRequired[bytes], "for": NotRequired[str], "vouch": NotRequired[bytes],
})


class Sealed(TypedDict):
    t: Literal["sealed"]
    n: int
    box: bytes


# ---------------------------------------------------------------------------------------------- guest to host
class Hello(TypedDict):
    t: Literal["hello"]
    protocol: int
    program: str
    name: str
    token: NotRequired[str | None]
    have: NotRequired[int]
    number: NotRequired[int]
    role: NotRequired[str]
    code: NotRequired[str]


class ActionMessage(TypedDict):
    """A guest's action: `action` is what the peer sent, unchecked until the host's game reads it."""

    t: Literal["action"]
    seq: int
    action: Mapping[str, object]


class Ping(TypedDict):
    t: Literal["ping"]
    n: int


class Bye(TypedDict):
    t: Literal["bye"]


class Start(TypedDict):
    t: Literal["start"]


class Again(TypedDict):
    t: Literal["again"]


ToHost = Hello | ActionMessage | Ping | Bye | Start | Again


# ---------------------------------------------------------------------------------------------- host to guest
class Welcome(TypedDict):
    t: Literal["welcome"]
    seat: str | None
    role: str
    table: bool
    token: str | None
    players: dict[str, str]
    rules: Rules
    program: str
    match: MatchData | None
    number: int


class GameNews(TypedDict):
    t: Literal["game"]
    number: int
    match: MatchData | None


class Refused(TypedDict):
    t: Literal["refused"]
    reason: str
    code: NotRequired[str]
    fields: NotRequired[dict[str, str | int]]


class Asking(TypedDict):
    t: Literal["asking"]
    ahead: NotRequired[int]


#: events from index `from` on, the seat's view, the action count (`from` is a keyword: functional syntax)
State = TypedDict("State", {
    "t": Literal["state"], "from": int, "events": list[Event], "view": View, "actions": int,
    "started": NotRequired[bool], "players": NotRequired[dict[str, str]],
})


class Record(TypedDict):
    t: Literal["record"]
    record: GameRecord
    match: NotRequired[MatchData | None]


class Error(TypedDict):
    t: Literal["error"]
    reason: str
    seq: NotRequired[int | None]
    code: NotRequired[str]
    refusal: NotRequired[str]
    fields: NotRequired[dict[str, str | int]]


class Pong(TypedDict):
    t: Literal["pong"]
    n: int


class SeatNews(TypedDict):
    """One remote seat in the lobby: its player's name (None while free) and whether it is here."""

    name: str | None
    here: bool


class Seats(TypedDict):
    t: Literal["seats"]
    seats: dict[str, SeatNews]
    again: list[str]
    watchers: int


ToGuest = Welcome | GameNews | Refused | Asking | State | Record | Error | Pong | Seats

#: any message `net.protocol.unpack` lets through: one of the above, its fields checked against its schema
AnyMessage = Pake | Sealed | ToHost | ToGuest
