"""The optional compiled core: which modules may be loaded as mypyc extensions, and when they are not.

`python tools/compile_core.py` compiles the modules in CORE with mypyc beside their sources in a
checkout, and `pip install .` does the same in the installed package when a C compiler is there
(setup.py; when not, its manifest says why the core is pure). Python would then load an extension in
place of its source whatever the source says, so a finder placed first on sys.meta_path loads the
sources instead when BATTLELINE_PURE is set, or when any module's source no longer matches the hash the
build recorded in MANIFEST (an edited or merged file never runs as its stale build). Both paths give
identical results (tests/test_bots_compiled.py); docs/BOTS.md says why and how much faster.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

#: The hot core, compiled together: the rules on masks (engine.rulebook, which Game asks too), the game's
#: loops over its flags (engine.table), the reading of an action's shape (engine.actions), the formation
#: helpers; the one state update (engine.update) and Game's layout of it (engine.update_game); the bots' lean
#: state (and its three-player subclass: a compiled class needs its subclasses compiled too), its playout
#: policy and evaluation, and the search's line (two players and three).
CORE: tuple[str, ...] = (
    "engine.formations",
    "engine.potential",
    "engine.actions",
    "engine.rulebook",
    "engine.table",
    "engine.update",
    "engine.update_game",
    "engine.ai.outlook",
    "engine.ai.lean_eval",
    "engine.ai.lean_policy",
    "engine.ai.lean_search",
    "engine.ai.lean",
    "engine.ai.lean3",
    "engine.ai.learnt",
    "engine.ai.flag_model2",
    "engine.ai.lean_search3",
)
#: Set (to anything but "" or "0") to run the pure-Python core even where a compiled one is built.
PURE_VARIABLE = "BATTLELINE_PURE"
ROOT = Path(__file__).resolve().parent.parent
#: Written by tools/compile_core.py: {"modules": {name: sha256 of the source compiled}}.
MANIFEST = ROOT / "engine" / "compiled.json"


def source_of(name: str) -> Path:
    """The source file of a CORE module in this checkout."""
    return ROOT.joinpath(*name.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pure_asked() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def _built() -> dict[str, str]:
    """The manifest's hashes by module; empty when nothing was built or the manifest is unreadable."""
    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
        modules = data["modules"]
        return {str(k): str(v) for k, v in modules.items()} if isinstance(modules, dict) else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def fresh() -> set[str]:
    """The CORE modules whose compiled build may be used: all of them while every one was built from
    its source as it is now, else none. All or nothing, because the compiled modules call each other
    inside their shared library, not through Python: a stale module loaded from source would still
    run compiled, as it was built, wherever another compiled module calls it."""
    if pure_asked():
        return set()
    built = _built()
    for name in CORE:
        try:
            if built.get(name) != digest(source_of(name)):
                return set()
        except OSError:
            return set()
    return set(CORE)


def install_note() -> str | None:
    """Why an install carries the pure-Python core, as setup.py recorded it (None: no such note)."""
    try:
        note = json.loads(MANIFEST.read_text(encoding="utf-8")).get("pure")
    except (OSError, ValueError, AttributeError):
        return None
    return str(note) if note else None


def available() -> str:
    """'compiled' when every CORE module would load as its compiled build, else 'pure'; nothing is imported."""
    if fresh() != set(CORE):
        return "pure"
    for name in CORE:
        spec = importlib.util.find_spec(name)
        if spec is None or str(spec.origin or "").endswith(".py"):
            return "pure"
    return "compiled"


class _SourceFirst:
    """A meta path finder: the CORE modules not in `allowed` are loaded from their .py source."""

    def __init__(self, allowed: set[str]) -> None:
        self.allowed = allowed

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if name not in CORE or name in self.allowed:
            return None
        source = source_of(name)
        if not source.is_file():
            return None
        return importlib.util.spec_from_file_location(name, source)


def install() -> None:
    """Put the finder first (once): done on import, and engine/__init__.py imports this module first."""
    if any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _SourceFirst(fresh()))


def status() -> str:
    """'compiled' when every CORE module loaded so far runs compiled, 'pure' when none does, else 'mixed'."""
    loaded = [m for m in (sys.modules.get(name) for name in CORE) if m is not None]
    native = [not str(getattr(m, "__file__", "")).endswith(".py") for m in loaded]
    return "compiled" if native and all(native) else "mixed" if any(native) else "pure"


install()

__all__ = ["CORE", "MANIFEST", "PURE_VARIABLE", "available", "fresh", "install", "install_note", "status"]
