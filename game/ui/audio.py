"""Sound: effects for the board's events and music per scene (tools/make_sounds.py, tools/make_music.py).

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
from engine.notation_types import Event

if TYPE_CHECKING:
    from game.keep.settings import Settings

log = logging.getLogger(__name__)
SOUNDS_DIR = ASSETS_DIR / "sounds"
EFFECTS = ("play", "draw", "shuffle", "claim", "refuse", "horn", "victory", "defeat")
#: the music: a loop for the menus, one for a game, a quicker one when a game nears its end, a calm one after the
#: game (results, review, replay) (tools/make_music.py)
PIECES = ("menu", "game", "tension", "after")
#: engine event type -> effect
EVENT_SOUNDS = {"play": "play", "draw": "draw", "scout_draw": "draw", "claim": "claim", "game_over": "victory"}
#: the ways of winning that sound the horn (a win on the last flag claimed by count plays the fanfare)
HORN_WINS = ("breakthrough", "envelopment")
DUCK = 0.35  # the music drops to this share of its volume under an effect
#: effects that duck the music (card sounds are too short to need it)
DUCKING = ("claim", "horn", "victory", "defeat", "shuffle")
FADE_MS = 1500  # one piece fades out while the next fades in
END_FADE_MS = 800  # the music makes way for the ending's sting

# The headroom, shared out so that the mix can never reach full scale: every sound file peaks at most at
# FILE_PEAK of full scale (tests/test_audio.py decodes each to check), at most EFFECT_CHANNELS effects sound
# at once (a new one takes over the oldest), and each voice is played at a gain that brings its peak to its
# share. Samples add, so the loudest possible sum is the sum of the shares: headroom() < 1, with no limiter
# needed and nothing ever squashed. Settings' volumes (0..1) scale within the shares.
FILE_PEAK = 0.52  # tools/make_*.py write peaks of 0.5; Ogg Vorbis decoding may overshoot a little
EFFECT_CHANNELS = 3
# The music is the bed of the whole evening, the effects short accents over it: the music's share was 0.18
# (about -35 dBFS RMS in play, too quiet for a living room's TV); now 0.24, the effects' 0.23 (issue 59).
EFFECT_SHARE = 0.23
MUSIC_SHARE = 0.24
CROSSFADE_SLACK = 0.05  # during a crossfade the two pieces' fades may start one mixer buffer apart
MUSIC_CHANNELS = (0, 1)  # reserved: the piece playing and the one fading out
#: the effects' own channels, after the music's
EFFECT_RANGE = tuple(range(len(MUSIC_CHANNELS), len(MUSIC_CHANNELS) + EFFECT_CHANNELS))


def headroom() -> float:
    """The largest sample the mix can make, as a share of full scale (every voice at its loudest at once)."""
    return EFFECT_CHANNELS * EFFECT_SHARE + MUSIC_SHARE * (1 + CROSSFADE_SLACK)


def near_the_end(flags: list[dict[str, Any]]) -> bool:
    """A game nears its end (the music turns tense) once someone holds three flags: two short of five, one
    short of four with three players, or already one flag from a Breakthrough somewhere."""
    held: dict[Any, int] = {}
    for flag in flags:
        owner = flag.get("claimed")
        if owner is not None:
            held[owner] = held.get(owner, 0) + 1
    return max(held.values(), default=0) >= 3


class Audio:
    """The mixer, opened once on first use; `ok` is False for good once it has failed."""

    def __init__(self, sounds_dir: Path = SOUNDS_DIR) -> None:
        self.sounds_dir = sounds_dir
        self.ok: bool | None = None  # None: not tried yet
        self.sounds: dict[str, Any] = {}
        self.pieces: dict[str, Any] = {}  # loaded on first play: each is a few MB once decoded
        self.piece: str | None = None  # the piece playing (or that would, at a volume above 0)
        self.music_on = False
        self.played: list[str] = []  # the last effects asked for, for tests and the settings preview
        self.ducked = False
        self._unduck: threading.Timer | None = None
        self._lead = 0  # which of MUSIC_CHANNELS carries the piece playing
        self._effect_order = list(EFFECT_RANGE)  # the effects' channels, the one started longest ago first

    def _file(self, name: str) -> Path:
        ogg = self.sounds_dir / f"{name}.ogg"
        return ogg if ogg.exists() else self.sounds_dir / f"{name}.wav"

    def start(self) -> bool:
        if self.ok is not None:
            return self.ok
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(len(MUSIC_CHANNELS) + EFFECT_CHANNELS)
            pygame.mixer.set_reserved(len(MUSIC_CHANNELS))
            for name in EFFECTS:
                self.sounds[name] = pygame.mixer.Sound(str(self._file(name)))
            self.ok = True
        except (pygame.error, OSError) as exc:
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
            sound.set_volume(settings.volume * EFFECT_SHARE / FILE_PEAK)
            channel = self._effect_channel()
            channel.set_volume(1.0)
            channel.play(sound)
            if name in DUCKING and self.music_on:
                self.duck(sound.get_length())
        except pygame.error as exc:
            log.info("sound %s not played: %s", name, exc)

    def _effect_channel(self) -> Any:
        """An idle effect channel, else the one whose effect started first: never a fourth voice, and never
        one of the music's channels (pygame's find_channel takes reserved channels too, cutting the music)."""
        number = next((c for c in self._effect_order if not pygame.mixer.Channel(c).get_busy()),
                      self._effect_order[0])
        self._effect_order.remove(number)
        self._effect_order.append(number)
        return pygame.mixer.Channel(number)

    def _channel(self, which: int) -> Any:
        return pygame.mixer.Channel(MUSIC_CHANNELS[which])

    def duck(self, seconds: float) -> None:
        """Lower the music under an effect for `seconds`, then bring it back (a timer thread: the main
        loop sleeps at rest and must not wake up just for this)."""
        if self._unduck is not None:
            self._unduck.cancel()
        self._channel(self._lead).set_volume(DUCK)
        self.ducked = True
        self._unduck = threading.Timer(seconds + 0.15, self.unduck)
        self._unduck.daemon = True
        self._unduck.start()

    def unduck(self) -> None:
        self.ducked = False
        try:
            if self.music_on:
                self._channel(self._lead).set_volume(1.0)
        except pygame.error as exc:  # the mixer closed meanwhile
            log.info("music volume not restored: %s", exc)

    def music(self, settings: Settings, piece: str | None = None) -> None:
        """Play `piece` (by default the one playing, else the menu's), fading over from the one before;
        stop at volume 0, else set the volume."""
        if not self.start():
            return
        piece = piece or self.piece or "menu"
        try:
            if settings.music_volume <= 0:
                self.stop_music(0)
                self.piece = piece
                return
            sound = self.pieces.get(piece)
            if sound is None:
                sound = self.pieces[piece] = pygame.mixer.Sound(str(self._file(piece)))
            sound.set_volume(settings.music_volume * MUSIC_SHARE / FILE_PEAK)
            if self.music_on and piece == self.piece:
                return
            if self.music_on:
                self._channel(self._lead).fadeout(FADE_MS)
                self._lead = 1 - self._lead
            lead = self._channel(self._lead)
            lead.set_volume(DUCK if self.ducked else 1.0)
            lead.play(sound, loops=-1, fade_ms=FADE_MS)
            self.piece, self.music_on = piece, True
        except pygame.error as exc:
            log.info("no music: %s", exc)

    def stop_music(self, fade_ms: int = END_FADE_MS) -> None:
        """Fade the music out (a game's end: its sting follows); the next music() call starts a piece again."""
        if not self.ok or not self.music_on:
            return
        self.music_on = False
        try:
            for which in (0, 1):
                channel = self._channel(which)
                if fade_ms > 0:
                    channel.fadeout(fade_ms)
                else:
                    channel.stop()
        except pygame.error as exc:
            log.info("music not stopped: %s", exc)


_AUDIO = Audio()


def audio() -> Audio:
    return _AUDIO


def cue(app: Any, name: str) -> None:
    """Play effect `name` at the app's effects volume."""
    _AUDIO.effect(name, app.settings)


def on_event(app: Any, event: Event, lost_here: bool = False) -> None:
    """The board's hook: an engine event that has a sound plays it. The end of a game: the horn for a
    Breakthrough or an Envelopment, a fanfare for another win, a quiet falling phrase when the people at
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


def music(app: Any, piece: str | None = None) -> None:
    """Play `piece` of PIECES at the app's music volume (None: go on with the one playing)."""
    _AUDIO.music(app.settings, piece)


def board_music(app: Any, flags: list[dict[str, Any]]) -> None:
    """A board's music: the game's piece, the tense one once the game nears its end."""
    _AUDIO.music(app.settings, "tension" if near_the_end(flags) else "game")


def sting_playing() -> bool:
    """An ending's sting (or any effect) still sounds: the music after the game waits for it to end."""
    if not _AUDIO.ok:
        return False
    try:
        return any(pygame.mixer.Channel(c).get_busy()
                   for c in EFFECT_RANGE)
    except pygame.error:
        return False


def after_music(app: Any) -> bool:
    """The calm piece of the screens after a game (results, review, replay), once the ending's sting has been
    heard alone; True once it plays (or never can: no mixer), False while it waits for the sting."""
    if sting_playing():
        return False
    _AUDIO.music(app.settings, "after")
    return True


def end_music() -> None:
    """A game is over: the music fades so the ending's sting is heard alone."""
    _AUDIO.stop_music()
