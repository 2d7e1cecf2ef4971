"""The windowed table host after a crash: Continue (or `host --table --resume`) reopens the game with the phone
page on the port the phones knew, so their own reconnect, with the tokens they kept, brings them back; the
windowed `host` takes --resume, --phones and --phones-qr as the headless one does, and refuses the rest in a line.
Phones here are WebSocket clients speaking the page's JSON, on real sockets; the browser tests do the same
with Chromium (tests/test_phones_party.py)."""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from net_helpers import CLI
from waiting import wait_until
from websockets.sync.client import ClientConnection, connect

from app.lan_cli import open_host_window
from game.keep.settings import Settings
from game.ui.shell import App
from net.cli_args import args_host
from scenes import screens
from scenes.board import BoardScene
from scenes.lan_host import HostLobbyScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["Tess"]), fixed_dt=1 / 60)


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    args_host(parser)
    return parser.parse_args(list(argv))


def _until(app: App, ready: Any, phones: list[ClientConnection], seen: dict[int, list[dict[str, Any]]],
           seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.step()
        for n, ws in enumerate(phones):
            with contextlib.suppress(TimeoutError):
                seen.setdefault(n, []).append(json.loads(ws.recv(timeout=0.005)))
        if ready():
            return
    raise AssertionError("timed out")


def _closed(port: int) -> bool:
    """Whether nothing listens on `port` any more (a connection to it is refused)."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except ConnectionRefusedError:
        return True
    return False


def _last(seen: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((m for m in reversed(seen) if m["t"] == kind), None)


def test_the_windowed_table_resumes_on_the_phones_port_and_they_come_back(app: App, tmp_path: Path) -> None:
    lobby = open_host_window(app, _args("--table", "--bind", "127.0.0.1", "--port", "0"))
    assert isinstance(lobby, HostLobbyScene) and lobby.host is not None and lobby.phones is not None
    port, code = lobby.phones.port, lobby.host.seen.code
    url = f"ws://127.0.0.1:{port}/ws"
    seen: dict[int, list[dict[str, Any]]] = {}
    stack = contextlib.ExitStack()
    phones = [stack.enter_context(connect(url)) for _ in range(2)]
    with stack:
        for n, (ws, name) in enumerate(zip(phones, ("Ana", "Ben"), strict=True)):
            ws.send(json.dumps({"t": "join", "code": code, "name": name, "token": None}))
            _until(app, lambda: lobby.host is not None and lobby.host.seen.join_request is not None, phones, seen)
            lobby.answer(True)
            _until(app, lambda n=n: _last(seen.get(n, []), "state") is not None, phones, seen)
        phones[1].send(json.dumps({"t": "start"}))  # a phone starts the game once both are in
        _until(app, lambda: isinstance(app.top, BoardScene), phones, seen)
        board = app.top
        assert isinstance(board, BoardScene)
        host = board.table.host  # type: ignore[attr-defined]
        for _ in range(6):  # a few actions by the phones
            _until(app, lambda: any((_last(seen[n], "state") or {}).get("legal") for n in (0, 1)), phones, seen)
            mover = next(n for n in (0, 1) if (_last(seen[n], "state") or {}).get("legal"))
            state = _last(seen[mover], "state")
            assert state is not None
            phones[mover].send(json.dumps({"t": "action", "action": state["legal"][0]}))
            done = state["actions"] + 1
            _until(app, lambda m=mover, d=done: (_last(seen[m], "state") or {}).get("actions", 0) >= d, phones, seen)
        save, actions = host.save_path, len(host.seen.game.actions)
        tokens = [(_last(seen[n], "state") or {})["token"] for n in (0, 1)]
        assert save is not None and json.loads(save.read_text())["phones_port"] == port
    app.reset(screens.main_menu(app))  # the TV goes away (its board closes the host and the phone page)
    wait_until(lambda: _closed(port), 60, "the phone page's port closed")
    # the window again, as `battleline host --table --resume SAVE --phones-qr PATH` (or Continue) opens it
    lobby = open_host_window(app, _args("--table", "--resume", str(save), "--bind", "127.0.0.1", "--port", "0",
                                        "--phones-qr", str(tmp_path / "qr")))
    assert lobby.host is not None and lobby.phones is not None
    assert lobby.phones.port == port and lobby.phones_busy is None, "the phones' own port again"
    from net.web.qr import write_qr

    assert f":{port}/?code={code}" in lobby.phones_url, "the same address and code: the same QR on the TV"
    write_qr(lobby.phones_url, tmp_path / "expected.png")
    assert (tmp_path / "qr.png").read_bytes() == (tmp_path / "expected.png").read_bytes(), "--phones-qr is written"
    seen = {}
    stack = contextlib.ExitStack()
    phones = [stack.enter_context(connect(url)) for _ in range(2)]
    with stack:
        for ws, token, name in zip(phones, tokens, ("Ana", "Ben"), strict=True):  # what the page does on reconnect
            ws.send(json.dumps({"t": "join", "code": code, "name": name, "token": token}))
        # the lobby's news and the states may come in either order (under load the state often comes first)
        _until(app, lambda: all((_last(seen.get(n, []), "state") or {}).get("actions") == actions for n in (0, 1))
               and _last(seen.get(0, []), "lobby") is not None, phones, seen)
        lobby_news = _last(seen[0], "lobby")
        assert lobby_news is not None and {s["name"] for s in lobby_news["seats"].values()} == {"Ana", "Ben"}
        # nobody taps Start: once every seat is back the resumed game goes on by itself (issue 49)
        _until(app, lambda: isinstance(app.top, BoardScene), phones, seen)
        _until(app, lambda: all((_last(seen[n], "state") or {}).get("started") for n in (0, 1)), phones, seen)
        assert not any(m["t"] == "error" for n in (0, 1) for m in seen[n]), "no Start needed, none refused"
    app.reset(screens.main_menu(app))


def test_a_busy_phone_port_falls_back_and_the_tv_says_so(app: App, tmp_path: Path) -> None:
    from net.host import Host

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        from engine import Rules

        host = Host.new(rules=Rules(True, "standard"), seed=3, code="1357", host_name="T", host_seat=None,
                        port=0, bind="127.0.0.1", save_path=tmp_path / "table.json")
        host.phones_port = taken
        host.save()
        host.close()
        lobby = open_host_window(app, _args("--table", "--resume", str(tmp_path / "table.json"),
                                            "--bind", "127.0.0.1", "--port", "0"))
        assert lobby.phones is not None and lobby.phones.port != taken and lobby.phones_busy == taken
        assert json.loads((tmp_path / "table.json").read_text())["phones_port"] == lobby.phones.port
        app.step()  # the lobby draws its warning
        lobby.leave()


@pytest.mark.parametrize(("option", "said"), [
    (["--seed", "3"], "--seed is for the headless host"),
    (["--accept-any"], "--accept-any is for the headless host"),
    (["--resume", "/nonexistent/save.json"], "no such saved game"),
    (["--match", "games:7"], "the window offers"),
])
def test_the_window_refuses_what_it_cannot_do_in_one_line(option: list[str], said: str, tmp_path: Path) -> None:
    done = subprocess.run([*CLI, "host", "--table", *option], capture_output=True, text=True, timeout=60,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
                               "BATTLELINE_CONFIG_DIR": str(tmp_path), "BATTLELINE_DATA_DIR": str(tmp_path)})
    assert done.returncode == 2 and said in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_play_again_from_both_phones_moves_the_tv_to_the_next_game(app: App) -> None:
    from scenes.results import ResultsScene

    lobby = open_host_window(app, _args("--table", "--bind", "127.0.0.1", "--port", "0"))
    assert lobby.host is not None and lobby.phones is not None
    url, code = f"ws://127.0.0.1:{lobby.phones.port}/ws", lobby.host.seen.code
    seen: dict[int, list[dict[str, Any]]] = {}
    stack = contextlib.ExitStack()
    phones = [stack.enter_context(connect(url)) for _ in range(2)]
    with stack:
        for n, (ws, name) in enumerate(zip(phones, ("Ana", "Ben"), strict=True)):
            ws.send(json.dumps({"t": "join", "code": code, "name": name, "token": None}))
            _until(app, lambda: lobby.host is not None and lobby.host.seen.join_request is not None, phones, seen)
            lobby.answer(True)
            _until(app, lambda n=n: _last(seen.get(n, []), "state") is not None, phones, seen)
        phones[0].send(json.dumps({"t": "start"}))
        _until(app, lambda: isinstance(app.top, BoardScene), phones, seen)
        deadline = time.monotonic() + 240
        while not isinstance(app.top, ResultsScene) and time.monotonic() < deadline:
            _until(app, lambda: True, phones, seen, 0.05)
            for n in (0, 1):
                state = _last(seen[n], "state") or {}
                if state.get("legal") and state.get("actions") != getattr(phones[n], "acted", None):
                    claims = [a for a in state["legal"] if a["type"] == "claim"]
                    phones[n].send(json.dumps({"t": "action", "action": (claims or state["legal"])[0]}))
                    phones[n].acted = state["actions"]  # type: ignore[attr-defined]
                    time.sleep(0.11)  # a thumb's pace: under the bridge's rate limit
        assert isinstance(app.top, ResultsScene), "the game did not end in time"
        phones[0].send(json.dumps({"t": "again"}))
        results = app.top
        _until(app, lambda: "Ana wants to play again." in results.status(), phones, seen)
        phones[1].send(json.dumps({"t": "again"}))
        _until(app, lambda: isinstance(app.top, BoardScene) and app.top.table.number == 2, phones, seen)  # type: ignore[attr-defined]
        _until(app, lambda: all((_last(seen[n], "state") or {}).get("number") == 2 for n in (0, 1)), phones, seen)
    app.reset(screens.main_menu(app))
