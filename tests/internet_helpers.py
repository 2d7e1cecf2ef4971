"""Real magic-wormhole servers for the internet tests: a mailbox and a transit relay as processes on 127.0.0.1
(never the public ones), and host and guest commands that use them."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from net_helpers import CLI, free_port
from waiting import wait_until


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


class Servers:
    """`twist wormhole-mailbox` and `twist transitrelay` (run as `python -m twisted ...`), each on a free port."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.mailbox_port, self.relay_port = free_port(), free_port()
        self.mailbox: subprocess.Popen[bytes] | None = None
        self.relay: subprocess.Popen[bytes] | None = None

    def start(self) -> Servers:
        self.mailbox = self._twist("wormhole-mailbox", self.mailbox_port, "--channel-db=:memory:")
        self.relay = self._twist("transitrelay", self.relay_port)
        for port in (self.mailbox_port, self.relay_port):
            wait_until(lambda p=port: _listening(p), 120, f"a wormhole server to listen on {port}", pause=0.1)
        return self

    def _twist(self, plugin: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
        log = (self.tmp / f"{plugin}.log").open("ab")
        return subprocess.Popen([sys.executable, "-m", "twisted", plugin, f"--port=tcp:{port}:interface=127.0.0.1",
                                 *extra], stdout=log, stderr=log, cwd=self.tmp)

    def stop_mailbox(self) -> None:
        if self.mailbox is not None:
            self.mailbox.kill()
            self.mailbox.wait(10)
            self.mailbox = None

    def stop(self) -> None:
        self.stop_mailbox()
        if self.relay is not None:
            self.relay.kill()
            self.relay.wait(10)
            self.relay = None

    def options(self, *, force_relay: bool = False) -> list[str]:
        out = ["--mailbox", f"ws://127.0.0.1:{self.mailbox_port}/v1", "--transit", f"tcp:127.0.0.1:{self.relay_port}",
               "--loopback-only"]
        return [*out, "--force-relay"] if force_relay else out


@contextlib.contextmanager
def servers(tmp: Path) -> Iterator[Servers]:
    s = Servers(tmp).start()
    try:
        yield s
    finally:
        s.stop()


def start_internet_host(tmp: Path, srv: Servers, *extra: str, force_relay: bool = False,
                        ) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """A headless host with --internet; returns it and its ready line (with `wormholes`)."""
    proc = subprocess.Popen(
        [*CLI, "host", "--headless", "--internet", "--bot", "random", "--accept-any", "--timeout", "300",
         "--save", str(tmp / "host-save.json"), *srv.options(force_relay=force_relay), *extra],
        stdout=subprocess.PIPE, stderr=(tmp / "host.log").open("a"), text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, f"host did not start: {(tmp / 'host.log').read_text()}"
    return proc, json.loads(line)


def start_internet_guest(srv: Servers, code: str, *extra: str, force_relay: bool = False,
                         ) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*CLI, "join", "--internet", code, "--headless", "--bot", "random", "--timeout", "300",
         *srv.options(force_relay=force_relay), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
