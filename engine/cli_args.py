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


def args_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", choices=["engine", "bots", "review", "render", "net", "attack", "party"],
                   help="what to measure")
    p.add_argument("--games", type=int, default=None, help="games to play (engine; bots: playout games)")
    p.add_argument("--seconds", type=float, default=None, help="rough time budget (bots: search seconds per position)")
    p.add_argument("--seed", type=int, default=None, help="review: the seed of the game reviewed (default 5)")
    p.add_argument("--players", type=int, choices=[2, 3], default=2,
                   help="engine: with 3, three-player games are timed too, beside the two-player figures; "
                        "party: three phones at a three-player table")
    p.add_argument("--window", action="store_true",
                   help="party: the table in a real window; times a phone's action to the first frame showing it "
                        "and to the end of its animation (needs a display)")
