"""What a phone sends the bridge: JSON text frames, each checked for shape before the bridge reads it (and the
match score the bridge sends back with a finished game).

docs/PROTOCOL.md (Phones) lists them: `join` (code, name, token, and `watch` to join as a watcher),
`action`, `start`, `again`. Anything else is a `PhoneError` with a reason and a code for the page; the
bridge (net.web.bridge) counts refusals and closes a socket that floods it.
"""

from __future__ import annotations

import json
from typing import Any

from engine import IllegalAction, NotationError


class PhoneError(ValueError):
    """A phone message that is refused; `code` says what kind of refusal it is."""

    def __init__(self, reason: str, code: str = "bad_message", why: IllegalAction | None = None) -> None:
        super().__init__(str(why) if why is not None else reason)
        self.code = code
        self.why = why  # a refusal the engine gave: the page says its code and fields in the phone's language


MAX_DEPTH = 8  # a phone's deepest message (an action) is three levels


def _depth(value: Any) -> int:
    """How deep containers nest in a parsed JSON value (bounded by the frame size, so no recursion limit)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_message(raw: str | bytes) -> dict[str, Any]:
    """Read one phone message; raise PhoneError with a reason for anything that is not a valid one."""
    if isinstance(raw, bytes):
        raise PhoneError("send text frames of JSON")
    try:
        data = json.loads(raw)
    except ValueError:
        raise PhoneError("not JSON") from None
    except RecursionError:  # "[[[[..." a thousand deep: refused like any bad message, never a crash
        raise PhoneError("JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise PhoneError("a message is a JSON object")
    if _depth(data) > MAX_DEPTH:
        raise PhoneError("JSON nested too deeply")
    try:  # a lone surrogate ("\ud800") is no text: it could never be passed on to the host
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise PhoneError("not valid text (a lone surrogate)") from None
    kind = data.get("t")
    if kind == "join":
        for key in data:
            if key not in ("t", "code", "name", "token", "watch"):
                raise PhoneError(f"join.{key}: unknown field")
        code, name, token = data.get("code"), data.get("name"), data.get("token")
        if not isinstance(code, str) or not 1 <= len(code) <= 12:
            raise PhoneError("join.code: expected the join code")
        if not isinstance(name, str) or len(name) > 40:
            raise PhoneError("join.name: expected a name of at most 40 letters")
        if token is not None and (not isinstance(token, str) or len(token) > 64):
            raise PhoneError("join.token: expected a token or null")
        if not isinstance(data.get("watch", False), bool):
            raise PhoneError("join.watch: expected true or false")
        return data
    if kind == "action":
        if set(data) != {"t", "action"}:
            raise PhoneError("action: expected exactly the field action")
        return data
    if kind in ("start", "again"):
        if set(data) != {"t"}:
            raise PhoneError(f"{kind}: expected no fields")
        return data
    raise PhoneError(f"unknown message type {kind!r}")


def match_score(match: dict[str, Any] | None) -> dict[str, Any]:
    """The match's score and whether it is over, for the phone's end screen (R40, R41); {} for a single game."""
    if match is None:
        return {}
    from engine.match import Match

    try:
        read = Match.from_dict(match)
    except NotationError:
        return {}
    return {"score": dict(read.scores), "match_over": read.over}
