"""The page's files: a fixed list served from the package, so no path from the network reaches the disk."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from assets import ASSETS_DIR

PAGE_DIR = Path(__file__).parent / "page"
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".otf": "font/otf", ".ttf": "font/ttf", ".ico": "image/x-icon"}
#: URL path -> file; nothing else is ever read
FILES: dict[str, Path] = {
    "/": PAGE_DIR / "index.html",
    "/index.html": PAGE_DIR / "index.html",
    "/phone.js": PAGE_DIR / "phone.js",
    "/phone.css": PAGE_DIR / "phone.css",
    "/fonts/sans.ttf": ASSETS_DIR / "fonts" / "DejaVuSans.ttf",
    "/fonts/sans-bold.ttf": ASSETS_DIR / "fonts" / "DejaVuSans-Bold.ttf",
    "/fonts/cjk.otf": ASSETS_DIR / "fonts" / "NotoSansSC-Regular-subset.otf",
    "/favicon.ico": ASSETS_DIR / "icon" / "battleline.ico",  # the game's icon (tools/make_icon.py): browsers ask
}


@cache
def static_file(path: str) -> tuple[bytes, str] | None:
    """The bytes and content type of a page file, or None when the path is not one of ours."""
    file = FILES.get(path)
    if file is None:
        return None
    return file.read_bytes(), _TYPES[file.suffix]


def preload() -> None:
    """Read every page file now, while descriptors are free: a flood that takes them all later (at a low file
    limit) must not leave a phone's first page load with an error and the log with a traceback (issue 56)."""
    for path in FILES:
        static_file(path)
