"""Files the game loads at run time (fonts and their licences); see CREDITS.md."""

from __future__ import annotations

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent
FONTS_DIR = ASSETS_DIR / "fonts"
