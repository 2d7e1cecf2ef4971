"""tools/house_figures.py's `mirror` figure stays honest: it counts every method by which the bots' lean state
(engine.ai.lean, lean3) updates itself, so moving the update into a newly named helper cannot hide it."""

from __future__ import annotations

import ast
from pathlib import Path

from tools.house_figures import MIRROR

ROOT = Path(__file__).resolve().parent.parent
#: Methods that build a fresh state rather than update one.
BUILDERS = {"from_table", "from_game", "copy"}
#: List methods that change the list they are called on.
MUTATORS = {"append", "pop", "extend", "remove", "insert", "clear"}
#: The engine.rulebook functions that change a list they are given (a side's masks, the claimants, the awards).
RULEBOOK_WRITERS = {"put_on_side", "take_from_side", "claim_flag", "settle_passes"}


def _on_self(node: ast.expr) -> bool:
    """Whether `node` is `self.x`, `self.x[i]`, `self.x[i][j]`..."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id == "self"


def _writes_state(function: ast.FunctionDef) -> bool:
    for node in ast.walk(function):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            flat = [t for target in targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
            if any(isinstance(t, ast.Attribute | ast.Subscript) and _on_self(t) for t in flat):
                return True
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in MUTATORS and _on_self(func.value):
                return True
            if isinstance(func, ast.Name) and func.id in RULEBOOK_WRITERS and \
                    any(isinstance(a, ast.Attribute) and _on_self(a) for a in node.args):
                return True  # a rulebook function handed the state's own lists
    return False


def _updaters(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {f"{c.name}.{f.name}" for c in tree.body if isinstance(c, ast.ClassDef)
            for f in c.body if isinstance(f, ast.FunctionDef) and f.name not in BUILDERS and _writes_state(f)}


def test_the_mirror_figure_counts_every_method_that_updates_the_lean_state() -> None:
    for path, counted in MIRROR.items():
        assert _updaters(path) <= set(counted), f"{path}: a state update outside tools/house_figures.MIRROR"
    assert {"Lean.apply", "Lean._play", "Lean._put", "Lean._next"} <= _updaters("engine/ai/lean.py")


def test_the_check_finds_a_helper_left_out_of_the_count(tmp_path: Path) -> None:
    """The check itself fails on an update it was not told about (a rulebook call on the state's lists)."""
    source = ("class Lean:\n    def _hidden(self, flag: int) -> None:\n        take_from_side(self.sides, flag, 1, 3)\n"
              "    def size(self, flag: int) -> int:\n        return side_size(self.mud >> flag & 1)\n")
    tree = ast.parse(source)
    methods = [f for f in tree.body[0].body if isinstance(f, ast.FunctionDef)]  # type: ignore[attr-defined]
    assert [f.name for f in methods if _writes_state(f)] == ["_hidden"]
