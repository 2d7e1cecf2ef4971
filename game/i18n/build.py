"""Catalog helpers (stdlib only): find the marked messages in the sources, read `.po` files.

`python -m game.i18n.build` runs tools/catalogs.py, the build tool (Babel: extract, update, compile with
each language's plural rule). Run it after editing a `.po`; a test checks the committed `.mo` files
say what the `.po` files say. `--references` first rewrites each `.po`'s `#:` lines (where a message is
used) from the sources, after code has moved.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("app", "game", "scenes")
MARKERS = ("_", "N_", "tr")  # tr: `_` where a module already uses `_` as a throwaway name
PLURAL_MARKERS = ("ngettext", "N_plural")
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _walk(root: Path) -> dict[str, tuple[str | None, list[str]]]:
    """msgid -> (its plural or None, where it is used), from the marker calls in the sources."""
    found: dict[str, tuple[str | None, list[str]]] = {}
    for package in SOURCES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                    continue
                msgid, plural = _literal(node.args[0]), None
                if node.func.id in PLURAL_MARKERS:
                    plural = _literal(node.args[1]) if len(node.args) > 1 else None
                    if plural is None:
                        continue
                elif node.func.id not in MARKERS:
                    continue
                if msgid is not None:
                    where = path.relative_to(root).as_posix()
                    found.setdefault(msgid, (plural, []))[1].append(f"{where}:{node.lineno}")
    return found


def extract(root: Path = ROOT) -> dict[str, list[str]]:
    """msgid -> where it is used ('game/play/words.py:40'), from `_("...")`, `N_("...")`, and the singular
    of `ngettext("...", "...", n)` and `N_plural("...", "...")` calls."""
    return {msgid: where for msgid, (_plural, where) in _walk(root).items()}


def extract_plurals(root: Path = ROOT) -> dict[str, str]:
    """singular msgid -> its plural, for every `ngettext` and `N_plural` pair in the sources."""
    return {msgid: plural for msgid, (plural, _where) in _walk(root).items() if plural is not None}


def _unquote(s: str) -> str:
    return re.sub(r'\\(.)', lambda m: _ESCAPES.get(m.group(1), m.group(1)), s.strip()[1:-1])


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a `.po` file (fuzzy entries skipped, as msgfmt does)."""
    out: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    target: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if target is not None and not fuzzy:
            out["".join(msgid)] = "".join(msgstr)
        msgid.clear()
        msgstr.clear()
        fuzzy = False

    for line in [*text.splitlines(), ""]:
        line = line.strip()
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgid "):
            target = msgid
            target.append(_unquote(line[6:]))
        elif line.startswith("msgid_plural "):
            target = []  # the plural's English: plural_forms() reads it
        elif line.startswith("msgstr[0] "):  # a plural entry: its first form stands for it here
            target = msgstr
            target.append(_unquote(line[10:]))
        elif line.startswith("msgstr["):
            target = []
        elif line.startswith("msgstr "):
            target = msgstr
            target.append(_unquote(line[7:]))
        elif line.startswith('"') and target is not None:
            target.append(_unquote(line))
        elif not line and target is not None:
            flush()
            target = None
    return out


def plural_forms(text: str) -> dict[str, tuple[str, list[str]]]:
    """singular msgid -> (msgid_plural, [msgstr[0], msgstr[1], ...]) for each plural entry of a `.po`."""
    out: dict[str, tuple[str, list[str]]] = {}
    for block in text.split("\n\n"):
        lines = [line.strip() for line in block.split("\n") if not line.startswith("#")]
        parts: dict[str, list[str]] = {}
        key = ""
        for line in lines:
            head, _space, rest = line.partition(" ")
            if line.startswith('"'):
                parts.setdefault(key, []).append(_unquote(line))
            elif head in ("msgid", "msgid_plural") or head.startswith("msgstr["):
                key = head
                parts[key] = [_unquote(rest)]
        if "msgid_plural" in parts:
            forms = [("".join(parts[f"msgstr[{i}]"])) for i in range(len(parts)) if f"msgstr[{i}]" in parts]
            out["".join(parts["msgid"])] = ("".join(parts["msgid_plural"]), forms)
    return out


def entry_msgid(block: str) -> str | None:
    """The msgid of one `.po` entry (fuzzy or not), None for a block without one."""
    entry = parse_po("\n".join(line for line in block.split("\n") if not line.startswith("#,")))
    return next(iter(entry), None)


def refresh_references(text: str, found: dict[str, list[str]]) -> str:
    """The `.po` text with each entry's `#:` lines saying where its message is used now.

    Only the reference comments change; translations, flags and other comments are kept as they are.
    A message no source uses any more keeps no reference, which shows a translator it is stale.
    """
    blocks = []
    for block in text.split("\n\n"):
        lines = [line for line in block.split("\n") if not line.startswith("#:")]
        msgid = entry_msgid(block)
        if msgid and msgid in found:
            at = next((i for i, line in enumerate(lines) if line.startswith(("#,", "msgid "))), len(lines))
            lines.insert(at, "#: " + " ".join(found[msgid]))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def refresh_all() -> list[Path]:
    """Rewrite every language's `.po` references from the sources; returns the files changed."""
    found = extract()
    changed = []
    for lang in LANGUAGES:
        po = po_path(lang)
        if po.exists():
            text = po.read_text(encoding="utf-8")
            fresh = refresh_references(text, found)
            if fresh != text:
                po.write_text(fresh, encoding="utf-8")
                changed.append(po)
    return changed


def main(argv: list[str]) -> int:
    """`python -m game.i18n.build` runs the catalogs' build tool, tools/catalogs.py (Babel: a build tool
    the game does not import, so this floor stays standard library only)."""
    tool = ROOT / "tools" / "catalogs.py"
    return subprocess.run([sys.executable, str(tool), *argv], check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
