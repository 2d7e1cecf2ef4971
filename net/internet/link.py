"""The game's side of a tunnel subprocess (net.internet.tunnel): start it, read its lines, end it.

No Twisted here: the subprocess is started as `sys.executable -m net.internet.tunnel ...`, which the
frozen bundle runs too (app.frozen takes `-m` for the game's own modules). A thread reads its standard
output into a queue; `poll()` takes what arrived, so a window's frame or a headless loop never blocks.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import queue
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from ..guest import Guest
from .tunnel import PUBLIC_MAILBOX, PUBLIC_TRANSIT
from .words import WORMHOLE


@dataclass
class Options:
    """Where the wormholes meet and are relayed (magic-wormhole's own forms), and the test-only switches."""

    mailbox: str = PUBLIC_MAILBOX
    transit: str = PUBLIC_TRANSIT
    force_relay: bool = False  # offer no direct path: every byte through the transit relay
    loopback_only: bool = False  # offer direct paths on 127.0.0.1 only (tests: no traffic off loopback)
    mailbox_wait: float = 10.0

    @classmethod
    def from_env(cls, mailbox: str | None = None, transit: str | None = None) -> Options:
        """The window's choice (Settings, when it has one), else BATTLELINE_MAILBOX / BATTLELINE_TRANSIT, else the
        public servers; BATTLELINE_WORMHOLE_LOOPBACK=1 keeps direct paths on 127.0.0.1 (screenshots, tests)."""
        import os

        return cls(mailbox=mailbox or os.environ.get("BATTLELINE_MAILBOX") or PUBLIC_MAILBOX,
                   transit=transit or os.environ.get("BATTLELINE_TRANSIT") or PUBLIC_TRANSIT,
                   loopback_only=os.environ.get("BATTLELINE_WORMHOLE_LOOPBACK") == "1")

    def argv(self) -> list[str]:
        out = ["--mailbox", self.mailbox, "--transit", self.transit, "--mailbox-wait", str(self.mailbox_wait)]
        if self.force_relay:
            out.append("--force-relay")
        if self.loopback_only:
            out.append("--loopback-only")
        return out


@dataclass
class Tunnel:
    """One running tunnel and what it has said so far."""

    argv: list[str]
    proc: subprocess.Popen[bytes] | None = None
    lines: queue.Queue[dict[str, Any]] = field(default_factory=queue.Queue)
    code: str | None = None  # the wormhole code (the host's, once allocated)
    step: str = "starting"  # starting, mailbox, code, waiting, key, path, connected, reconnecting
    path: str | None = None  # direct or relayed
    failure: str | None = None  # wrong_code, code_used, no_host, mailbox_unreachable, no_path, broken
    tried: list[str] = field(default_factory=list)  # at a host: the failures of guests who tried (wrong codes)
    port: int | None = None  # at a guest: the local port that leads to the host
    join: str | None = None  # at a guest: the game's join code, from the host through the wormhole
    seats: list[str] = field(default_factory=list)  # at a guest: the marks of the seats' tokens (seat_mark) a
    # resumed game holds, from the host through the wormhole: which kept token of ours is this game's

    def start(self) -> Tunnel:
        self.proc = subprocess.Popen([sys.executable, "-m", "net.internet.tunnel", *self.argv],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        threading.Thread(target=self._read, name="tunnel-read", daemon=True).start()
        return self

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for raw in self.proc.stdout:
            try:
                data = json.loads(raw)
            except ValueError:
                continue
            if isinstance(data, dict):
                self.lines.put(data)
        self.lines.put({"ended": True})

    def poll(self) -> list[dict[str, Any]]:
        """Take what the tunnel said since the last call (and keep the latest of each thing)."""
        got: list[dict[str, Any]] = []
        while True:
            try:
                data = self.lines.get_nowait()
            except queue.Empty:
                return got
            got.append(data)
            self._note(data)

    def _note(self, data: dict[str, Any]) -> None:
        if "failure" in data and "step" not in data:
            self.failure = str(data["failure"])
        elif data.get("ended") and self.failure is None and self.step != "closed":
            self.failure = "broken"  # it died without saying why
        step = data.get("step")
        if not isinstance(step, str):
            return
        if step == "tried":
            self.tried.append(str(data.get("failure")))
            return
        if step in ("fresh", "back"):  # a fresh code after wrong tries; a guest back through the standby wormhole
            return
        self.step = step
        if step == "code":
            self.code = str(data["code"])
        elif step == "path":
            self.path = str(data["path"])
        elif step == "connected" and "port" in data:
            self.port, self.join = int(data["port"]), str(data["join"])
            marks = data.get("seats")
            self.seats = [str(m) for m in marks][:8] if isinstance(marks, list) else []

    def tell_join(self, join: str) -> None:
        """At a host: the game's join code changed (a fresh one after a refusal); the next guest gets it."""
        if self.proc is not None and self.proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                self.proc.stdin.write((json.dumps({"join": join}) + "\n").encode())
                self.proc.stdin.flush()

    def wait(self, done: Any, timeout: float) -> bool:
        """Poll until `done(self)` or a failure, or `timeout` seconds; returns whether `done` held."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            if done(self):
                return True
            if self.failure is not None:
                return False
            time.sleep(0.02)
        return False

    def close(self) -> None:
        """End the tunnel: close its standard input (it stops itself), kill it if it does not."""
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        if proc.stdout is not None:
            proc.stdout.close()
        self.step = "closed"

    def memory_kb(self) -> int | None:
        """The subprocess's resident memory (Linux), for the bench's note."""
        if self.proc is None:
            return None
        try:
            with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None


def host_tunnel(target: int, join: str, source: str, options: Options, code: str | None = None,
                seats: list[str] | None = None) -> Tunnel:
    """`seats`: the marks (seat_mark) of the tokens a resumed game's remote seats hold, told to each guest."""
    argv = ["host", "--target", str(target), "--join", join, "--source", source, *options.argv()]
    if code is not None:
        argv += ["--code", code]
    if seats:
        argv += ["--seats", ",".join(seats)]
    return Tunnel(argv).start()


def guest_tunnel(code: str, options: Options, wait: float = 60.0) -> Tunnel:
    return Tunnel(["guest", code, "--wait", str(wait), *options.argv()], code=code).start()


def seat_mark(token: str) -> str:
    """A seat token's mark: what a restarted host (with fresh wormhole codes) tells whoever comes in, so a guest
    finds which of its kept tokens is this game's. It reveals nothing that would take the seat: only the token
    does, and the mark goes only through the wormhole, to the one who typed the code."""
    return hashlib.sha256(b"battleline seat mark\0" + token.encode()).hexdigest()[:16]


def source_address(n: int) -> str:
    """A loopback address of its own for the n-th tunnel (127.77.0.n+1), so the host's admission counts each
    tunnelled guest as its own address; 127.0.0.1 where the system has only that one (macOS)."""
    address = f"127.77.{(n // 250) % 250}.{n % 250 + 1}"
    try:
        with socket.socket() as s:
            s.bind((address, 0))
    except OSError:
        return "127.0.0.1"
    return address


#: a tunnelled guest reconnects to a host silent this long (a LAN guest: after 5 s). Its link is a Dilated
#: wormhole, which carries the same connection across a cut (a home's link down for 15 s, TCP's retries after
#: it): a new connection would ride the same wormhole and could not come sooner, only make the host seat the
#: guest again. The screens still say "the host is silent" after 5 s (`alive()`).
TUNNEL_RECONNECT_AFTER_S = 60.0


class TunnelledGuest(Guest):
    """An ordinary guest joined to the local end of a tunnel, with the join code the wormhole carried; closing the
    guest (the board does, after play) ends the tunnel too."""

    def __init__(self, tunnel: Tunnel, *, name: str, watch: bool = False, token: str | None = None) -> None:
        super().__init__(f"127.0.0.1:{tunnel.port}", code=tunnel.join or "", name=name, watch=watch, token=token)
        self.tunnel = tunnel
        self.wormhole = tunnel.code or ""  # the code typed: the game is kept under it, for Continue
        self.core.reconnect_after = TUNNEL_RECONNECT_AFTER_S

    def kept_at(self) -> str:
        """The joined game is noted under its wormhole code (the tunnel's local port dies with this process)."""
        return f"{WORMHOLE}{self.wormhole}"

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.tunnel.close()
