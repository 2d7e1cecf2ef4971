"""The game window. Until the scenes exist, running the game lists what the command can do."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    from .cli import build_parser

    build_parser().print_help()
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    print("battleline watch: the replay viewer is not built yet")
    return 2
