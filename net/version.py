"""The program version peers compare in the handshake."""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version


@cache
def program_version() -> str:
    try:
        return version("battleline")
    except PackageNotFoundError:
        return "0+unknown"
