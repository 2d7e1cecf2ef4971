"""`battleline host --phones PORT`: the phone bridge beside a host, its address and its QR code."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from .bridge import PhoneBridge
from .qr import phone_url, write_qr


def start_phones(port: int | None, host_port: int, code: str, bind: str, qr: str | None,
                 ) -> tuple[PhoneBridge | None, dict[str, Any]]:
    """Start the bridge when asked; return it and what the ready line reports (the URL, the QR files)."""
    if port is None:
        return None, {}
    host_address = f"127.0.0.1:{host_port}" if bind in ("0.0.0.0", "*", "") else f"{bind}:{host_port}"
    bridge = PhoneBridge(host_address, port=port, bind=bind)
    bridge.start()
    url = phone_url(bridge.port, code, None if bind in ("0.0.0.0", "*", "") else bind)
    base = Path(qr) if qr else Path(tempfile.mkdtemp(prefix="battleline-phones-")) / "phones"
    png, text = base.with_suffix(".png"), base.with_suffix(".txt")
    write_qr(url, png, text)
    if sys.stderr.isatty():
        print(f"Phones: scan this or open {url}\n{text.read_text(encoding='utf-8')}", file=sys.stderr)
    return bridge, {"phones": url, "phones_port": bridge.port, "qr": str(png), "qr_text": str(text)}
