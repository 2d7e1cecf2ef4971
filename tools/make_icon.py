"""Draw the game's icon with pygame: assets/icon/battleline.png (256 px), .ico (Windows) and .icns (macOS).

`python tools/make_icon.py` writes the three files; they are committed, and the script makes them again the
same way (no randomness). The picture: three cards fanned on a dark green baize, red, blue and gold, each with
its own pip, under a small pennant on a pole: a line of battle and a flag to win. Drawn four times larger and
scaled down for smooth edges. The .ico and .icns hold PNG images as they are (both formats allow that since
Windows Vista and Mac OS X 10.5), so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"
SCALE = 4


def rotated(points: list[tuple[float, float]], centre: tuple[float, float], degrees: float) -> list[tuple[int, int]]:
    a = math.radians(degrees)
    cx, cy = centre
    return [(round(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a)),
             round(cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a))) for x, y in points]


def card(surface: pygame.Surface, colour: tuple[int, int, int], degrees: float) -> None:
    """One card of the fan, turned about the fan's foot."""
    s = SCALE
    w, h = 92 * s, 132 * s
    cx, foot = 128 * s, 222 * s
    x0, y0 = cx - w / 2, foot - h - 8 * s
    body = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]
    inner = [(x0 + 7 * s, y0 + 7 * s), (x0 + w - 7 * s, y0 + 7 * s), (x0 + w - 7 * s, y0 + h - 7 * s),
             (x0 + 7 * s, y0 + h - 7 * s)]
    pivot = (cx, foot + 40 * s)
    pygame.draw.polygon(surface, (20, 24, 20), rotated([(x + 4 * s, y + 5 * s) for x, y in body], pivot, degrees))
    pygame.draw.polygon(surface, (246, 238, 220), rotated(body, pivot, degrees))
    pygame.draw.polygon(surface, colour, rotated(inner, pivot, degrees))
    # the pip: a diamond in the card's upper half
    px, py, r = cx, y0 + h * 0.38, 20 * s
    pip = [(px, py - r), (px + r * 0.75, py), (px, py + r), (px - r * 0.75, py)]
    pygame.draw.polygon(surface, (246, 238, 220), rotated(pip, pivot, degrees))


def draw() -> pygame.Surface:
    s = SCALE
    big = pygame.Surface((256 * s, 256 * s), pygame.SRCALPHA)
    pygame.draw.rect(big, (16, 52, 38), big.get_rect(), border_radius=44 * s)
    pygame.draw.rect(big, (196, 160, 82), big.get_rect(), width=6 * s, border_radius=44 * s)
    for colour, degrees in (((178, 38, 42), -24.0), ((36, 84, 170), 0.0), ((214, 168, 40), 24.0)):
        card(big, colour, degrees)
    # the pennant above the fan
    pole_x, top = 128 * s, 18 * s
    pygame.draw.rect(big, (232, 222, 196), (pole_x - 3 * s, top, 6 * s, 60 * s))
    pygame.draw.polygon(big, (214, 168, 40), [(pole_x + 3 * s, top + 2 * s), (pole_x + 50 * s, top + 16 * s),
                                              (pole_x + 3 * s, top + 30 * s)])
    pygame.draw.circle(big, (232, 222, 196), (pole_x, top), 6 * s)
    return pygame.transform.smoothscale(big, (256, 256))


def png_bytes(surface: pygame.Surface, size: int) -> bytes:
    buffer = io.BytesIO()
    image = surface if surface.get_width() == size else pygame.transform.smoothscale(surface, (size, size))
    pygame.image.save(image, buffer, "icon.png")
    return buffer.getvalue()


def ico(surface: pygame.Surface, sizes: tuple[int, ...] = (256, 48, 32, 16)) -> bytes:
    """A Windows icon holding one PNG per size (an entry's width and height of 0 mean 256)."""
    images = [png_bytes(surface, size) for size in sizes]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return head + entries + b"".join(images)


def icns(surface: pygame.Surface) -> bytes:
    """A macOS icon with PNG chunks: ic07 128 px, ic08 256 px, ic09 512 px."""
    chunks = b""
    for kind, size in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512)):
        data = png_bytes(surface, size)
        chunks += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def main() -> int:
    pygame.display.init()
    surface = draw()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "battleline.png").write_bytes(png_bytes(surface, 256))
    (OUT / "battleline.ico").write_bytes(ico(surface))
    (OUT / "battleline.icns").write_bytes(icns(surface))
    for name in ("battleline.png", "battleline.ico", "battleline.icns"):
        print(f"make_icon: {OUT / name} ({(OUT / name).stat().st_size // 1000} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
