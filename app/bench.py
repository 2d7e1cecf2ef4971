"""`battleline bench engine|bots|review|render|net|attack|party`: measured speed, printed as one JSON object.

The command lives up here because it reaches every floor: the engine's and the bots' figures, the
render bench (scenes) and the network benches.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

#: what -> (module, function taking the parsed arguments and returning the figures)
BENCHES = {"render": ("app.bench_render", "bench_render"), "net": ("net.bench", "bench_net"),
           "attack": ("tools.attack.harness", "bench_attack"), "party": ("net.web.bench", "bench_party")}
#: the checkout this game runs from, if it does: the attack harness lives in its tools/, not in the installed game
CHECKOUT = Path(__file__).resolve().parents[1]


def _reach_checkout_tools() -> None:
    """Let `tools.attack` be imported when the game runs from a checkout (an editable install, say)."""
    if (CHECKOUT / "tools" / "attack" / "harness.py").is_file() and str(CHECKOUT) not in sys.path:
        sys.path.append(str(CHECKOUT))


def cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "engine":
        from engine.run.bench import bench_engine

        result = bench_engine(args.games or 300, getattr(args, "players", 2))
    elif args.what == "bots":
        from engine.run.bench_bots import bench_bots

        result = bench_bots(args.seconds, args.games)
    elif args.what == "review":
        from engine.run.bench_bots import bench_review

        result = bench_review(args.seed if args.seed is not None else 5)
    elif args.what == "party" and getattr(args, "window", False):
        from app.bench_party_window import bench_party_window

        result = bench_party_window(args)
    else:
        module_name, func = BENCHES[args.what]
        if args.what == "attack":
            _reach_checkout_tools()
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            where = " (the attack harness runs from a checkout: tools/attack)" if args.what == "attack" else ""
            print(f"battleline bench {args.what}: not available in this build{where} ({exc})", file=sys.stderr)
            return 2
        result = getattr(module, func)(args)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0
