"""Every import arrow points down the house, and the screens do not import each other in a circle.

The floors, lowest first (docs/ARCHITECTURE.md):

    assets < engine < game.i18n < net < game.keep < game.play < game.ui < scenes < app

A module may import its own floor or any floor below it, never one above. Inside game/ that says which
room may import which: `i18n` imports no other room (it sits below net/, whose phone page serves words
from the same catalogs, and needs only the standard library and assets/); `keep` (files, settings, records, stats) only
`i18n`; `play` (tables, sittings, saves, words) `keep` and `i18n`; `ui` (the toolkit) all three. Imports
are read from the source, wherever they are: at the top, inside functions, under `TYPE_CHECKING`, and
`importlib.import_module("...")` / `__import__("...")` with a literal name; a string that names one of our
modules ("app.cli", "scenes.board:BoardScene") counts too, since that is how a module is
imported by name later. tests/ and tools/ stand outside the house and may import anything.

Scenes open one another through the typed doors of scenes/screens.py (which imports no screen: each screen's
module lets itself in at its door), so among scenes/ no module imports one that imports it back: not at the
top, not inside a function, not for types only (KNOWN_CIRCLES would list a circle still to break, and is empty).

What lies outside the house is fenced too (FORBIDDEN): engine/ and game/i18n/ use the standard library
only, and engine/ not even all of it (no window, sockets, threads, clock or processes) except in the few
engine/ai/ and bench modules docs/ARCHITECTURE.md names (ENGINE_MAY); the floors below game/ui/ draw nothing.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOORS = ("assets", "engine", "game.i18n", "net", "game.keep", "game.play", "game.ui", "scenes", "app")
ROOMS = ("i18n", "keep", "play", "ui")


def modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file of every module on a floor (packages by their __init__)."""
    found: dict[str, Path] = {}
    for top in {floor.split(".")[0] for floor in FLOORS}:
        for path in sorted((root / top).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def floor_of(name: str) -> int | None:
    """Index in FLOORS of the floor holding module `name`, or None for modules outside the house."""
    best: int | None = None
    for i, floor in enumerate(FLOORS):
        inside = name == floor or name.startswith(floor + ".")
        if inside and (best is None or len(floor) > len(FLOORS[best])):  # game.ui, not game
            best = i
    return best


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of nodes inside `if TYPE_CHECKING:` blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name == "TYPE_CHECKING":
                for stmt in node.body:
                    inside.update(id(n) for n in ast.walk(stmt))
    return inside


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int, bool]]:
    """(imported module, line, only for type checking) for every import in `path`, wherever it stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    typing_only = _type_checking_nodes(tree)
    docs = _docstrings(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def add(target: str, node: ast.AST) -> None:
        found.append((target, getattr(node, "lineno", 0), id(node) in typing_only))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                add(sub if sub in known else base, node)
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                add(str(node.args[0].value), node)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            named = node.value.split(":")[0]
            if "." in named and named in known:
                add(named, node)
    return found


#: Modules of the standard library engine/ does without, by what they would bring in.
WINDOW = ("pygame",)
NETWORK = ("socket", "selectors", "ssl", "http", "urllib", "asyncio")
THREADS = ("threading", "_thread", "concurrent", "asyncio")
CLOCK = ("time", "datetime", "sched")
PROCESSES = ("multiprocessing", "subprocess", "signal")
#: Floor -> what its modules may not import (the top-level name); "third-party" is anything outside the
#: standard library and our own floors.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": ("third-party", *WINDOW, *NETWORK, *THREADS, *CLOCK, *PROCESSES),
    "game.i18n": ("third-party",),
    "net": WINDOW,
    "game.keep": WINDOW,
    "game.play": WINDOW,
}
#: The engine/ modules that may use a clock or processes after all, and which (docs/ARCHITECTURE.md,
#: "What engine/ may not import"): a bot's time budget and the benchmarks read the clock; bots, the arena
#: and the review run in processes of their own.
ENGINE_MAY: dict[str, tuple[str, ...]] = {
    "engine.ai.hard": CLOCK,  # the move's time budget
    "engine.ai.endgame": CLOCK,  # the solver's deadline within that budget
    "engine.ai.hard3": CLOCK,  # the three-player search's share of the same budget
    "engine.run.hint": CLOCK,  # the time a hint took, reported
    "engine.run.arena": CLOCK + PROCESSES,  # games on several cores, timed
    "engine.run.process": PROCESSES,  # a bot in its own process, stopped by a signal
    "engine.run.review": PROCESSES,  # the results screen's review, likewise
}


def _forbidden(floor: str, module: str, top: str) -> bool:
    deny = FORBIDDEN.get(floor, ())
    if top in ENGINE_MAY.get(module, ()):
        return False
    if top in deny:
        return True
    return "third-party" in deny and top not in sys.stdlib_module_names


def forbidden_imports(root: Path) -> list[str]:
    """Every import of something a floor must do without, as 'file:line: floor may not import x'."""
    known = modules(root)
    bad: set[str] = set()
    for name, path in known.items():
        here = floor_of(name)
        if here is None:
            continue
        for target, line, _ in imports_of(name, path, known):
            top = target.split(".")[0]
            if floor_of(target) is None and top != "__future__" and _forbidden(FLOORS[here], name, top):
                bad.add(f"{path.relative_to(root)}:{line}: {FLOORS[here]} may not import {top}")
    return sorted(bad)


def upward_arrows(root: Path) -> list[str]:
    """Every import from a floor to a floor above it, as 'file:line: a -> b'."""
    known = modules(root)
    bad: set[str] = set()
    for name, path in known.items():
        here = floor_of(name)
        for target, line, _ in imports_of(name, path, known):
            there = floor_of(target)
            if here is not None and there is not None and there > here:
                bad.add(f"{path.relative_to(root)}:{line}: {FLOORS[here]} -> {FLOORS[there]} ({target})")
    return sorted(bad)


#: Circles among scenes/ still to be broken (none: the board's helpers take it as a role of scenes.board_roles, the
#: replay's parts and the LAN results take their screen by its shape, a Protocol). An entry must still be a
#: circle (the test below), so the list only shrinks.
KNOWN_CIRCLES: list[frozenset[str]] = []


def scene_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the scenes/ modules it imports: at the top, inside functions and under `TYPE_CHECKING`.

    All three count. A function-level import is one that runs later, so deferring it hides a circle rather
    than breaking it; a type-only import still makes the module depend on the other's definition (mypy and
    a reader must load both to understand either). No module is left out, the doors (scenes.screens) neither."""
    known = modules(root)
    graph: dict[str, set[str]] = {}
    for name, source in known.items():
        if name.startswith("scenes."):
            graph[name] = {t for t, _, typing in imports_of(name, source, known)
                           if t.startswith("scenes.") and t != name}
    return graph


def circles_in(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm), sorted by their least name."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = {stack.pop()}
            while node not in part:
                part.add(stack.pop())
            if len(part) > 1:
                found.append(frozenset(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found, key=min)


def scene_circles(root: Path) -> list[frozenset[str]]:
    """Circles among scenes/ modules (scene_graph says which imports count)."""
    return circles_in(scene_graph(root))


def test_every_import_points_down() -> None:
    bad = upward_arrows(ROOT)
    assert not bad, "imports that run up the house:\n" + "\n".join(bad)


def test_each_floor_does_without_what_it_must() -> None:
    bad = forbidden_imports(ROOT)
    assert not bad, "imports a floor must do without (tests/test_imports.py FORBIDDEN):\n" + "\n".join(bad)


def test_the_architecture_names_every_engine_module_that_may_use_a_clock_or_processes() -> None:
    """The exceptions are written down where a reader looks for them, and nowhere else."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split("### What engine/ may not import", 1)[1].split("\n#", 1)[0]
    named = {"engine." + m.replace("/", ".") for m in re.findall(r"`engine/([a-z0-9_/]+)\.py`", section)}
    assert named == set(ENGINE_MAY), named ^ set(ENGINE_MAY)


def test_scenes_import_no_circle() -> None:
    """No screen module imports, even lazily or for types only, a module that imports it back."""
    circles = [c for c in scene_circles(ROOT) if c not in KNOWN_CIRCLES]
    assert not circles, "scenes importing each other in a circle:\n" + "\n".join(" <-> ".join(sorted(c))
                                                                           for c in circles)


def test_the_known_circles_are_still_there() -> None:
    """An allowance no longer needed is struck off (so it cannot hide a new circle of the same modules)."""
    circles = scene_circles(ROOT)
    assert all(c in circles for c in KNOWN_CIRCLES), [sorted(c) for c in KNOWN_CIRCLES if c not in circles]


def test_game_is_only_rooms() -> None:
    """game/ holds its rooms and nothing loose, so a file's room says what it is for."""
    loose = sorted(p.name for p in (ROOT / "game").glob("*.py") if p.name != "__init__.py")
    assert not loose, f"modules outside a room of game/: {loose}"
    rooms = sorted(p.name for p in (ROOT / "game").iterdir() if p.is_dir() and (p / "__init__.py").exists())
    assert rooms == sorted(ROOMS)


def _house(tmp_path: Path, files: dict[str, str]) -> Path:
    for floor in FLOORS:
        (tmp_path / floor.replace(".", "/")).mkdir(parents=True, exist_ok=True)
        (tmp_path / floor.replace(".", "/") / "__init__.py").touch()
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_the_checker_sees_arrows_that_run_up(tmp_path: Path) -> None:
    """The test above can fail: every way of importing upward is caught, and downward ones are not."""
    root = _house(tmp_path, {
        "scenes/board.py": "import pygame\n",
        "scenes/pause.py": "from . import board\n",
        "app/main.py": "from scenes.board import x\n",
        "engine/lazy.py": "def f():\n    from scenes.board import BoardScene\n",
        "net/typing_only.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui import shell\n",
        "game/keep/by_name.py": "import importlib\nimportlib.import_module('game.play.table')\n",
        "game/play/table.py": "TABLE = {'render': 'app.main'}\n",
        "game/ui/down.py": "from game.play import table\nfrom ..keep import by_name\n",
        "game/i18n/up.py": "from ..ui import down\n",
    })
    bad = "\n".join(upward_arrows(root))
    for culprit in ("engine/lazy.py", "net/typing_only.py", "game/keep/by_name.py", "game/play/table.py",
                    "game/i18n/up.py"):
        assert culprit in bad, culprit
    assert "game/ui/down.py" not in bad and "app/main.py" not in bad and "scenes/pause.py" not in bad


def test_the_checker_sees_pygame_planted_in_the_rules(tmp_path: Path) -> None:
    """engine/rules.py importing pygame (or a socket, a thread, the clock) fails; the exceptions do not."""
    root = _house(tmp_path, {
        "engine/rules.py": "import pygame\n",
        "engine/claims.py": "def f():\n    from time import perf_counter\n",
        "engine/game.py": "import threading, zmq\n",
        "engine/ai/__init__.py": "",
        "engine/ai/hard.py": "import time\nimport multiprocessing\n",
        "engine/run/process.py": "import multiprocessing\nimport signal\n",
        "game/i18n/cat.py": "import gettext\nimport platformdirs\n",
        "game/play/table.py": "import time\nimport pygame\n",
        "net/host.py": "import zmq\nimport threading\n",
        "game/ui/art.py": "import pygame\n",
    })
    bad = forbidden_imports(root)
    assert bad == [
        "engine/ai/hard.py:2: engine may not import multiprocessing",
        "engine/claims.py:2: engine may not import time",
        "engine/game.py:1: engine may not import threading",
        "engine/game.py:1: engine may not import zmq",
        "engine/rules.py:1: engine may not import pygame",
        "game/i18n/cat.py:2: game.i18n may not import platformdirs",
        "game/play/table.py:2: game.play may not import pygame",
    ], bad


def test_the_checker_sees_a_circle_of_scenes(tmp_path: Path) -> None:
    """A planted circle fails the check however it imports: for types only, inside a function, at the top;
    imports that point one way do not, and the doors naming a screen for types only close a circle too."""
    root = _house(tmp_path, {
        "scenes/board.py": "from . import screens, board_draw\n",
        "scenes/board_draw.py": "from .board_state import BoardState\n",
        "scenes/board_state.py": "import pygame\n",
        "scenes/screens.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                             "    from .board_state import BoardState\n",
    })
    assert scene_circles(root) == []
    (root / "scenes/screens.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                            "    from .board import BoardScene\n")
    assert scene_circles(root) == [frozenset({"scenes.board", "scenes.screens"})], "the doors are no exception"
    (root / "scenes/screens.py").write_text("import typing\n")
    plants = {
        "types only": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .board import BoardScene\n",
        "in a function": "def draw():\n    from .board import BoardScene\n",
        "at the top": "from . import board\n",
    }
    for how, text in plants.items():
        (root / "scenes/board_draw.py").write_text(text)
        assert scene_circles(root) == [frozenset({"scenes.board", "scenes.board_draw"})], how
    (root / "scenes/board_state.py").write_text("from .board_draw import x\n")  # a longer one, beside it
    (root / "scenes/board_draw.py").write_text("from .board_state import BoardState\nfrom .board import y\n")
    assert scene_circles(root) == [frozenset({"scenes.board", "scenes.board_draw", "scenes.board_state"})]
