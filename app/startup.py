"""What a player meets before and after the game's window: quiet starts, clear refusals, a crash they can send.

- quiet(): no pygame banner, and no ALSA error dump when there is no sound card (SDL is given its silent
  audio driver then, before it would try ALSA, whose library prints its errors straight to stderr from C);
- open_display(): the display started, or one line and no window when no display is reachable (SDL would
  otherwise fall back to its offscreen driver and run invisibly after one cryptic line);
- WindowLock: one game window per user data folder; a second start brings it forward (app.forward)
  or says the game is already open;
- crash_log(): an error the game did not expect is written to a file in the user data folder, and the
  player is told where (on stderr and, when a window was up, in a message box).
"""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import IO

#: SDL drivers that show nothing: a fall-back to one of them, not asked for, means no display was reachable.
INVISIBLE = ("offscreen", "dummy")


def quiet() -> None:
    """No pygame banner (set before pygame is first imported) and no ALSA dump; safe to call often."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    hush_alsa()


def hush_alsa() -> None:
    """No sound card and no sound server on Linux: SDL's silent audio driver, asked for before SDL looks.

    SDL would otherwise end its search at ALSA, whose library prints a dozen errors straight to stderr
    from C. (A Python error handler given to libasound deadlocks: SDL enumerates devices on a thread of
    its own while the caller holds the interpreter's lock.) With a card, a PulseAudio or PipeWire socket,
    or SDL_AUDIODRIVER already set, nothing changes."""
    if not sys.platform.startswith("linux") or os.environ.get("SDL_AUDIODRIVER"):
        return
    try:
        cards = Path("/proc/asound/cards").read_text(encoding="utf-8", errors="replace")
    except OSError:
        cards = ""
    if cards.strip() and "no soundcards" not in cards:
        return
    runtime = Path(os.environ.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}")
    servers = [runtime / "pulse" / "native", runtime / "pipewire-0", Path("/run/pulse/native")]
    if os.environ.get("PULSE_SERVER") or any(path.exists() for path in servers):
        return
    os.environ["SDL_AUDIODRIVER"] = "dummy"


@contextlib.contextmanager
def captured_stderr() -> Iterator[list[str]]:
    """What C code writes to file descriptor 2 meanwhile, kept back (the list holds it afterwards)."""
    out: list[str] = []
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a Windows program with no console)
        yield out
        return
    with tempfile.TemporaryFile(mode="w+b") as temp:
        sys.stderr.flush()
        os.dup2(temp.fileno(), 2)
        try:
            yield out
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            temp.seek(0)
            out.append(temp.read().decode("utf-8", "replace"))


class NoDisplay(Exception):
    """No display could be reached; the message is the one line to show."""


def open_display() -> None:
    """pygame.display.init(), refused in one line (NoDisplay) when SDL found no display and fell back to a
    driver that shows nothing without being asked to (SDL_VIDEODRIVER=dummy stays allowed, as tests use)."""
    import pygame

    asked = [d.strip() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    with captured_stderr() as said:
        pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in INVISIBLE and driver not in asked:
        pygame.display.quit()
        where = ("DISPLAY and WAYLAND_DISPLAY are not set" if sys.platform.startswith("linux")
                 and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
                 else f"SDL found none and fell back to its {driver} driver")
        raise NoDisplay(f"battleline: no display to open the game's window on ({where}); "
                        "the headless commands need none (battleline host --headless, arena, screenshot ...)")
    text = "".join(said).strip()
    if text:  # a display was found: whatever SDL said on the way is shown as it was
        print(text, file=sys.stderr)


def message_box(title: str, text: str) -> None:
    """A message in a box of the system's, where a real display is up; nothing otherwise."""
    try:
        import pygame

        if not pygame.display.get_init() or pygame.display.get_driver() in INVISIBLE:
            return
        pygame.display.message_box(title, text, message_type="error")
    except Exception:  # a box that cannot be shown must not hide the message already printed
        return


class WindowLock:
    """One game window per user data folder: a lock on a file there, held while the window is open and
    released by the system when the process ends, however it ends (no stale lock after a crash)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "window.lock"
        self.file: IO[str] | None = None

    def acquire(self) -> bool:
        """True when this process now holds the lock; False when another game window holds it. A folder
        that cannot hold the lock file (read-only, no home) never stops the game: True, with no lock."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = self.path.open("a+", encoding="utf-8")
        except OSError:
            return True
        try:
            if sys.platform == "win32":
                import msvcrt

                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self.file = handle
        return True

    def advertise(self, port: int, token: str) -> None:
        """Where a second start asks this window to come forward (app.forward), on the file's second line."""
        if self.file is None or not port:
            return
        with contextlib.suppress(OSError):
            self.file.seek(0)
            self.file.truncate()
            self.file.write(f"{os.getpid()}\n{port} {token}\n")
            self.file.flush()

    def holder(self) -> str:
        """The process id written by the holder, if readable."""
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError:
            return ""
        text = lines[0].strip() if lines else ""
        return text if text.isdigit() else ""

    def release(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


def crash_log(exc: BaseException, argv: list[str]) -> Path | None:
    """The error, the version, the system and the command line written to a file a player can send."""
    from game.keep.files import data_dir

    try:
        from app.cli import version_line

        version = version_line()
    except Exception:
        version = "battleline (version unknown)"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    text = (f"{version}\n{platform.platform()}; Python {platform.python_version()}; "
            f"{'bundle' if getattr(sys, 'frozen', False) else 'python'}\n"
            f"command: battleline {' '.join(argv)}\ntime: {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    for folder in (data_dir() / "logs", Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"battleline-crash-{stamp}-{os.getpid()}.txt"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def log_to_file_without_console() -> Path | None:
    """A windowed program (Windows' battleline.exe, the macOS app) has no stdout or stderr: both go to
    logs/battleline.log in the user data folder instead, so nothing said is lost."""
    if sys.stdout is not None and sys.stderr is not None:
        return None
    from game.keep.files import data_dir

    path = data_dir() / "logs" / "battleline.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        stream = path.open("a", encoding="utf-8", buffering=1)
    except OSError:
        stream = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    stream.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} pid {os.getpid()}: battleline {' '.join(sys.argv[1:])}\n")
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream
    return path
