"""The tunnel subprocess: one magic-wormhole, dilated, carrying TCP streams to the host's ZeroMQ port.

`python -m net.internet.tunnel host --target PORT --join CODE ...` opens a wormhole (allocating a code,
or the one given), hands the guest the game's join code in the wormhole's first message, and connects
every subchannel the guest opens to 127.0.0.1:PORT from its own source address (`--source`), so the
host's admission tells one tunnelled guest from another. `... guest CODE` claims the code, takes the
join code and listens on a local port that an ordinary `Guest` connects to.

Twisted lives here only, never in the game's process. The game reads one JSON object a line on standard
output (`{"step": ...}` while it goes, `{"failure": ...}` when it cannot) and ends the tunnel by
closing standard input. Words for people are the game's, from the step and failure names.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

APPID = "battleline.example/play/v1"
SUBPROTOCOL = "battleline"
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_TRANSIT = "tcp:transit.magic-wormhole.io:4001"
MAILBOX_WAIT_S = 10.0  # no mailbox by then: "mailbox unreachable"
WRONG_PER_CODE = 3  # wrong tries a host's code takes before it draws a fresh one


def say(**data: Any) -> None:
    """One line to the game."""
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m net.internet.tunnel")
    sub = p.add_subparsers(dest="side", required=True)
    for name in ("host", "guest"):
        s = sub.add_parser(name)
        s.add_argument("--mailbox", default=PUBLIC_MAILBOX)
        s.add_argument("--transit", default=PUBLIC_TRANSIT)
        s.add_argument("--force-relay", action="store_true", help="offer no direct path (benches, tests)")
        s.add_argument("--loopback-only", action="store_true",
                       help="offer direct paths on 127.0.0.1 only (tests: no traffic off loopback)")
        s.add_argument("--mailbox-wait", type=float, default=MAILBOX_WAIT_S)
    h = sub.choices["host"]
    h.add_argument("--target", type=int, required=True, help="the host's ZeroMQ port on 127.0.0.1")
    h.add_argument("--join", required=True, help="the game's join code, handed to the guest in the wormhole")
    h.add_argument("--source", default="127.0.0.1", help="the source address of this tunnel's connections")
    h.add_argument("--code", default=None, help="the wormhole code (allocated if not given)")
    h.add_argument("--seats", default="", help="the marks of a resumed game's seat tokens, comma-separated")
    g = sub.choices["guest"]
    g.add_argument("code")
    g.add_argument("--wait", type=float, default=60.0, help="give up when no host answers by then")
    args = p.parse_args(argv)
    from twisted.internet.task import react

    from .tunnel_twisted import run

    react(run, (args,))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
