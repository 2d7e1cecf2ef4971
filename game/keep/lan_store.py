"""Where LAN play keeps what must survive a crash: the host's saved game and the guest's tokens.

Both live in the user data folder (game.keep.files: platformdirs, `BATTLELINE_DATA_DIR`), written
atomically. A token file that cannot be read is treated as empty: the guest then joins as new,
which the host refuses with a clear reason if its seat is taken.
"""

from __future__ import annotations

import logging
from pathlib import Path

from game.keep.files import BadFile, data_dir, read_json, write_json

log = logging.getLogger(__name__)


def host_save_path() -> Path:
    path = data_dir() / "lan-host-game.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _tokens_path() -> Path:
    return data_dir() / "lan-guest-tokens.json"


def _tokens() -> dict[str, str]:
    if not _tokens_path().exists():
        return {}
    try:
        data = read_json(_tokens_path())
    except BadFile as exc:
        log.warning("LAN tokens unreadable (%s); starting afresh", exc)
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def guest_token(address: str) -> str | None:
    return _tokens().get(address)


def remember_token(address: str, token: str) -> None:
    tokens = _tokens()
    tokens[address] = token
    write_json(_tokens_path(), tokens)
