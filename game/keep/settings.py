"""Player settings, kept in the user's config folder so they survive updates.

A missing, unreadable or corrupt file gives the defaults and a notice (set aside), never a crash:
a sofa is no place for a traceback. `BATTLELINE_CONFIG_DIR` moves the folder (tests use it).
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ANIMATION_SPEEDS: tuple[str, ...] = ("off", "fast", "normal", "slow")
#: animation speed -> duration multiplier (0 means no animation at all)
SPEED_FACTORS: dict[str, float] = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.7}
#: where a player may take back their last action: nowhere, against bots, or also in hot-seat
TAKEBACKS: tuple[str, ...] = ("off", "bots", "always")
#: text size setting -> scale of every font (the text_scale of game.ui.theme.Theme, which App makes from Settings)
TEXT_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.2}
#: how the hand is laid out: by colour, by value, or in the order the cards were drawn
HAND_ORDERS: tuple[str, ...] = ("drawn", "colour", "value")
#: setup choices remembered between evenings (scenes.setup), each with the values it may take
SETUP_CHOICES: dict[str, tuple[str, ...]] = {
    "opponent": ("human", "random", "easy", "normal", "hard"), "tactics": ("on", "off"),
    "claims": ("standard", "advanced", "end"),
    "play": ("single", "games:3", "games:5", "points:15", "points:25", "hungarian"),
    "starts": ("random", "south", "north", "west", "east"),
    "players": ("2", "3"), "third": ("human", "random", "easy", "normal", "hard"),
}
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


@dataclass
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: str = "normal"
    auto_claim: bool = False
    win_bar: bool = False  # against bots: the coach's win estimate under your name (scenes.board_coach)
    volume: float = 0.7  # sound effects (game.ui.audio)
    music_volume: float = 0.6  # within its share of the headroom (game.ui.audio): as loud as the old 0.3
    high_contrast: bool = False
    text_size: str = "normal"
    reduced_motion: bool = False  # no moves, shakes, confetti or pulsing glows (game.ui.theme)
    names: list[str] = field(default_factory=lambda: ["Ana", "Ben"])
    takebacks: str = "bots"  # off by default in hot-seat; never over LAN (game.play.undo)
    language: str = "auto"  # a code of game.i18n.LANGUAGES, or "auto": the system's language
    welcomed: bool = False  # the first-launch welcome was answered: it is never shown again
    hand_order: str = "drawn"
    last_setup: dict[str, str] = field(default_factory=dict)  # the setup's last choices (SETUP_CHOICES)
    phones_port: int = 0  # the phone page's port, chosen the first time and kept (0: not chosen yet)
    #: internet play's servers (docs/INTERNET.md): a mailbox ws(s):// URL, a transit relay tcp:HOST:PORT; "": public
    wormhole_mailbox: str = ""
    wormhole_transit: str = ""

    @property
    def speed(self) -> float:
        if self.reduced_motion:
            return 0.0
        return SPEED_FACTORS.get(self.animation_speed, 1.0)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["window_size"] = list(self.window_size)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Each field is checked on its own: one bad value falls back to its default only."""
        out = cls()
        if not isinstance(data, dict):
            raise ValueError("settings: expected a JSON object")
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                log.warning("settings: ignoring unknown field %r", key)
                continue
            try:
                setattr(out, key, _checked(key, value))
            except (TypeError, ValueError) as exc:
                log.warning("settings: bad %s (%s); using the default", key, exc)
        return out


def _checked(key: str, value: Any) -> Any:
    if key in ("fullscreen", "auto_claim", "win_bar", "high_contrast", "reduced_motion", "welcomed"):
        if not isinstance(value, bool):
            raise TypeError("expected true or false")
        return value
    if key == "window_size":
        w, h = (int(v) for v in value)
        if not (320 <= w <= 8192 and 240 <= h <= 8192):
            raise ValueError("out of range")
        return (w, h)
    if key == "animation_speed":
        if value not in ANIMATION_SPEEDS:
            raise ValueError(f"expected one of {ANIMATION_SPEEDS}")
        return value
    if key == "hand_order":
        if value not in HAND_ORDERS:
            raise ValueError(f"expected one of {HAND_ORDERS}")
        return value
    if key == "last_setup":
        if not isinstance(value, dict):
            raise TypeError("expected a table of setup choices")
        return {k: v for k, v in value.items() if v in SETUP_CHOICES.get(k, ())}  # unknown or bad ones dropped
    if key == "takebacks":
        if value not in TAKEBACKS:
            raise ValueError(f"expected one of {TAKEBACKS}")
        return value
    if key == "text_size":
        if value not in TEXT_SIZES:
            raise ValueError(f"expected one of {tuple(TEXT_SIZES)}")
        return value
    if key == "phones_port":
        if not isinstance(value, int) or isinstance(value, bool) or not (value == 0 or 1024 <= value <= 65535):
            raise ValueError("expected a port number from 1024 to 65535")
        return value
    if key == "wormhole_mailbox":
        if not isinstance(value, str) or not (value == "" or re.fullmatch(r"wss?://[^\s]{1,200}", value)):
            raise ValueError("expected a ws:// or wss:// address, or nothing for the public mailbox")
        return value
    if key == "wormhole_transit":
        if not isinstance(value, str) or \
                not (value == "" or re.fullmatch(r"tcp:[A-Za-z0-9.\-\[\]:]{1,200}:\d{1,5}", value)):
            raise ValueError("expected tcp:HOST:PORT, or nothing for the public relay")
        return value
    if key in ("volume", "music_volume"):
        return min(1.0, max(0.0, float(value)))
    if key == "language":
        from game.i18n import AUTO, LANGUAGES

        if value != AUTO and value not in LANGUAGES:
            raise ValueError(f"expected one of {(AUTO, *LANGUAGES)}")
        return value
    if key == "names":
        if not (isinstance(value, list) and len(value) in (2, 3) and all(isinstance(n, str) for n in value)):
            raise TypeError("expected two or three names")
        return [n.strip()[:16] or d for n, d in zip(value, ("Ana", "Ben", "Cy"), strict=False)]
    raise ValueError("unknown")


def config_dir() -> Path:
    override = os.environ.get("BATTLELINE_CONFIG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("battleline", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> Settings:
    """The saved settings; a file that cannot be used is set aside as `settings.json.bad` (with a
    notice, like every other data file) and the defaults are used."""
    from game.i18n import _
    from game.keep.files import BadFile, read_json, set_aside

    path = settings_path()
    if not os.path.lexists(path):
        return Settings()
    try:
        data = read_json(path)
        if not isinstance(data, dict):
            raise BadFile(_("it is not a settings file"))
        return Settings.from_dict(data)
    except BadFile as exc:
        log.warning("settings: %s cannot be used (%s); using defaults", path, exc)
        set_aside(path, str(exc), _("The settings file"))
        return Settings()


def save_settings(settings: Settings) -> bool:
    """Write atomically (temp file, then rename) so a crash mid-write cannot corrupt the file."""
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(settings.to_dict(), indent=2), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        log.warning("settings: cannot save to %s (%s)", path, exc)
        return False
    return True
