"""The LAN protocol's messages as types (docs/PROTOCOL.md): what mypy checks of each field."""

from __future__ import annotations

from typing import Any

Message = dict[str, Any]
