"""Issue 56: a host at a low file limit died under the combined attack (1 of 3 runs at 256 files): each phone's
guest opened a ZeroMQ context of its own (two threads, their epoll and wake descriptors), and when a flood of
idle connections had taken every descriptor, ZeroMQ aborted the whole process ("Too many open files
(src/epoll.cpp:38)"); a page file first read under the flood failed with a traceback. The phones' guests now
share the bridge's context, a socket that cannot open is tried again a moment later, and the page is read at
start. A real host process under a 100-file limit, strangers from 127.0.0.2-33."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from test_phones_noise import HOST_UNDER_100

from tools.attack import harness as attack
from tools.attack import siege


def test_wrong_codes_typed_into_phones_while_idle_connections_take_every_file_never_kill_the_host(
        tmp_path: Path) -> None:
    log = tmp_path / "host.log"
    host = subprocess.Popen(
        [sys.executable, "-c", HOST_UNDER_100, "host", "--headless", "--table", "--bind", "127.0.0.1", "--port", "0",
         "--code", siege.CODE, "--accept-any", "--save", str(tmp_path / "save.json"), "--phones", "0",
         "--phones-qr", str(tmp_path / "qr"), "--timeout", "120"],
        stdout=subprocess.PIPE, stderr=log.open("w"), text=True, cwd=Path(__file__).parents[1])
    assert host.stdout is not None
    ready = json.loads(host.stdout.readline() or "{}")
    figures: dict[str, Any] = {}
    try:
        assert "phones_port" in ready, log.read_text()
        port = ready["phones_port"]
        idle = threading.Thread(target=lambda: figures.update(
            idle=attack.hold_raw(port, 12.0, connections=600, addresses=32)), daemon=True)
        idle.start()
        figures["wrong"] = siege.wrong_phones(port, 12.0, addresses=32)
        idle.join(60)
        assert host.poll() is None, f"the host died: {log.read_text()[-1500:]}"
        waited, state = siege.phone_waits(port, "Nia", None, limit=60, address=siege.NEW_PHONE_AT)
        assert waited is not None and state is not None, log.read_text()[-1500:]  # and the next phone is seated
        assert host.poll() is None, f"the host died: {log.read_text()[-1500:]}"
    finally:
        host.kill()
        host.wait(10)
    text = log.read_text()
    assert figures["wrong"]["codes"] > 0 and figures["idle"]["reopened"] > 0, figures
    assert "Traceback" not in text, text[-3000:]
