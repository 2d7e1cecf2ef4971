"""The compiled core at install time (setup.py) and what the installed game says about its core.

`pip install .` compiles engine.compiled.CORE with mypyc when a C compiler works, else installs the pure core
and records why (engine/compiled.json), which `battleline --version` says. A whole pip install takes minutes,
so it is measured by hand (docs/BUNDLE.md); here its parts run for real: the compiler probe with gcc and
with CC=/bin/false, the list of modules, and the version line over a manifest like the ones setup.py writes.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from app import cli
from engine import compiled

ROOT = Path(__file__).resolve().parent.parent


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("battleline_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not as __main__: setup() itself does not run
    return module


def test_setup_compiles_exactly_the_engines_core_list() -> None:
    setup = _setup_module()
    assert tuple(setup.core_modules()) == compiled.CORE
    assert all((ROOT / setup.source(name)).is_file() for name in compiled.CORE)


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler here")
def test_the_compiler_probe_passes_with_a_compiler_and_fails_in_one_line_without() -> None:
    probe = "import importlib.util as u, sys\n" \
            "s = u.spec_from_file_location('s', sys.argv[1]); m = u.module_from_spec(s); s.loader.exec_module(m)\n" \
            "try:\n    m.probe_compiler()\nexcept RuntimeError as e:\n    print(m.failed(e)); sys.exit(1)\n" \
            "print('ok')\n"
    env = {k: v for k, v in os.environ.items() if k != "CC"}
    ok = subprocess.run([sys.executable, "-c", probe, str(ROOT / "setup.py")], env=env, capture_output=True,
                        text=True, timeout=120)
    assert ok.returncode == 0 and ok.stdout.strip() == "ok", ok.stderr
    none = subprocess.run([sys.executable, "-c", probe, str(ROOT / "setup.py")], env={**env, "CC": "/bin/false"},
                          capture_output=True, text=True, timeout=120)
    assert none.returncode == 1
    lines = none.stdout.strip().splitlines()
    assert len(lines) == 1 and "did NOT build" in lines[0] and "no working C compiler (`/bin/false`" in lines[0]


def test_version_says_the_core_and_why_an_install_is_pure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    manifest = tmp_path / "compiled.json"
    monkeypatch.setattr(compiled, "MANIFEST", manifest)
    assert cli.version_line().endswith("(hard bot core: pure Python)")  # a checkout with nothing built
    why = "the compiled core did NOT build, so the hard bot runs the pure-Python core (slower): no working C compiler"
    manifest.write_text(json.dumps({"modules": {}, "pure": why}))
    assert cli.version_line().endswith(f"(hard bot core: pure Python; {why})")
    # a manifest that matches every source but no extension beside them: still the pure core
    hashes = {name: compiled.digest(compiled.source_of(name)) for name in compiled.CORE}
    manifest.write_text(json.dumps({"modules": hashes}))
    if not any(compiled.source_of(compiled.CORE[0]).parent.glob("formations.*.so")):
        assert compiled.available() == "pure"


def test_version_runs_without_a_display_and_names_the_core() -> None:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-m", "app.cli", "--version"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("battleline ") and "hard bot core: " in done.stdout
