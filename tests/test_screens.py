"""Screens open one another through typed doors (scenes/screens.py), never `App.open(name, ...)` with `Any`.

Each door names its screen twice: the call mypy checks (under `TYPE_CHECKING`) and the registered name the
game opens. These tests hold the two together, give every registered screen a door, and keep the screens
and the program (scenes/, app/) from opening a screen by name anywhere else.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import scenes  # noqa: F401  # registers the names
from game.ui.shell import SCENES

ROOT = Path(__file__).resolve().parent.parent
DOORS = ROOT / "scenes" / "screens.py"


def doors(source: str) -> dict[str, tuple[str, str]]:
    """door -> (what its TYPE_CHECKING branch calls, the name it opens), read from screens.py's source."""
    out: dict[str, tuple[str, str]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        checked = opened = ""
        for inner in ast.walk(node):
            if isinstance(inner, ast.If) and isinstance(inner.test, ast.Name) and inner.test.id == "TYPE_CHECKING":
                names = [n.func.id for n in ast.walk(inner) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
                checked = names[0] if names else ""
            elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "open":
                first = inner.args[0] if inner.args else None
                opened = str(first.value) if isinstance(first, ast.Constant) else ""
        out[node.name] = (checked, opened)
    return out


def by_name(source: str, where: str) -> list[str]:
    """Every `<something>app.open("name", ...)` call: a screen opened by name, untyped."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "open" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                and ast.unparse(node.func.value).endswith("app"):
            found.append(f"{where}:{node.lineno}: {ast.unparse(node.func)}({node.args[0].value!r}, ...)")
    return found


def test_each_door_opens_the_screen_mypy_checks_it_against() -> None:
    found = doors(DOORS.read_text(encoding="utf-8"))
    assert found, "no doors read"
    for door, (checked, opened) in found.items():
        assert checked and opened, f"screens.{door}: a door names its screen twice ({checked!r}, {opened!r})"
        assert opened in SCENES, f"screens.{door} opens {opened!r}, which no screen is registered as"
        assert SCENES[opened].partition(":")[2] == checked, f"screens.{door}: mypy checks {checked}, the game opens " \
                                                            f"{SCENES[opened]}"


def test_every_registered_screen_has_a_door() -> None:
    opened = {name for _, name in doors(DOORS.read_text(encoding="utf-8")).values()}
    assert set(SCENES) == opened, set(SCENES) ^ opened


def test_a_door_gives_the_screen_its_own_defaults() -> None:
    """A door's default for a parameter left out is the screen's own (they are written twice)."""
    from scenes import screens

    for door, (_, name) in doors(DOORS.read_text(encoding="utf-8")).items():
        module, _, attribute = SCENES[name].partition(":")
        made = getattr(importlib.import_module(module), attribute)
        theirs = list(inspect.signature(made.__init__ if inspect.isclass(made) else made).parameters.values())
        theirs = theirs[[p.name for p in theirs].index("app"):]  # after `self`, lined up with the door's
        ours = list(inspect.signature(getattr(screens, door)).parameters.values())
        assert len(ours) == len(theirs), f"screens.{door} takes {len(ours)} parameters, {attribute} {len(theirs)}"
        for mine, its in zip(ours, theirs, strict=True):
            assert mine.default == its.default, f"screens.{door}({mine.name}={mine.default!r}): {its.default!r}"


def test_no_screen_is_opened_by_name_outside_the_doors() -> None:
    found = []
    for top in ("scenes", "app"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path != DOORS:
                found += by_name(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "screens opened by name (use scenes.screens):\n" + "\n".join(found)


def test_the_scans_see_a_bad_door_and_a_call_by_name() -> None:
    bad = (
        "def board(app, table):\n    if TYPE_CHECKING:\n        return BoardScene(app, table)\n"
        "    return app.open('pause', table)\n"
    )
    assert doors(bad) == {"board": ("BoardScene", "pause")}
    assert SCENES["pause"].partition(":")[2] != "BoardScene"
    planted = "self.app.push(self.app.open('log', events, names))\nboard.app.open('main_menu')\nx.open('w')\n"
    assert sorted(f.split(":")[1] for f in by_name(planted, "p")) == ["1", "2"]
