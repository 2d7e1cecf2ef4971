"""Screens open one another through typed doors (scenes/screens.py), never `App.open(name, ...)` with `Any`.

Each door is declared once and opens the screen its module lets in (`screens.board.opens(BoardScene)`, where
mypy checks the screen against the door). These tests hold each door to the screen registered under its name,
give every registered screen a door, and keep the screens and the program (scenes/, app/) from opening a
screen by name anywhere else.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import scenes  # noqa: F401  # registers the names
from game.ui.shell import SCENES, scene_named
from scenes import screens

ROOT = Path(__file__).resolve().parent.parent
DOORS = ROOT / "scenes" / "screens.py"


def doors() -> dict[str, screens.Door[..., object]]:
    """Every door of scenes/screens.py by its name."""
    return {name: value for name, value in vars(screens).items() if isinstance(value, screens.Door)}


def lets_in(source: str) -> dict[str, str]:
    """door -> what the module's `screens.<door>.opens(<screen>)` lets in, read from a module's source."""
    out: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "opens" \
                and isinstance(node.func.value, ast.Attribute) and ast.unparse(node.func.value.value) == "screens" \
                and node.args and isinstance(node.args[0], ast.Name):
            out[node.func.value.attr] = node.args[0].id
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


def test_each_door_opens_the_screen_registered_under_its_name() -> None:
    found = doors()
    assert len(found) >= 30, sorted(found)
    for name, door in found.items():
        assert door.name in SCENES, f"screens.{name} opens {door.name!r}, which no screen is registered as"
        module, _, attribute = SCENES[door.name].partition(":")
        assert door.screen() is scene_named(door.name), f"screens.{name} lets in {door.made}, not {attribute}"
        source = (ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")
        assert lets_in(source).get(name) == attribute, f"{module} lets {attribute} in at screens.{name}"


def test_every_registered_screen_has_a_door() -> None:
    opened = {door.name for door in doors().values()}
    assert set(SCENES) == opened, set(SCENES) ^ opened


def test_a_door_gives_the_screen_its_own_defaults() -> None:
    """A door's default for a parameter left out is the screen's own (mypy checks that both have one)."""
    for name, door in doors().items():
        made = door.screen()
        theirs = list(inspect.signature(made.__init__ if inspect.isclass(made) else made).parameters.values())
        theirs = theirs[[p.name for p in theirs].index("app"):]  # after `self`, lined up with the door's
        ours = list(inspect.signature(door).parameters.values())
        assert len(ours) == len(theirs), f"screens.{name} takes {len(ours)} parameters, {made} {len(theirs)}"
        for mine, its in zip(ours, theirs, strict=True):
            assert mine.default == its.default, f"screens.{name}({mine.name}={mine.default!r}): {its.default!r}"


def test_no_screen_is_opened_by_name_outside_the_doors() -> None:
    found = []
    for top in ("scenes", "app"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path != DOORS:
                found += by_name(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "screens opened by name (use scenes.screens):\n" + "\n".join(found)


def test_the_scans_see_a_screen_let_in_and_a_call_by_name() -> None:
    assert lets_in("screens.board.opens(BoardScene)\nboard.opens(x)\n") == {"board": "BoardScene"}
    planted = "self.app.push(self.app.open('log', events, names))\nboard.app.open('main_menu')\nx.open('w')\n"
    assert sorted(f.split(":")[1] for f in by_name(planted, "p")) == ["1", "2"]
