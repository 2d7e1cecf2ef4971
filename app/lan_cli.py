"""`battleline host` and `battleline join` with a window: straight into the lobby, or to the table.

With `--headless` both are net.cli's bot-played commands; without it the window opens on the title
screen with the LAN scene on top: `host --table` opens the table's lobby at once, `join ADDR --watch`
starts watching (or `join ADDR` starts playing) with the code given.
"""

from __future__ import annotations

import argparse
from typing import Any


def cmd_host(args: argparse.Namespace) -> int:
    if args.headless:
        from net.cli import cmd_host as headless

        return headless(args)
    from app.main import run

    def lobby(app: Any) -> None:
        from scenes.lan_host import HostLobbyScene

        scene = HostLobbyScene(app, bind=args.bind, port=args.port, table=args.table)
        scene.tactics, scene.timing = not args.no_tactics, args.claim_timing
        app.push(scene)
        if args.table:
            scene.open_lobby()
            if args.code and scene.host is not None:
                scene.host.admission.code = args.code

    return run(args, first=lobby)


def cmd_join(args: argparse.Namespace) -> int:
    if args.headless:
        from net.cli import cmd_join as headless

        return headless(args)
    from app.main import run

    def join(app: Any) -> None:
        from game.keep.lan_store import guest_token
        from net.guest import Guest
        from scenes.lan_join import GuestWaitScene

        address = args.address
        token = None if args.watch else guest_token(address)
        names = getattr(app.settings, "names", None) or [args.name]
        name = args.name if args.name != "Guest" else str(names[0])  # the name this screen uses, unless given
        guest = Guest(address, code=args.code, name=name, token=token, watch=args.watch)
        guest.connect()
        app.push(GuestWaitScene(app, guest))

    return run(args, first=join)
