"""Where LAN play keeps what must survive a crash: the host's saved game and the guest's tokens.

Both live in the user data folder (platformdirs; `BATTLELINE_DATA_DIR` moves it, tests use that).
A token file that cannot be read is treated as empty: the guest then joins as new, which the
host refuses with a clear reason if its seat is taken.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)


def data_dir() -> Path:
    override = os.environ.get("BATTLELINE_DATA_DIR")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("battleline", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def host_save_path() -> Path:
    return data_dir() / "lan-host-game.json"


def _tokens_path() -> Path:
    return data_dir() / "lan-guest-tokens.json"


def _tokens() -> dict[str, str]:
    try:
        data = json.loads(_tokens_path().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("LAN tokens unreadable (%s); starting afresh", exc)
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items() if isinstance(v, str)}


def guest_token(address: str) -> str | None:
    return _tokens().get(address)


def remember_token(address: str, token: str) -> None:
    """Written atomically, as every file the game keeps."""
    tokens = _tokens()
    tokens[address] = token
    tmp = _tokens_path().with_suffix(".tmp")
    tmp.write_text(json.dumps(tokens), encoding="utf-8")
    os.replace(tmp, _tokens_path())
