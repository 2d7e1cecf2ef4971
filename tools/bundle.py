"""Build the standalone game for this machine: one archive that runs with no Python installed.

Run from a checkout with the bundle extra installed: `pip install ".[bundle]" && python tools/bundle.py`.
It copies the game's packages to build/bundle/src (the checkout stays as it is), compiles the hard
bot's core there (tools/compile_core.py; on failure the bundle carries the pure-Python core and says
so), freezes app/frozen.py with PyInstaller as one folder, and packs that folder as
dist/battleline-<version>-<os>-<arch>.tar.gz (.zip on Windows). The last line printed is the
archive's path. docs/BUNDLE.md says why PyInstaller and what the bundle holds.
"""

from __future__ import annotations

import argparse
import ast
import importlib.metadata
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The game's packages, as pyproject.toml installs them.
PACKAGES = ("engine", "game", "scenes", "net", "app", "assets")
BUILD = ROOT / "build" / "bundle"
DIST = ROOT / "dist"
#: Never copied to the stage: caches and a build the checkout may hold (the stage compiles its own).
SKIP = ("__pycache__", "*.pyc", "*.so", "*.pyd", "compiled.json")
#: Tools of the build, not of the game: PyInstaller would otherwise follow the test and build imports.
EXCLUDE = ("pytest", "hypothesis", "mypy", "mypyc", "setuptools", "pip", "babel", "selenium", "tkinter",
           "PyInstaller", "_pytest", "ruff", "numpy")


#: Libraries whose data files the freezer does not follow by itself: autobahn (magic-wormhole's WebSocket to the
#: mailbox, in the internet tunnel's process) reads its UTF-8 validator's C source at import, for cffi.
DATA_OF = ("autobahn",)


def say(text: str) -> None:
    print(f"bundle: {text}", flush=True)


def version() -> str:
    """The version in pyproject.toml; the installed metadata the bundle copies must agree with it."""
    wanted = str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])
    try:
        installed = importlib.metadata.version("battleline")
    except importlib.metadata.PackageNotFoundError:
        installed = None
    if installed != wanted:
        raise SystemExit(f"bundle: battleline {wanted} is not installed in this Python (found {installed}); "
                         "run `pip install \".[bundle]\"` from the checkout first")
    return wanted


def target() -> tuple[str, str]:
    """(os, arch) for the archive's name: linux/windows/macos, x86_64/arm64/..."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform.split("-")[0])
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return system, arch


def stage() -> Path:
    """A fresh copy of the game's packages: the compile and the freeze work on it, never on the checkout."""
    src = BUILD / "src"
    shutil.rmtree(src, ignore_errors=True)
    for name in PACKAGES:
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns(*SKIP))
    shutil.copy2(ROOT / "tools" / "compile_core.py", src / "compile_core.py")
    return src


def compile_core(src: Path) -> bool:
    """tools/compile_core.py in the stage; False (and the reason, said) when it could not build."""
    done = subprocess.run([sys.executable, "compile_core.py"], cwd=src, capture_output=True, text=True)
    (src / "compile_core.py").unlink()
    if done.returncode == 0:
        say("compiled core built")
        return True
    reason = (done.stderr.strip().splitlines() or ["no reason given"])[-1]
    say(f"the compiled core did NOT build, so this bundle runs the pure-Python core (a slower hard bot): {reason}")
    return False


def data_files(src: Path) -> list[tuple[Path, str]]:
    """Every file the game reads at run time, by its folder in the bundle: fonts, sounds, the
    translations, the phone page, the engine's data. The compiled core's sources and manifest come
    too, so engine.compiled can check the build and BATTLELINE_PURE=1 can still run the pure core."""
    out: list[tuple[Path, str]] = []
    for name in PACKAGES:
        for path in sorted((src / name).rglob("*")):
            if path.is_file() and path.suffix not in (".py", ".pyc", ".so", ".pyd"):
                out.append((path, str(path.parent.relative_to(src))))
    for name in core_modules(src):
        path = src.joinpath(*name.split(".")).with_suffix(".py")
        out.append((path, str(path.parent.relative_to(src))))
    manifest = src / "engine" / "compiled.json"
    if manifest.exists():
        out.append((manifest, "engine"))
    return out


def core_modules(src: Path) -> list[str]:
    """engine.compiled.CORE, read from the source (importing the engine here would load the checkout's)."""
    tree = ast.parse((src / "engine" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "CORE":
            assert node.value is not None
            return [str(name) for name in ast.literal_eval(node.value)]
    raise SystemExit("bundle: engine/compiled.py has no CORE")


def freeze(src: Path) -> Path:
    """PyInstaller, one folder (onedir: nothing to unpack at each start); returns the folder."""
    from PyInstaller.__main__ import run as pyinstaller

    launcher = BUILD / "battleline.py"
    launcher.write_text("import sys\n\nfrom app.frozen import main\n\nsys.exit(main())\n", encoding="utf-8")
    datas = data_files(src)
    args = [str(launcher), "--name", "battleline", "--onedir", "--noconfirm", "--clean", "--log-level", "WARN",
            "--distpath", str(BUILD / "dist"), "--workpath", str(BUILD / "work"), "--specpath", str(BUILD),
            "--paths", str(src), "--copy-metadata", "battleline"]
    for package in PACKAGES:  # the CLI imports its commands by name: collect every module of the game
        args += ["--collect-submodules", package]
    if (src / "engine" / "compiled.json").exists():  # the compiled modules' shared library, loaded from C
        args += ["--hidden-import", "engine.core__mypyc"]
    for module in EXCLUDE:
        args += ["--exclude-module", module]
    for package in DATA_OF:
        args += ["--collect-data", package]
    # magic-wormhole's word list, as a file: the game checks and completes codes from it without importing
    # magic-wormhole (whose package loads Twisted) into its own process (net/internet/words.py)
    import wormhole

    args += ["--add-data", f"{Path(wormhole.__file__).parent / '_wordlist.py'}{os.pathsep}wormhole"]
    for path, dest in datas:
        args += ["--add-data", f"{path}{os.pathsep}{dest}"]
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # PyInstaller imports pygame while it looks for modules
    # ...and lists the game's modules in child processes that take this one's sys.path: the stage's
    # modules, not those of the game installed in this Python
    sys.path.insert(0, str(src))
    pyinstaller(args)
    return BUILD / "dist" / "battleline"


def pack(folder: Path, name: str) -> Path:
    """The folder as one archive whose single top folder is `name`."""
    DIST.mkdir(exist_ok=True)
    if sys.platform == "win32":
        archive = DIST / f"{name}.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            for path in sorted(folder.rglob("*")):
                z.write(path, Path(name) / path.relative_to(folder))
        return archive
    archive = DIST / f"{name}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=name)
    return archive


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure", action="store_true", help="skip the compiled core (a bundle for testing only)")
    args = parser.parse_args()
    start = time.perf_counter()
    ver = version()
    system, arch = target()
    BUILD.mkdir(parents=True, exist_ok=True)
    src = stage()
    compiled = False if args.pure else compile_core(src)
    if args.pure:
        say("--pure: the bundle runs the pure-Python core")
    folder = freeze(src)
    (folder / "BUNDLE.txt").write_text(
        f"battleline {ver} for {system} {arch}; hard bot core: {'compiled' if compiled else 'pure Python'}\n",
        encoding="utf-8")
    archive = pack(folder, f"battleline-{ver}-{system}-{arch}")
    size = archive.stat().st_size / 1e6
    say(f"built in {time.perf_counter() - start:.0f} s; {size:.1f} MB compressed; core "
        f"{'compiled' if compiled else 'pure Python'}")
    print(archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
