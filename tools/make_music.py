"""Compose the game's music and orchestral effects as note lists, write them as MIDI and render them.

The pieces are written here, for this game (D Dorian and D minor, an old-world band: harp, strings,
flute, horns, timpani). Each is saved as a Standard MIDI File, rendered at 44.1 kHz by FluidSynth with
the General MIDI soundfont FluidR3_GM (Debian's `fluid-soundfont-gm`, MIT licence), folded into a
seamless loop where it loops, brought to one peak level and encoded as mono Ogg Vorbis with sox.
Only this build step needs fluidsynth, the soundfont and sox; the game and CI use the committed OGGs.
Run: `python tools/make_music.py [OUT_DIR] [--midi-only] [--only=menu,game]`.
"""

from __future__ import annotations

import array
import math
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass, field
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
RATE = 44100
PEAK = 0.5  # every file peaks here (-6 dBFS): game.ui.audio shares out the rest of the headroom
LOOP_PEAK = 0.46  # the limited loops a little lower: Ogg Vorbis decodes their flattened peaks up to ~0.7 dB higher
TPQ = 480  # MIDI ticks per quarter note
DRUMS = 9  # the General MIDI percussion channel
NOTE = {n: i for i, n in enumerate(("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"))}
NOTE.update({"Db": 1, "Eb": 3, "Gb": 6, "Ab": 8, "Bb": 10})


def p(name: str) -> int:
    """A MIDI pitch from a name such as "D4" or "Bb2" (C4 = 60)."""
    return NOTE[name[:-1]] + 12 * (int(name[-1]) + 1)


@dataclass
class Piece:
    """A piece: tempo, one instrument (GM program) per channel, notes as (beat, beats, pitch, velocity, channel)."""

    bpm: float
    programs: dict[int, int]
    beats: float  # its length; a loop is folded at this point
    loop: bool
    tail: float = 3.0  # seconds rendered after the end (reverb and release)
    notes: list[tuple[float, float, int, int, int]] = field(default_factory=list)

    def add(self, beat: float, beats: float, pitch: int | str, velocity: int, channel: int) -> None:
        self.notes.append((beat, beats, p(pitch) if isinstance(pitch, str) else pitch, velocity, channel))

    def chord(self, beat: float, beats: float, names: str, velocity: int, channel: int) -> None:
        for name in names.split():
            self.add(beat, beats, name, velocity, channel)

    def seconds(self, beats: float) -> float:
        return beats * 60.0 / self.bpm


# ------------------------------------------------------------------ the pieces
#: the harmony of the menu and the game: one chord per bar, as (bass, upper voices)
MENU_CHORDS = [("D2", "D3 A3 F4"), ("C2", "C3 G3 E4"), ("A#1", "A#2 F3 D4"), ("C2", "C3 G3 E4"),
               ("D2", "D3 A3 F4"), ("F2", "F3 C4 A4"), ("G2", "G3 D4 A#4"), ("A1", "A2 E3 C#4")]


#: a sectioned piece's tune: (beat in the section, beats, note)
Tune = list[tuple[float, float, str]]


#: the menu's sections, one chord per bar as (bass, upper); its form and who sings each section's tune
MENU_SECTIONS = {
    "a": MENU_CHORDS,
    "c": [("A#1", "A#2 F3 D4"), ("F2", "F3 C4 A4"), ("G1", "G2 D3 A#3"), ("D2", "D3 A3 F4"),
          ("A#1", "A#2 F3 D4"), ("C2", "C3 G3 E4"), ("F2", "F3 C4 A4"), ("A1", "A2 E3 C#4")],
    "d": [("D2", "D3 A3 F4"), ("D2", "D3 A3 F4"), ("A#1", "A#2 F3 D4"), ("A#1", "A#2 F3 D4"),
          ("C2", "C3 G3 E4"), ("C2", "C3 G3 E4"), ("A1", "A2 E3 C#4"), ("A1", "A2 E3 C#4")],
    "link": [("D2", "D3 A3 F4"), ("A#1", "A#2 F3 D4"), ("G1", "G2 D3 A#3"), ("A1", "A2 E3 C#4")],
}
#: (section, its chords, the tune's channel or None, the tune)
MENU_FORM: list[tuple[str, str, int | None, Tune]] = [
    ("intro", "a", None, []),
    ("flute", "a", 2, [(0, 3, "F4"), (3, 1, "A4"), (4, 2, "G4"), (6, 2, "E4"), (8, 3, "D4"), (11, 1, "F4"),
                       (12, 4, "E4"), (16, 2, "A4"), (18, 1, "D5"), (19, 1, "C5"), (20, 3, "A#4"), (23, 1, "A4"),
                       (24, 2, "G4"), (26, 1, "A4"), (27, 1, "F4"), (28, 3, "E4"), (31, 1, "C#5")]),
    ("oboe", "c", 6, [(0, 3, "D5"), (3, 1, "C5"), (4, 2, "A4"), (6, 2, "C5"), (8, 2, "A#4"), (10, 1, "A4"),
                      (11, 1, "G4"), (12, 4, "A4"), (16, 3, "F4"), (19, 1, "A#4"), (20, 2, "D5"), (22, 2, "C5"),
                      (24, 2, "C5"), (26, 2, "A4"), (28, 4, "C#5")]),
    ("cello", "a", 7, [(0, 4, "D3"), (4, 4, "E3"), (8, 4, "F3"), (12, 2, "G3"), (14, 2, "E3"), (16, 3, "A3"),
                       (19, 1, "F3"), (20, 4, "C3"), (24, 2, "D3"), (26, 2, "A#2"), (28, 4, "C#3")]),
    ("banners", "d", 4, [(0, 1, "A3"), (1, 1, "D4"), (2, 2, "F4"), (4, 3, "E4"), (7, 1, "D4"), (8, 2, "D4"),
                         (10, 2, "F4"), (12, 4, "A#3"), (16, 1, "G3"), (17, 1, "C4"), (18, 2, "E4"), (20, 3, "G4"),
                         (23, 1, "E4"), (24, 4, "E4"), (28, 4, "C#4")]),
    ("link", "link", 2, [(0, 8, "A4"), (8, 4, "A#4"), (12, 4, "A4")]),
]


def menu() -> Piece:
    """The menu, 2 min 19 s before it loops: a harp rolls each chord and strings hold it throughout; an intro,
    then the flute's tune, the oboe's over new chords, the cello's, the horns' march under banners (timpani on
    each bar), and a link where the flute holds on into the start again."""
    piece = Piece(76, {0: 46, 1: 48, 2: 73, 3: 32, 4: 60, 5: 47, 6: 68, 7: 42}, beats=0, loop=True)
    at = 0.0
    for n, (name, chords_name, channel, tune) in enumerate(MENU_FORM):
        chords = MENU_SECTIONS[chords_name]
        for bar, (bass, upper) in enumerate(chords):
            start = at + bar * 4
            piece.add(start, 4, bass, 62 if name != "cello" else 48, 3)
            piece.chord(start, 4, upper, 44 if name != "intro" else 40, 1)
            tones = [p(t) for t in upper.split()]
            roll = [tones[0], tones[1], tones[2], tones[1] + 12, tones[2] + 12 - 12 * (tones[2] > 72), tones[1]]
            if name == "banners":  # the harp strikes the chord, the timpani mark the bar
                piece.chord(start, 2, upper, 66, 0)
                piece.add(start, 1, p(bass) + 12, 70 if bar % 2 == 0 else 54, 5)
                piece.add(start + 3.5, 0.5, p(bass) + 12, 44, 5)
                continue
            for i, pitch in enumerate(roll + roll[:2] if (bar + n) % 2 == 0 else roll[:4]):
                step = 0.5 if (bar + n) % 2 == 0 else 1.0
                piece.add(start + i * step, 1.5, pitch, 58 if i % 2 else 68, 0)
        for beat, beats, note in tune:
            piece.add(at + beat, beats, note, 66 if channel != 7 else 70, channel if channel is not None else 2)
        at += 4 * len(chords)
    piece.beats = at
    return piece


#: the game's sections, one chord per bar as (bass, upper); all of it sits in the middle register and below,
#: out of the way of the table's sounds
GAME_SECTIONS = {
    "a": [("D2", "D3 F3 A3"), ("C2", "C3 E3 G3"), ("D2", "D3 F3 A3"), ("A#1", "A#2 D3 F3"),
          ("F2", "F3 A3 C4"), ("C2", "C3 E3 G3"), ("D2", "D3 F3 A3"), ("A1", "A2 C#3 E3")],
    "b": [("F2", "F3 A3 C4"), ("C2", "C3 E3 G3"), ("D2", "D3 F3 A3"), ("A1", "A2 C3 E3"),
          ("A#1", "A#2 D3 F3"), ("F2", "F3 A3 C4"), ("G1", "G2 A#2 D3"), ("A1", "A2 C#3 E3")],
    "c": [("A#1", "A#2 D3 F3"), ("A#1", "A#2 D3 F3"), ("G1", "G2 A#2 D3"), ("G1", "G2 A#2 D3"),
          ("D2", "D3 F3 A3"), ("D2", "D3 F3 A3"), ("A1", "A2 C#3 E3"), ("A1", "A2 C#3 E3")],
    "d": [("D2", "D3 F3 A3"), ("A1", "A2 C3 E3"), ("A#1", "A#2 D3 F3"), ("F2", "F3 A3 C4"),
          ("G1", "G2 A#2 D3"), ("D2", "D3 F3 A3"), ("A#1", "A#2 D3 F3"), ("A1", "A2 C#3 E3")],
    "link": [("D2", "D3 F3 A3"), ("A#1", "A#2 D3 F3"), ("G1", "G2 A#2 D3"), ("A1", "A2 C#3 E3")],
}
GAME_B: Tune = [(0, 1.5, "A4"), (1.5, 0.5, "G4"), (2, 2, "F4"), (4, 1, "E4"), (5, 1, "F4"), (6, 2, "G4"),
                (8, 3, "F4"), (11, 1, "E4"), (12, 2, "E4"), (14, 2, "C4"), (16, 1.5, "D4"), (17.5, 0.5, "E4"),
                (18, 2, "F4"), (20, 1, "A4"), (21, 1, "G4"), (22, 2, "F4"), (24, 2, "G4"), (26, 1, "A#4"),
                (27, 1, "A4"), (28, 4, "E4")]
#: (section, its chords, how the band accompanies, the tune's channel or None, the tune)
GAME_FORM: list[tuple[str, str, str, int | None, Tune]] = [
    ("opening", "a", "walk", None, []),
    ("oboe", "b", "harp", 5, GAME_B),
    ("cello", "a", "walk", 6, [(0, 2, "A3"), (2, 2, "D4"), (4, 2, "E4"), (6, 2, "C4"), (8, 3, "D4"), (11, 1, "F4"),
                               (12, 4, "D4"), (16, 2, "C4"), (18, 2, "A3"), (20, 2, "G3"), (22, 2, "C4"),
                               (24, 3, "A3"), (27, 1, "F3"), (28, 4, "E3")]),
    ("night", "c", "tiptoe", 4, [(0, 4, "D4"), (4, 2, "F4"), (6, 2, "D4"), (8, 4, "G3"), (12, 2, "A#3"),
                                 (14, 2, "A3"), (16, 4, "F3"), (20, 2, "E3"), (22, 2, "D3"), (24, 4, "C#4"),
                                 (28, 4, "E4")]),
    ("march", "d", "march", 2, [(0, 1, "D4"), (1, 0.5, "D4"), (1.5, 0.5, "E4"), (2, 2, "F4"), (4, 2, "E4"),
                                (6, 2, "C4"), (8, 1, "D4"), (9, 1, "F4"), (10, 2, "A#3"), (12, 3, "C4"),
                                (15, 1, "A3"), (16, 1, "A#3"), (17, 1, "D4"), (18, 2, "G4"), (20, 2, "F4"),
                                (22, 2, "A3"), (24, 2, "A#3"), (26, 2, "D4"), (28, 4, "C#4")]),
    ("clarinet", "b", "harp", 4, GAME_B),
    ("link", "link", "walk", 2, [(0, 2, "A3"), (2, 2, "F3"), (4, 4, "D3"), (8, 4, "G3"), (12, 4, "E3")]),
]


def game() -> Piece:
    """The game, 2 min 22 s before it loops: plucked strings and a soft pad throughout; an opening where a horn
    answers now and then, the oboe's tune over a harp, the cello's, a hushed night section (clarinet low over
    plucks off the beat), a march (horn and timpani), the clarinet with the oboe's tune, and a link. It keeps
    out of the way of the table's sounds (nothing above the middle register, little on the beat of an effect)."""
    piece = Piece(88, {0: 45, 1: 49, 2: 60, 3: 47, 4: 71, 5: 68, 6: 42, 7: 46}, beats=0, loop=True)
    at = 0.0
    for name, chords_name, style, channel, tune in GAME_FORM:
        chords = GAME_SECTIONS[chords_name]
        for bar, (bass, upper) in enumerate(chords):
            start, root = at + bar * 4, p(bass)
            piece.chord(start, 4, upper, 38 if style != "tiptoe" else 30, 1)
            if style in ("walk", "march"):
                for beat, pitch in enumerate((root, root + 7, root + 12, root + 7)):
                    piece.add(start + beat, 0.9, pitch, 72 if beat == 0 else 56, 0)
            if style == "walk" and bar % 2 == 0:
                piece.add(start, 1, root, 46, 3)  # a soft timpani stroke every other bar
            if style == "march":
                for beat in range(4):
                    piece.add(start + beat, 0.5, root + 12, 58 if beat == 0 else 40, 3)
            if style == "harp":
                piece.add(start, 0.9, root, 66, 0)
                piece.add(start + 2, 0.9, root + 7, 54, 0)
                tones = [p(t) + 12 for t in upper.split()]
                for i, pitch in enumerate((tones[0], tones[1], tones[2], tones[1]) * 2):
                    piece.add(start + i * 0.5, 1.0, pitch, 50 if i % 2 else 58, 7)
            if style == "tiptoe":
                for beat, pitch, velocity in ((0, root, 60), (1.5, root + 7, 44), (2.5, root + 12, 40),
                                              (3.5, root + 7, 36)):
                    piece.add(start + beat, 0.5, pitch, velocity, 0)
                if bar >= 6:
                    for k in range(8):  # a quiet timpani roll into the march
                        piece.add(start + k * 0.5, 0.5, root + 12, 30 + 3 * k + 12 * (bar - 6), 3)
        if name == "opening":  # the old loop's answers: strings low, then the horn
            for beat, beats, note in ((6, 2, "A3"), (7.5, 0.5, "G3"), (8, 3, "F3"), (22, 1, "C4"), (23, 1, "A#3"),
                                      (24, 4, "A3")):
                piece.add(at + beat, beats, note, 60, 2)
            for beat, beats, note in ((14, 1, "E4"), (15, 1, "F4"), (16, 4, "D4"), (29, 1, "E4"), (30, 2, "C#4")):
                piece.add(at + beat, beats, note, 52, 4)
        for beat, beats, note in tune:
            piece.add(at + beat, beats, note, 62 if channel != 6 else 68, channel if channel is not None else 5)
        at += 4 * len(chords)
    piece.beats = at
    return piece


#: the tense loop's sections, two bars to a chord, as (bass, upper)
TENSION_SECTIONS = {
    "a": [("D2", "D3 F3 A3"), ("D2", "D3 F3 A3"), ("A#1", "A#2 D3 F3"), ("A#1", "A#2 D3 F3"),
          ("G1", "G2 A#2 D3"), ("G1", "G2 A#2 D3"), ("A1", "A2 C#3 E3"), ("A1", "A2 C#3 E3")],
    "b": [("A#1", "A#2 D3 F3"), ("A#1", "A#2 D3 F3"), ("C2", "C3 E3 G3"), ("C2", "C3 E3 G3"),
          ("A1", "A2 C#3 E3"), ("A1", "A2 C#3 E3"), ("D2", "D3 F3 A3"), ("A1", "A2 C#3 E3")],
}
#: (section, its chords, brass stabs on, the horns' call over it)
TENSION_FORM: list[tuple[str, bool, Tune]] = [
    ("a", True, []),
    ("b", True, [(0, 2, "D4"), (2, 2, "F4"), (4, 4, "A#3"), (8, 2, "C4"), (10, 2, "E4"), (12, 4, "G3"),
                 (16, 2, "E4"), (18, 2, "C#4"), (20, 4, "A3"), (24, 4, "D4"), (28, 4, "E4")]),
    ("a", False, [(0, 3, "A3"), (3, 1, "D4"), (4, 4, "F4"), (8, 3, "F4"), (11, 1, "D4"), (12, 4, "A#3"),
                  (16, 3, "G3"), (19, 1, "A#3"), (20, 4, "D4"), (24, 4, "C#4"), (28, 4, "E4")]),
    ("a", True, []),
]


def tension() -> Piece:
    """Near the end, 1 min 9 s before it loops: quicker, low strings repeat a two-note figure, timpani on every
    beat; brass stabs on each bar, then the horns' call over new chords, the call again over the first ones
    with the stabs silent, and the first section to lead back."""
    piece = Piece(112, {0: 48, 1: 44, 2: 61, 3: 47, 4: 60}, beats=0, loop=True)
    at = 0.0
    for name, stabs, call in TENSION_FORM:
        for bar, (bass, upper) in enumerate(TENSION_SECTIONS[name]):
            start = at + bar * 4
            root = p(bass) + 12
            for eighth in range(8):
                piece.add(start + eighth / 2, 0.45, root + (1 if eighth % 4 == 3 else 0),
                          70 if eighth % 2 == 0 else 55, 0)
            piece.chord(start, 4, upper, 40, 1)
            for beat in range(4):
                piece.add(start + beat, 0.5, p(bass) + (12 if beat % 2 == 0 else 19), 64 if beat == 0 else 48, 3)
            if stabs and bar % 2 == 0:
                piece.chord(start, 1.5, upper, 60, 2)
        for beat, beats, note in call:
            piece.add(at + beat, beats, note, 72, 4)
        at += 4 * len(TENSION_SECTIONS[name])
    piece.beats = at
    return piece


def win() -> Piece:
    """A won game: a brass fanfare in D major over a timpani roll, ending on a held chord."""
    piece = Piece(100, {0: 61, 1: 56, 2: 47, 3: 48}, beats=8, loop=False, tail=2.5)
    for at, beats, name in ((0, 0.5, "A3"), (0.5, 0.5, "D4"), (1, 0.5, "F#4"), (1.5, 1.5, "A4"), (3, 0.5, "F#4"),
                            (3.5, 4, "D5")):
        piece.add(at, beats, name, 90, 1)
    piece.chord(0, 1.5, "D3 A3", 70, 0)
    piece.chord(1.5, 1.5, "F#3 A3 D4", 76, 0)
    piece.chord(3.5, 4, "D3 F#3 A3 D4", 84, 0)
    piece.chord(3.5, 4, "D2 A2 D3 F#3", 60, 3)
    for i in range(14):
        piece.add(i * 0.25, 0.25, "D2" if i < 12 else "A1", 40 + 4 * i, 2)
    piece.add(3.5, 2, "D2", 100, 2)
    return piece


def loss() -> Piece:
    """A lost game: strings fall slowly in D minor over a low horn, quiet, and end on the open fifth."""
    piece = Piece(60, {0: 48, 1: 60, 2: 47}, beats=6, loop=False, tail=2.5)
    for at, name in enumerate(("A3", "G3", "F3", "E3")):
        piece.add(at, 1.1, name, 58, 0)
    piece.chord(4, 2, "D3 A3", 54, 0)
    piece.add(0, 4, "D2", 46, 0)
    piece.add(0, 2, "D3", 44, 1)
    piece.add(2, 2, "A#2", 44, 1)
    piece.add(4, 2, "A2", 40, 1)
    piece.add(4, 1, "D2", 50, 2)
    return piece


def horn() -> Piece:
    """A Breakthrough or an Envelopment: a horn call (root, fifth, octave held) doubled below, two drum hits;
    the soundfont's horn swells and releases each note, so the joins never click."""
    piece = Piece(100, {0: 60, 1: 60, 2: 47}, beats=5, loop=False, tail=1.5)
    for at, beats, name in ((0, 0.45, "D3"), (0.5, 0.45, "A3"), (1, 3, "D4")):
        piece.add(at, beats, name, 100, 0)
        piece.add(at, beats, p(name) - 12, 80, 1)
    piece.add(1, 1, "D2", 104, 2)
    piece.add(2, 1, "A1", 88, 2)
    return piece


def claim() -> Piece:
    """A flag taken and planted: a taiko pickup and a full hit (ba-DUM), a timpani under it, a low string stab."""
    piece = Piece(120, {0: 116, 1: 47, 2: 48}, beats=2, loop=False, tail=1.0)
    piece.add(0, 0.25, "D3", 70, 0)
    piece.add(0.3, 0.5, "A2", 112, 0)
    piece.add(0.3, 1, "D2", 84, 1)
    piece.chord(0.3, 0.5, "D2 A2 D3", 70, 2)
    return piece


#: the evening's close (results, review, replay): four sections and a link, one chord per bar, as (bass, upper)
AFTER_SECTIONS = {
    "a": [("D2", "D3 A3 F4"), ("A#1", "A#2 F3 D4"), ("F2", "F3 C4 A4"), ("C2", "C3 G3 E4"),
          ("D2", "D3 A3 F4"), ("G1", "G2 D3 A#3"), ("A1", "A2 E3 C#4"), ("D2", "D3 A3 F4")],
    "b": [("F2", "F3 C4 A4"), ("C2", "C3 G3 E4"), ("D2", "D3 A3 F4"), ("A1", "A2 E3 C4"),
          ("A#1", "A#2 F3 D4"), ("F2", "F3 C4 A4"), ("G1", "G2 D3 A#3"), ("A1", "A2 E3 C#4")],
    "c": [("A#1", "A#2 F3 D4"), ("C2", "C3 G3 E4"), ("A1", "A2 E3 C4"), ("D2", "D3 A3 F4"),
          ("G1", "G2 D3 A#3"), ("C2", "C3 G3 E4"), ("F2", "F3 C4 A4"), ("A1", "A2 E3 C#4")],
    "link": [("D2", "D3 A3 F4"), ("A#1", "A#2 F3 D4"), ("G1", "G2 D3 A#3"), ("A1", "A2 E3 C#4")],
}
AFTER_FORM = ("a", "b", "c", "a", "link")
#: each section's tune as (beat in the section, beats, note): the flute sings b, the cello c, the oboe the last a
AFTER_TUNES = {
    "b": [(0, 3, "C5"), (3, 1, "A4"), (4, 2, "G4"), (6, 2, "E4"), (8, 3, "F4"), (11, 1, "A4"), (12, 4, "E4"),
          (16, 2, "D4"), (18, 2, "F4"), (20, 3, "A4"), (23, 1, "C5"), (24, 2, "A#4"), (26, 2, "A4"), (28, 4, "C#5")],
    "c": [(0, 3, "D3"), (3, 1, "F3"), (4, 3, "E3"), (7, 1, "G3"), (8, 2, "C3"), (10, 2, "E3"), (12, 4, "F3"),
          (16, 3, "G3"), (19, 1, "A#3"), (20, 2, "A3"), (22, 2, "G3"), (24, 4, "A3"), (28, 4, "E3")],
    "a2": [(0, 2, "A4"), (2, 2, "F4"), (4, 3, "D4"), (7, 1, "F4"), (8, 2, "C5"), (10, 2, "A4"), (12, 4, "G4"),
           (16, 2, "F4"), (18, 1, "E4"), (19, 1, "F4"), (20, 4, "D4"), (24, 3, "E4"), (27, 1, "C#4"), (28, 4, "D4")],
}


def after() -> Piece:
    """After the game (results, review, replay): slow and calm, 2 min 11 s before it loops. A harp rolls each
    chord and strings hold it throughout; the flute sings the second section, the cello the third, the oboe the
    first again over a horn's long notes, and a four-bar link leads back."""
    piece = Piece(66, {0: 46, 1: 49, 2: 73, 3: 42, 4: 68, 5: 60}, beats=0, loop=True)
    at = 0.0
    for n, name in enumerate(AFTER_FORM):
        chords = AFTER_SECTIONS[name]
        for bar, (bass, upper) in enumerate(chords):
            start = at + bar * 4
            tones = [p(t) for t in upper.split()]
            piece.chord(start, 4, upper, 36 if name != "c" else 30, 1)
            if name != "c":  # the cello has the third section's tune: no bass note under it
                piece.add(start, 4, bass, 44, 3)
            rise = [tones[0], tones[1], tones[2], tones[1] + 12] if (bar + n) % 2 == 0 else \
                [tones[0], tones[2], tones[1] + 12, tones[2]]
            for i, pitch in enumerate(rise):
                piece.add(start + i, 2, pitch, 52 if i else 60, 0)
        tune = AFTER_TUNES.get("a2" if name == "a" and n else name, [])
        channel = {"b": 2, "c": 3}.get(name, 4)
        for beat, beats, note in tune:
            piece.add(at + beat, beats, note, 58 if channel != 3 else 64, channel)
        if name == "a" and n:  # the horn's long notes under the oboe
            for beat, note in ((0, "D3"), (8, "F3"), (16, "D3"), (24, "E3")):
                piece.add(at + beat, 8, note, 36, 5)
        at += 4 * len(chords)
    piece.beats = at
    return piece


#: file name -> piece: four music loops, then the stings and effects game.ui.audio plays once
PIECES = {"menu": menu, "game": game, "tension": tension, "after": after, "victory": win, "defeat": loss,
          "horn": horn, "claim": claim}


# ------------------------------------------------------------------ MIDI
def _vlq(n: int) -> bytes:
    """A MIDI variable-length quantity."""
    out = [n & 0x7F]
    while n > 0x7F:
        n >>= 7
        out.append((n & 0x7F) | 0x80)
    return bytes(reversed(out))


def midi(piece: Piece) -> bytes:
    """A format-0 Standard MIDI File of the piece (its notes end a touch early so repeated notes re-strike)."""
    events: list[tuple[int, int, bytes]] = [(0, 0, b"\xff\x51\x03" + struct.pack(">I", round(6e7 / piece.bpm))[1:])]
    for channel, program in piece.programs.items():
        if channel != DRUMS:
            events.append((0, 1, bytes((0xC0 | channel, program))))
    for beat, beats, pitch, velocity, channel in piece.notes:
        on, off = round(beat * TPQ), round((beat + beats) * TPQ) - 8
        events.append((on, 3, bytes((0x90 | channel, pitch, velocity))))
        events.append((max(on + 1, off), 2, bytes((0x80 | channel, pitch, 0))))
    end = round((piece.beats + piece.tail * piece.bpm / 60) * TPQ)
    events.append((end, 4, b"\xff\x2f\x00"))
    track, now = bytearray(), 0
    for tick, _order, data in sorted(events, key=lambda e: (e[0], e[1])):
        track += _vlq(tick - now) + data
        now = tick
    return b"MThd" + struct.pack(">IHHH", 6, 0, 1, TPQ) + b"MTrk" + struct.pack(">I", len(track)) + bytes(track)


# ------------------------------------------------------------------ rendering
def _mono(path: Path) -> array.array:
    """The rendered WAV (16-bit stereo) as one mono list of floats."""
    with wave.open(str(path), "rb") as w:
        raw = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        raw.byteswap()
    return array.array("d", ((raw[i] + raw[i + 1]) / 65536.0 for i in range(0, len(raw) - 1, 2)))


def _clipped(path: Path) -> int:
    """How many of the rendered WAV's 16-bit samples sit at full scale (FluidSynth clipped them)."""
    with wave.open(str(path), "rb") as w:
        raw = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        raw.byteswap()
    return sum(1 for v in raw if v >= 32767 or v <= -32767)


def _fold(samples: array.array, length: int) -> array.array:
    """A seamless loop: what rings on after `length` (reverb, releases) is laid over the loop's start."""
    out = array.array("d", samples[:length])
    out.extend([0.0] * (length - len(out)))
    for i in range(length, len(samples)):
        out[(i - length) % length] += samples[i]
    return out


def _trim(samples: array.array, floor: float = 0.0005) -> array.array:
    """A sting without its silent end, with a 50 ms fade so it stops without a click."""
    end = len(samples)
    while end > 1 and abs(samples[end - 1]) < floor:
        end -= 1
    out = array.array("d", samples[:end])
    fade = min(len(out), int(0.05 * RATE))
    for k in range(fade):
        out[len(out) - 1 - k] *= k / fade
    return out


def _level(samples: array.array, loop: bool, ratio: float = 2.5, block: int = 441) -> array.array:
    """Bring the loud passages nearer the quiet ones (a slow compressor, 2.5:1 above the piece's own RMS), so
    that at one peak level the piece is fuller: loud enough for a living room's TV under the same headroom.
    The level is followed in 10 ms blocks (30 ms to rise, 400 ms to fall); a loop's follower runs round it
    twice, so its end and its start get the same gain and the join stays smooth."""
    n = len(samples)
    levels = []
    for start in range(0, n, block):
        part = samples[start:start + block]
        levels.append(math.sqrt(sum(v * v for v in part) / max(1, len(part))) + 1e-9)
    floor = math.sqrt(sum(v * v for v in samples) / max(1, n)) + 1e-9
    rise, fall = 1 - math.exp(-1 / 3), 1 - math.exp(-1 / 40)
    follow, gains = levels[-1] if loop else levels[0], [1.0] * len(levels)
    for lap in range(2 if loop else 1):
        for i, level in enumerate(levels):
            follow += (level - follow) * (rise if level > follow else fall)
            if lap == (1 if loop else 0):
                gains[i] = (floor / follow) ** (1 - 1 / ratio) if follow > floor else 1.0
    return _limit(_apply(samples, gains, block, loop), loop)


def _apply(samples: array.array, gains: list[float], block: int, loop: bool) -> array.array:
    """Samples times a gain given per block, the gain gliding from one block's centre to the next."""
    out = array.array("d", samples)
    for i in range(len(out)):
        at = i / block - 0.5
        k = min(len(gains) - 1, max(0, int(at)))
        nxt = (k + 1) % len(gains) if loop else min(len(gains) - 1, k + 1)
        t = min(1.0, max(0.0, at - k))
        out[i] *= gains[k] + (gains[nxt] - gains[k]) * t
    return out


def _limit(samples: array.array, loop: bool, cut_db: float = 5.0, block: int = 220) -> array.array:
    """Take the few sharpest peaks (a harp's or a drum's attack) down by up to `cut_db`, so the piece can be
    brought up by as much: the gain falls over the 5 ms before a peak and comes back over about 60 ms. Each
    block's gain is at most what every sample of it and of its neighbours needs, so no sample passes the
    ceiling."""
    ceiling = max((abs(v) for v in samples), default=0.0) * 10 ** (-cut_db / 20) or 1.0
    need = []
    for start in range(0, len(samples), block):
        top = max((abs(v) for v in samples[start:start + block]), default=0.0)
        need.append(min(1.0, ceiling / top) if top else 1.0)
    count = len(need)
    near = [min(need[(k - 1) % count], need[k], need[(k + 1) % count]) if loop else
            min(need[max(0, k - 1)], need[k], need[min(count - 1, k + 1)]) for k in range(count)]
    back, gain, gains = 1 - math.exp(-1 / 12), near[-1] if loop else 1.0, list(near)
    for _lap in range(2 if loop else 1):
        for k in range(count):
            gain = min(near[k], gain + (1 - gain) * back)
            gains[k] = gain
    return _apply(samples, gains, block, loop)


def _write_wav(samples: array.array, path: Path, peak: float = PEAK) -> None:
    """16-bit mono at `peak`: the largest sample is scaled to exactly that share of full scale."""
    top = max((abs(v) for v in samples), default=0.0) or 1.0
    scale = peak * 32767 / top
    pcm = array.array("h", (round(v * scale) for v in samples))
    if sys.byteorder != "little":
        pcm.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def render(name: str, piece: Piece, out_dir: Path, work: Path, fluidsynth: str, sox: str) -> Path:
    mid, raw, flat = work / f"{name}.mid", work / f"{name}-raw.wav", work / f"{name}.wav"
    mid.write_bytes(midi(piece))
    subprocess.run([fluidsynth, "-ni", "-q", "-g", "0.6", "-r", str(RATE), "-F", str(raw), str(SOUNDFONT), str(mid)],
                   check=True, stdout=subprocess.DEVNULL)
    samples = _mono(raw)
    clipped = _clipped(raw)
    if clipped:
        raise SystemExit(f"make_music: {name} clips in FluidSynth ({clipped} samples): lower its gain")
    samples = _level(_fold(samples, round(piece.seconds(piece.beats) * RATE)), True) if piece.loop else \
        _trim(samples)
    _write_wav(samples, flat, LOOP_PEAK if piece.loop else PEAK)
    out = out_dir / f"{name}.ogg"
    subprocess.run([sox, str(flat), "-C", "2", str(out)], check=True)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    midi_only = "--midi-only" in args
    only = next((a.split("=", 1)[1].split(",") for a in args if a.startswith("--only=")), list(PIECES))
    unknown = [name for name in only if name not in PIECES]
    if unknown:
        print(f"make_music: no piece called {', '.join(unknown)} (the pieces: {', '.join(PIECES)})", file=sys.stderr)
        return 2
    rest = [a for a in args if not a.startswith("--")]
    out_dir = Path(rest[0]) if rest else OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    if midi_only:
        for name, make in PIECES.items():
            (out_dir / f"{name}.mid").write_bytes(midi(make()))
        return 0
    fluidsynth, sox = shutil.which("fluidsynth"), shutil.which("sox")
    missing = [what for what, found in (("fluidsynth", fluidsynth), ("sox", sox), (str(SOUNDFONT), SOUNDFONT.exists()))
               if not found]
    if missing:
        print(f"make_music: cannot render, missing {', '.join(missing)} (Debian: apt install fluidsynth "
              "fluid-soundfont-gm sox libsox-fmt-all); the committed OGGs in assets/sounds are unchanged",
              file=sys.stderr)
        return 2
    assert fluidsynth is not None and sox is not None
    with tempfile.TemporaryDirectory() as tmp:
        for name in only:
            path = render(name, PIECES[name](), out_dir, Path(tmp), fluidsynth, sox)
            print(f"{path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
