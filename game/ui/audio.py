"""Sound: effects for the board's events and a quiet music loop, all made by tools/make_sounds.py.

Audio is a comfort, never a requirement: where the mixer cannot start (no sound card, a headless
box, a broken driver) every call here does nothing, and the game plays on in silence.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from assets import ASSETS_DIR

if TYPE_CHECKING:
    from game.keep.settings import Settings

log = logging.getLogger(__name__)
SOUNDS_DIR = ASSETS_DIR / "sounds"
EFFECTS = ("play", "draw", "shuffle", "claim", "refuse", "horn", "victory", "defeat")
#: engine event type -> effect
EVENT_SOUNDS = {"play": "play", "draw": "draw", "scout_draw": "draw", "claim": "claim", "game_over": "victory"}
#: the ways of winning that sound the horn (a win on the last flag claimed by count rings the bells)
HORN_WINS = ("breakthrough", "envelopment")
DUCK = 0.35  # the music drops to this share of its volume under an effect
#: effects that duck the music (card sounds are too short to need it)
DUCKING = ("claim", "horn", "victory", "defeat", "shuffle")


class Audio:
    """The mixer, opened once on first use; `ok` is False for good once it has failed."""

    def __init__(self, sounds_dir: Path = SOUNDS_DIR) -> None:
        self.sounds_dir = sounds_dir
        self.ok: bool | None = None  # None: not tried yet
        self.sounds: dict[str, Any] = {}
        self.music_on = False
        self.played: list[str] = []  # the last effects asked for, for tests and the settings preview
        self.music_volume = 0.0  # the volume the music returns to after a duck
        self.ducked = False
        self._unduck: threading.Timer | None = None

    def start(self) -> bool:
        if self.ok is not None:
            return self.ok
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            for name in EFFECTS:
                self.sounds[name] = pygame.mixer.Sound(str(self.sounds_dir / f"{name}.wav"))
            self.ok = True
        except (pygame.error, OSError, FileNotFoundError) as exc:
            log.info("no sound: %s", exc)
            self.sounds.clear()
            self.ok = False
        return self.ok

    def effect(self, name: str, settings: Settings) -> None:
        self.played = [*self.played[-31:], name]
        if settings.volume <= 0 or not self.start():
            return
        sound = self.sounds.get(name)
        if sound is None:
            return
        try:
            sound.set_volume(settings.volume)
            sound.play()
            if name in DUCKING and self.music_on:
                self.duck(sound.get_length())
        except pygame.error as exc:
            log.info("sound %s not played: %s", name, exc)

    def duck(self, seconds: float) -> None:
        """Lower the music under an effect for `seconds`, then bring it back (a timer thread: the main
        loop sleeps at rest and must not wake up just for this)."""
        if self._unduck is not None:
            self._unduck.cancel()
        pygame.mixer.music.set_volume(self.music_volume * DUCK)
        self.ducked = True
        self._unduck = threading.Timer(seconds + 0.15, self.unduck)
        self._unduck.daemon = True
        self._unduck.start()

    def unduck(self) -> None:
        self.ducked = False
        try:
            if self.music_on:
                pygame.mixer.music.set_volume(self.music_volume)
        except pygame.error as exc:  # the mixer closed meanwhile
            log.info("music volume not restored: %s", exc)

    def music(self, settings: Settings) -> None:
        """Start the loop if it should play, stop it at volume 0, else set its volume."""
        if not self.start():
            return
        try:
            if settings.music_volume <= 0:
                if self.music_on:
                    pygame.mixer.music.stop()
                    self.music_on = False
                return
            if not self.music_on:
                pygame.mixer.music.load(str(self.sounds_dir / "music.wav"))
                pygame.mixer.music.play(-1, fade_ms=1500)
                self.music_on = True
            self.music_volume = settings.music_volume
            pygame.mixer.music.set_volume(settings.music_volume * (DUCK if self.ducked else 1.0))
        except pygame.error as exc:
            log.info("no music: %s", exc)


_AUDIO = Audio()


def audio() -> Audio:
    return _AUDIO


def cue(app: Any, name: str) -> None:
    """Play effect `name` at the app's effects volume."""
    _AUDIO.effect(name, app.settings)


def on_event(app: Any, event: dict[str, Any], lost_here: bool = False) -> None:
    """The board's hook: an engine event that has a sound plays it. The end of a game: the horn for a
    Breakthrough or an Envelopment, bells for another win, a quiet falling phrase when the people at
    this screen lost (`lost_here`: playing a bot or over the LAN)."""
    name = EVENT_SOUNDS.get(str(event.get("type")))
    if name == "victory":
        if not event.get("winner"):
            name = "claim"  # a drawn game: no fanfare
        elif lost_here:
            name = "defeat"
        elif event.get("how") in HORN_WINS:
            name = "horn"
    if name is not None:
        cue(app, name)


def music(app: Any) -> None:
    _AUDIO.music(app.settings)
