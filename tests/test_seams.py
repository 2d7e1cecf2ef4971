"""The screens talk to a table only through what `Table` declares (game/play/table.py), the network side
included (`Table.link`, a `Link`): no screen asks a table what it is.

A probe is `isinstance(x, SomethingTable)`, `type(table)`, `getattr`/`hasattr` on a table (or on what was
reached through one), or a reach through a table to what it wraps (`table.host`, `table.guest`,
`table.game`). Read from the source of scenes/ and app/ (AST), so a probe that comes back fails here.
app/'s tools build tables themselves (a screenshot plays a `LocalTable` it made): there only a screen's
table (`board.table.game`) counts as reached through, not a local variable holding the table it built.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ("scenes", "app")
#: what a table wraps: reaching it from a screen skips the seam
INSIDES = {"host", "guest", "game"}
#: names a probed value goes by once taken from a table
TABLEISH = ("table", "host", "guest", "link")


def _last_name(node: ast.expr) -> str:
    """`board.table` -> "table", `table` -> "table", `getattr(x, "host")` -> "host", else ""."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
            and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
        return str(node.args[1].value)
    return ""


def _types_named(node: ast.expr) -> list[str]:
    """The class names of isinstance's second argument (a name, a tuple, or an `A | B` union)."""
    if isinstance(node, ast.Tuple):
        return [n for elt in node.elts for n in _types_named(elt)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _types_named(node.left) + _types_named(node.right)
    return [_last_name(node)]


def probes_in(source: str, where: str, screens: bool = True) -> list[str]:
    """Every probe of a table in one module's source, as 'where:line: what' (`screens`: a scenes/ module)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            called, first = node.func.id, node.args[0]
            if called == "isinstance" and len(node.args) == 2 \
                    and any(name.endswith("Table") for name in _types_named(node.args[1])):
                found.append(f"{where}:{node.lineno}: isinstance(..., {ast.unparse(node.args[1])})")
            elif called in ("getattr", "hasattr") and any(w in _last_name(first) for w in TABLEISH):
                found.append(f"{where}:{node.lineno}: {called}({ast.unparse(first)}, ...)")
            elif called == "type" and "table" in _last_name(first):
                found.append(f"{where}:{node.lineno}: type({ast.unparse(first)})")
        elif isinstance(node, ast.Attribute) and node.attr in INSIDES and _last_name(node.value) == "table" \
                and (screens or isinstance(node.value, ast.Attribute)):
            found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def table_probes(root: Path) -> list[str]:
    out: list[str] = []
    for top in SCREENS:
        for path in sorted((root / top).rglob("*.py")):
            out += probes_in(path.read_text(encoding="utf-8"), str(path.relative_to(root)), top == "scenes")
    return out


def test_no_screen_asks_a_table_what_it_is() -> None:
    found = table_probes(ROOT)
    assert not found, "screens probing tables (declare it on Table or Link instead):\n" + "\n".join(found)


def test_the_scan_sees_each_kind_of_probe() -> None:
    """The scan above can fail: each way of asking is caught, and the declared seam is not."""
    planted = (
        "if isinstance(board.table, HostTable | RemoteTable): pass\n"
        "if isinstance(t, (LocalTable, int)): pass\n"
        "x = getattr(self.table, 'keep_alive', None)\n"
        "y = hasattr(getattr(table, 'host', None), 'save_problem')\n"
        "z = type(board.table)(guest)\n"
        "n = board.table.host.number + len(table.game.actions)\n"
    )
    found = probes_in(planted, "planted")
    lines = sorted({int(f.split(":")[1]) for f in found})
    assert lines == [1, 2, 3, 4, 5, 6], found
    assert len(found) == 8, found  # line 4 twice (getattr inside hasattr), line 6 twice
    fine = (
        "link = board.table.link\n"
        "if link is not None and link.peer_lost: link.keep_alive()\n"
        "if isinstance(scene, BoardScene): pass\n"
        "names = getattr(self.app.settings, 'names', None)\n"
        "game = session.game\n"
    )
    assert probes_in(fine, "fine") == []
    tool = "table = session.new_table()\ngame = table.game\nn = board.table.game\n"
    assert [f.split(": ")[1] for f in probes_in(tool, "app", screens=False)] == ["board.table.game"]
