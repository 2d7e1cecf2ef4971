"""`battleline bench engine|bots|review|render|net|attack|party`: measured speed, printed as one JSON object.

The dispatcher reaches every floor (the engine's and the bots' figures, the render bench, the network
benches, the attack harness in tools/attack), so it sits in the workshop above them all.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

#: what -> (module, function taking the parsed arguments and returning the figures)
BENCHES = {
    "render": ("tools.workshop.bench_render", "bench_render"),
    "net": ("tools.workshop.bench_net", "bench_net"),
    "attack": ("tools.attack.harness", "bench_attack"),
    "party": ("tools.workshop.bench_party", "bench_party"),
}


def _figures(args: argparse.Namespace) -> dict[str, Any]:
    if args.what == "engine":
        from .bench_engine import bench_engine

        return bench_engine(args.games or 300, args.players)
    if args.what == "bots":
        from .bench_bots import bench_bots

        return bench_bots(args.seconds, args.games)
    if args.what == "review":
        from .bench_bots import bench_review

        return bench_review(args.seed if args.seed is not None else 5)
    if args.what == "party" and args.window:
        from .bench_party_window import bench_party_window

        return bench_party_window(args)
    module_name, func = BENCHES[args.what]
    result: dict[str, Any] = getattr(importlib.import_module(module_name), func)(args)
    return result


def cmd_bench(args: argparse.Namespace) -> int:
    result = _figures(args)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0
