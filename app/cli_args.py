"""Arguments of the game's own subcommands."""

from __future__ import annotations

import argparse

from net.cli_args import args_host as _net_host
from net.cli_args import args_join as _net_join


def args_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("--windowed", action="store_true", help="open in a window even if fullscreen is set")
    p.add_argument("--size", default=None, help="window size WIDTHxHEIGHT")


def args_watch(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="game record JSON file")


def args_host(p: argparse.ArgumentParser) -> None:
    _net_host(p)
    p.add_argument("--windowed", action="store_true", help="with a window: a window even for --table, which "
                                                            "otherwise opens fullscreen")


def args_join(p: argparse.ArgumentParser) -> None:
    _net_join(p)
