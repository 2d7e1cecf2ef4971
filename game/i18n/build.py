"""Catalog tools kept in the repo: extract messages from the sources, read `.po`, write `.mo`.

A small msgfmt of our own (stdlib only) so building the catalogs needs no gettext tools installed.
Run `python -m game.i18n.build` after editing a `.po`; a test checks the committed `.mo` files match.
`python -m game.i18n.build --references` first rewrites each `.po`'s `#:` lines (where a message is
used) from the sources, after code has moved.
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from pathlib import Path

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("app", "game", "scenes")
MARKERS = ("_", "N_", "tr")  # tr: `_` where a module already uses `_` as a throwaway name
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
HEADER = "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract(root: Path = ROOT) -> dict[str, list[str]]:
    """msgid -> where it is used ('game/play/words.py:40'), from `_("...")` and `N_("...")` calls."""
    found: dict[str, list[str]] = {}
    for package in SOURCES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS
                        and node.args and isinstance(node.args[0], ast.Constant)
                        and isinstance(node.args[0].value, str)):
                    where = path.relative_to(root).as_posix()
                    found.setdefault(node.args[0].value, []).append(f"{where}:{node.lineno}")
    return found


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
        elif line.startswith("msgstr "):
            target = msgstr
            target.append(_unquote(line[7:]))
        elif line.startswith('"') and target is not None:
            target.append(_unquote(line))
        elif not line and target is not None:
            flush()
            target = None
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


def compile_mo(messages: dict[str, str]) -> bytes:
    """GNU `.mo` bytes, keys sorted so the same `.po` always gives the same file."""
    entries = {k: v for k, v in messages.items() if k and v}
    entries[""] = HEADER
    keys = sorted(entries, key=lambda k: k.encode("utf-8"))
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets: list[int] = []
    blob = b""
    for data in ids + strs:
        offsets += [len(data), start + len(blob)]
        blob += data + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    return head + struct.pack(f"<{4 * n}I", *offsets) + blob


def build() -> list[Path]:
    """Compile every language's `.po` beside itself; returns the files written."""
    written = []
    for lang in LANGUAGES:
        po = po_path(lang)
        if po.exists():
            mo = po.with_suffix(".mo")
            mo.write_bytes(compile_mo(parse_po(po.read_text(encoding="utf-8"))))
            written.append(mo)
    return written


if __name__ == "__main__":
    if "--references" in sys.argv[1:]:
        for path in refresh_all():
            print(path.relative_to(ROOT))
    for path in build():
        print(path.relative_to(ROOT))
    sys.exit(0)
