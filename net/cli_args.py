"""Arguments of `battleline host` and `battleline join`."""

from __future__ import annotations

import argparse


def args_host(p: argparse.ArgumentParser) -> None:
    p.add_argument("--headless", action="store_true", help="no window: a bot plays the host's seat")
    p.add_argument("--table", action="store_true",
                   help="host as the table: no seat here, every player is a guest and watchers may watch")
    p.add_argument("--bot", default="easy", help="bot level for the host's seat when headless")
    p.add_argument("--port", type=int, default=47110, help="TCP port to listen on (0: any free port)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    p.add_argument("--code", default=None, help="4-digit join code (random if not given)")
    p.add_argument("--accept-any", action="store_true",
                   help="let in any guest with the right code without asking (tests and bots; headless only)")
    p.add_argument("--seed", type=int, default=None, help="game seed (random if not given)")
    p.add_argument("--name", default="Host", help="the host player's name")
    p.add_argument("--no-tactics", action="store_true", help="play without tactics cards (R43)")
    p.add_argument("--players", type=int, default=2, choices=[2, 3],
                   help="2, or 3: seats south, west and east, troops only (R46)")
    p.add_argument("--claim-timing", default="standard", choices=["standard", "advanced", "end"])
    p.add_argument("--match", default=None, metavar="END[:LIMIT]",
                   help="play a match (R41): games:N, points:N or hungarian")
    p.add_argument("--save", default=None, help="file to save the game to after every action")
    p.add_argument("--resume", default=None, help="reopen a saved LAN game from this file")
    p.add_argument("--timeout", type=float, default=900.0, help="give up after this many seconds")
    p.add_argument("--pace", type=float, default=0.0, help="seconds to wait before each bot move")
    p.add_argument("--phones", type=int, default=None, metavar="PORT",
                   help="also serve the phone page on this port (0: any free port); a phone joins as the guest")
    p.add_argument("--phones-qr", default=None, metavar="PATH",
                   help="where to write the phone address's QR code (PATH.png and PATH.txt)")
    from .internet.cli import add_options

    add_options(p, host=True)


def args_join(p: argparse.ArgumentParser) -> None:
    p.add_argument("address", help="host address HOST:PORT (with --internet: the wormhole code)")
    p.add_argument("--headless", action="store_true", help="no window: a bot plays the guest's seat")
    p.add_argument("--watch", action="store_true", help="watch the game: no seat, public information only")
    p.add_argument("--dump", default=None, help="headless: write every message received to this file (JSON lines)")
    p.add_argument("--bot", default="easy", help="bot level for the guest's seat when headless")
    p.add_argument("--code", default=None, help="the host's 4-digit join code (not with --internet)")
    p.add_argument("--name", default="Guest", help="the guest player's name")
    p.add_argument("--token-file", default=None, help="where the session token is kept for rejoining")
    p.add_argument("--seed", type=int, default=0, help="bot seed")
    p.add_argument("--timeout", type=float, default=900.0, help="give up after this many seconds")
    p.add_argument("--pace", type=float, default=0.0, help="seconds to wait before each bot move")
    from .internet.cli import add_options

    add_options(p, host=False)


# ---------------------------------------------------------------------- checks: one line each, before anything starts
def port_refusal(option: str, value: int | None, lowest: int = 0) -> str | None:
    if value is not None and not lowest <= value <= 65535:
        return f"{option} {value}: a port is a number from {lowest} to 65535"
    return None


def address_refusal(text: str) -> str | None:
    """`HOST:PORT` (or tcp://HOST:PORT): a host name or IP literal (IPv6 in brackets) and a port 1-65535."""
    import ipaddress
    import re

    bare = text[len("tcp://"):] if text.startswith("tcp://") else text
    host, sep, port = bare.rpartition(":")
    wrong = f"{text!r}: expected an address HOST:PORT, e.g. 192.168.1.20:47110"
    if not sep or not port.isascii() or not port.isdigit() or not host:
        return wrong
    if host.startswith("[") and host.endswith("]"):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return wrong
    elif not re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", host):
        return wrong
    return port_refusal(text, int(port), 1) and f"{text!r}: a port is a number from 1 to 65535"


def bind_refusal(text: str) -> str | None:
    import ipaddress

    if text in ("*", "localhost"):
        return None
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return f"--bind {text!r}: expected an IP address of this machine, e.g. 0.0.0.0 (every network)"
    return None


def file_refusal(option: str, path: str | None) -> str | None:
    """A file this command will write: its folder must exist, and it must not be a folder itself."""
    from pathlib import Path

    if path is None:
        return None
    where = Path(path)
    if where.is_dir():
        return f"{option} {path}: that is a folder, not a file"
    if not where.parent.is_dir():
        return f"{option} {path}: no such folder {str(where.parent)!r}"
    return None


def host_refusal(args: argparse.Namespace) -> str | None:
    """Why `battleline host`'s options cannot work (None: they may)."""
    if getattr(args, "internet", False):
        from .internet.cli import options_refusal

        refusal = options_refusal(args)
        if refusal is not None:
            return refusal
    return (port_refusal("--port", args.port) or port_refusal("--phones", args.phones) or bind_refusal(args.bind)
            or file_refusal("--save", args.save) or file_refusal("--phones-qr", args.phones_qr))


def join_refusal(args: argparse.Namespace) -> str | None:
    """Why `battleline join`'s options cannot work (None: they may)."""
    if getattr(args, "internet", False):
        from .internet.cli import join_refusal as internet_refusal

        where = internet_refusal(args)
    else:
        where = address_refusal(args.address) or (None if args.code is not None else
                                                  "--code: the host's join code is needed (or --internet CODE)")
    return (where or file_refusal("--dump", getattr(args, "dump", None))
            or file_refusal("--token-file", getattr(args, "token_file", None)))
