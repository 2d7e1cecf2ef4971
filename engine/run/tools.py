"""The engine's command-line tools (NOTATION.md "Command line"): one JSON answer, or one line of error."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..analysis import analyze
from ..errors import IllegalAction, NotationError
from ..jsonfile import DataFileError, parse_json, read_json_file
from ..position import from_position, to_position
from ..record import from_record

MAX_INPUT = 4 * 1024 * 1024  # no real position or record comes near this


def read_json(path: str) -> Any:
    """Read a JSON file (or standard input for "-") through the bounded reader (engine.jsonfile);
    every failure becomes a NotationError."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT + 1)
            if len(raw) > MAX_INPUT:
                raise DataFileError("too_large", f"is larger than {MAX_INPUT} bytes")
            return parse_json(raw)
        return read_json_file(path, MAX_INPUT)
    except DataFileError as exc:
        if exc.kind == "unreadable":
            raise NotationError(f"{path}: cannot read: {exc.detail['reason']}") from None
        if exc.kind in ("not_a_file", "too_large", "not_text"):
            raise NotationError(f"{path}: cannot read: it {exc}") from None
        raise NotationError(f"{path}: not valid JSON (it {exc})") from None


def parse_json_arg(text: str, where: str) -> Any:
    """A JSON argument (an action on the command line) to data; a NotationError for anything refused:
    bad syntax, deep nesting, an over-long integer (the same limits as for files)."""
    try:
        return parse_json(text)
    except DataFileError as exc:
        raise NotationError(f"{where}: not valid JSON ({exc})") from None


def run_command(name: str, body: Callable[[], Any]) -> int:
    """`battleline NAME`: print what `body` returns as JSON, or the refusal in one line (exit 1)."""
    try:
        result = body()
    except (NotationError, IllegalAction) as exc:
        print(f"battleline {name}: {exc}", file=sys.stderr)
        return 1
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


def cmd_analyze(args: argparse.Namespace) -> int:
    return run_command("analyze", lambda: analyze(from_position(read_json(args.position))))


def cmd_legal(args: argparse.Namespace) -> int:
    def body() -> Any:
        game = from_position(read_json(args.position))
        try:
            return game.legal_actions()
        except IllegalAction as exc:
            raise NotationError(f"cannot list actions: {exc}") from None
    return run_command("legal", body)


def cmd_apply(args: argparse.Namespace) -> int:
    def body() -> Any:
        game = from_position(read_json(args.position))
        for i, text in enumerate(args.actions):
            action = parse_json_arg(text, f"action {i + 1}")
            try:
                game.apply(action)
            except (NotationError, IllegalAction) as exc:
                raise type(exc)(f"action {i + 1}: {exc}") from None
        return to_position(game)
    return run_command("apply", body)


def cmd_replay(args: argparse.Namespace) -> int:
    def body() -> Any:
        game = from_record(read_json(args.record))
        return {"position": to_position(game), "result": game.result}
    return run_command("replay", body)
