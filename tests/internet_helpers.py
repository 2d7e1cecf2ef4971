"""Real magic-wormhole servers for the internet tests: a mailbox and a transit relay as processes on 127.0.0.1
(never the public ones), and host and guest commands that use them."""

from __future__ import annotations

import contextlib
import json
import os
import signal
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
        mailbox = self._listening("wormhole-mailbox", self.mailbox_port, "--channel-db=:memory:")
        self.mailbox, self.mailbox_port = mailbox
        self.relay, self.relay_port = self._listening("transitrelay", self.relay_port)
        return self

    def _listening(self, plugin: str, port: int, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
        """The server started and listening. A free port found earlier may be taken meanwhile (the machine's
        outgoing connections draw from the same range). Twisted then logs CannotListenError and runs on,
        listening nowhere: such a server is stopped and started again on another port."""
        for _ in range(3):
            process = self._twist(plugin, port, *extra)
            self._wait(plugin, port, process)
            if _listening(port) and process.poll() is None:
                return process, port
            process.kill()
            process.wait(10)
            port = free_port()
        raise AssertionError(f"{plugin} could not listen three times: {self._log(plugin)}")

    def _wait(self, plugin: str, port: int, process: subprocess.Popen[bytes]) -> None:
        """Until the server listens on `port`, cannot, or exits."""
        wait_until(lambda: _listening(port) or process.poll() is not None or "CannotListenError" in self._log(plugin),
                   120,
                   lambda: f"{plugin} to listen on {port}: {self._log(plugin)}", pause=0.1)

    def _log(self, plugin: str) -> str:
        path = self.tmp / f"{plugin}.log"
        return path.read_text(errors="replace")[-600:] if path.exists() else "(no log)"

    def _twist(self, plugin: str, port: int, *extra: str) -> subprocess.Popen[bytes]:
        log = (self.tmp / f"{plugin}.log").open("wb")  # each start's own log: an earlier one's error is not this one's
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
        end_tunnels()
        s.stop()


def own_tunnels() -> list[int]:
    """The tunnel subprocesses this process started and still has (a window's screens start them)."""
    me, found = str(os.getpid()), list[int]()
    if not os.path.isdir("/proc"):  # not Linux: the tests' own process ends them
        return found
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            argv = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # it ended while we looked
        if stat.rsplit(")", 1)[1].split()[1] == me and b"net.internet.tunnel" in argv:
            found.append(int(entry))
    return found


def end_tunnels() -> None:
    """End the tunnels a test's window left open. In the game, the process's exit closes a tunnel's standard
    input, which ends it; a test's process lives on, so without this each would outlive its test."""
    for pid in own_tunnels():
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    wait_until(lambda: not own_tunnels(), 10)


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
