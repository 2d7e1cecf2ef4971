"""The tests do not depend on the machine that runs them: whatever its locale, they read English menus.

The game's "auto" language follows the system (game.i18n.system_language), so tests/conftest.py pins
English for the test process and every process it starts. Here tests that read menu labels run under
each of the five other languages' locales, in a pytest of their own.
"""

from __future__ import annotations

import locale
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, language, set_language, system_language
from game.keep.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
#: A locale of each translated language, as a machine set up in that language names it.
LOCALES = {"hu": "hu_HU.UTF-8", "cs": "cs_CZ.UTF-8", "ro": "ro_RO.UTF-8", "es": "es_ES.UTF-8", "zh": "zh_CN.UTF-8"}
#: Tests that walk menus by their English labels (the first to break when the pin is missing).
BY_LABEL = ["tests/test_hermetic.py::test_the_tests_run_in_english",
            "tests/test_accessibility.py::test_every_option_set_by_one_device_alone"]


@pytest.fixture
def plain_process_locale() -> Iterator[None]:
    """The process locale says nothing (as when the system's locale is not installed): the variables decide."""
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    yield
    locale.setlocale(locale.LC_CTYPE, before)


def test_auto_follows_the_locale_variables(plain_process_locale: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the tests pin a language at all: the game itself follows LC_ALL and LANG."""
    assert set(LOCALES) | {"en"} == set(LANGUAGES)
    for lang, name in LOCALES.items():
        monkeypatch.setenv("LC_ALL", name)
        assert system_language() == lang
        assert set_language("auto") == lang
    monkeypatch.delenv("LC_ALL")
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    assert system_language() == "hu"


def test_the_tests_run_in_english() -> None:
    """Settings' "auto" language is English in this process and in a process it starts."""
    assert Settings().language == "auto" and set_language(Settings().language) == "en" and language() == "en"
    child = subprocess.run([sys.executable, "-c", "from game.i18n import system_language; print(system_language())"],
                           cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    assert child.stdout.strip() == "en"


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_tests_that_read_menus_pass_under_each_locale(lang: str) -> None:
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}
    env.update(LC_ALL=LOCALES[lang], LANG=LOCALES[lang], LANGUAGE=lang)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider",
                          *BY_LABEL], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, f"under {LOCALES[lang]}:\n{run.stdout[-3000:]}"
