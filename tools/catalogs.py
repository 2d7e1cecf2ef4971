"""The catalogs' build tool (Babel): extract, update, compile, with each language's plural rule.

    python tools/catalogs.py              # update every .po from the sources, then compile the .mo files
    python tools/catalogs.py --references # first rewrite each entry's `#:` lines (after code moved)
    python tools/catalogs.py --check      # list entries without a translation or without all plural forms

Babel is a build tool here (the `i18n` extra, and in the test extra): the game reads the committed `.mo`
files with the standard library's `gettext`, so it never needs Babel at run time. Extraction finds
`_`, `N_`, `tr` and the plural pairs of `ngettext` and `N_plural` in app/, game/ and scenes/. Updating only
appends what is new at the end of each `.po` (with as many empty plural forms as the language has), and
sets the `Plural-Forms` header from Babel's rule for the language: it never reorders a catalog, so the
catalogs still merge as a union (.gitattributes) while several branches add entries. After such a merge it
also puts back a blank line two appended entries lost, and says afresh the `#:` lines that name a file no
longer using their message.
"""

from __future__ import annotations

import datetime
import io
import re
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.plurals import get_plural  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from game.i18n import LANGUAGES  # noqa: E402
from game.i18n.build import SOURCES, entry_msgid, extract, po_path, refresh_all, refresh_references  # noqa: E402

KEYWORDS = {"_": None, "N_": None, "tr": None, "ngettext": (1, 2), "N_plural": (1, 2)}
#: the .mo files carry these dates, so building twice gives the same bytes
FIXED_DATE = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)


def plural_header(lang: str) -> str:
    """Babel's Plural-Forms for `lang`: 'nplurals=3; plural=((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2);'."""
    return str(get_plural(lang))


def template(root: Path = ROOT) -> Catalog:
    """Every message the sources mark, singular or a plural pair, as Babel extracts it.

    Babel's Python extractor also takes a literal nested in a marker's argument (`_(WORDS["table"])`
    gives "table"); a message is kept only where it is the call's own first argument (build.extract).
    """
    marked = extract(root)
    catalog = Catalog(domain="battleline")
    for package in SOURCES:
        for filename, lineno, message, _comments, _context in extract_from_dir(
                str(root / package), method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=(), strip_comment_tags=True):
            key = message[0] if isinstance(message, tuple) else message
            if key in marked:
                catalog.add(message, locations=[(f"{package}/{filename}", lineno)])
    return catalog


def read(lang: str, path: Path | None = None) -> Catalog:
    with open(path or po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def with_plural_header(text: str, lang: str) -> str:
    """The `.po` text with its header's Plural-Forms line set to Babel's rule for `lang`."""
    line = f'"Plural-Forms: {plural_header(lang)}\\n"'
    if re.search(r'^"Plural-Forms: .*"$', text, flags=re.M):
        return re.sub(r'^"Plural-Forms: .*"$', lambda _m: line, text, count=1, flags=re.M)
    return re.sub(r'^("Language: .*")$', lambda m: m.group(1) + "\n" + line, text, count=1, flags=re.M)


def separate_entries(text: str) -> str:
    """The `.po` text with a blank line before every entry that follows the last one directly: a union
    merge of two branches' appended entries can join them, and then one entry swallows the next."""
    lines = text.split("\n")
    out: list[str] = []
    for line in lines:
        if out and line.startswith(("#", "msgid ")) and out[-1].startswith(("msgstr", '"')):
            out.append("")
        out.append(line)
    return "\n".join(out)


def fix_stale_references(text: str, found: dict[str, list[str]]) -> str:
    """The `.po` text with the `#:` lines of entries that name a file no longer using them said afresh
    (a union merge brings back a branch's old reference); every other entry is left as it is."""
    blocks = []
    for block in text.split("\n\n"):
        msgid = entry_msgid(block)
        refs = [r for line in block.split("\n") if line.startswith("#:") for r in line[2:].split()]
        used = {where.rsplit(":", 1)[0] for where in found.get(msgid or "", [])}
        if msgid and any(ref.rsplit(":", 1)[0] not in used for ref in refs):
            block = refresh_references(block, found)
        blocks.append(block)
    return "\n\n".join(blocks)


def update(lang: str, fresh: Catalog) -> int:
    """Append to `lang`'s `.po` every message of `fresh` it lacks (empty, for a translator); set its
    Plural-Forms. Returns how many entries were added."""
    path = po_path(lang)
    text = with_plural_header(separate_entries(path.read_text(encoding="utf-8")), lang)
    text = fix_stale_references(text, extract())
    have = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read(lang) if m.id}
    forms = get_plural(lang).num_plurals
    added = []
    for message in fresh:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if not message.id or key in have:
            continue
        where = " ".join(f"{file}:{line}" for file, line in message.locations)
        if isinstance(message.id, tuple):
            body = (f"msgid {_quote(message.id[0])}\nmsgid_plural {_quote(message.id[1])}\n"
                    + "".join(f'msgstr[{i}] ""\n' for i in range(forms)))
        else:
            body = f'msgid {_quote(message.id)}\nmsgstr ""\n'
        added.append(f"\n#: {where}\n{body}")
    path.write_text(text.rstrip("\n") + "\n" + "".join(added), encoding="utf-8")
    return len(added)


def compile_catalog(lang: str, path: Path | None = None) -> bytes:
    """`lang`'s `.po` as `.mo` bytes (Babel's writer; fuzzy and untranslated entries left out)."""
    catalog = read(lang, path)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _fields(text: str) -> set[str]:
    return {name for _t, name, _s, _c in string.Formatter().parse(text) if name is not None}


def problems(lang: str, path: Path | None = None) -> list[str]:
    """What a translator still owes in `lang`: untranslated entries, a plural without all its forms,
    forms whose `{fields}` differ from the English, a Plural-Forms header other than Babel's rule."""
    catalog = read(lang, path)
    out = []
    if catalog.num_plurals != get_plural(lang).num_plurals or \
            catalog.plural_expr != get_plural(lang).plural_expr:
        out.append(f"{lang}: Plural-Forms is not '{plural_header(lang)}'")
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            forms = list(message.string) if isinstance(message.string, tuple) else [message.string]
            if len(forms) != catalog.num_plurals or not all(forms):
                out.append(f"{lang}: {message.id[0]!r} needs {catalog.num_plurals} plural forms, has "
                           f"{sum(1 for f in forms if f)}")
            elif any(_fields(f) != _fields(message.id[1]) for f in forms):
                out.append(f"{lang}: {message.id[0]!r}: a form's fields differ from the English")
        elif not message.string:
            out.append(f"{lang}: {message.id!r} is not translated")
    return out


def main(argv: list[str]) -> int:
    if "--references" in argv:
        for path in refresh_all():
            print(path.relative_to(ROOT))
    languages = [lang for lang in LANGUAGES if lang != "en"]
    if "--check" in argv:
        found = [p for lang in languages for p in problems(lang)]
        print("\n".join(found) or "every catalog complete")
        return 1 if found else 0
    fresh = template()
    for lang in languages:
        added = update(lang, fresh)
        if added:
            print(f"{po_path(lang).relative_to(ROOT)}: {added} new entries to translate")
        po_path(lang).with_suffix(".mo").write_bytes(compile_catalog(lang))
        print(po_path(lang).with_suffix(".mo").relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
