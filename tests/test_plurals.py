"""Plural forms (issue 36): a count meets a word through `ngettext`, in each language's own forms.

Babel gives each catalog its Plural-Forms rule (Czech and Romanian three forms, Spanish two, Hungarian
and Chinese one); the game reads the compiled catalogs with the standard library alone.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from test_i18n import catalogs

from game.i18n import LANGUAGES, ngettext, set_language
from game.i18n.build import extract_plurals, plural_forms, po_path
from net.web.strings import PLURAL_TABLE, WEB_PLURALS, catalog_json

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _said(lang: str, singular: str, plural: str, n: int, **fields: object) -> str:
    set_language(lang)
    try:
        return ngettext(singular, plural, n, **fields)
    finally:
        set_language("en")


def test_czech_says_one_two_and_five_flags_in_three_forms() -> None:
    said = [_said("cs", "{n} flag", "{n} flags", n) for n in (1, 2, 5)]
    assert said == ["1 prapor", "2 prapory", "5 praporů"]
    drawn = [_said("cs", "drew {n} troop card", "drew {n} troop cards", n) for n in (1, 3, 7)]
    assert drawn == ["dobral 1 válečnou kartu", "dobral 3 válečné karty", "dobral 7 válečných karet"]


def test_romanian_says_de_from_twenty_and_english_two_forms() -> None:
    assert [_said("ro", "{n} flag", "{n} flags", n) for n in (1, 2, 19, 20, 101)] == \
        ["1 Steag", "2 Steaguri", "19 Steaguri", "20 de Steaguri", "101 Steaguri"]
    assert [_said("en", "{n} flag", "{n} flags", n) for n in (0, 1, 2)] == ["0 flags", "1 flag", "2 flags"]
    assert _said("zh", "{n} flag", "{n} flags", 1) == "1个地区"
    assert _said("hu", "{n} flag", "{n} flags", 5) == "5 zászló"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_has_babels_plural_rule_and_every_form(lang: str) -> None:
    """Each plural entry has as many forms as the language's rule, each with the English's fields."""
    assert catalogs().problems(lang) == []
    forms = plural_forms(po_path(lang).read_text(encoding="utf-8"))
    for singular, plural in extract_plurals().items():
        assert singular in forms, f"{lang}: {singular!r} has no plural entry (run python -m game.i18n.build)"
        assert forms[singular][0] == plural, f"{lang}: {singular!r}'s msgid_plural is not {plural!r}"
        assert len(forms[singular][1]) == get_plural(lang).num_plurals


def test_a_catalog_entry_without_its_plural_forms_fails(tmp_path: Path) -> None:
    text = po_path("cs").read_text(encoding="utf-8")
    entry = 'msgstr[2] "{n} praporů"\n'
    assert entry in text
    broken = tmp_path / "cs.po"
    broken.write_text(text.replace(entry, ""), encoding="utf-8")
    assert catalogs().problems("cs", broken) == ["cs: '{n} flag' needs 3 plural forms, has 2"]
    broken.write_text(text.replace("Plural-Forms: nplurals=3;", "Plural-Forms: nplurals=2;"), encoding="utf-8")
    assert any("Plural-Forms" in p for p in catalogs().problems("cs", broken))


def test_the_game_reads_plural_forms_without_babel() -> None:
    """Babel is a build tool: with it unimportable, the compiled catalogs still give Czech its forms."""
    script = ("import sys; sys.modules['babel'] = None\n"
              "from game.i18n import ngettext, set_language\n"
              "set_language('cs'); print(ngettext('{n} flag', '{n} flags', 5))\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "5 praporů", out.stderr
    for package in ("engine", "net", "game", "scenes", "app"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                assert not any(n.split(".")[0] == "babel" for n in names), f"{path} imports babel"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_page_gets_each_count_in_its_languages_forms(lang: str) -> None:
    """The page picks a form as plural_index[n] below the table, else plural_index[100 + n % 100]."""
    data = json.loads(catalog_json(lang) or b"{}")
    table = data["plural_index"]
    assert len(table) == PLURAL_TABLE
    for n in range(1000):
        index = table[n] if n < PLURAL_TABLE else table[100 + n % 100]
        for singular, plural in WEB_PLURALS:
            assert data["plurals"][singular][index] == _said(lang, singular, plural, n).replace(str(n), "{n}", 1)


def test_the_build_tool_separates_entries_a_union_merge_joined() -> None:
    """Two branches' appended entries can meet without the blank line between them; the tool puts it back."""
    joined = ('msgid "a"\nmsgstr "á"\n#: x.py:1\nmsgid "b"\nmsgstr "b́"\nmsgid "{n} c"\nmsgid_plural "{n} cs"\n'
              'msgstr[0] "{n} č"\n')
    assert catalogs().separate_entries(joined) == ('msgid "a"\nmsgstr "á"\n\n#: x.py:1\nmsgid "b"\nmsgstr "b́"\n\n'
                                                   'msgid "{n} c"\nmsgid_plural "{n} cs"\nmsgstr[0] "{n} č"\n')


def test_the_build_tool_says_afresh_only_references_that_went_stale() -> None:
    text = '#: old.py:3 new.py:9\nmsgid "a"\nmsgstr "á"\n\n#: kept.py:1\nmsgid "b"\nmsgstr "b́"\n'
    fixed = catalogs().fix_stale_references(text, {"a": ["new.py:12"], "b": ["kept.py:40"]})
    assert fixed == '#: new.py:12\nmsgid "a"\nmsgstr "á"\n\n#: kept.py:1\nmsgid "b"\nmsgstr "b́"\n'
