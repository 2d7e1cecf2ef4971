"""The game on the Linux desktop: its window icon and an applications-menu entry for the folder it runs from.

`battleline --install-desktop` writes a freedesktop.org `.desktop` entry and a copy of the icon under the
user's data folder ($XDG_DATA_HOME, else ~/.local/share), pointing at this very program (the unpacked bundle,
or the pip-installed command); `--uninstall-desktop` removes exactly those two files. Nothing outside the
user's home is touched, and nothing is written anywhere else. The icon is drawn by tools/make_icon.py.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from pathlib import Path
from typing import Any

#: The entry's file name (its desktop id) and the icon's name.
APP_ID = "battleline"
#: X11 WM_CLASS / Wayland app id of the window, so the desktop ties the window to the entry.
WINDOW_CLASS = "battleline"


def icon_file() -> Path:
    """The 256 px PNG icon among the game's assets (a pip install, a checkout or the bundle)."""
    import assets

    return Path(assets.__file__).resolve().parent / "icon" / "battleline.png"


def name_the_window() -> None:
    """Before pygame is imported (it names the class after the script then) and before the display starts:
    the window's class (X11) and app id (Wayland) are the entry's. app.cli does the same on import."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)


def set_window_icon(display: Any = None) -> None:
    """The game's icon on its window (pygame's own otherwise): for the display module's window, and for the
    pygame.Window of `display` (game.ui.display.Display) when it has one. A missing or bad file keeps pygame's."""
    import pygame

    try:
        icon = pygame.image.load(str(icon_file()))
    except (pygame.error, OSError):
        return
    with contextlib.suppress(pygame.error):
        pygame.display.set_icon(icon)
    window = getattr(display, "window", None)
    if window is not None and hasattr(window, "set_icon"):
        with contextlib.suppress(pygame.error):
            window.set_icon(icon)


def data_home() -> Path:
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"


def entry_path() -> Path:
    return data_home() / "applications" / f"{APP_ID}.desktop"


def icon_path() -> Path:
    return data_home() / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png"


def program() -> list[str]:
    """The command that starts this game: the bundle's executable, or the installed `battleline` script."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "battleline" and script.is_file():
        return [str(script)]
    found = shutil.which("battleline")
    if found:
        return [str(Path(found).resolve())]
    return [str(Path(sys.executable).resolve()), "-m", "app.cli"]


def quoted(arg: str) -> str:
    """One argument of an Exec line, quoted as the Desktop Entry Specification asks."""
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`%'):
        return arg
    escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace("$", "\\$")
    return '"' + escaped.replace("%", "%%") + '"'


def entry_text(command: list[str], icon: Path) -> str:
    """The .desktop entry: the game in the Game menu, its icon, and the window tied to it."""
    # the Exec value is also a string value, whose own escape for a backslash is a doubled one
    exec_line = " ".join(quoted(arg) for arg in command).replace("\\", "\\\\")
    return ("[Desktop Entry]\n"
            "Type=Application\n"
            "Version=1.0\n"
            "Name=Battle Line\n"
            "GenericName=Card game\n"
            "Comment=Reiner Knizia's card game: hot-seat, LAN and bots\n"
            f"Exec={exec_line}\n"
            f"Icon={icon}\n"
            "Terminal=false\n"
            "Categories=Game;CardGame;\n"
            "Keywords=cards;schotten;totten;knizia;\n"
            f"StartupWMClass={WINDOW_CLASS}\n")


def install() -> int:
    """`--install-desktop`: the entry and its icon, for this user; one line says where."""
    if not sys.platform.startswith("linux"):
        print("battleline: --install-desktop is for Linux desktops (freedesktop.org menus) only", file=sys.stderr)
        return 2
    try:
        icon = icon_path()
        icon.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon_file(), icon)
        entry = entry_path()
        entry.parent.mkdir(parents=True, exist_ok=True)
        temporary = entry.with_suffix(".desktop.tmp")
        temporary.write_text(entry_text(program(), icon), encoding="utf-8")
        temporary.chmod(0o755)
        temporary.replace(entry)
    except OSError as exc:
        print(f"battleline: could not add the menu entry: {exc}", file=sys.stderr)
        return 1
    print(f"battleline: Battle Line added to the applications menu ({entry}); --uninstall-desktop removes it")
    return 0


def uninstall() -> int:
    """`--uninstall-desktop`: the two files install wrote, if there; one line says what was removed."""
    removed = []
    for path in (entry_path(), icon_path()):
        try:
            path.unlink()
            removed.append(str(path))
        except FileNotFoundError:
            continue
        except OSError as exc:
            print(f"battleline: could not remove {path}: {exc}", file=sys.stderr)
            return 1
    if not removed:
        print("battleline: no menu entry to remove")
    else:
        print(f"battleline: removed {', '.join(removed)}")
    return 0
