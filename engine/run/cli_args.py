"""Arguments of the engine's subcommands (kept apart so building the parser imports nothing heavy)."""

from __future__ import annotations

import argparse


def args_analyze(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="position JSON file, or - for standard input")


def args_legal(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="position JSON file, or - for standard input")


def args_apply(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="complete game state JSON file, or - for standard input")
    p.add_argument("actions", nargs="+", metavar="ACTION", help="an action as inline JSON")


def args_replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="game record JSON file, or - for standard input")


def args_arena(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", required=True, metavar="A,B",
                   help="two bot levels, e.g. easy,random (three with --players 3)")
    p.add_argument("--players", type=int, choices=[2, 3], default=2,
                   help="3: the three-player game (R46-R53, troops only), bots rotating over the seats")
    p.add_argument("--games", type=int, required=True, metavar="N", help="games to play")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (then S+1, ...)")
    p.add_argument("--move-time", type=float, default=None, metavar="SEC",
                   help="thinking time per decision of searching bots (hard); default 1")
    p.add_argument("--iterations", type=int, default=None, metavar="K",
                   help="fixed search iterations per decision instead of a time budget (reproducible)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes")
    p.add_argument("--no-tactics", action="store_true", help="play without tactics cards (R43)")
    p.add_argument("--claim-timing", default="standard", choices=["standard", "advanced", "end"],
                   help="when claims are made (R11)")


def args_hint(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", help="position JSON file, or - for standard input")
    p.add_argument("--bot", default="hard", metavar="LEVEL", help="bot level (default hard)")
    p.add_argument("--move-time", type=float, default=None, metavar="SEC", help="thinking time (hard)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the bot's seed")


def args_review(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="game record JSON file, or - for standard input")
    p.add_argument("--seat", required=True, metavar="SEAT", help="the player reviewed: north or south")
    p.add_argument("--iterations", type=int, default=600, metavar="K", help="hard's iterations per move (600)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="the reviewing bot's seed")
