"""No noise from what a phone or a flood sends (issue 56, finding 5): a clear refusal for deeply nested JSON or a
lone surrogate in a phone's name or token (never a close with 1011 and a traceback); running out of file
descriptors logged as a count, not a traceback per failed accept; an ordinary game logs no refused message.
Real host processes and sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from net_helpers import last_json, start_guest, start_host
from phone_browser import start_phone_host
from websockets.asyncio.client import connect

from tools.attack import harness as attack

BAD = {
    "nested": "[" * 2000 + "]" * 2000,
    "nested_action": json.dumps({"t": "action", "action": "x"}).replace('"x"', "[" * 50 + "]" * 50),
    "surrogate_name": '{"t": "join", "code": "4321", "name": "\\ud800", "token": null}',
    "surrogate_token": '{"t": "join", "code": "4321", "name": "Ana", "token": "\\udfff"}',
}


async def _answers(port: int) -> dict[str, object]:
    out: dict[str, object] = {}
    async with connect(f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
        for name, raw in BAD.items():
            await ws.send(raw)
            out[name] = json.loads(await asyncio.wait_for(ws.recv(), 20))
        await ws.send(json.dumps({"t": "join", "code": "4321", "name": "Ana", "token": None}))
        while True:  # the same socket still works: the phone joins
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["t"] == "state":
                out["then"] = "state"
                return out


def test_nested_json_or_a_lone_surrogate_from_a_phone_is_refused_in_one_line(tmp_path: Path) -> None:
    host, ready = start_phone_host(tmp_path)
    try:
        answers = asyncio.run(_answers(ready["phones_port"]))
    finally:
        host.kill()
        host.wait(10)
    for name in BAD:
        reply = answers[name]
        assert isinstance(reply, dict) and reply["t"] == "error" and reply["code"] == "bad_message", (name, reply)
    assert answers["then"] == "state"
    log = (tmp_path / "host.log").read_text()
    assert "Traceback" not in log and "1011" not in log, log[-3000:]


HOST_UNDER_100 = ("import resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (100, 100)); "
                  "from net.cli import main; sys.exit(main(sys.argv[1:]))")


def test_running_out_of_files_under_a_flood_is_logged_as_a_count_not_a_traceback_per_accept(tmp_path: Path) -> None:
    log = tmp_path / "host.log"
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_UNDER_100, "host", "--headless", "--bot", "random", "--bind", "127.0.0.1",
         "--port", "0", "--code", "4321", "--accept-any", "--save", str(tmp_path / "save.json"), "--phones", "0",
         "--phones-qr", str(tmp_path / "qr"), "--timeout", "60"],
        stdout=subprocess.PIPE, stderr=log.open("w"), text=True, cwd=Path(__file__).parents[1])
    assert host.stdout is not None
    ready = json.loads(host.stdout.readline() or "{}")
    try:
        assert "phones_port" in ready, log.read_text()
        figures = attack.hold_raw(ready["phones_port"], 8.0, connections=600, addresses=32)
        assert host.poll() is None, "the host died"
    finally:
        host.kill()
        host.wait(10)
    text = log.read_text()
    assert figures["reopened"] > 0
    assert text.count("Traceback") == 0, text[-3000:]
    assert text.count("cannot accept phone connections") <= 1 and len(text) < 20_000, text[-3000:]


def test_an_ordinary_game_logs_no_refused_message(tmp_path: Path) -> None:
    host, port = start_host(tmp_path, "--pace", "0.01")
    guest = start_guest(tmp_path, port)
    last_json(guest, 240)
    last_json(host, 60)
    text = (tmp_path / "host.log").read_text()
    assert "refused a message" not in text, text[-2000:]
