"""`battleline host --internet` and `battleline join --internet CODE`: the headless commands' wormholes.

The host opens one wormhole per seat played from elsewhere (and `--watchers N` more), each a tunnel
subprocess with its own loopback source address; the guest opens one with the code it was told, and
then joins the local end of its tunnel exactly as it would join a host on the LAN, with the join code
the wormhole carried. Failures come back as one line in words (net.internet.words).
"""

from __future__ import annotations

import argparse
import logging
from typing import Protocol

from ..seen import HostSeen
from .link import PUBLIC_MAILBOX, PUBLIC_TRANSIT, Options, Tunnel, guest_tunnel, host_tunnel, seat_mark, source_address
from .words import FAILURES, code_problem, normal

log = logging.getLogger("battleline.internet")
OPEN_WAIT_S = 30.0  # for a host's codes to be allocated


def add_options(p: argparse.ArgumentParser, host: bool) -> None:
    """`--internet`, `--mailbox URL`, `--transit tcp:HOST:PORT` (and the tests' hidden switches)."""
    if host:
        p.add_argument("--internet", action="store_true",
                       help="play over the internet: print a wormhole code for each guest (magic-wormhole)")
        p.add_argument("--watchers", type=int, default=0, metavar="N",
                       help="with --internet: N more wormhole codes, for watchers")
    else:
        p.add_argument("--internet", action="store_true",
                       help="the address is a wormhole code from a host playing over the internet")
    p.add_argument("--mailbox", default=PUBLIC_MAILBOX, metavar="URL",
                   help="with --internet: the magic-wormhole mailbox server (default: the public one)")
    p.add_argument("--transit", default=PUBLIC_TRANSIT, metavar="tcp:HOST:PORT",
                   help="with --internet: the transit relay (default: the public one)")
    p.add_argument("--force-relay", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--loopback-only", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--mailbox-wait", type=float, default=10.0, help=argparse.SUPPRESS)


def options_of(args: argparse.Namespace) -> Options:
    return Options(mailbox=args.mailbox, transit=args.transit, force_relay=args.force_relay,
                   loopback_only=args.loopback_only, mailbox_wait=args.mailbox_wait)


def options_refusal(args: argparse.Namespace) -> str | None:
    """Why the internet options cannot work (None: they may)."""
    if not (args.mailbox.startswith("ws://") or args.mailbox.startswith("wss://")):
        return f"--mailbox {args.mailbox!r}: expected a ws:// or wss:// address, e.g. {PUBLIC_MAILBOX}"
    parts = args.transit.split(":")
    if len(parts) != 3 or parts[0] != "tcp" or not parts[1] or not parts[2].isdigit():
        return f"--transit {args.transit!r}: expected tcp:HOST:PORT, e.g. {PUBLIC_TRANSIT}"
    if getattr(args, "watchers", 0) < 0 or getattr(args, "watchers", 0) > 8:
        return f"--watchers {args.watchers}: from 0 to 8"
    return None


def words_for(failure: str, args: argparse.Namespace) -> str:
    return FAILURES.get(failure, FAILURES["broken"]).format(mailbox=args.mailbox, transit=args.transit)


class Door:
    """A host's wormholes: one tunnel for each guest it waits for, each from its own source address."""

    def __init__(self, target: int, join: str, count: int, options: Options, seats: list[str] | None = None) -> None:
        self.target, self.options = target, options
        self.seats = seats or []  # a resumed game's seat-token marks (seat_mark), told to each guest
        self.tunnels: list[Tunnel] = [host_tunnel(target, join, source_address(n + 1), options, seats=self.seats)
                                      for n in range(count)]
        self.said: list[str | None] = [None] * count
        self.join = join
        self.error: str | None = None  # a window keeps a Door where it keeps a LAN advertiser (close, error)

    def open(self, timeout: float = OPEN_WAIT_S) -> str | None:
        """Wait for every code; returns a failure's name, or None."""
        for tunnel in self.tunnels:
            if not tunnel.wait(lambda t: t.code is not None, timeout):
                return tunnel.failure or "mailbox_unreachable"
        self.said = self.codes()
        return None

    def follow(self, join: str) -> None:
        """The host drew a fresh join code: its tunnels hand that one to the guests still to come."""
        if join != self.join:
            self.join = join
            for tunnel in self.tunnels:
                tunnel.tell_join(join)

    @property
    def failure(self) -> str | None:
        """Why a wormhole could not open or went on no longer (the first such tunnel's failure's name), or None."""
        return next((t.failure for t in self.tunnels if t.failure is not None), None)

    def retry(self) -> None:
        """Open each failed wormhole again (a fresh code from the mailbox), from the same source address."""
        for n, tunnel in enumerate(self.tunnels):
            if tunnel.failure is not None:
                tunnel.close()
                self.tunnels[n] = host_tunnel(self.target, self.join, source_address(n + 1), self.options,
                                              seats=self.seats)
                self.said[n] = None

    def codes(self) -> list[str | None]:
        return [t.code for t in self.tunnels]

    def poll(self) -> list[tuple[int, str]]:
        """What changed since the last call, for the log: (tunnel index, what) pairs; new codes included."""
        out: list[tuple[int, str]] = []
        for i, tunnel in enumerate(self.tunnels):
            for data in tunnel.poll():
                if data.get("step") == "tried":
                    out.append((i, f"someone tried a {data.get('failure')} on {tunnel.code}; still waiting"))
                elif data.get("step") == "back":
                    out.append((i, f"{tunnel.code}: a guest came back through a new wormhole on the same code"))
                elif data.get("step") == "path":
                    out.append((i, f"{tunnel.code}: connected, {data.get('path')}"))
            if tunnel.code != self.said[i]:
                self.said[i] = tunnel.code
                out.append((i, f"a fresh code: {tunnel.code}"))
        return out

    def memory_kb(self) -> int:
        return sum(t.memory_kb() or 0 for t in self.tunnels)

    def close(self) -> None:
        for tunnel in self.tunnels:
            tunnel.close()


class Hosting(Protocol):
    """What the wormholes need of a host: its port and what it has seen (a Host, the lobby's host)."""

    @property
    def port(self) -> int: ...

    @property
    def seen(self) -> HostSeen: ...


def marks_of(host: Hosting) -> list[str]:
    """The marks of the seat tokens a host holds (a resumed game's; none for a new one), for its wormholes."""
    return [seat_mark(r.token) for r in host.seen.remotes.values() if r.token]


def open_door(args: argparse.Namespace, host: Hosting) -> tuple[Door | None, str | None]:
    """The host's wormholes, codes allocated; (None, words) when they cannot be opened."""
    door = Door(host.port, host.seen.code, len(host.seen.remotes) + args.watchers, options_of(args), marks_of(host))
    failure = door.open()
    if failure is not None:
        door.close()
        return None, words_for(failure, args)
    return door, None


def open_link(args: argparse.Namespace) -> tuple[Tunnel | None, str | None]:
    """The guest's wormhole, through to the host: sets `args.address` to its local end and `args.code` to the
    join code it carried; (None, words) when it fails."""
    code = normal(args.address)
    tunnel = guest_tunnel(code, options_of(args), wait=min(args.timeout, 120.0))
    if not tunnel.wait(lambda t: t.port is not None, min(args.timeout, 180.0)):
        failure = tunnel.failure or "no_host"
        tunnel.close()
        return None, words_for(failure, args)
    args.address, args.code = f"127.0.0.1:{tunnel.port}", tunnel.join
    log.info("through the wormhole %s, %s", code, tunnel.path)
    return tunnel, None


def join_refusal(args: argparse.Namespace) -> str | None:
    return code_problem(args.address) or options_refusal(args)
