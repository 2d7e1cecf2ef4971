"""Arguments of the game's own subcommands."""

from __future__ import annotations

import argparse

from engine.run.cli_args import args_bench as _engine_bench
from net.cli_args import args_host as _net_host
from net.cli_args import args_join as _net_join


def args_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("--windowed", action="store_true", help="open in a window even if fullscreen is set")
    p.add_argument("--size", default=None, help="window size WIDTHxHEIGHT")


def args_watch(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="game record JSON file")


def args_screenshot(p: argparse.ArgumentParser) -> None:
    from app.screenshot import SCENES  # names only: the scenes' own modules load when one is drawn

    p.epilog = "scenes: " + ", ".join(sorted(SCENES))
    p.add_argument("--scene", required=True, help="scene name (the list is below)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--seed", type=int, default=7, help="seed of the position shown")
    p.add_argument("--size", default="1920x1080", help="window size WIDTHxHEIGHT")
    p.add_argument("--lang", default="en", help="language code (en, hu, zh, ro, es, cs)")


def args_host(p: argparse.ArgumentParser) -> None:
    _net_host(p)
    p.add_argument("--windowed", action="store_true", help="with a window: a window even for --table, which "
                                                            "otherwise opens fullscreen")


def args_join(p: argparse.ArgumentParser) -> None:
    _net_join(p)


def args_bench(p: argparse.ArgumentParser) -> None:
    _engine_bench(p)
    p.add_argument("--internet", action="store_true",
                   help="net: through a magic-wormhole tunnel and a local mailbox and relay, direct and relayed")
