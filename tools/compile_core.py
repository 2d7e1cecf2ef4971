"""Compile the hard bot's hot core with mypyc, beside its sources: an optional speed-up for a checkout.

Run from a checkout's root: `python tools/compile_core.py` (needs mypy, from the test extras, and a C
compiler). The modules of engine.compiled.CORE become extensions next to their .py files, and
engine/compiled.json records each source's hash: an extension runs only while its source is unchanged
(engine.compiled), and BATTLELINE_PURE=1 runs the pure-Python core anyway. When anything fails (no
compiler, no mypy), nothing half-built is left behind and the game runs as before, in pure Python.
`--clean` removes a build. docs/BOTS.md has the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path.cwd()
#: engine.core__mypyc: the library the compiled modules share.
GROUP = "engine.core"


def built_files() -> list[Path]:
    """The extensions a build leaves in the tree (and its manifest)."""
    sys.path.insert(0, str(ROOT))
    from engine.compiled import CORE, MANIFEST

    found = [MANIFEST] if MANIFEST.exists() else []
    for name in (*CORE, GROUP + "__mypyc"):
        parts = name.split(".")
        found += sorted(ROOT.joinpath(*parts[:-1]).glob(parts[-1] + ".*.so"))
        found += sorted(ROOT.joinpath(*parts[:-1]).glob(parts[-1] + ".*.pyd"))
    return found


def clean() -> None:
    for path in built_files():
        path.unlink()


def build() -> None:
    sys.path.insert(0, str(ROOT))
    from mypyc.build import mypycify
    from setuptools import setup

    from engine.compiled import CORE, MANIFEST, digest, source_of

    sources = [source_of(name) for name in CORE]
    hashes = {name: digest(path) for name, path in zip(CORE, sources, strict=True)}
    with tempfile.TemporaryDirectory() as temp:
        modules = mypycify([str(p.relative_to(ROOT)) for p in sources], group_name=GROUP, target_dir=temp)
        setup(name="battleline-core", ext_modules=modules, script_name="compile_core",
              script_args=["-q", "build_ext", "--inplace", "--build-temp", temp])
    if {name: digest(path) for name, path in zip(CORE, sources, strict=True)} != hashes:
        raise RuntimeError("a source changed while it was compiled; compile again")
    MANIFEST.write_text(json.dumps({"modules": hashes}, indent=1) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove a build: back to the pure-Python core")
    args = parser.parse_args()
    if not (ROOT / "engine" / "compiled.py").is_file():
        print("compile_core: run this from the checkout's root", file=sys.stderr)
        return 2
    clean()
    if args.clean:
        print("compile_core: removed; the pure-Python core runs")
        return 0
    try:
        build()
    except (Exception, SystemExit) as exc:  # setuptools reports a missing compiler by SystemExit
        clean()
        print(f"compile_core: not built ({type(exc).__name__}: {exc}); the pure-Python core runs", file=sys.stderr)
        return 1
    print(f"compile_core: built {len(built_files()) - 1} files; BATTLELINE_PURE=1 runs the pure-Python core",
          flush=True)
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
