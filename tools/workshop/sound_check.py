"""Capture the game's real mixer output to a file and measure it.

`python -m tools.workshop.sound_check burst|game|evening OUT.raw`, from a checkout.

SDL's disk driver writes exactly what the mixer sends to the sound card (16-bit stereo), so a sample at full
scale in the file is a click in the room. `burst`: the worst moment we know, three flags claimed at once and a
horn over the music, every volume at 100 %. `game`: a whole game between two easy bots, its events played as
the board plays them (the menu's piece, the game's, the tense one near the end, the ending's sting), a little
faster than a real evening, then the results screen's calm piece (when the game has one). `evening`: the same
game at the volumes a new player starts with (Settings' defaults), to read the level a living room hears.
Prints one JSON line: the mixer's format, sample count, peak and full-scale count, the RMS of the whole capture
and of each 5 s of it (dBFS).
Uses only the audio module's public calls, so the same script measures older versions of the game too.
"""

from __future__ import annotations

import array
import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Any, cast

from engine.notation_types import Event

FULL = 32767


def measure(path: Path) -> dict[str, Any]:
    """The peak of a capture and how many of its samples sit at full scale (either sign)."""
    data = array.array("h", path.read_bytes()[: path.stat().st_size // 2 * 2])
    if sys.byteorder != "little":
        data.byteswap()
    peak = max((abs(v) for v in data), default=0)
    return {"samples": len(data), "peak": min(peak, FULL), "peak_share": round(min(peak, FULL) / FULL, 4),
            "full_scale": sum(1 for v in data if v >= FULL or v <= -FULL), "rms_dbfs": _dbfs(data),
            "rms_dbfs_each_5s": [_dbfs(data[i:i + 441000]) for i in range(0, len(data), 441000)]}


def _dbfs(data: array.array) -> float:
    """The RMS of 16-bit samples in dB below full scale (-120 for silence)."""
    power = sum(v * v for v in data) / max(1, len(data))
    return round(10 * math.log10(max(power, 1e-12 * FULL * FULL) / (FULL * FULL)), 1)


def _heard(out: Path, seconds: float, limit: float = 60.0) -> None:
    """Wait until the capture holds `seconds` of sound. SDL's disk driver writes at the pace its thread gets
    the processor, so on a busy machine a fixed sleep records less than it slept (bounded by `limit`)."""
    import pygame

    rate, size, channels = pygame.mixer.get_init() or (44100, -16, 2)
    wanted = seconds * rate * channels * abs(size) // 8
    deadline = time.monotonic() + limit
    while (not out.exists() or out.stat().st_size < wanted) and time.monotonic() < deadline:
        time.sleep(0.02)


def _burst(audio: Any, settings: Any, out: Path) -> list[str]:
    audio.music(settings)
    _heard(out, 1.0)
    for name in ("claim", "claim", "claim", "horn"):
        audio.effect(name, settings)
        time.sleep(0.03)
    _heard(out, 3.7)
    return ["claim", "claim", "claim", "horn"]


def _game(audio: Any, settings: Any, step: float = 0.12) -> list[str]:
    from engine.ai import make_bot
    from engine.game import Game
    from engine.rules import Rules
    from game.ui import audio as module

    app = type("App", (), {"settings": settings})()
    if _has_pieces(module):
        module.music(app, "menu")
    else:
        audio.music(settings)
    time.sleep(1.5)
    game = Game.new(Rules(), 7, "south", {"south": "easy", "north": "easy"})
    bots = {s: make_bot("easy", i) for i, s in enumerate(("south", "north"))}
    if _has_pieces(module):
        module.board_music(app, [])
    audio.effect("shuffle", settings)
    claimed: list[dict[str, Any]] = [{"claimed": None} for _ in range(9)]
    heard = ["menu", audio.piece] if _has_pieces(module) else ["music (one loop)"]
    while game.result is None and len(game.actions) < 400:
        for event in game.apply(bots[game.to_move].choose(game.view(game.to_move))):
            if event["type"] == "claim":
                claimed[event["flag"] - 1]["claimed"] = event["seat"]
                if _has_pieces(module):
                    module.board_music(app, claimed)
                    heard += [audio.piece] if audio.piece != heard[-1] else []
            if event["type"] == "game_over" and hasattr(module, "end_music"):
                module.end_music()
            module.on_event(app, cast(Event, event))
            time.sleep(step if event["type"] in ("play", "draw", "claim") else 0)
    heard.append(f"{game.result and game.result['how']} after {len(game.actions)} actions")
    if hasattr(module, "after_music"):  # the results screen: its calm piece once the sting has been heard
        deadline = time.monotonic() + 15.0
        while not module.after_music(app) and time.monotonic() < deadline:
            time.sleep(0.1)
        heard.append(str(audio.piece))
        time.sleep(15.0)
    else:
        time.sleep(5.0)
    return heard


def _has_pieces(module: Any) -> bool:
    return hasattr(module, "board_music")


def capture(kind: str, out: Path) -> dict[str, Any]:
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = str(out)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.keep.settings import Settings
    from game.ui import audio

    pygame.init()
    settings = Settings() if kind == "evening" else Settings(volume=1.0, music_volume=1.0)
    player = audio.audio()
    if not player.start():
        raise SystemExit("sound_check: the mixer did not open on SDL's disk driver")
    heard = _burst(player, settings, out) if kind == "burst" else _game(player, settings)
    fmt = pygame.mixer.get_init()
    pygame.mixer.quit()
    return {"kind": kind, "heard": heard, "format": list(fmt) if fmt else None, **measure(out)}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] not in ("burst", "game", "evening"):
        print("usage: python -m tools.workshop.sound_check burst|game|evening OUT.raw", file=sys.stderr)
        return 2
    print(json.dumps(capture(args[0], Path(args[1]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
