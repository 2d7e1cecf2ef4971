"""The standalone bundle's entry point (tools/bundle.py freezes it): `battleline`, able to re-enter itself.

In a frozen game sys.executable is the game itself, not a Python, so the two ways the game starts
another process of its own must land here:
- multiprocessing's spawn (the bots' and the review's processes) runs the child as
  `battleline --multiprocessing-fork ...`: freeze_support() runs that child and exits (PyInstaller's
  runtime hook makes it do so on every system, not only on Windows);
- `sys.executable -m MODULE ARGS` (the LAN benches start a headless host so): the module of this game
  runs as __main__ with ARGS, as `python -m` would.
Anything else is the `battleline` command itself (app.cli). On Windows the game's battleline.exe is a
windowed program with no console: what it would print goes to logs/battleline.log in the user data folder.
"""

from __future__ import annotations

import multiprocessing
import runpy
import sys

#: The packages whose modules `-m` may run: the game's own.
OWN = ("engine", "net", "game", "scenes", "app")


def run_module(argv: list[str]) -> int:
    """`-m MODULE ARGS`: run one of the game's modules as a script, as `python -m` does."""
    if not argv:
        print("battleline: -m needs a module name", file=sys.stderr)
        return 2
    name = argv[0]
    if name.split(".")[0] not in OWN:
        print(f"battleline: -m runs the game's own modules only, not {name!r}", file=sys.stderr)
        return 2
    sys.argv = [name, *argv[1:]]
    try:
        runpy.run_module(name, run_name="__main__", alter_sys=True)
    except ImportError as exc:
        print(f"battleline: no module {name!r} in this build ({exc})", file=sys.stderr)
        return 2
    except SystemExit as exc:
        code = exc.code
        if code is None or isinstance(code, int):
            return code or 0
        print(code, file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    if sys.stdout is None or sys.stderr is None:  # Windows' windowed battleline.exe: no console to print to
        from app.startup import log_to_file_without_console

        log_to_file_without_console()
    multiprocessing.freeze_support()  # a spawned bot or review process runs here and never returns
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["-m"]:
        return run_module(args[1:])
    from app.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":  # pragma: no cover - the bundle's launcher calls main()
    sys.exit(main())
