"""The address a phone opens: a URL carrying the join code, as a QR code in PNG (for the TV) and in text."""

from __future__ import annotations

import io
from pathlib import Path

import segno

from net.discovery import local_address


def phone_url(port: int, code: str, address: str | None = None) -> str:
    """http://LAN-ADDRESS:PORT/?code=CODE: scanning it opens the page with the code filled in."""
    return f"http://{address or local_address()}:{port}/?code={code}"


def qr_text(url: str) -> str:
    """The QR code in half-block characters (two module rows per line), dark modules drawn, a quiet border."""
    qr = segno.make(url, error="m")
    rows = [[bool(v) for v in row] for row in qr.matrix]
    size, border = len(rows), 2
    blank = [False] * (size + 2 * border)
    rows = [blank] * border + [[False] * border + r + [False] * border for r in rows] + [blank] * (border + 1)
    chars = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return "\n".join("".join(chars[(a, b)] for a, b in zip(top, low, strict=True)).rstrip()
                     for top, low in zip(rows[::2], rows[1::2], strict=False)) + "\n"


def qr_png(url: str, size: int) -> bytes:
    """The QR code as PNG bytes at most `size` pixels square (whole pixels per module), for a screen."""
    png = io.BytesIO()
    qr = segno.make(url, error="m")
    modules = qr.symbol_size(scale=1, border=4)[0]
    qr.save(png, kind="png", scale=max(1, size // modules), border=4, dark="black", light="white")
    return png.getvalue()


def write_qr(url: str, png: Path, text: Path | None = None, scale: int = 10) -> None:
    """The PNG for a screen (black on white, a four-module quiet zone) and, if asked, the text form."""
    segno.make(url, error="m").save(str(png), scale=scale, border=4, dark="black", light="white")
    if text is not None:
        text.write_text(qr_text(url), encoding="utf-8")
