"""Catalogs: every message in every language, placeholders intact, the .mo files built from the .po files,
and no player-visible literal left unwrapped in scenes/."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import io
import string
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from game.i18n import LANGUAGES, _, set_language
from game.i18n.build import entry_msgid, extract, parse_po, po_path, refresh_references

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
MESSAGES = extract()
#: calls whose first argument a player reads
SHOWN = {"text", "shadowed", "fitted", "Item", "say", "wrap"}
#: literals shown as they are: symbols, numbers, the game's name on the title card
ALLOWED = {"", " ", "\u2026", "\u00b7"}


@cache
def catalogs() -> ModuleType:
    """tools/catalogs.py, the catalogs' build tool (Babel, in the test extra)."""
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fields(s: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(s) if f is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_translated_with_the_same_placeholders(lang: str) -> None:
    catalog = parse_po(po_path(lang).read_text(encoding="utf-8"))
    missing = [m for m in MESSAGES if not catalog.get(m)]
    assert not missing, f"{lang}: {len(missing)} untranslated, e.g. {missing[:5]}"
    wrong = [m for m in MESSAGES if fields(m) != fields(catalog[m])]
    assert not wrong, f"{lang}: placeholders differ in {wrong[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_committed_mo_matches_po(lang: str) -> None:
    """The committed .mo says what its .po says, plural forms and the Plural-Forms rule included (read
    back with the standard library's gettext, as the game reads it; Babel's own header lines may vary)."""
    committed = gettext.GNUTranslations(io.BytesIO(po_path(lang).with_suffix(".mo").read_bytes()))
    built = gettext.GNUTranslations(io.BytesIO(catalogs().compile_catalog(lang)))
    ours, theirs = committed._catalog, built._catalog  # type: ignore[attr-defined]  # gettext's own table
    assert ours.keys() - {""} == theirs.keys() - {""}, "run python -m game.i18n.build"
    assert all(ours[k] == theirs[k] for k in theirs if k), "run python -m game.i18n.build"
    assert committed.info()["plural-forms"] == built.info()["plural-forms"], "run python -m game.i18n.build"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_po_references_name_the_files_that_use_each_message(lang: str) -> None:
    """A translator follows `#:` to see a message in context; after code moves they must still lead there."""
    text = po_path(lang).read_text(encoding="utf-8")
    wrong = []
    for block in text.split("\n\n"):
        refs = [r for line in block.split("\n") if line.startswith("#:") for r in line[2:].split()]
        msgid = entry_msgid(block)
        used_in = {where.rsplit(":", 1)[0] for where in MESSAGES.get(msgid or "", [])}
        for ref in refs:
            if ref.rsplit(":", 1)[0] not in used_in:
                wrong.append(ref)
    assert not wrong, f"{lang}: stale references {wrong[:5]}; run python -m game.i18n.build --references"


def test_refresh_references_rewrites_only_the_references() -> None:
    text = ('msgid ""\nmsgstr ""\n"Language: cs\\n"\n\n# --- a note ---\n#: game/old.py:3\n#, fuzzy\n'
            'msgid "Settings"\nmsgstr "Nastavení"\n\n#: game/gone.py:9\nmsgid "Gone"\nmsgstr "Pryč"\n')
    fresh = refresh_references(text, {"Settings": ["scenes/settings.py:12", "game/play/menu.py:4"]})
    assert "#: scenes/settings.py:12 game/play/menu.py:4\n#, fuzzy\nmsgid \"Settings\"" in fresh
    assert "# --- a note ---" in fresh and "game/old.py" not in fresh and "game/gone.py" not in fresh
    assert parse_po(fresh) == parse_po(text)


def test_switching_language_at_once() -> None:
    try:
        assert set_language("hu") == "hu" and _("Settings") == "Beállítások"
        assert _("{who} can play no card and passes: the turn ends", who="Ana") == \
            "Ana egy lapot sem tud kijátszani, ezért passzol: a köre véget ér"
        assert set_language("en") == "en" and _("Settings") == "Settings"
    finally:
        set_language("en")


def _unwrapped(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name not in SHOWN:
            continue
        for arg in node.args[:1]:
            items = arg.elts if isinstance(arg, ast.List) else [arg]
            for item in items:
                parts = item.values if isinstance(item, ast.JoinedStr) else [item]
                words = [p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)]
                if any(w not in ALLOWED and any(c.isalpha() for c in w) for w in words):
                    found.append(f"{path.name}:{item.lineno}")
    return found


def test_no_unwrapped_literal_in_scenes() -> None:
    bad = [hit for path in sorted((ROOT / "scenes").glob("*.py")) for hit in _unwrapped(path)]
    assert not bad, f"wrap these in _(): {bad}"


def test_the_game_log_is_worded_in_the_language_chosen_when_it_is_opened() -> None:
    """Switching language mid-game rewords the lines already in the log, not only new ones."""
    import pygame
    from ui_driver import Driver

    from engine import Game, Rules
    from game.keep.settings import Settings
    from game.play.bot_client import InProcessBot
    from game.play.table import LocalTable
    from game.ui.shell import App
    from scenes.board import BoardScene
    from scenes.overlays import LogScene

    pygame.init()
    set_language("en")
    try:
        app = App(Settings(animation_speed="off"), fixed_dt=1 / 60, window=False)
        bot = InProcessBot("random")
        table = LocalTable(Game.new(Rules(), 5, "south", {"south": "Ana", "north": "Ben"}), {"north": bot})
        board = BoardScene(app, table)
        app.push(board)
        driver = Driver(app)
        driver.play(board, table.game.legal_actions()[0], "keyboard")
        driver.frames(5)
        assert len(table.game.actions) == 1 and board.model.log, "the play is applied and logged"
        board.open_log()
        english = app.top
        assert isinstance(english, LogScene) and english.log and "Ana" in english.log[0]
        app.pop(english)
        app.settings.language = "hu"  # what the settings screen does: the app's own language changes
        app.apply_settings()
        board.open_log()
        hungarian = app.top
        assert isinstance(hungarian, LogScene) and len(hungarian.log) == len(english.log)
        assert hungarian.log[0] != english.log[0] and "Ana" in hungarian.log[0]
        assert "zászló" in hungarian.log[0], hungarian.log[0]  # "flag" in Hungarian
    finally:
        set_language("en")


def test_hungarian_says_a_or_az_by_the_flag_number_never_a_z() -> None:
    """"a(z) {flag}. zászlóra" is settled once the number is known: az 1., a 4., az 5. (egy, négy, öt)."""
    fill = {"flag": 0, "to": 0, "n": 0, "card": "piros 7", "who": "Ana", "name": "Ben", "key": "x", "which": "y",
            "proof": "", "reason": "", "what": "", "total": 3, "count": 2}
    try:
        set_language("hu")
        said = {n: _("{card} on flag {flag}", card="piros 7", flag=n) for n in range(1, 10)}
        for msgid in MESSAGES:
            wanted = fields(msgid)
            if "(z)" in _(msgid) and wanted <= set(fill):
                for n in (1, 4, 5):
                    given: dict[str, object] = {k: v for k, v in fill.items() if k in wanted}
                    numbers: dict[str, object] = {k: n for k in ("flag", "to", "n") if k in wanted}
                    words = _(msgid, **{**given, **numbers})
                    assert "(z)" not in words, (msgid, words)
    finally:
        set_language("en")
    assert said[1] == "piros 7 az 1. zászlóra" and said[5] == "piros 7 az 5. zászlóra"
    assert said[4] == "piros 7 a 4. zászlóra" and all(said[n].startswith("piros 7 a ") for n in (2, 3, 6, 7, 8, 9))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_language_names_the_formations_in_its_own_words(lang: str) -> None:
    """The board, hints and rules name formations through these msgids: none may stay English."""
    from game.play.words import FORMATION_NAMES

    try:
        set_language(lang)
        english = [name for name in FORMATION_NAMES.values() if _(name) == name]
    finally:
        set_language("en")
    assert not english, f"{lang}: {english} left in English"


def test_hungarian_refusals_settle_a_or_az_once_the_flag_is_filled() -> None:
    """A refusal's template is translated first and filled after: "a(z)" must still be settled by the value."""
    from game.i18n.refusals import MSGIDS, refusal_words

    codes = [c for c, m in MSGIDS.items() if isinstance(m, str) and "{flag}" in m]
    try:
        set_language("hu")
        said = {c: refusal_words(c, {"flag": 5, "card": "r5", "target": "r5", "to": 1}, "x") for c in codes}
    finally:
        set_language("en")
    assert said["flag_claimed"].startswith("az 5."), said["flag_claimed"]
    assert not [w for w in said.values() if "(z)" in w], said
