"""Arguments of the workshop's subcommands, `battleline screenshot` and `battleline bench`."""

from __future__ import annotations

import argparse


def args_screenshot(p: argparse.ArgumentParser) -> None:
    from .screenshot import SCENES  # names only: the scenes' own modules load when one is drawn

    p.epilog = "scenes: " + ", ".join(sorted(SCENES))
    p.add_argument("--scene", required=True, help="scene name (the list is below)")
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--seed", type=int, default=7, help="seed of the position shown")
    p.add_argument("--size", default="1920x1080", help="window size WIDTHxHEIGHT")
    p.add_argument("--lang", default="en", help="language code (en, hu, zh, ro, es, cs)")


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
    p.add_argument("--internet", action="store_true",
                   help="net: through a magic-wormhole tunnel and a local mailbox and relay, direct and relayed")
