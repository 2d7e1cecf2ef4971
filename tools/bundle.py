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
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The game's packages, as pyproject.toml installs them.
PACKAGES = ("engine", "game", "scenes", "net", "app", "assets")
BUILD = ROOT / "build" / "bundle"
DIST = ROOT / "dist"
#: Never copied to the stage: caches and a build the checkout may hold (the stage compiles its own).
SKIP = ("__pycache__", "*.pyc", "*.so", "*.pyd", "compiled.json")
#: Tools of the build, not of the game: PyInstaller would otherwise follow the test and build imports.
#: macOS: the .app's name (Finder shows it) and its bundle identifier.
APP_NAME = "Battle Line"
BUNDLE_ID = "io.github.battleline.game"
RULE = "=" * 100
#: A shared library's file name (versioned .so names too).
NATIVE = re.compile(r"\.(so(\.\d+)*|dll|dylib)$", re.IGNORECASE)
#: A Python extension module's name (the game's compiled core, the packages' own).
EXTENSION = re.compile(r"\.(cpython-[^.]+|abi3)\.(so|pyd)$|\.pyd$", re.IGNORECASE)
#: The licences of the native libraries the packages' wheels bring (by file-name prefix, lower case).
NATIVE_LICENCES = {
    "libsdl2": "SDL 2 and its image, mixer and ttf libraries: zlib licence (pygame-ce's wheel)",
    "sdl2": "SDL 2 and its image, mixer and ttf libraries: zlib licence (pygame-ce's wheel)",
    "libfreetype": "FreeType: FreeType Project Licence",
    "libharfbuzz": "HarfBuzz: MIT licence",
    "libpng": "libpng: libpng licence",
    "libjpeg": "libjpeg-turbo: IJG and BSD licences",
    "libtiff": "libtiff: libtiff licence (BSD-like)",
    "libwebp": "libwebp: BSD licence", "libsharpyuv": "libwebp's sharpyuv: BSD licence",
    "libogg": "libogg: BSD licence", "libvorbis": "libvorbis: BSD licence",
    "libopus": "Opus and opusfile: BSD licence", "libflac": "FLAC: BSD licence",
    "libmpg123": "mpg123: LGPL 2.1", "libfluidsynth": "FluidSynth: LGPL 2.1", "libsndfile": "libsndfile: LGPL 2.1",
    "libasound": "alsa-lib: LGPL 2.1", "libxmp": "libxmp: MIT licence", "libwavpack": "WavPack: BSD licence",
    "libportmidi": "PortMidi: MIT licence", "libbrotli": "Brotli: MIT licence",
    "libzmq": "libzmq: MPL 2.0 (pyzmq's wheel)", "libsodium": "libsodium: ISC licence",
    "libpython": "Python: PSF licence (above)", "python3": "Python: PSF licence (above)",
    "libssl": "OpenSSL: Apache 2.0", "libcrypto": "OpenSSL: Apache 2.0",
    "libffi": "libffi: MIT licence", "libz": "zlib: zlib licence", "zlib": "zlib: zlib licence",
    "libbz2": "bzip2: BSD-like licence", "liblzma": "xz: public domain / 0BSD",
    "libexpat": "Expat: MIT licence", "libsqlite": "SQLite: public domain", "sqlite3": "SQLite: public domain",
    "libuuid": "libuuid: BSD licence", "libgcc": "libgcc: GPL 3 with the GCC runtime library exception",
    "libstdc++": "libstdc++: GPL 3 with the GCC runtime library exception",
}
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


def installed_core(src: Path) -> bool:
    """The compiled core of this Python's pip install (setup.py), copied into the stage when it was built from
    exactly the stage's sources (its manifest's hashes) and every extension is there: no second compile."""
    import json

    for dist in importlib.metadata.distributions(name="battleline"):
        if dist.read_text("RECORD") is None:  # a checkout's egg-info, not an install
            continue
        site = Path(str(dist.locate_file(""))).resolve()
        try:
            built = json.loads((site / "engine" / "compiled.json").read_text(encoding="utf-8"))["modules"]
        except (OSError, ValueError, KeyError, TypeError):
            continue  # an editable install, or one with the pure core
        if copy_installed_core(src, site, built):
            say("compiled core taken from this Python's pip install (built from the same sources)")
            return True
    return False


def copy_installed_core(src: Path, site: Path, built: object) -> bool:
    """The extensions under `site` into the stage, when `built` (their manifest) has the stage's sources."""
    import hashlib

    names = core_modules(src)
    sources = {name: src.joinpath(*name.split(".")).with_suffix(".py") for name in names}
    if not isinstance(built, dict) or set(built) != set(names) or any(
            built[name] != hashlib.sha256(path.read_bytes()).hexdigest() for name, path in sources.items()):
        return False
    files: list[Path] = []
    for name in (*names, "engine.core__mypyc"):
        parts = name.split(".")
        found = [p for pattern in (parts[-1] + ".*.so", parts[-1] + ".*.pyd")
                 for p in site.joinpath(*parts[:-1]).glob(pattern)]
        if len(found) != 1:
            return False
        files += found
    for path in files:
        shutil.copy2(path, src / path.relative_to(site))
    shutil.copy2(site / "engine" / "compiled.json", src / "engine" / "compiled.json")
    return True


def compile_core(src: Path) -> bool:
    """tools/compile_core.py in the stage; False (and the reason, said) when it could not build."""
    if installed_core(src):
        (src / "compile_core.py").unlink()
        return True
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


def freeze(src: Path, cli_exe: bool) -> Path:
    """PyInstaller, one folder (onedir: nothing to unpack at each start); returns the folder.

    The spec is written by PyInstaller from the options below and run. On Windows the game is a windowed
    program (no console opens beside it; app.startup sends what it says to a log file) and the spec gets a
    second executable, battleline-cli.exe, the same program as a console one for the commands. On macOS
    PyInstaller wraps the folder as an .app (a double-click opens no Terminal). Linux libraries are stripped."""
    from PyInstaller.__main__ import run as pyinstaller

    launcher = BUILD / "battleline.py"
    launcher.write_text("import sys\n\nfrom app.frozen import main\n\nsys.exit(main())\n", encoding="utf-8")
    datas = data_files(src)
    args = [str(launcher), "--name", "battleline", "--onedir", "--specpath", str(BUILD),
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
    icons = src / "assets" / "icon"
    if sys.platform == "win32":
        args += ["--windowed", "--icon", str(icons / "battleline.ico")]
    elif sys.platform == "darwin":
        args += ["--windowed", "--icon", str(icons / "battleline.icns"), "--osx-bundle-identifier", BUNDLE_ID]
    else:
        args += ["--strip"]  # symbols off every shared library: about a quarter of the archive
    subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.makespec", *args], check=True,
                   stdout=subprocess.DEVNULL)
    spec = BUILD / "battleline.spec"
    if cli_exe:
        spec.write_text(with_cli_exe(spec.read_text(encoding="utf-8")), encoding="utf-8")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # PyInstaller imports pygame while it looks for modules
    # ...and lists the game's modules in child processes that take this one's sys.path: the stage's
    # modules, not those of the game installed in this Python
    sys.path.insert(0, str(src))
    pyinstaller([str(spec), "--noconfirm", "--clean", "--log-level", "WARN", "--distpath", str(BUILD / "dist"),
                 "--workpath", str(BUILD / "work")])
    return BUILD / "dist" / "battleline"


def with_cli_exe(spec: str) -> str:
    """The spec with a second executable in the same folder: battleline-cli, a console program."""
    start, end = spec.find("exe = EXE("), spec.find("\ncoll = COLLECT(\n    exe,")
    if start < 0 or end < 0 or "name='battleline'," not in spec[start:end]:
        raise SystemExit("bundle: PyInstaller's spec is not laid out as expected; cannot add battleline-cli")
    cli = (spec[start:end].replace("exe = EXE(", "exe_cli = EXE(", 1)
           .replace("name='battleline',", "name='battleline-cli',", 1).replace("console=False,", "console=True,", 1))
    both = "coll = COLLECT(\n    exe,\n    exe_cli,"
    return (spec[:end] + "\n" + cli + spec[end:]).replace("coll = COLLECT(\n    exe,", both, 1)


def finish(folder: Path, name: str, text: str) -> Path:
    """The archive's one folder as a player opens it: the game, README, LICENSE, the third-party notices,
    BUNDLE.txt; on macOS the .app with a `battleline` script beside it for the commands. Returns it."""
    top = BUILD / "pack" / name
    shutil.rmtree(top.parent, ignore_errors=True)
    top.parent.mkdir(parents=True)
    app = folder.parent / "battleline.app"
    if sys.platform == "darwin" and app.is_dir():
        shutil.copytree(app, top / f"{APP_NAME}.app", symlinks=True)
        script = top / "battleline"
        script.write_text(f'#!/bin/sh\nexec "${{0%/*}}/{APP_NAME}.app/Contents/MacOS/battleline" "$@"\n',
                          encoding="utf-8")
        script.chmod(0o755)
    else:
        shutil.copytree(folder, top, symlinks=True)
    for stray in top.rglob("direct_url.json"):  # pip's record of the builder's checkout path
        stray.unlink()
    shutil.copy2(ROOT / "README.md", top / "README.md")
    shutil.copy2(ROOT / "LICENSE", top / "LICENSE.txt")
    (top / "THIRD-PARTY-NOTICES.txt").write_text(notices(top), encoding="utf-8")
    (top / "BUNDLE.txt").write_text(text, encoding="utf-8")
    return top


def field(meta: Any, name: str) -> str:
    """One metadata field, or "" when the package does not give it."""
    values = meta.get_all(name) or []
    return str(values[0]) if values else ""


def notices(top: Path) -> str:
    """What the archive carries of others and under which licences: Python, every Python package the game
    runs on (its licence files as the package ships them), the native libraries inside, the game's assets."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    environment: dict[str, str] = {str(k): str(v) for k, v in default_environment().items()}
    environment["extra"] = ""
    seen: dict[str, importlib.metadata.Distribution] = {}
    todo = ["battleline"]
    while todo:
        name = todo.pop()
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        key = dist.metadata["Name"].lower().replace("_", "-")
        if key in seen:
            continue
        seen[key] = dist
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate(environment):
                todo.append(req.name)
    parts = ["Battle Line's standalone download carries the following software of others, each under its own",
             "licence. The game's own code is under LICENSE.txt; its fonts and sounds are listed in",
             "assets/CREDITS.md inside the game's folder, each with its licence file beside it.", ""]
    python_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    parts += [RULE, f"Python {platform.python_version()} (the interpreter and its standard library)", RULE,
              python_licence.read_text(encoding="utf-8", errors="replace") if python_licence.exists()
              else "PSF License Agreement: https://docs.python.org/3/license.html", ""]
    for key in sorted(seen):
        if key == "battleline":
            continue
        dist = seen[key]
        meta = dist.metadata
        licence = field(meta, "License-Expression") or field(meta, "License") or ", ".join(
            c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License ::"))
        licence = licence if len(licence) < 200 else licence.splitlines()[0][:200]  # some put the whole text here
        home = field(meta, "Home-page") or next((u.split(",", 1)[1].strip() for u in meta.get_all("Project-URL") or []
                                               if "," in u), "")
        parts += [RULE, f"{meta['Name']} {dist.version}: {licence.strip() or 'see below'}  {home}".rstrip(), RULE]
        files = [f for f in dist.files or [] if Path(str(f)).name.upper().startswith(("LICEN", "COPYING", "NOTICE"))]
        for file in files:
            parts += [f"--- {Path(str(file)).name}", Path(str(dist.locate_file(file))).read_text(
                encoding="utf-8", errors="replace").strip(), ""]
        if not files:
            parts += [f"(the package ships no licence file; its licence is {licence.strip() or 'in its metadata'})", ""]
    natives = sorted({p.name for p in top.rglob("*") if p.is_file() and NATIVE.search(p.name)
                      and not EXTENSION.search(p.name)})  # Python's extension modules belong to packages above
    parts += [RULE, "Native libraries inside (shipped by the packages above, in their wheels, or by Python)", RULE]
    for name in natives:
        licence = next((v for k, v in NATIVE_LICENCES.items() if name.lower().startswith(k)),
                       "not named by this list: see the package above that ships it")
        parts.append(f"{name}: {licence}")
    parts.append("")
    return "\n".join(parts) + "\n"


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
    parser.add_argument("--cli-exe", action="store_true", default=sys.platform == "win32",
                        help="add battleline-cli, a console executable, beside the game's (the default on Windows, "
                             "where the game's own is windowed; elsewhere to try that layout)")
    args = parser.parse_args()
    start = time.perf_counter()
    ver = version()
    system, arch = target()
    BUILD.mkdir(parents=True, exist_ok=True)
    src = stage()
    compiled = False if args.pure else compile_core(src)
    if args.pure:
        say("--pure: the bundle runs the pure-Python core")
    name = f"battleline-{ver}-{system}-{arch}"
    text = f"battleline {ver} for {system} {arch}; hard bot core: {'compiled' if compiled else 'pure Python'}\n"
    archive = pack(finish(freeze(src, args.cli_exe), name, text), name)
    size = archive.stat().st_size / 1e6
    say(f"built in {time.perf_counter() - start:.0f} s; {size:.1f} MB compressed; core "
        f"{'compiled' if compiled else 'pure Python'}")
    print(archive)
    return 0


if __name__ == "__main__":
    sys.exit(main())
