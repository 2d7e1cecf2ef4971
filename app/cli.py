"""The `battleline` command: the game when run bare, and tools as subcommands.

Each subcommand imports its implementation only when chosen, so `battleline legal` never pays for
pygame and `battleline` itself reaches its first frame quickly.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

# before any command imports pygame: no banner on any of them, and the window's class is the game's (pygame
# names it after the script on import otherwise, "cli.py"), which ties it to the Linux menu entry (app.desktop)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "battleline")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "battleline")

#: subcommand -> (module, function, one-line help). The function takes the parsed arguments.
Handler = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("app.main", "run", "open the game window (the default)"),
    "analyze": ("engine.run.tools", "cmd_analyze", "claim analysis of every flag of a position"),
    "legal": ("engine.run.tools", "cmd_legal", "the legal actions of a position"),
    "apply": ("engine.run.tools", "cmd_apply", "apply actions to a complete game state"),
    "replay": ("engine.run.tools", "cmd_replay", "replay a game record; print the final position and result"),
    "bench": ("tools.workshop.bench", "cmd_bench", "print benchmark figures as JSON (from a checkout)"),
    "arena": ("engine.run.arena", "cmd_arena", "play bots against each other and measure them"),
    "hint": ("engine.run.hint", "cmd_hint", "the action a bot would play from a position"),
    "review": ("engine.run.review", "cmd_review", "the three moves of a game that cost a player most, by hard"),
    "screenshot": ("tools.workshop.screenshot", "cmd_screenshot", "render a scene to a PNG file (from a checkout)"),
    "host": ("app.lan_cli", "cmd_host", "host a LAN game (--table: this screen is the table)"),
    "join": ("app.lan_cli", "cmd_join", "join a LAN game (--watch: as a watcher)"),
    "watch": ("app.main", "cmd_watch", "open a game record in the replay viewer"),
}
#: the checkout this game runs from, if it does: the workshop (screenshots, benches) lives in its tools/
CHECKOUT = Path(__file__).resolve().parents[1]
#: the workshop's commands: reached only from a checkout, since an installed game does not hold them
WORKSHOP = "tools.workshop"


def reach_workshop() -> bool:
    """Put the checkout on the import path when the game runs from one; False when there is no workshop."""
    if not (CHECKOUT / "tools" / "workshop" / "__init__.py").is_file():
        return False
    if str(CHECKOUT) not in sys.path:
        sys.path.append(str(CHECKOUT))
    return True


def _version() -> str:
    try:
        return version("battleline")
    except PackageNotFoundError:
        return "0+unknown"


def version_line() -> str:
    """`battleline --version`: the version and the hard bot's core, with the install's reason when pure."""
    from engine import compiled

    kind = compiled.available()
    if kind == "compiled":
        return f"battleline {_version()} (hard bot core: compiled)"
    note = compiled.install_note()
    why = f"; {note.removeprefix('battleline: ')}" if note else ""
    return f"battleline {_version()} (hard bot core: pure Python{why})"


class _VersionAction(argparse.Action):
    """Like argparse's `version`, but the line is made only when asked (it looks at the installed core)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the version and which core the hard bot runs, and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="battleline", description="Battle Line, every rule right.")
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument("--install-desktop", action="store_true",
                        help="Linux: add the game, with its icon, to your applications menu (for this user)")
    parser.add_argument("--uninstall-desktop", action="store_true", help="Linux: remove that menu entry again")
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
    if module.startswith(WORKSHOP + ".") and not reach_workshop():
        return None
    try:
        mod = importlib.import_module(module.rsplit(".", 1)[0] + ".cli_args")
    except ImportError:
        return None
    return getattr(mod, f"args_{name}", None)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    missing_workshop = args.command is not None and COMMANDS[args.command][0].startswith(WORKSHOP + ".") \
        and not reach_workshop()
    if unknown and not missing_workshop:  # a command that is not there takes any arguments, and says why below
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if args.install_desktop or args.uninstall_desktop:
        from app import desktop

        return desktop.install() if args.install_desktop else desktop.uninstall()
    command = args.command or "play"
    module_name, func_name, _ = COMMANDS[command]
    if missing_workshop:
        print(f"battleline {command}: runs from a checkout of the game's sources (its tools/workshop), "
              "not from an installed game", file=sys.stderr)
        return 2
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        print(f"battleline {command}: not available in this build ({exc})", file=sys.stderr)
        return 2
    handler: Handler = getattr(module, func_name)
    from app import startup

    startup.quiet()
    try:
        return int(handler(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # not expected anywhere: kept in a file the player can send, and said where
        path = startup.crash_log(exc, list(sys.argv[1:] if argv is None else argv))
        where = f"the details are in {path}" if path else "the details could not be written to a file"
        print(f"battleline {command}: stopped on an unexpected error ({type(exc).__name__}: {exc}); {where} "
              "(please send that file with your report)", file=sys.stderr)
        startup.message_box("Battle Line stopped", f"Battle Line stopped on an unexpected error.\n\n{where}\n"
                            "Please send that file with your report.")
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
