"""Test a built bundle as a player would: unpacked in an empty folder, run with no Python on PATH.

`python tools/bundle_smoke.py [ARCHIVE]` (default: this machine's archive in dist/, as tools/bundle.py
names it). Python runs only this driver; the bundle's processes get a PATH holding nothing but the
bundle's own folder, a fresh home folder and no PYTHON* or virtual-environment variables. Each check
prints one line; the last line counts them (`smoke: N passed, N failed`) and the exit status is
non-zero when any failed. Standard library only, so the same script runs on Linux, Windows and macOS.

Checks: --version; a real window reaching its first frame (under Xvfb on Linux when there is no
display); no workshop inside (`battleline screenshot` says it runs from a checkout); a whole headless LAN
game between a bundle host and a bundle guest (identical records), and one with the guest pip-installed in
the Python running this script, where it is; the phone page served with its QR code; the hard bot's core
(compiled unless the bundle says it was built without, and hard playing on it); processes the bundle
spawns (an arena on two workers; `-m net.internet.tunnel`, as the internet tunnel re-enters the bundle).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import queue
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WINDOWS = sys.platform == "win32"
#: Generous bounds for a loaded machine; every wait below ends by one of them.
TIMEOUT = 240.0


class Failed(Exception):
    """A check that did not pass; the message says what was seen."""


def default_archive() -> Path:
    """This machine's archive in dist/, the newest when several versions are there."""
    spec = importlib.util.spec_from_file_location("bundle_tool", ROOT / "tools" / "bundle.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    system, arch = tool.target()
    found = sorted((ROOT / "dist").glob(f"battleline-*-{system}-{arch}.*"), key=lambda p: p.stat().st_mtime)
    if not found:
        raise SystemExit("bundle_smoke: no bundle in dist/ for this machine; build one: python tools/bundle.py")
    return found[-1]


def unpack(archive: Path, into: Path) -> Path:
    """The archive copied into an empty folder and unpacked there; returns the bundle's folder."""
    into.mkdir(parents=True)
    copy = into / archive.name
    shutil.copy2(archive, copy)
    if copy.suffix == ".zip":
        with zipfile.ZipFile(copy) as z:
            z.extractall(into)
    else:
        with tarfile.open(copy) as tar:
            tar.extractall(into, filter="tar")
    copy.unlink()
    folders = [p for p in into.iterdir() if p.is_dir()]
    if len(folders) != 1:
        raise SystemExit(f"bundle_smoke: {archive.name} should hold one folder, holds {len(folders)}")
    return folders[0]


def clean_env(folder: Path, home: Path) -> dict[str, str]:
    """The environment of a player's machine with no Python: PATH is the bundle's folder (and, on
    Windows, System32), home and user folders are fresh, nothing points at a Python."""
    env = {k: v for k, v in os.environ.items()
           if not k.upper().startswith(("PYTHON", "VIRTUAL_ENV", "CONDA", "PYENV", "SDL_", "BATTLELINE_", "XDG_"))}
    path = [str(folder)]
    if WINDOWS:
        # System32 only: the Windows folder itself may hold py.exe, the launcher of an installed Python
        path.append(str(Path(os.environ.get("SYSTEMROOT", r"C:\Windows")) / "System32"))
        env.update(APPDATA=str(home / "AppData" / "Roaming"), LOCALAPPDATA=str(home / "AppData" / "Local"),
                   USERPROFILE=str(home))
    env.update(PATH=os.pathsep.join(path), HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    home.mkdir(parents=True, exist_ok=True)
    for name in ("python", "python3", "py"):
        found = shutil.which(name, path=env["PATH"])
        if found:
            raise SystemExit(f"bundle_smoke: the clean PATH still finds {found}")
    return env


class Bundle:
    """The unpacked bundle and the environment its processes run in."""

    def __init__(self, folder: Path, work: Path) -> None:
        self.folder = folder
        # Windows: the game's battleline.exe is windowed (no console, its output in a log file); the commands
        # run through battleline-cli.exe, the same program as a console one
        cli = folder / "battleline-cli.exe"
        self.exe = cli if WINDOWS and cli.exists() else folder / ("battleline.exe" if WINDOWS else "battleline")
        self.game = folder / "battleline.exe" if WINDOWS else self.exe
        self.work = work
        self.env = clean_env(folder, work / "home")
        self.headless = {**self.env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

    def run(self, *args: str, env: dict[str, str] | None = None, timeout: float = TIMEOUT) -> str:
        """Run the bundle to its end; its standard output, or Failed with its error."""
        done = subprocess.run([str(self.exe), *args], env=env or self.headless, cwd=self.work, capture_output=True,
                              text=True, timeout=timeout)
        if done.returncode != 0:
            raise Failed(f"`battleline {' '.join(args)}` exited {done.returncode}: {tail(done.stderr)}")
        return done.stdout

    def start(self, *args: str, command: list[str] | None = None, env: dict[str, str] | None = None,
              ) -> subprocess.Popen[str]:
        """The bundle (or `command`, a pip-installed game) started with `args`, its output piped."""
        return subprocess.Popen([*(command or [str(self.exe)]), *args], env=env or self.headless, cwd=self.work,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def core_expected(self) -> bool:
        """Whether the bundle was built with the compiled core (tools/bundle.py writes BUNDLE.txt)."""
        return "core: compiled" in (self.folder / "BUNDLE.txt").read_text(encoding="utf-8")


def tail(text: str, lines: int = 3) -> str:
    return " | ".join(text.strip().splitlines()[-lines:]) or "(nothing on stderr)"


def json_lines(text: str) -> list[dict[str, Any]]:
    out = []
    for line in text.splitlines():
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


def first_line(proc: subprocess.Popen[str], timeout: float = TIMEOUT) -> dict[str, Any]:
    """A process's first line of output as JSON, waited for at most `timeout` seconds."""
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stdout is not None
    threading.Thread(target=lambda: lines.put(proc.stdout.readline() if proc.stdout else ""), daemon=True).start()
    try:
        line = lines.get(timeout=timeout)
    except queue.Empty as exc:
        raise Failed(f"no ready line within {timeout:.0f} s") from exc
    if not line.startswith("{"):
        proc.kill()
        raise Failed(f"ready line expected, got {line!r}: {tail(proc.communicate()[1])}")
    return dict(json.loads(line))


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.communicate()


# --- the checks ---------------------------------------------------------------------------------------

def check_version(b: Bundle) -> str:
    out = b.run("--version").strip()
    if not out.startswith("battleline ") or "unknown" in out:
        raise Failed(f"--version printed {out!r}")
    return out


def check_window(b: Bundle) -> str:
    """The game's real window up to its first frame: a display of the desktop, or Xvfb on Linux. Its settings
    say Hungarian, so the title is drawn with the Hungarian catalog and its accented letters."""
    config = b.work / "config-hu"
    config.mkdir(exist_ok=True)
    (config / "settings.json").write_text(json.dumps({"language": "hu"}), encoding="utf-8")
    env = {**b.env, "BATTLELINE_FIRST_FRAME": "1", "SDL_AUDIODRIVER": "dummy", "BATTLELINE_CONFIG_DIR": str(config)}
    xvfb: subprocess.Popen[str] | None = None
    where = "the desktop"
    if sys.platform.startswith("linux"):
        env["SDL_VIDEODRIVER"] = "x11"  # no silent fall-back to a driver without a window
        if not os.environ.get("DISPLAY"):
            xvfb, display = start_xvfb()
            env["DISPLAY"] = display
            where = f"Xvfb {display}"
        else:
            env["DISPLAY"] = os.environ["DISPLAY"]
            where = f"display {env['DISPLAY']}"
    try:
        started = time.perf_counter()
        out = b.run("play", "--windowed", env=env)
        wall = time.perf_counter() - started
    finally:
        if xvfb is not None:
            stop(xvfb)
    line = next((ln for ln in out.splitlines() if ln.startswith("first frame after")), None)
    if line is None or "showing title" not in line:  # the line may go on (", windowed")
        raise Failed(f"no first frame of the title: {out.strip()!r}")
    if (config / "settings.json.bad").exists():
        raise Failed("the game set the Hungarian settings aside as unusable")
    return f"{line} ({wall:.2f} s from launch to exit, on {where}, in Hungarian)"


def check_windowed_exe(b: Bundle) -> str:
    """Windows: battleline.exe, the windowed game a double-click starts, reaches its first frame; with no
    console its line lands in the log file of the (fresh) user data folder, if not on a pipe."""
    env = {**b.env, "BATTLELINE_FIRST_FRAME": "1", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([str(b.game), "play", "--windowed"], env=env, cwd=b.work, capture_output=True, text=True,
                          timeout=TIMEOUT)
    log = Path(env.get("LOCALAPPDATA", "")) / "battleline" / "logs" / "battleline.log"
    said = done.stdout + (log.read_text(encoding="utf-8", errors="replace") if log.exists() else "")
    if done.returncode != 0 or "first frame after" not in said:
        raise Failed(f"battleline.exe exited {done.returncode}; said {tail(said)!r}")
    return f"first frame of the windowed exe ({'in ' + log.name if log.exists() else 'on its pipe'})"


def check_contents(b: Bundle) -> str:
    """What a player finds in the folder: README, LICENSE, the notices; and no trace of the builder's paths."""
    missing = [n for n in ("README.md", "LICENSE.txt", "THIRD-PARTY-NOTICES.txt", "BUNDLE.txt")
               if not (b.folder / n).is_file()]
    if missing:
        raise Failed(f"missing beside the game: {', '.join(missing)}")
    builder = str(ROOT).encode()
    found = sorted(str(p.relative_to(b.folder)) for p in b.folder.rglob("*")
                   if p.is_file() and not p.is_symlink() and builder in p.read_bytes())
    if found and sys.platform.startswith("linux"):  # stripped there; elsewhere debug maps may name build folders
        raise Failed(f"the builder's checkout path {ROOT} is inside {len(found)} files: {', '.join(found[:5])}")
    note = f"; NOTE: the builder's path is inside {', '.join(found[:3])}" if found else ""
    if any(b.folder.rglob("direct_url.json")):
        raise Failed("pip's direct_url.json (the builder's checkout) is inside")
    notices = (b.folder / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    size = sum(p.stat().st_size for p in b.folder.rglob("*") if p.is_file() and not p.is_symlink())
    return (f"README, LICENSE, notices ({len(notices) // 1000} kB) present; "
            f"{'' if found else 'no builder path in '}{size / 1e6:.0f} MB unpacked{note}")


def start_xvfb() -> tuple[subprocess.Popen[str], str]:
    """Xvfb on a free display number (it picks and tells it through -displayfd)."""
    binary = shutil.which("Xvfb")
    if binary is None:
        raise Failed("no display and no Xvfb (Debian: apt-get install xvfb)")
    proc = subprocess.Popen([binary, "-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(proc.stdout.readline() if proc.stdout else ""), daemon=True).start()
    try:
        number = lines.get(timeout=60).strip()
    except queue.Empty as exc:
        stop(proc)
        raise Failed("Xvfb named no display within 60 s") from exc
    if not number.isdigit():
        stop(proc)
        raise Failed(f"Xvfb did not start ({number!r})")
    return proc, f":{number}"


def check_workshop(b: Bundle) -> str:
    """The makers' workshop (screenshots, benches) is not in a player's game, and asking for it says why."""
    done = subprocess.run([str(b.exe), "screenshot", "--scene", "board", "--out", str(b.work / "board.png")],
                          env=b.headless, cwd=b.work, capture_output=True, text=True, timeout=TIMEOUT)
    said = done.stderr.strip()
    if done.returncode != 2 or "from a checkout" not in said or "Traceback" in said or (b.work / "board.png").exists():
        raise Failed(f"`battleline screenshot` in the bundle exited {done.returncode}: {tail(said)}")
    return said


def kept_png(png: Path, least: int, out_dir: Path | None, name: str) -> int:
    """The size of a PNG that must hold at least `least` bytes; copied to `out_dir` to be looked at."""
    data = png.read_bytes() if png.exists() else b""
    if not data.startswith(b"\x89PNG") or len(data) < least:
        raise Failed(f"{png.name} missing or nearly empty ({len(data)} bytes)")
    if out_dir is not None:
        shutil.copy2(png, out_dir / name)
    return len(data)


def check_lan_game(b: Bundle, pip_guest: bool = False) -> str:
    """A whole game over loopback between two bundle processes; both must end with the same record.
    With `pip_guest`, the guest is the game as pip installed it in the Python running this script."""
    command = env = None
    if pip_guest:
        command = [sys.executable, "-m", "app.cli"]
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    host = b.start("host", "--headless", "--bot", "normal", "--bind", "127.0.0.1", "--port", "0", "--code", "4404",
                   "--accept-any", "--seed", "44", "--timeout", str(TIMEOUT))
    guest: subprocess.Popen[str] | None = None
    try:
        port = first_line(host)["listening"]
        guest = b.start("join", f"127.0.0.1:{port}", "--headless", "--bot", "easy", "--code", "4404", "--seed", "4",
                        "--timeout", str(TIMEOUT), command=command, env=env)
        guest_out, guest_err = guest.communicate(timeout=TIMEOUT + 30)
        host_out, host_err = host.communicate(timeout=60)
    finally:
        stop(host)
        if guest is not None:
            stop(guest)
    if host.returncode or guest.returncode:
        raise Failed(f"host exited {host.returncode} ({tail(host_err)}), guest {guest.returncode} ({tail(guest_err)})")
    host_end, guest_end = json_lines(host_out)[-1], json_lines(guest_out)[-1]
    if host_end["record"] != guest_end["record"]:
        raise Failed("the host's and the guest's game records differ")
    result = host_end["result"] or {}
    actions = len(host_end["record"].get("actions", []))
    return f"identical records, {actions} actions, {result.get('winner')} won by {result.get('how')}"


def check_internet_game(b: Bundle) -> str:
    """A whole game between two bundle processes over the internet path (docs/INTERNET.md): each re-enters the
    bundle for its magic-wormhole tunnel; the mailbox and the transit relay are this script's Python's (the test
    extra), on 127.0.0.1."""
    import socket

    ports = []
    for _ in range(2):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            ports.append(s.getsockname()[1])
    servers = [subprocess.Popen([sys.executable, "-m", "twisted", plugin, f"--port=tcp:{port}:interface=127.0.0.1",
                                 *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=b.work)
               for plugin, port, extra in (("wormhole-mailbox", ports[0], ["--channel-db=:memory:"]),
                                           ("transitrelay", ports[1], []))]
    where = ["--mailbox", f"ws://127.0.0.1:{ports[0]}/v1", "--transit", f"tcp:127.0.0.1:{ports[1]}", "--loopback-only"]
    host = guest = None
    try:
        time.sleep(3)  # the servers listen
        host = b.start("host", "--headless", "--internet", "--bot", "normal", "--accept-any", "--seed", "45",
                       "--timeout", str(TIMEOUT), *where)
        code = first_line(host)["wormholes"][0]
        guest = b.start("join", "--internet", code, "--headless", "--bot", "easy", "--seed", "5",
                        "--timeout", str(TIMEOUT), *where)
        guest_out, guest_err = guest.communicate(timeout=TIMEOUT + 30)
        if guest.returncode:
            raise Failed(f"the guest exited {guest.returncode}: {tail(guest_err)}")
        host_out, host_err = host.communicate(timeout=60)
    finally:
        for proc in (host, guest):
            if proc is not None:
                stop(proc)
        for server in servers:
            server.kill()
            server.wait(10)
    if host.returncode or guest.returncode:
        raise Failed(f"host exited {host.returncode} ({tail(host_err)}), guest {guest.returncode} ({tail(guest_err)})")
    host_end, guest_end = json_lines(host_out)[-1], json_lines(guest_out)[-1]
    if host_end["record"] != guest_end["record"]:
        raise Failed("the host's and the guest's game records differ")
    return f"identical records through the wormhole {code}, {len(host_end['record'].get('actions', []))} actions"


def check_phones(b: Bundle, out_dir: Path | None) -> str:
    host = b.start("host", "--headless", "--bind", "127.0.0.1", "--port", "0", "--code", "4405", "--accept-any",
                   "--phones", "0", "--phones-qr", str(b.work / "qr"), "--timeout", "120")
    try:
        ready = first_line(host)
        url = str(ready["phones"])
        base = url.split("#")[0].split("?")[0].rstrip("/")
        page = fetch(base + "/")
        script = fetch(base + "/phone.js")
        shown = show_in_browser(url, b.work / "phone.png", out_dir)
    finally:
        stop(host)
    if "<html" not in page.lower() or "phone.js" not in page or len(script) < 1000:
        raise Failed(f"the phone page at {base} is not the game's ({len(page)} + {len(script)} characters)")
    qr = Path(ready["qr"])
    if not qr.read_bytes().startswith(b"\x89PNG"):
        raise Failed(f"the QR code {qr} is no PNG")
    if out_dir is not None:
        shutil.copy2(qr, out_dir / "bundle-phones-qr.png")
    return f"{url} served (page {len(page)} + script {len(script)} characters), QR {qr.name}; {shown}"


def show_in_browser(url: str, png: Path, out_dir: Path | None) -> str:
    """The page drawn by headless Chromium at a phone's size, where this machine has one."""
    browser = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)),
                   None)
    if browser is None:
        return "no Chromium here to draw it"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--screenshot={png}", "--window-size=390,844", "--virtual-time-budget=4000", url],
                   capture_output=True, timeout=120)
    size = kept_png(png, 10_000, out_dir, "bundle-phone-page.png")
    return f"drawn by {Path(browser).name} ({size // 1000} kB)"


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as reply:
        if reply.status != 200:
            raise Failed(f"{url}: HTTP {reply.status}")
        return str(reply.read().decode("utf-8"))


def check_core(b: Bundle, required: str | None) -> str:
    """The hard bot's core: the one the bundle was built with (as --version says), and `required` when given;
    then hard plays whole games on it."""
    line = b.run("--version").strip()
    runs = "compiled" if "hard bot core: compiled" in line else "pure"
    built = "compiled" if b.core_expected() else "pure"
    if runs != built:
        raise Failed(f"the hard bot runs the {runs} core; this bundle was built with {built} ({line})")
    if required is not None and built != required:
        raise Failed(f"this bundle was built with the {built} core; --core asks for {required}")
    arena = json_lines(b.run("arena", "--bots", "hard,easy", "--games", "1", "--iterations", "100"))[-1]
    if arena.get("games") != 1 or arena.get("illegal_actions") or arena.get("bot_errors"):
        raise Failed(f"hard against easy: {arena}")
    return f"core {runs}; hard played a game against easy at 100 lines a move"


def check_spawned(b: Bundle) -> str:
    """Processes the bundle starts of itself: multiprocessing's spawn (arena workers) and `-m` (the internet
    tunnel runs as `sys.executable -m net.internet.tunnel`)."""
    arena = json_lines(b.run("arena", "--bots", "easy,random", "--games", "4", "--jobs", "2"))[-1]
    if arena.get("games") != 4 or arena.get("jobs") != 2 or arena.get("illegal_actions") or arena.get("bot_errors"):
        raise Failed(f"arena on two workers: {arena}")
    usage = b.run("-m", "net.internet.tunnel", "--help")
    if "host" not in usage or "guest" not in usage:
        raise Failed(f"-m net.internet.tunnel --help printed {tail(usage)}")
    return "arena: 4 games on 2 worker processes; -m net.internet.tunnel answers"


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def glibc_needed(folder: Path) -> tuple[tuple[int, ...], str, int]:
    """The highest GLIBC symbol version any ELF file of the bundle names (objdump -T over each), the file
    that names it and how many ELF files were read: the oldest glibc the bundle can start on."""
    objdump = shutil.which("objdump")
    if objdump is None:
        raise Failed("no objdump here (Debian: binutils)")
    highest: tuple[int, ...] = (0,)
    where, count = "nothing", 0
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p)):
        count += 1
        out = subprocess.run([objdump, "-T", str(path)], capture_output=True, text=True, timeout=120).stdout
        for word in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out):
            version = tuple(int(part) for part in word.split("."))
            if version > highest:
                highest, where = version, str(path.relative_to(folder))
    return highest, where, count


def check_glibc(b: Bundle, floor: str | None) -> str:
    """Linux: the glibc the archive needs, printed, and above `floor` a failure (the release's promise)."""
    highest, where, count = glibc_needed(b.folder)
    shown = ".".join(map(str, highest))
    line = f"needs GLIBC {shown} (the highest symbol version over {count} ELF files, in {where})"
    if floor is not None and highest > tuple(int(part) for part in floor.split(".")):
        raise Failed(f"{line}: above the floor {floor}, so it would not start on the systems promised")
    return line + (f"; floor {floor}" if floor else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?", help="the bundle archive (default: this machine's in dist/)")
    parser.add_argument("--out-dir", help="keep the QR code and the phone page here")
    parser.add_argument("--core", choices=["compiled", "pure"], default=None,
                        help="the core the bundle must hold (default: the one BUNDLE.txt names)")
    parser.add_argument("--glibc-floor", metavar="X.Y", default=None,
                        help="Linux: fail when any ELF file of the bundle needs a GLIBC symbol version above X.Y "
                             "(the highest is printed either way)")
    args = parser.parse_args()
    archive = Path(args.archive) if args.archive else default_archive()
    out_dir = Path(args.out_dir) if args.out_dir else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    print(f"smoke: {archive.name} ({archive.stat().st_size / 1e6:.1f} MB) on {platform.system()} "
          f"{platform.machine()}", flush=True)
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="battleline-smoke-") as tmp:
        bundle = Bundle(unpack(archive, Path(tmp) / "empty"), Path(tmp))
        checks: list[tuple[str, Callable[[], str]]] = [
            ("version", lambda: check_version(bundle)),
            ("window", lambda: check_window(bundle)),
            ("no workshop", lambda: check_workshop(bundle)),
            ("lan game", lambda: check_lan_game(bundle)),
            ("phone page", lambda: check_phones(bundle, out_dir)),
            ("hard bot core", lambda: check_core(bundle, args.core)),
            ("spawned processes", lambda: check_spawned(bundle)),
        ]
        checks.insert(1, ("contents", lambda: check_contents(bundle)))
        if sys.platform.startswith("linux"):
            checks.insert(1, ("glibc", lambda: check_glibc(bundle, args.glibc_floor)))
        if WINDOWS and bundle.game != bundle.exe:
            checks.insert(3, ("windowed exe", lambda: check_windowed_exe(bundle)))
        if importlib.util.find_spec("wormhole_mailbox_server") is not None:
            checks.append(("internet game", lambda: check_internet_game(bundle)))
        else:
            print("smoke: internet game not run: this Python has no magic-wormhole-mailbox-server", flush=True)
        if importlib.util.find_spec("app.cli") is not None:  # the game pip-installed beside this script's Python
            checks.append(("lan game with a pip install", lambda: check_lan_game(bundle, pip_guest=True)))
        else:
            print("smoke: lan game with a pip install not run: this Python has no battleline installed", flush=True)
        for name, check in checks:
            started = time.perf_counter()
            try:
                detail = check()
            except (Failed, subprocess.TimeoutExpired, OSError, ValueError, KeyError, IndexError) as exc:
                failed += 1
                print(f"smoke: {name} FAILED: {type(exc).__name__}: {exc}", flush=True)
                continue
            passed += 1
            print(f"smoke: {name} ok in {time.perf_counter() - started:.1f} s: {detail}", flush=True)
    print(f"smoke: {passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
