"""Shared test setup: headless SDL, and deterministic Hypothesis runs (same examples every time)."""

from __future__ import annotations

import os

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
