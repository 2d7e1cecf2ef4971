"""The `battleline` command: the game when run bare, and tools as subcommands.

Each subcommand imports its implementation only when chosen, so `battleline legal` never pays for
pygame and `battleline` itself reaches its first frame quickly.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version

#: subcommand -> (module, function, one-line help). The function takes the parsed arguments.
Handler = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("app.main", "run", "open the game window (the default)"),
    "analyze": ("engine.run.tools", "cmd_analyze", "claim analysis of every flag of a position"),
    "legal": ("engine.run.tools", "cmd_legal", "the legal actions of a position"),
    "apply": ("engine.run.tools", "cmd_apply", "apply actions to a complete game state"),
    "replay": ("engine.run.tools", "cmd_replay", "replay a game record; print the final position and result"),
    "bench": ("app.bench", "cmd_bench", "print benchmark figures as JSON"),
    "arena": ("engine.run.arena", "cmd_arena", "play bots against each other and measure them"),
    "hint": ("engine.run.hint", "cmd_hint", "the action a bot would play from a position"),
    "review": ("engine.run.review", "cmd_review", "the three moves of a game that cost a player most, by hard"),
    "screenshot": ("app.screenshot", "cmd_screenshot", "render a scene to a PNG file"),
    "host": ("app.lan_cli", "cmd_host", "host a LAN game (--table: this screen is the table)"),
    "join": ("app.lan_cli", "cmd_join", "join a LAN game (--watch: as a watcher)"),
    "watch": ("app.main", "cmd_watch", "open a game record in the replay viewer"),
}


def _version() -> str:
    try:
        return version("battleline")
    except PackageNotFoundError:
        return "0+unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="battleline", description="Battle Line, every rule right.")
    parser.add_argument("--version", action="version", version=f"battleline {_version()}")
    # bare `battleline` is `battleline play`: its two options are taken here too (SUPPRESS: a subcommand's own
    # `--windowed` is never overwritten by this one's default)
    parser.add_argument("--windowed", action="store_true", default=argparse.SUPPRESS,
                        help="open in a window even if fullscreen is set (as `battleline play --windowed`)")
    parser.add_argument("--size", default=argparse.SUPPRESS, help="window size WIDTHxHEIGHT (as `play --size`)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, _, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        adder = _arguments_of(module, name)
        if adder is not None:
            adder(p)
    return parser


def _arguments_of(module: str, name: str) -> Callable[[argparse.ArgumentParser], None] | None:
    """Each implementing module may define `args_<command>(parser)`; modules not built yet add none."""
    try:
        mod = importlib.import_module(module.rsplit(".", 1)[0] + ".cli_args")
    except ImportError:
        return None
    return getattr(mod, f"args_{name}", None)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command or "play"
    module_name, func_name, _ = COMMANDS[command]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        print(f"battleline {command}: not available in this build ({exc})", file=sys.stderr)
        return 2
    handler: Handler = getattr(module, func_name)
    try:
        return int(handler(args) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
