"""What a player meets around the window (app.startup, app.desktop): each in a real `battleline` process.

No display reachable: one line and a non-zero exit, never an invisible game. A second start of the game
on the same user folder: one line saying it is already open, and the lock goes with its holder, however it
ends. An unexpected error: a log file a player can send, and one line saying where. The Linux menu entry:
installed for this user and removed again, its Exec line starting this very game from a folder with a space
and a non-ASCII letter in its name. No pygame banner, no ALSA dump. Each ran against ed81390 and failed
there (no refusal, no lock, a bare traceback, no such option), except the quiet checks, new here.
"""

from __future__ import annotations

import configparser
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from xvfb import start_xvfb

ROOT = Path(__file__).resolve().parent.parent
#: Bounds for a loaded machine; each wait ends as soon as what it waits for is there.
TIMEOUT = 120.0


def _env(**extra: str) -> dict[str, str]:
    """This test's environment (its own config and data folders, from conftest) with `extra` on top."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYGAME_HIDE_SUPPORT_PROMPT",)}
    env.update(extra)
    return env


def _battleline(*args: str, env: dict[str, str], timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_no_display_reachable_is_said_in_one_line_and_exits_non_zero() -> None:
    env = _env(BATTLELINE_FIRST_FRAME="1", SDL_AUDIODRIVER="dummy")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR"):
        env.pop(name, None)
    done = _battleline("play", env=env)
    assert done.returncode != 0
    assert "first frame" not in done.stdout  # no game ran invisibly
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("battleline: no display to open the game's window on"), lines


def test_the_dummy_driver_asked_for_still_runs() -> None:
    done = _battleline("play", env=_env(BATTLELINE_FIRST_FRAME="1", SDL_VIDEODRIVER="dummy",
                                        SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    assert "first frame" in done.stdout and done.stderr == ""


def _lock_holder(data: Path, pid: int) -> bool:
    lock = data / "window.lock"
    lines = lock.read_text(encoding="utf-8").splitlines() if lock.exists() else []
    return len(lines) == 2 and lines[0] == str(pid)  # its process, then where a second start asks (app.forward)


def test_a_second_start_says_the_game_is_already_open_and_the_lock_dies_with_its_holder() -> None:
    env = _env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    data = Path(env["BATTLELINE_DATA_DIR"])
    first = subprocess.Popen([sys.executable, "-m", "app.cli", "play"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + TIMEOUT
        while not _lock_holder(data, first.pid) and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert first.poll() is None, first.communicate()[1]
        second = _battleline("play", env={**env, "BATTLELINE_FIRST_FRAME": "1"})
        assert second.returncode == 1
        assert "first frame" not in second.stdout
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("battleline: Battle Line is already open"), lines
        assert f"(process {first.pid})" in lines[0]
        assert lines[0].endswith(": its window was brought forward"), lines  # the first answered the ask
    finally:
        first.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        first.communicate(timeout=60)
    # killed, not closed: the system released its lock, so the game starts again
    third = _battleline("play", env={**env, "BATTLELINE_FIRST_FRAME": "1"})
    assert third.returncode == 0, third.stderr
    assert "first frame" in third.stdout


CRASH = """
import sys
import app.main

def broken(args, first=None):
    raise ZeroDivisionError("a fault planted by the test")

app.main.run = broken
from app.cli import main
sys.exit(main(["play", "--windowed"]))
"""


def test_an_unexpected_error_writes_a_log_file_and_says_where() -> None:
    env = _env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", CRASH], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("battleline play: stopped on an unexpected error"), lines
    logs = sorted((Path(env["BATTLELINE_DATA_DIR"]) / "logs").glob("battleline-crash-*.txt"))
    assert len(logs) == 1 and str(logs[0]) in lines[0]
    text = logs[0].read_text(encoding="utf-8")
    assert "ZeroDivisionError: a fault planted by the test" in text and "Traceback" in text
    assert text.startswith("battleline ") and "command: battleline play --windowed" in text


def test_the_desktop_entry_starts_this_game_and_is_removed_again(tmp_path: Path) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("the freedesktop.org menu entry is for Linux")
    script = shutil.which("battleline", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("no battleline script beside this Python (pip install the game)")
    # the game run from a folder whose name has a space and a non-ASCII letter, as an unpacked archive may be
    folder = tmp_path / "Spiele für alle"
    folder.mkdir()
    game = folder / "battleline"
    shutil.copy2(script, game)
    data_home = tmp_path / "share"
    env = _env(XDG_DATA_HOME=str(data_home), PYTHONPATH=str(ROOT))
    done = subprocess.run([str(game), "--install-desktop"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    entry = data_home / "applications" / "battleline.desktop"
    assert done.stdout.strip() == (f"battleline: Battle Line added to the applications menu ({entry}); "
                                   "--uninstall-desktop removes it")
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(entry, encoding="utf-8")
    section = parser["Desktop Entry"]
    assert section["Type"] == "Application" and section["Name"] == "Battle Line"
    assert section["Terminal"] == "false" and "Game" in section["Categories"].split(";")
    icon = Path(section["Icon"])
    assert icon.is_file() and icon.read_bytes().startswith(b"\x89PNG")
    command = shlex.split(section["Exec"])  # the spec's quoting is a subset of the shell's
    assert command == [str(game)]
    started = subprocess.run([*command, "--version"], env=env, capture_output=True, text=True, timeout=TIMEOUT)
    assert started.returncode == 0 and started.stdout.startswith("battleline "), started.stderr
    gone = subprocess.run([str(game), "--uninstall-desktop"], env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert gone.returncode == 0 and not entry.exists() and not icon.exists()
    again = subprocess.run([str(game), "--uninstall-desktop"], env=env, capture_output=True, text=True,
                           timeout=TIMEOUT)
    assert again.stdout.strip() == "battleline: no menu entry to remove"


def test_the_exec_line_quotes_what_the_specification_reserves() -> None:
    from app.desktop import entry_text, quoted

    assert quoted("/opt/battleline/battleline") == "/opt/battleline/battleline"
    assert quoted("/home/ana/Spiele für alle/battleline") == '"/home/ana/Spiele für alle/battleline"'
    assert quoted('/a "b"/$x`y`/100%') == '"/a \\"b\\"/\\$x\\`y\\`/100%%"'
    line = next(ln for ln in entry_text(["/a\\b c/battleline"], Path("/i.png")).splitlines()
                if ln.startswith("Exec="))
    assert line == 'Exec="/a\\\\\\\\b c/battleline"'  # escaped for the quoting, then for the string value


ALSA = """
import sys
from app import startup
if sys.argv[1] == "hushed":
    startup.quiet()
import pygame
try:
    pygame.mixer.init()
except pygame.error:
    pass
"""


def test_no_alsa_error_dump_when_there_is_no_sound_card() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("ALSA is Linux's")
    env = _env(PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("SDL_AUDIODRIVER", None)  # SDL's own search, as on a player's machine
    loud = subprocess.run([sys.executable, "-c", ALSA, "loud"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    if "ALSA lib" not in loud.stderr:
        pytest.skip("ALSA says nothing here (a sound card, or no libasound): nothing to hush")
    hushed = subprocess.run([sys.executable, "-c", ALSA, "hushed"], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=TIMEOUT)
    assert hushed.returncode == 0
    assert "ALSA lib" not in hushed.stderr, hushed.stderr


def test_no_pygame_banner_on_a_command_that_draws(tmp_path: Path) -> None:
    png = tmp_path / "board.png"
    done = _battleline("screenshot", "--scene", "board", "--out", str(png),
                       env=_env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 0, done.stderr
    assert png.read_bytes().startswith(b"\x89PNG")
    assert "pygame-ce 2" not in done.stdout + done.stderr and "(SDL 2" not in done.stdout + done.stderr  # banner


LOGGED = """
import sys
sys.stdout = None
sys.stderr = None
from app import startup
path = startup.log_to_file_without_console()
print("said with no console")
print("an error with no console", file=sys.stderr)
sys.__stdout__.write(str(path))
"""


def test_a_program_with_no_console_logs_to_a_file() -> None:
    env = _env()
    done = subprocess.run([sys.executable, "-c", LOGGED], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    log = Path(done.stdout.strip())
    assert log == Path(env["BATTLELINE_DATA_DIR"]) / "logs" / "battleline.log"
    text = log.read_text(encoding="utf-8")
    assert "said with no console" in text and "an error with no console" in text


def test_the_windowed_host_refuses_a_code_it_would_not_use() -> None:
    """`host --code` without --table: the window's lobby opens its table later with a code of its own, so the
    code asked for would be lost; one line says so (--table and --headless use it)."""
    done = _battleline("host", "--code", "1234", env=_env(BATTLELINE_FIRST_FRAME="1", SDL_VIDEODRIVER="dummy",
                                                          SDL_AUDIODRIVER="dummy"))
    assert done.returncode == 2 and "first frame" not in done.stdout
    assert done.stderr.strip() == ("battleline host: --code sets the code of a table opened at once: use it with "
                                   "--table or --headless (the window's lobby shows a code of its own)")


@pytest.mark.skipif(not all(shutil.which(t) for t in ("Xvfb", "xprop", "xwininfo")),
                    reason="needs Xvfb, xprop and xwininfo (Debian: xvfb, x11-utils)")
def test_the_real_window_carries_the_games_icon_and_class() -> None:
    """Under Xvfb: WM_CLASS "battleline" (the menu entry's StartupWMClass; pygame would name it "cli.py") and
    the 256 px icon of assets/icon (pygame's own is 32 px)."""
    xvfb, display = start_xvfb()
    env = _env(DISPLAY=display, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="x11")
    for name in ("SDL_VIDEO_X11_WMCLASS", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    game = subprocess.Popen([sys.executable, "-m", "app.cli", "play", "--windowed"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        window, deadline = "", time.monotonic() + TIMEOUT
        while not window and game.poll() is None and time.monotonic() < deadline:
            tree = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True).stdout
            window = next((ln.split()[0] for ln in tree.splitlines() if '"Battle Line"' in ln), "")
            time.sleep(0.3)
        assert window, f"no game window appeared: {game.communicate()[1] if game.poll() is not None else ''}"
        icon, props = "", ""
        while time.monotonic() < deadline:  # the icon is set just after the window opens
            props = subprocess.run(["xprop", "-id", window, "WM_CLASS"], env=env, capture_output=True,
                                   text=True).stdout
            icon = subprocess.run(["xprop", "-id", window, "-notype", "32c", "_NET_WM_ICON"], env=env,
                                  capture_output=True, text=True).stdout[:60]
            if icon.startswith("_NET_WM_ICON = 256, 256,"):
                break
            time.sleep(0.3)
        assert 'WM_CLASS(STRING) = "battleline", "battleline"' in props, props
        assert icon.startswith("_NET_WM_ICON = 256, 256,"), icon
    finally:
        game.kill()
        game.communicate(timeout=60)
        xvfb.kill()
        xvfb.communicate(timeout=60)


OTHER_WINDOW = """
import os, sys, time
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.display.init()
window = pygame.Window("Another program", (320, 200))
window.focus()
window.focus(input_only=True)
print("focused", flush=True)
while True:
    pygame.event.pump()
    time.sleep(0.05)
"""


def _focused(env: dict[str, str]) -> str:
    done = subprocess.run(["xdotool", "getwindowfocus", "getwindowname"], env=env, capture_output=True, text=True)
    return done.stdout.strip()


@pytest.mark.skipif(not all(shutil.which(t) for t in ("Xvfb", "xdotool")), reason="needs Xvfb and xdotool")
def test_a_second_start_brings_the_open_window_forward_in_a_real_x_server() -> None:
    """Under Xvfb: the game's window open, another program's window takes the keyboard; starting the game again
    gives the keyboard back to the game's window (issue 58 item 5) and opens no second one."""
    xvfb, display = start_xvfb()
    env = _env(DISPLAY=display, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="x11")
    env.pop("WAYLAND_DISPLAY", None)
    data = Path(env["BATTLELINE_DATA_DIR"])
    game = subprocess.Popen([sys.executable, "-m", "app.cli", "play", "--windowed"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    other: subprocess.Popen[str] | None = None
    try:
        deadline = time.monotonic() + TIMEOUT
        while not (_lock_holder(data, game.pid) and _focused(env) == "Battle Line") and game.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.3)
        assert _focused(env) == "Battle Line", game.communicate()[1] if game.poll() is not None else ""
        other = subprocess.Popen([sys.executable, "-c", OTHER_WINDOW], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True)
        assert other.stdout is not None and other.stdout.readline().strip() == "focused"
        while _focused(env) != "Another program" and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _focused(env) == "Another program"
        second = _battleline("play", env=env)
        assert second.returncode == 1
        assert second.stderr.strip().endswith(": its window was brought forward"), second.stderr
        while _focused(env) != "Battle Line" and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _focused(env) == "Battle Line"
        assert game.poll() is None  # still the one game, running
    finally:
        for proc in (other, game):
            if proc is not None:
                proc.kill()
                proc.communicate(timeout=60)
        xvfb.kill()
        xvfb.communicate(timeout=60)
