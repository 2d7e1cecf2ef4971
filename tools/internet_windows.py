"""Play over the internet in two real windows, each on its own X server (Xvfb), and photograph them (issue 57).

    python tools/internet_windows.py OUT_DIR [--guest-lang hu]

Starts a magic-wormhole mailbox and transit relay on 127.0.0.1 (the test extra's), two Xvfb displays, and two
game processes, each a real SDL window (`--role host` and `--role guest`, below). The host's window opens Host
over the internet (tactics off: a short game) and shows its wormhole code; the guest's window opens Join over
the internet, where the code is typed with real X key events (xdotool); the host accepts and starts; both play
random legal moves through the keyboard (tests/ui_driver's events, read by the real loop), and at a few
moments both X screens are photographed (ImageMagick's `import`), including after seconds with no input in
which the windows run their own main loop (they sleep on their event queue). Linux only; nothing leaves
127.0.0.1 (the tunnels offer direct paths on loopback only).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZE = "1280x720"


def _xvfb() -> tuple[subprocess.Popen[bytes], str]:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SIZE}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as fh:
        number = fh.readline().strip()
    return server, f":{number}"


def shoot(display: str, path: Path) -> None:
    subprocess.run(["import", "-display", display, "-window", "root", str(path)], check=True, timeout=60)


def coordinate(out: Path, guest_lang: str) -> int:
    sys.path.insert(0, str(ROOT / "tests"))
    from internet_helpers import servers

    out.mkdir(parents=True, exist_ok=True)
    work = out / ".work"
    work.mkdir(exist_ok=True)
    with servers(work) as srv:
        xs = [_xvfb(), _xvfb()]
        env = {**os.environ, "BATTLELINE_MAILBOX": f"ws://127.0.0.1:{srv.mailbox_port}/v1",
               "BATTLELINE_TRANSIT": f"tcp:127.0.0.1:{srv.relay_port}", "BATTLELINE_WORMHOLE_LOOPBACK": "1",
               "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
        roles = []
        for (_, display), role, lang in zip(xs, ("host", "guest"), ("en", guest_lang), strict=True):
            roles.append(subprocess.Popen(
                [sys.executable, __file__, str(out), "--role", role, "--lang", lang, "--display", display],
                env={**env, "DISPLAY": display, "BATTLELINE_CONFIG_DIR": str(work / role / "config"),
                     "BATTLELINE_DATA_DIR": str(work / role / "data")}, cwd=ROOT))
        try:
            codes = [p.wait(900) for p in roles]
        finally:
            for p in roles:
                p.kill()
            for server, _display in xs:
                server.kill()
                server.wait(10)
    print(json.dumps({"host": codes[0], "guest": codes[1]}))
    return max(codes)


# ------------------------------------------------------------------------------------------------ one window
class Window:
    """One game window, driven by key events its real loop reads."""

    def __init__(self, out: Path, role: str, lang: str, display: str) -> None:
        import pygame

        from game.keep.settings import Settings
        from game.ui.shell import App

        sys.path.insert(0, str(ROOT / "tests"))
        from ui_driver import Driver

        pygame.init()
        names = ["Ana", "Ben"] if role == "host" else ["Ben", "Ana"]
        self.app = App(Settings(language=lang, animation_speed="fast", names=names, window_size=(1280, 720),
                                welcomed=True))
        self.driver = Driver(self.app)
        self.out, self.role, self.display = out, role, display
        self.rng = random.Random(57 if role == "host" else 58)

    def live(self, seconds: float, until: Any = None) -> bool:
        """The real main loop (it sleeps on its event queue when nothing moves) for `seconds`, or until `until()`."""
        import pygame

        end = time.monotonic() + seconds
        app = self.app
        while time.monotonic() < end:
            if until is not None and until():
                return True
            nap = app.nap()
            if nap > 1 / 60:
                event = pygame.event.wait(max(1, int(min(nap, end - time.monotonic(), 0.2) * 1000)))
                app.step([event, *pygame.event.get()] if event.type != pygame.NOEVENT else [], slept=True)
            else:
                app.step()
        return until is not None and until()

    def shot(self, name: str) -> None:
        self.live(0.5)
        shoot(self.display, self.out / f"{self.role}-{name}.png")

    def play(self) -> None:
        """Random legal moves (claims first) whenever it is this window's turn, until the results."""
        from scenes.board import BoardScene
        from scenes.results import ResultsScene

        board = next(s for s in self.app.stack if isinstance(s, BoardScene))
        moves, shot_mid = 0, False
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline and not any(isinstance(s, ResultsScene) for s in self.app.stack):
            legal = board.table.legal_actions() if self.app.top is board else []
            if not legal:
                self.live(0.05)
                continue
            claims = [a for a in legal if a["type"] == "claim"]
            self.driver.play(board, claims[0] if claims else self.rng.choice(legal), "keyboard")
            moves += 1
            self.live(0.05)
            if moves == 12 and not shot_mid:
                shot_mid = True
                self.shot("board")
                self.live(5)  # seconds with no input: the real loop, asleep on its queue, the link kept
                self.shot("board-after-5s-idle")
        self.live(2)
        self.shot("results")


def host(window: Window) -> int:
    import pygame

    from scenes.internet_host import InternetHostScene

    lobby = InternetHostScene(window.app, players=2)
    lobby.tactics = False
    window.app.push(lobby)
    lobby.menu.focus = [item.label for item in lobby.menu.items].index("Open the lobby")
    window.driver.key(pygame.K_RETURN)
    if not window.live(120, lambda: lobby.door is not None and all(lobby.door.codes())):
        return 3
    window.shot("code")
    assert lobby.door is not None
    (window.out / ".work" / "code").write_text(str(lobby.door.codes()[0]))
    if not window.live(240, lambda: lobby.host is not None and lobby.host.seen.join_request is not None):
        return 4
    window.shot("asking")
    window.driver.key(pygame.K_RETURN)  # Accept
    if not window.live(60, lambda: lobby.joined):
        return 5
    window.shot("joined")
    window.driver.key(pygame.K_RETURN)  # Start the game
    window.play()
    return 0


def guest(window: Window) -> int:
    import pygame

    from scenes.board import BoardScene
    from scenes.internet_join import InternetJoinScene

    scene = InternetJoinScene(window.app)
    window.app.push(scene)
    code_file = window.out / ".work" / "code"
    if not window.live(180, code_file.exists):
        return 3
    code = code_file.read_text()
    window.live(0.5)
    typed = code[: len(code) - 4]  # all but the last letters typed with X key events; the rest completed
    subprocess.run(["xdotool", "mousemove", "640", "200", "type", "--delay", "60", typed.replace("-", " ")],
                   check=True, timeout=60, env={**os.environ, "DISPLAY": window.display})
    window.live(1)
    window.shot("typing")
    subprocess.run(["xdotool", "type", "--delay", "60", code[len(code) - 4:]], check=True, timeout=60,
                   env={**os.environ, "DISPLAY": window.display})
    window.live(0.5)
    if scene.typed != code:  # X typing did not reach the window: say so, and type it as the tests do
        print(f"guest: X key events gave {scene.typed!r}; typing {code!r} through the game's own events",
              file=sys.stderr)
        scene.typed = code
    window.driver.key(pygame.K_RETURN)  # the whole code: to the buttons
    window.driver.key(pygame.K_RETURN)  # Join
    window.live(1.0)
    window.shot("joining")
    if not window.live(300, lambda: isinstance(window.app.top, BoardScene)):
        return 4
    window.play()
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out", type=Path)
    p.add_argument("--guest-lang", default="hu")
    p.add_argument("--role", choices=("host", "guest"), help=argparse.SUPPRESS)
    p.add_argument("--lang", default="en", help=argparse.SUPPRESS)
    p.add_argument("--display", default="", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.role is None:
        return coordinate(args.out, args.guest_lang)
    sys.path.insert(0, str(ROOT))
    window = Window(args.out, args.role, args.lang, args.display)
    try:
        return host(window) if args.role == "host" else guest(window)
    finally:
        window.app.close()


if __name__ == "__main__":
    sys.exit(main())
