"""Shared test setup: headless SDL, English whatever the machine's locale, fresh folders for each test,
and deterministic Hypothesis runs (same examples every time)."""

from __future__ import annotations

import contextlib
import locale
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile(
    "repeatable", derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("repeatable")


#: Where the system's language reaches the game (game.i18n.system_language reads the process locale, then
#: these variables): Settings' "auto" language would follow them, and a run under LC_ALL=hu_HU.UTF-8 would
#: find its menus in Hungarian. The tests pin English, here and in every process they start;
#: tests/test_hermetic.py runs tests under each of the six languages' locales to show it.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True, scope="session")
def _english_whatever_the_locale() -> Iterator[None]:
    """The machine's locale does not reach the tests: the language variables say C, and so does the
    process's own character-type locale (set from them when Python started)."""
    before = locale.setlocale(locale.LC_CTYPE)
    with pytest.MonkeyPatch.context() as patch:
        for name in LOCALE_VARIABLES:
            patch.delenv(name, raising=False)
        patch.setenv("LC_ALL", "C.UTF-8")
        for name in ("C.UTF-8", "C"):  # C.UTF-8 is missing on some systems (macOS)
            with contextlib.suppress(locale.Error):
                locale.setlocale(locale.LC_CTYPE, name)
                break
        yield
    locale.setlocale(locale.LC_CTYPE, before)


@pytest.fixture(autouse=True, scope="session")
def _own_screenshot_folder() -> Iterator[None]:
    """Each worker's screenshots keep their data in a folder of its own (BATTLELINE_SHOT_DATA), so two workers
    drawing screens never wait for each other's folder (tools/workshop/screenshot_steady.fresh_data)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BATTLELINE_SHOT_DATA", str(Path(tempfile.gettempdir()) / f"battleline-shot-{worker}"))
        yield


@pytest.fixture(autouse=True)
def _config_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings of each test go to a fresh folder, never the user's own (a test may move it again)."""
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves, replays and statistics of each test go to a fresh folder, never the user's own."""
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _fresh_process_state() -> Iterator[None]:
    """What one test leaves in module state must not reach the next one, whatever their order.

    Three things live in modules: file notices not yet shown (game.keep.files), the process's default
    language (game.i18n.set_language, for words said outside any app; an app's own theme and language
    are its own, so nothing of them outlives it), and the threads that wake a window for a LAN table's
    messages (net.wake): a test that drops its tables without closing them would otherwise keep waking
    the next test's window, ten times a second, and a real-loop test would never see it rest. All are
    reset after each test, and only when the test's code loaded them.
    """
    yield
    wake = sys.modules.get("net.wake")
    if wake is not None:
        wake.close_all()
    i18n = sys.modules.get("game.i18n")
    if i18n is not None and i18n.language() != "en":
        i18n.set_language("en")
    files = sys.modules.get("game.keep.files")
    if files is not None:
        files.take_notices()
