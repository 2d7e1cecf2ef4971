"""Shared test setup: headless SDL, and deterministic Hypothesis runs (same examples every time)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile(
    "repeatable", derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves, replays and statistics of each test go to a fresh folder, never the user's own."""
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _fresh_process_state() -> Iterator[None]:
    """What one test leaves in module state must not reach the next one, whatever their order.

    Two things live in modules: file notices not yet shown (game.keep.files) and the accessibility
    values the drawing modules read (text size, contrast, motion). Both are reset after each test,
    and only when the test's code loaded them.
    """
    yield
    files = sys.modules.get("game.keep.files")
    if files is not None:
        files.take_notices()
    access = sys.modules.get("game.ui.accessibility")
    if access is not None:
        text, tween, art = (sys.modules[f"game.ui.{name}"] for name in ("text", "tween", "art"))
        if text.SCALE != 1.0 or tween.STILL or art.PANEL_MIN_ALPHA != 0:
            from game.keep.settings import Settings
            access.apply(Settings())
