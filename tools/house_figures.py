"""The house review's figures (issue 60), as one JSON object, so anyone can re-run them before and after a change.

Each figure is read from the source by `ast` or a plain text search, except `host_chain` (the host's classes,
read from the imported class) and `wheel_dev_lines` (a wheel built from this checkout, only with `--wheel`):

- `board`: the board screen's methods and attribute names (`BoardScene` and the classes it inherits from this
  project), the free helpers in scenes/ and game/ that take the board (a first parameter named `board` or
  `state`, or a parameter of any name typed `Board` or one of the roles below), the distinct attributes those
  helpers read or write on it, and the members of the old `Board` facade (scenes.board_state; 0 once gone).
- `board_roles`: what each helper or screen that takes the board (a parameter `board` or `state` typed on a
  protocol of scenes/: the old `Board`, or a role of scenes.board_roles) is offered of it, against what it uses
  (reads on it, or needs for the helpers it hands it to: `board_roles()`): how many take it, as how many roles,
  the most members one is offered (and which), the median offered and used, and the members offered but unused.
- `board_outside`: what the rest of the game reads of the board: the distinct attribute names read on a name
  `board` or `state` anywhere in scenes/ and game/ outside the board's own classes, and how many such reads.
- `board_views`: the classes in scenes/board_*.py named `...View` (a layer drawn from what it is given).
- `still_layer_writes`: assignments to the still layer's state (the old `static`, `static_fresh`,
  `static_hidden` on the board; `StillView`'s own attributes) in scenes/, game/ and tools/, and the files they
  are in: where the layer can be made stale.
- `ignore_attr_defined`: `type: ignore[attr-defined]` comments in scenes/ (state kept on an object that does not
  declare it).
- `id_in_keys`: `id(` calls (not a method named `id`) in scenes/ and game/ (an object's id is reused once it is
  freed, so a cache keyed by it can hand back a stale picture).
- `host_chain`: the classes `net.host.Host` inherits from this project, and its methods (its own and inherited).
- `net_classes`: the shape of net/'s classes, protocols aside (read by `ast`): the longest chain of net/ classes
  inheriting one another, the most methods one class defines (and which), the methods of the host's and the guest's
  classes (`Host`, `HostCore`, `HostState`, `Joining` and its parts `Keys`, `Seating`, `Watching`, `Relay`, `Guest`,
  `GuestCore`: those that exist), and the private names read across modules (`super()._x`, or `x._y` where the
  module defines no `_y`: one module reaching into another's insides) in net/ and in the game's packages, listed
  for net/.
- `pass_throughs`: the members of the drivers (`Host` in net/host.py, `Guest` in net/guest.py) that only pass
  their core's state through: a property or method whose body, docstring aside, is one `return self.core.…`
  (an attribute of the core, or a call on it with the member's own parameters as they came) or a setter's
  `self.core.… = value`. The screens read the core's state through the drivers' `seen` instead (net.seen).
- `casts`: `cast(` calls in the game's packages.
- `action_event_defs`: every module-level definition of a type named Action, Event or Notation.
- `mirror`: the second flows of the rules' state update. The one flow is engine.update's `Update` (its concrete
  methods: `apply` and the steps it walks), run over two layouts that implement its abstract methods (the
  primitives): `Lean`/`Lean3` on masks and `GameUpdate` with `Game` on the table of record. A function of a
  layout's modules (`LAYOUTS`) sequences steps of its own when it calls one of the rulebook's sequencing
  decisions (`SEQUENCING`: what a play moves, the passes, a claim's win, the turn, the end after the passes, a
  Scout's draws) or two or more of the flow's steps (its methods, and the primitives that write: those
  returning None). Each such function with its length in lines (its ast node's span, docstring included), and
  their sum `mirror_lines`; `flow_lines`: the one flow's length, and `primitives`: each layout's primitives.
- `rankings`: the functions that rank what a side can still become, rank by rank (R12-R17), with their lengths;
  `naming`: formations.best_formation, which since the rankings became one ranks nothing itself (it asks
  side_potential and names the cards of the formation found), with its length.
- `test_sleeps`: the `time.sleep` calls in tests/: `in_waits`, those with a `while` or `for` around them inside
  their function (the pace of a wait on a condition), and `fixed`, the others (a fixed pause), listed as
  `file:line` in `fixed_list`. A fixed pause either guesses how long something takes (wait on the event instead)
  or its duration is what the test is about (it then says so).
- `wheel_dev_lines` (`--wheel`): lines of the installed package's workshop code (screenshot scripts, benches,
  the sound check) in a wheel built from this checkout's last commit.

Usage: python tools/house_figures.py [--wheel]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game", "scenes", "net", "app")
BOARD_NAMES = ("board", "state")
#: What counts as workshop code inside the installed package: the screenshot scripts, the benches and the sound check.
WORKSHOP = re.compile(r"(^|/)(screenshot[^/]*|bench[^/]*|sound_check)\.py$")


def _sources(*packages: str) -> list[Path]:
    return sorted(p for package in packages for p in (ROOT / package).rglob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _classes() -> dict[str, ast.ClassDef]:
    """Every class in scenes/ by name (the board's classes live there)."""
    found: dict[str, ast.ClassDef] = {}
    for path in _sources("scenes"):
        for node in _tree(path).body:
            if isinstance(node, ast.ClassDef):
                found[node.name] = node
    return found


def _board() -> dict[str, int]:
    classes = _classes()
    chain: list[ast.ClassDef] = []
    pending = ["BoardScene"]
    while pending:
        name = pending.pop()
        if name in classes and classes[name] not in chain:
            chain.append(classes[name])
            pending.extend(b.id for b in classes[name].bases if isinstance(b, ast.Name))
    methods = {n.name for c in chain for n in c.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    attributes: set[str] = set()
    for c in chain:
        for node in ast.walk(c):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                    and isinstance(node.ctx, ast.Store):
                attributes.add(node.attr)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                attributes.add(node.target.id)
    helpers = 0
    read: set[str] = set()
    roles = {"Board"} | {taker.role for taker in board_roles()}  # the old facade, and the roles that replaced it
    for path in _sources("scenes", "game"):
        for node in _tree(path).body:
            if not isinstance(node, ast.FunctionDef) or not node.args.args:
                continue
            taking = [a.arg for i, a in enumerate(node.args.args + node.args.kwonlyargs)
                      if (i == 0 and a.arg in BOARD_NAMES)
                      or (a.annotation is not None and ast.unparse(a.annotation).strip("'\"") in roles)]
            if not taking:
                continue
            helpers += 1
            read |= {a.attr for a in ast.walk(node) if isinstance(a, ast.Attribute)
                     and isinstance(a.value, ast.Name) and a.value.id in taking}
    protocol = classes.get("Board")
    members = 0 if protocol is None else sum(
        1 for n in protocol.body if isinstance(n, ast.AnnAssign | ast.FunctionDef | ast.AsyncFunctionDef))
    return {"classes": len(chain), "methods": len(methods), "attributes": len(attributes),
            "helpers": helpers, "helper_attributes": len(read), "protocol_members": members}


class _Scenes:
    """scenes/ read by `ast` for the board's roles: its protocols, functions, classes, imports and screen names."""

    def __init__(self, root: Path) -> None:
        self.trees = {p.stem: _tree(p) for p in sorted((root / "scenes").glob("*.py"))}
        self.protocols: dict[str, tuple[list[str], dict[str, ast.expr | None]]] = {}  # name -> (bases, members)
        self.functions: dict[tuple[str, str], ast.FunctionDef] = {}
        self.classes: dict[tuple[str, str], ast.ClassDef] = {}
        self.imports: dict[str, dict[str, tuple[str, str | None]]] = {}  # module -> name -> (module, name or None)
        for module, tree in self.trees.items():
            names: dict[str, tuple[str, str | None]] = {}
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level == 1:
                    for alias in node.names:
                        if node.module is None:  # from . import board_zoom
                            names[alias.asname or alias.name] = (alias.name, None)
                        else:
                            names[alias.asname or alias.name] = (node.module, alias.name)
            self.imports[module] = names
            for node in tree.body:
                if isinstance(node, ast.FunctionDef):
                    self.functions[module, node.name] = node
                elif isinstance(node, ast.ClassDef):
                    self.classes[module, node.name] = node
                    bases = [ast.unparse(b) for b in node.bases]
                    if "Protocol" in bases:
                        members: dict[str, ast.expr | None] = {}
                        for n in node.body:
                            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                                members[n.target.id] = n.annotation
                            elif isinstance(n, ast.FunctionDef):
                                members[n.name] = n.returns if any(
                                    ast.unparse(d) == "property" for d in n.decorator_list) else None
                        self.protocols[node.name] = ([b for b in bases if b != "Protocol"], members)
        registry = next(n for n in ast.walk(self.trees["__init__"]) if isinstance(n, ast.Dict))
        self.registered = {ast.literal_eval(k): ast.literal_eval(v) for k, v in zip(registry.keys, registry.values,
                                                                                     strict=True) if k is not None}

    def members(self, role: str) -> dict[str, ast.expr | None]:
        """A protocol's members, its bases' included."""
        bases, own = self.protocols[role]
        out: dict[str, ast.expr | None] = {}
        for base in bases:
            if base in self.protocols:
                out.update(self.members(base))
        return {**out, **own}

    def role(self, annotation: ast.expr | None) -> str | None:
        name = ast.unparse(annotation).strip("'\"").rpartition(".")[2] if annotation is not None else ""
        return name if name in self.protocols else None  # `screens.ShownGame` too

    def callee(self, module: str, func: ast.expr) -> tuple[ast.FunctionDef | None, int]:
        """The function a call goes to (a class: its __init__, a door: its screen's) and the offset of the call's
        first argument among its parameters; (None, 0) where it cannot be told."""
        where: tuple[str, str] | None = None
        if isinstance(func, ast.Name):
            found = self.imports[module].get(func.id)
            where = (found[0], found[1]) if found is not None and found[1] is not None else (module, func.id)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            found = self.imports[module].get(func.value.id)
            if found is not None and found[1] is None:
                where = (found[0], func.attr)
        elif isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and func.func.attr == "screen" \
                and isinstance(func.func.value, ast.Name):  # a door's `door.screen()(app, ...)`: its screen's
            door = self.functions.get(("screens", func.func.value.id))
            named = [d for d in door.decorator_list if isinstance(d, ast.Call)] if door is not None else []
            if named:
                target = self.registered.get(ast.literal_eval(named[0].args[0]), "")
                mod, _, name = target.partition(":")
                where = (mod.removeprefix("scenes."), name)
        if where is None:
            return None, 0
        if where in self.functions:
            return self.functions[where], 0
        if where in self.classes:
            init = [n for n in self.classes[where].body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
            return (init[0], 1) if init else (None, 0)
        return None, 0

    def needs(self, module: str, nodes: Sequence[ast.AST], held: Callable[[ast.expr], bool]) -> set[str] | None:
        """What code `nodes` of `module` reads on the board held as `held` (an expression test): the members it
        reads, and those the functions it hands the board to declare they need; None where it hands the board to
        something whose needs cannot be told."""
        out: set[str] = set()
        for node in (n for top in nodes for n in ast.walk(top)):
            if isinstance(node, ast.Attribute) and held(node.value):
                out.add(node.attr)
            elif isinstance(node, ast.Call):
                for i, arg in enumerate(node.args):
                    if not held(arg):
                        continue
                    function, offset = self.callee(module, node.func)
                    params = function.args.args if function is not None else []
                    role = self.role(params[i + offset].annotation) if i + offset < len(params) else None
                    if role is None:
                        return None
                    out |= set(self.members(role))
        return out


def _named(name: str) -> Callable[[ast.expr], bool]:
    """The board held as the name `name`."""
    return lambda e: isinstance(e, ast.Name) and e.id == name


def _board_of(name: str) -> Callable[[ast.expr], bool]:
    """The board held as `name.board` (a screen's own, or the screen's given to a function)."""
    return lambda e: isinstance(e, ast.Attribute) and e.attr == "board" and isinstance(e.value, ast.Name) \
        and e.value.id == name


@dataclass(frozen=True)
class Taker:
    """One helper or screen that takes the board as a role: the members the role offers, and those it uses."""

    helper: str  # "scenes/module.py:name"
    role: str
    offered: frozenset[str]
    used: frozenset[str]


def board_roles(root: Path = ROOT) -> list[Taker]:
    """Each helper that takes the board as a role (a parameter typed on a protocol of scenes/ that the board
    meets), and each screen over the board holding it as one (`self.board`): the role, the members it offers,
    and those the helper uses (read on it, or needed by what it hands it to; all it offers where that cannot be
    told). A screen's use includes what functions given the screen read on its `board` (scenes.lan_results)."""
    scenes = _Scenes(root)
    rows: list[Taker] = []

    def row(name: str, role: str, used: set[str] | None) -> None:
        offered = frozenset(scenes.members(role))
        rows.append(Taker(name, role, offered, offered if used is None else frozenset(used)))

    for (module, name), function in scenes.functions.items():
        params = function.args.args + function.args.kwonlyargs
        taking = {a.arg: role for a in params if (role := scenes.role(a.annotation)) is not None
                  and a.arg in BOARD_NAMES}
        for param, role in taking.items():
            row(f"scenes/{module}.py:{name}", role,
                scenes.needs(module, function.body, _named(param)))
    for (module, name), cls in scenes.classes.items():
        init = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
        roles = [scenes.role(a.annotation) for a in init[0].args.args if a.arg == "board"] if init else []
        if not roles or roles[0] is None:
            continue
        role = roles[0]
        used = scenes.needs(module, [n for n in cls.body if n is not init[0]], _board_of("self"))
        arg = next(a.arg for a in init[0].args.args if a.arg == "board")
        more = scenes.needs(module, init[0].body, _named(arg))
        # the functions given this screen as a protocol with a `board` of this role (lan_results' Finished)
        holders = {p for p, (_b, m) in scenes.protocols.items() if scenes.role(m.get("board")) == role}
        for (other, _n), function in scenes.functions.items():
            for a in function.args.args:
                if scenes.role(a.annotation) in holders:
                    got = scenes.needs(other, function.body, _board_of(a.arg))
                    more = None if more is None or got is None else more | got
        row(f"scenes/{module}.py:{name}", role, None if used is None or more is None else used | more)
    return rows


def _board_roles() -> dict[str, object]:
    rows = board_roles()
    offered = [len(r.offered) for r in rows]
    used = [len(r.used) for r in rows]
    widest = max(rows, key=lambda r: len(r.offered))
    return {"takers": len(rows), "roles": len({r.role for r in rows}), "offered_max": len(widest.offered),
            "offered_widest": widest.helper, "offered_median": statistics.median(offered),
            "used_median": statistics.median(used), "unused_offered": sum(offered) - sum(used)}


def _board_outside() -> dict[str, int]:
    names: set[str] = set()
    reads = 0
    for path in _sources("scenes", "game"):
        tree = _tree(path)
        own = {id(n) for c in tree.body if isinstance(c, ast.ClassDef) and c.name in ("BoardScene", "BoardState")
               for n in ast.walk(c)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in BOARD_NAMES \
                    and isinstance(node.ctx, ast.Load) and id(node) not in own:
                names.add(node.attr)
                reads += 1
    return {"attributes": len(names), "reads": reads}


def _board_views() -> list[str]:
    return [f"{path.name}:{node.name}" for path in sorted((ROOT / "scenes").glob("board_*.py"))
            for node in _tree(path).body if isinstance(node, ast.ClassDef) and node.name.endswith("View")]


STILL_NAMES = ("static", "static_fresh", "static_hidden")


def _still_layer_writes() -> dict[str, int | list[str]]:
    files: set[str] = set()
    writes = 0
    for path in _sources("scenes", "game", "tools"):
        tree = _tree(path)
        inside = {id(n) for c in ast.walk(tree) if isinstance(c, ast.ClassDef) and c.name == "StillView"
                  for n in ast.walk(c)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (
                    node.attr in STILL_NAMES or id(node) in inside):
                writes += 1
                files.add(str(path.relative_to(ROOT)))
    return {"writes": writes, "files": sorted(files)}


def _count(pattern: str, *packages: str) -> int:
    rx = re.compile(pattern)
    return sum(len(rx.findall(p.read_text(encoding="utf-8"))) for p in _sources(*packages))


def _definitions() -> list[str]:
    found = []
    for path in _sources(*PACKAGES):
        for node in _tree(path).body:
            names: list[str] = []
            if isinstance(node, ast.ClassDef):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            found += [f"{path.relative_to(ROOT)}:{n}" for n in names if n in ("Action", "Event", "Notation")]
    return found


def _host_chain() -> dict[str, int | list[str]]:
    sys.path.insert(0, str(ROOT))
    from net.host import Host

    ours = [c for c in Host.__mro__ if c.__module__.split(".")[0] in PACKAGES]
    methods = {name for c in ours for name, value in vars(c).items() if callable(value)}
    return {"classes": [c.__name__ for c in ours], "methods": len(methods)}


NAMEDTUPLE = {"_replace", "_asdict", "_fields", "_make"}  # a named tuple's public API, underscored by design
NET_SHOWN = ("Host", "HostCore", "HostState", "Joining", "Keys", "Seating", "Watching", "Relay", "Guest", "GuestCore")


def _private_reads(path: Path) -> list[str]:
    """Private names one object reads on another defined in some other module: `super()._x` (a base class's
    insides), or `x._y` (x not `self`/`cls`) where this module defines no `_y` (no def, class, `self._y =` or
    module-level name): one module reaching into another's insides."""
    tree = _tree(path)
    here = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    here |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
    here |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        value = node.value
        if (isinstance(value, ast.Name) and value.id in ("self", "cls")) or node.attr in NAMEDTUPLE:
            continue
        by_super = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super"
        if by_super or node.attr not in here:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}:{ast.unparse(node)}")
    return found


def _net_classes() -> dict[str, object]:
    classes: dict[str, tuple[list[str], int]] = {}  # name -> (bases named in net/, methods it defines)
    for path in _sources("net"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ClassDef):
                bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
                if "Protocol" in bases:  # a type's promise (net.seen's views), no object's methods
                    continue
                methods = sum(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body)
                classes[node.name] = (bases, methods)

    def depth(name: str, seen: frozenset[str] = frozenset()) -> int:
        bases = [b for b in classes[name][0] if b in classes and b not in seen]
        return 1 + max((depth(b, seen | {name}) for b in bases), default=0)

    longest = max(classes, key=depth)
    most = max(classes, key=lambda n: classes[n][1])
    net_private = [r for p in _sources("net") for r in _private_reads(p)]
    return {"longest_chain": {"class": longest, "classes": depth(longest)},
            "most_methods": {"class": most, "methods": classes[most][1]},
            "methods": {n: classes[n][1] for n in NET_SHOWN if n in classes},
            "private_reads_net": len(net_private),
            "private_reads_all": sum(len(_private_reads(p)) for p in _sources(*PACKAGES)),
            "private_reads_net_list": net_private}


DRIVERS = {"Host": "net/host.py", "Guest": "net/guest.py"}


def _of_core(node: ast.expr) -> bool:
    """`self.core` or an attribute chain that starts with it (`self.core.state.game`)."""
    while isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "self" and node.attr == "core":
            return True
        node = node.value
    return False


def _passes_through(function: ast.FunctionDef) -> bool:
    """Whether a member's body, docstring aside, only hands back (or sets) the core's state."""
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if len(body) != 1:
        return False
    params = {a.arg for a in function.args.args[1:]}
    (only,) = body
    if isinstance(only, ast.Return) and only.value is not None:
        value = only.value
        if isinstance(value, ast.Call):  # self.core.my_turn(), self.core.relay.lost_seats(seat)
            plain = all(isinstance(a, ast.Name) and a.id in params for a in value.args) and not value.keywords
            return plain and _of_core(value.func)
        return _of_core(value)
    if isinstance(only, ast.Assign) and len(only.targets) == 1:  # a setter: self.core.state.started = value
        return _of_core(only.targets[0]) and isinstance(only.value, ast.Name) and only.value.id in params
    return False


def pass_throughs(root: Path = ROOT) -> dict[str, list[str]]:
    """The drivers' members that only pass their core's state through, by class (see `pass_throughs` above)."""
    out: dict[str, list[str]] = {}
    for name, path in DRIVERS.items():
        tree = ast.parse((root / path).read_text(encoding="utf-8"), path)
        classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name]
        out[name] = [f.name for c in classes for f in c.body if isinstance(f, ast.FunctionDef) and _passes_through(f)]
    return out


#: The modules of the state update's two layouts (engine.update's primitives, on masks and on Game's table).
LAYOUTS: tuple[str, ...] = ("engine/game.py", "engine/update_game.py", "engine/tactic_plays.py", "engine/ai/lean.py",
                            "engine/ai/lean3.py")
#: The one flow's home and class.
FLOW: tuple[str, str] = ("engine/update.py", "Update")
#: The engine.rulebook answers that order an update's steps: only the one flow asks them.
SEQUENCING: frozenset[str] = frozenset({
    "play_moves", "passes_after", "claim_flag", "turn_after", "next_phase", "settle_passes", "scout_drew",
    "scout_draws", "after_scout_draw", "may_draw"})
#: The functions that rank formations from a side and the troops still unseen (earlier homes included: 0 once gone).
RANKINGS: dict[str, tuple[str, ...]] = {
    "engine/formations.py": ("side_potential", "_best_run"),
    "engine/potential.py": ("side_potential", "_potential"),
}
#: What names the cards of the formation the ranking found (a claim's proof shows them).
NAMING: dict[str, tuple[str, ...]] = {"engine/formations.py": ("best_formation",)}


def _functions(path: Path) -> dict[str, int]:
    """Every function and method of a module by qualified name, with its length in lines."""
    out: dict[str, int] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                walk(child, prefix + child.name + ".")
            elif isinstance(child, ast.FunctionDef):
                out[prefix + child.name] = (child.end_lineno or child.lineno) - child.lineno + 1
                walk(child, prefix + child.name + ".")

    walk(_tree(ROOT / path) if (ROOT / path).exists() else ast.Module(body=[], type_ignores=[]), "")
    return out


def flow_steps(root: Path = ROOT) -> tuple[set[str], set[str], set[str]]:
    """The one flow's methods, the primitives that write (abstract, returning None) and the ones that read."""
    path, name = FLOW
    tree = ast.parse((root / path).read_text(encoding="utf-8"), path)
    methods = [f for c in tree.body if isinstance(c, ast.ClassDef) and c.name == name
               for f in c.body if isinstance(f, ast.FunctionDef)]

    def abstract(f: ast.FunctionDef) -> bool:
        return any(isinstance(d, ast.Name) and d.id == "abstractmethod" for d in f.decorator_list)

    def writes(f: ast.FunctionDef) -> bool:
        return isinstance(f.returns, ast.Constant) and f.returns.value in (None, "None")

    return ({f.name for f in methods if not abstract(f)}, {f.name for f in methods if abstract(f) and writes(f)},
            {f.name for f in methods if abstract(f) and not writes(f)})


def sequences(function: ast.FunctionDef, steps: set[str]) -> bool:
    """Whether `function` orders update steps itself: it asks a SEQUENCING answer, or calls two of `steps`."""
    called: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in SEQUENCING:
                return True
            if name in steps:
                called.add(name)
    return len(called) >= 2


def second_flows(root: Path = ROOT) -> dict[str, int]:
    """The layouts' functions that sequence update steps outside the one flow, with their lengths (the flow's
    steps as this checkout names them, so an older checkout's `root`, without engine/update.py, measures too)."""
    flow, writes, _ = flow_steps()
    out: dict[str, int] = {}
    for path in (p for p in LAYOUTS if (root / p).exists()):
        tree = ast.parse((root / path).read_text(encoding="utf-8"), path)
        for top in tree.body:
            members = [(f"{top.name}.", m) for m in top.body] if isinstance(top, ast.ClassDef) else [("", top)]
            for prefix, node in members:
                if isinstance(node, ast.FunctionDef) and sequences(node, flow | writes):
                    out[f"{path}:{prefix}{node.name}"] = (node.end_lineno or node.lineno) - node.lineno + 1
    return out


def _flow(root: Path = ROOT) -> dict[str, object]:
    flow, writes, reads = flow_steps(root)
    found = _functions(Path(FLOW[0]))
    primitives = {}
    for path in LAYOUTS:
        tree = ast.parse((root / path).read_text(encoding="utf-8"), path)
        for c in tree.body:
            if isinstance(c, ast.ClassDef):
                own = [f.name for f in c.body if isinstance(f, ast.FunctionDef) and f.name in writes | reads]
                if own:
                    primitives[f"{path}:{c.name}"] = len(own)
    return {"flow_lines": sum(found[f"{FLOW[1]}.{name}"] for name in flow),
            "primitives": {"writes": len(writes), "reads": len(reads), "by_layout": primitives}}


def _lengths(wanted: dict[str, tuple[str, ...]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for path, names in wanted.items():
        found = _functions(Path(path))
        out.update({f"{path}:{name}": found.get(name, 0) for name in names})
    return out


def _wheel_dev_lines() -> dict[str, int]:
    with tempfile.TemporaryDirectory() as where:
        # built from a copy of the committed tree (git archive), so the checkout gets no build/ folder
        source = Path(where) / "source"
        source.mkdir()
        tree = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True).stdout
        subprocess.run(["tar", "x", "-C", str(source)], input=tree, check=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", where, str(source)], check=True,
                       env={**os.environ, "BATTLELINE_PURE": "1"})
        wheel = next(Path(where).glob("*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            py = [n for n in archive.namelist() if n.endswith(".py")]
            lines = {n: archive.read(n).count(b"\n") for n in py}
    dev = sum(v for n, v in lines.items() if WORKSHOP.search(n))
    app = sum(v for n, v in lines.items() if n.startswith("app/"))
    return {"workshop": dev, "app": app, "package": sum(lines.values())}


def sleeps_in_tests(root: Path = ROOT) -> dict[str, object]:
    """The `time.sleep` calls in tests/, in a wait's loop or fixed (no loop around them inside their function)."""
    in_waits, fixed = 0, []

    def walk(node: ast.AST, looped: bool, path: Path) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                walk(child, False, path)
                continue
            call = child
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "sleep"
                    and isinstance(call.func.value, ast.Name) and call.func.value.id == "time"):
                nonlocal in_waits
                if looped:
                    in_waits += 1
                else:
                    fixed.append(f"{path.relative_to(root).as_posix()}:{call.lineno}")
            walk(child, looped or isinstance(child, (ast.While, ast.For, ast.AsyncFor)), path)

    for path in sorted((root / "tests").rglob("*.py")):
        walk(ast.parse(path.read_text(encoding="utf-8"), str(path)), False, path)
    return {"in_waits": in_waits, "fixed": len(fixed), "fixed_list": fixed}


def figures(wheel: bool = False) -> dict[str, object]:
    out: dict[str, object] = {
        "board": _board(),
        "board_roles": _board_roles(),
        "board_outside": _board_outside(),
        "board_views": _board_views(),
        "still_layer_writes": _still_layer_writes(),
        "ignore_attr_defined": _count(r"type: ignore\[attr-defined\]", "scenes"),
        "id_in_keys": _count(r"(?<![\w.])(?<!def )id\(", "scenes", "game"),  # calls, not a method named id
        "host_chain": _host_chain(),
        "net_classes": _net_classes(),
        "pass_throughs": {name: len(members) for name, members in pass_throughs().items()},
        "casts": _count(r"(?<![\w.])cast\(", *PACKAGES),
        "action_event_defs": _definitions(),
        "mirror": (mirror := second_flows()),
        "mirror_lines": sum(mirror.values()),
        **_flow(),
        "rankings": {k: v for k, v in _lengths(RANKINGS).items() if v},
        "naming": _lengths(NAMING),
        "test_sleeps": sleeps_in_tests(),
    }
    if wheel:
        out["wheel_dev_lines"] = _wheel_dev_lines()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", action="store_true", help="also build a wheel and count its workshop lines")
    print(json.dumps(figures(parser.parse_args().wheel), indent=1))


if __name__ == "__main__":
    main()
