"""Build the bundled Simplified Chinese fonts: subsets of Noto Sans CJK SC and Noto Serif CJK SC (SIL OFL 1.1).

Dev-time only (needs fontTools and Debian's fonts-noto-cjk):
    apt-get install -y fonts-noto-cjk && pip install fonttools && python tools/build_cjk_font.py [NAME ...]
The text faces (Noto Sans CJK SC Regular and Bold) keep every character of every catalog (so zh and the
other languages always render), the GB2312 level-1 hanzi (3755 common characters, for names people type),
Latin with the diacritics of our languages, and CJK punctuation: ~1-2 MB each of a ~20 MB font.
The display face (Noto Serif CJK SC Bold, the Song style that takes EB Garamond's role for Chinese titles)
keeps only what titles say: the catalogs' characters, Latin and punctuation (~0.5 MB); a title with another
hanzi (a name typed) falls back to the sans (game/ui/text.py). NAME: which files to build (default: all).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SOURCE = Path("/usr/share/fonts/opentype/noto")
OUT = ROOT / "assets" / "fonts"
#: the files built: name -> (the collection it is cut from, whether it keeps the typed names' hanzi)
BUILDS = {"NotoSansSC-Regular": ("NotoSansCJK-Regular.ttc", True), "NotoSansSC-Bold": ("NotoSansCJK-Bold.ttc", True),
          "NotoSerifSC-Bold": ("NotoSerifCJK-Bold.ttc", False)}
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2193), (0x2212, 0x2212),
          (0x25A0, 0x25FF),  # geometric shapes: the volume bars, the wheel and replay arrows
          (0x3000, 0x301F), (0xFF01, 0xFF5E)]


def gb2312_level1() -> set[str]:
    """The 3755 level-1 hanzi: rows 16-55 of GB2312 (bytes B0A1..D7F9)."""
    out = set()
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                out.add(bytes((hi, lo)).decode("gb2312"))
    return out


def wanted(names: bool = True) -> set[str]:
    """The characters a face keeps; `names`: with the GB2312 level-1 hanzi people type in their names."""
    from game.i18n import LANGUAGES
    from game.i18n.build import extract, parse_po, po_path

    chars = (gb2312_level1() if names else set()) | {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)}
    chars |= {c for msgid in extract() for c in msgid}
    for lang in LANGUAGES:
        if po_path(lang).exists():
            chars |= {c for s in parse_po(po_path(lang).read_text(encoding="utf-8")).values() for c in s}
    chars |= set("简体中文")
    return {c for c in chars if c.isprintable()}


def sc_font(path: Path):  # type: ignore[no-untyped-def]
    """The Simplified Chinese member of the Noto CJK collection."""
    for font in TTCollection(str(path)).fonts:
        if "SC" in font["name"].getDebugName(1).split():
            return font
    raise SystemExit(f"no SC font in {path}")


def main(argv: list[str] | None = None) -> int:
    names = (sys.argv[1:] if argv is None else argv) or list(BUILDS)
    unknown = [name for name in names if name not in BUILDS]
    if unknown:
        print(f"build_cjk_font: no font called {', '.join(unknown)} (the fonts: {', '.join(BUILDS)})", file=sys.stderr)
        return 2
    for name in names:
        file, with_names = BUILDS[name]
        text = "".join(sorted(wanted(with_names)))
        font = sc_font(SOURCE / file)
        opts = subset.Options()
        opts.layout_features = ["*"]
        opts.name_IDs = ["*"]
        opts.notdef_outline = True
        sub = subset.Subsetter(opts)
        sub.populate(text=text)
        sub.subset(font)
        out = OUT / f"{name}-subset.otf"
        font.save(str(out))
        print(f"{out.relative_to(ROOT)}: {len(text)} characters, {out.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
