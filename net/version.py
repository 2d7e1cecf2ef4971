"""The program version peers compare in the handshake.

Read once when this module is imported (at start, when file descriptors are plentiful). A lookup that cannot
read the package metadata (no file descriptors left under a flood, EMFILE) is not "no version": the failure is
never kept, the next call looks again, so one starved moment cannot refuse every guest for the host's life.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version

UNKNOWN = "0+unknown"


def _read() -> str | None:
    """The installed package's version, or None when it cannot be read right now (or is not installed)."""
    try:
        return version("battleline")
    except (PackageNotFoundError, OSError, ValueError):
        # importlib.metadata keeps each directory's listing per mtime, so a listing made while no descriptor was
        # free (an empty one) would hide the package until the directory changes: forget it for the next look.
        importlib.invalidate_caches()
        return None


_known: str | None = _read()


def program_version() -> str:
    """This program's version; "0+unknown" (not kept) when the metadata cannot be read at this moment."""
    global _known
    if _known is None:
        _known = _read()
    return _known if _known is not None else UNKNOWN
