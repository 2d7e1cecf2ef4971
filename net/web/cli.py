"""`battleline host --phones PORT`: the phone bridge beside a host, its address and its QR code."""

from __future__ import annotations

import errno
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .bridge import PhoneBridge
from .qr import phone_url, write_qr

BUSY_RETRY_S = 3.0  # how long a busy phone port is tried again before another is chosen


def start_phones(port: int | None, host_port: int, code: str, bind: str, qr: str | None,
                 vouch_key: bytes | None = None, game_bind: str | None = None,
                 ) -> tuple[PhoneBridge | None, dict[str, Any]]:
    """Start the bridge when asked; return it and what the ready line reports (the URL, the QR files).

    The page listens on `bind`; the game on `game_bind` (the same unless said: an internet table keeps
    its game's port on 127.0.0.1 while its page is on the room's network). A port that is busy (a
    resumed game's phone port, say) falls back to any free one, and the ready line says so: the phones
    must then scan the new code."""
    if port is None:
        return None, {}
    game = bind if game_bind is None else game_bind
    host_address = f"127.0.0.1:{host_port}" if game in ("0.0.0.0", "*", "") else f"{game}:{host_port}"
    bridge, busy = open_bridge(host_address, port, bind, vouch_key=vouch_key)
    url = phone_url(bridge.port, code, None if bind in ("0.0.0.0", "*", "") else bind)
    base = Path(qr) if qr else Path(tempfile.mkdtemp(prefix="battleline-phones-")) / "phones"
    png, text = base.with_suffix(".png"), base.with_suffix(".txt")
    write_qr(url, png, text)
    if busy:
        print(f"Phones: port {port} is busy; the phones must scan the new code (port {bridge.port})", file=sys.stderr)
    if sys.stderr.isatty():
        print(f"Phones: scan this or open {url}\n{text.read_text(encoding='utf-8')}", file=sys.stderr)
    info: dict[str, Any] = {"phones": url, "phones_port": bridge.port, "qr": str(png), "qr_text": str(text)}
    if busy:
        info["phones_port_busy"] = port
    return bridge, info


def open_bridge(host_address: str, port: int, bind: str, **kwargs: Any) -> tuple[PhoneBridge, bool]:
    """The bridge on `port`, or on any free port if another program really holds that one: (bridge, whether
    it fell back). A TV restarted at once may find its old process's sockets still going: the port is
    tried again for a moment before it is given up (TIME_WAIT sockets never hold it: SO_REUSEADDR)."""
    deadline = time.monotonic() + BUSY_RETRY_S
    while True:
        try:
            bridge = PhoneBridge(host_address, port=port, bind=bind, **kwargs)
            bridge.start()
            return bridge, False
        except OSError as exc:
            if port == 0:
                raise
            if exc.errno != errno.EADDRINUSE or time.monotonic() >= deadline:
                break
            time.sleep(0.25)
    bridge = PhoneBridge(host_address, port=0, bind=bind, **kwargs)
    bridge.start()
    return bridge, True
