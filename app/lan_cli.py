"""`battleline host` and `battleline join` with a window: straight into the lobby, or to the table.

With `--headless` both are net.cli's bot-played commands; without it the window opens on the title
screen with the LAN scene on top: `host --table` opens the table's lobby at once, `join ADDR --watch`
starts watching (or `join ADDR` starts playing) with the code given.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.shell import App
    from scenes.lan_host import HostLobbyScene

#: options of the headless host that mean nothing with a window (a person plays, or the table shows it)
HEADLESS_ONLY = {"bot": "easy", "accept_any": False, "seed": None, "save": None, "timeout": 900.0, "pace": 0.0,
                 "name": "Host"}


def window_refusal(args: argparse.Namespace) -> str | None:
    """One line naming the first headless-only option given to the windowed host, or None."""
    from net.cli_args import host_refusal
    from scenes.setup import PLAY_CHOICES

    refusal = host_refusal(args)
    if refusal is not None:
        return refusal
    for key, default in HEADLESS_ONLY.items():
        if getattr(args, key, default) != default:
            return f"--{key.replace('_', '-')} is for the headless host (add --headless); the window does without it"
    if args.match is not None and args.match not in PLAY_CHOICES:
        return f"--match {args.match!r}: the window offers {', '.join(c for c in PLAY_CHOICES if c != 'single')}"
    if args.code is not None and not (len(args.code) == 4 and args.code.isascii() and args.code.isdigit()):
        return f"--code {args.code!r}: a join code is 4 digits"
    if args.code is not None and (not args.table or args.resume is not None):
        # the window's lobby opens its table later, or a saved game reopens with its own code: never silently lost
        return ("--code sets the code of a table opened at once: use it with --table or --headless "
                "(the window's lobby shows a code of its own)")
    if args.resume is not None:
        from pathlib import Path

        if not Path(args.resume).is_file():
            return f"--resume {args.resume}: no such saved game"
    return None


def cmd_host(args: argparse.Namespace) -> int:
    if args.headless:
        from game.keep.lan_games import keep_lan_game
        from net.cli import cmd_host as headless

        return headless(args, keep=keep_lan_game)  # every finished game kept, as at the TV
    refusal = window_refusal(args)
    if refusal is not None:
        import sys

        print(f"battleline host: {refusal}", file=sys.stderr)
        return 2
    from app.main import run

    if args.table:
        args.fullscreen = True  # the TV as the table fills the screen (--windowed keeps a window)
    return run(args, first=lambda app: open_host_window(app, args))


def open_host_window(app: App, args: argparse.Namespace) -> HostLobbyScene:
    """The host's lobby as the options ask: the rules, `--table` opens it at once, `--resume` reopens a
    saved game (its phones come back to their port), `--phones PORT` and `--phones-qr PATH` as headless."""
    from pathlib import Path

    from scenes.lan_host import HostLobbyScene

    if getattr(args, "internet", False):  # wormhole codes instead of an address (docs/INTERNET.md)
        from net.internet.cli import options_of
        from scenes.internet_host import InternetHostScene

        scene: HostLobbyScene = InternetHostScene(app, table=args.table, players=args.players,
                                                  options=options_of(args), phones_bind=args.bind)
    else:
        scene = HostLobbyScene(app, bind=args.bind, port=args.port, table=args.table, players=args.players)
    scene.tactics, scene.timing = not args.no_tactics and args.players == 2, args.claim_timing
    if args.match is not None:
        scene.play = args.match
    if args.phones is not None:
        scene.phones_port = args.phones
    if args.phones_qr is not None:
        scene.qr_path = Path(args.phones_qr)
    app.push(scene)
    if args.resume is not None:
        scene.resume_saved(Path(args.resume))
    elif args.table and not scene.offer_kept():  # a table game kept unfinished: asked once, Enter / Esc
        scene.open_lobby()
    if args.code and scene.host is not None and args.resume is None:
        scene.host.seen.admission.code = args.code
        scene.draw_phone_code()
    return scene


def cmd_join(args: argparse.Namespace) -> int:
    if args.headless:
        from net.cli import cmd_join as headless

        return headless(args)
    from net.cli_args import join_refusal

    refusal = join_refusal(args)
    if refusal is not None:
        import sys

        print(f"battleline join: {refusal}", file=sys.stderr)
        return 2
    from app.main import run

    if getattr(args, "internet", False):
        return run(args, first=lambda app: join_over_the_internet(app, args))

    def join(app: App) -> None:
        from game.keep.lan_store import guest_token
        from net.guest import Guest
        from scenes.lan_join import GuestWaitScene

        address = args.address
        token = None if args.watch else guest_token(address)
        names = app.settings.names or [args.name]
        name = args.name if args.name != "Guest" else str(names[0])  # the name this screen uses, unless given
        guest = Guest(address, code=args.code, name=name, token=token, watch=args.watch)
        guest.connect()
        app.push(GuestWaitScene(app, guest))

    return run(args, first=join)


def join_over_the_internet(app: App, args: argparse.Namespace) -> None:
    """`battleline join --internet CODE`: the Join over the internet screen, the code typed, already going."""
    from net.internet.cli import options_of
    from scenes.internet_join import InternetJoinScene

    scene = InternetJoinScene(app, typed=args.address, options=options_of(args))
    app.push(scene)
    scene.go(args.watch)
