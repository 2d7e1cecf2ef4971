"""The standalone bundle's own parts, without building one (tools/bundle_smoke.py tests a built bundle).

app/frozen.py is the bundle's entry: in a frozen game sys.executable is the game, so `-m MODULE`
must run the game's own module as Python would, and anything else must stay one clear line. Here it
runs in a real Python process, as the bundle's launcher calls it. tools/bundle.py must carry every
file the game reads at run time and the compiled core's list as the engine has it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from engine import compiled

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = "import sys\nfrom app.frozen import main\nsys.exit(main())\n"


def _launch(*args: str) -> subprocess.CompletedProcess[str]:
    """The bundle's launcher (as tools/bundle.py writes it), run by this Python."""
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-c", LAUNCHER, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def _bundle_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bundle_tool", ROOT / "tools" / "bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_frozen_entry_without_m_is_the_battleline_command() -> None:
    done = _launch("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("battleline ")


def test_frozen_entry_m_runs_a_module_of_the_game_with_its_arguments() -> None:
    # the LAN benches start their host as `sys.executable -m net.cli host ...`: the arguments must reach it
    done = _launch("-m", "net.cli", "host", "--headless", "--code", "12")
    assert done.returncode == 1
    assert done.stderr.strip() == "battleline host: --code '12': a join code is 4 digits"


def test_frozen_entry_m_refuses_a_module_outside_the_game_in_one_line() -> None:
    done = _launch("-m", "http.server")
    assert done.returncode == 2
    assert done.stderr.strip() == "battleline: -m runs the game's own modules only, not 'http.server'"


def test_frozen_entry_m_names_a_missing_module_in_one_line() -> None:
    done = _launch("-m", "net.no_such_module")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("battleline: no module 'net.no_such_module' in this build")


def test_frozen_entry_m_without_a_module_says_so() -> None:
    done = _launch("-m")
    assert (done.returncode, done.stderr.strip()) == (2, "battleline: -m needs a module name")


def test_bundle_reads_the_compiled_core_list_the_engine_has() -> None:
    assert _bundle_tool().core_modules(ROOT) == list(compiled.CORE)


def test_bundle_carries_every_file_the_game_reads() -> None:
    tool = _bundle_tool()
    carried = {(path.relative_to(ROOT).as_posix(), dest) for path, dest in tool.data_files(ROOT)}
    names = {name for name, _ in carried}
    for pattern in ("assets/locale/*/LC_MESSAGES/*.mo", "assets/fonts/*", "assets/sounds/*", "net/web/page/*",
                    "engine/ai/*.json"):  # the learnt bots' weights and the win chance's map
        wanted = {p.relative_to(ROOT).as_posix() for p in ROOT.glob(pattern)}
        assert wanted and wanted <= names, pattern
    # each file lands in the folder it has in the checkout, where the game looks for it (Path(__file__))
    assert all(name.rsplit("/", 1)[0] == dest for name, dest in carried)
    # sources only of the compiled core (so BATTLELINE_PURE=1 can run it from them), no caches
    sources = {name for name in names if name.endswith(".py")}
    # named from the checkout, not from compiled.source_of: the tests may run against an installed copy
    assert sources == {name.replace(".", "/") + ".py" for name in compiled.CORE}
    assert not [name for name in names if "__pycache__" in name or name.endswith((".pyc", ".so", ".pyd"))]


def test_bundle_names_the_archive_by_system_and_processor() -> None:
    system, arch = _bundle_tool().target()
    wanted = {"linux": "linux", "win32": "windows", "darwin": "macos"}.get(sys.platform)
    assert system == wanted and arch and arch not in ("amd64", "aarch64")


def test_windows_layout_adds_a_console_executable_beside_the_windowed_game(tmp_path: Path) -> None:
    """The spec PyInstaller writes, with battleline-cli added: two executables in one folder (COLLECT)."""
    if importlib.util.find_spec("PyInstaller") is None:
        import pytest

        pytest.skip("PyInstaller is not installed (pip install \".[bundle]\")")
    script = tmp_path / "battleline.py"
    script.write_text("print(1)\n")
    subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.makespec", str(script), "--name", "battleline",
                    "--onedir", "--windowed", "--specpath", str(tmp_path)], check=True, capture_output=True,
                   timeout=120)
    spec = _bundle_tool().with_cli_exe((tmp_path / "battleline.spec").read_text())
    compile(spec, "battleline.spec", "exec")  # still Python
    assert spec.count("= EXE(") == 2
    assert "name='battleline'," in spec and "name='battleline-cli'," in spec
    gui = spec[spec.index("exe = EXE("):spec.index("exe_cli = EXE(")]
    cli = spec[spec.index("exe_cli = EXE("):spec.index("coll = COLLECT(")]
    assert "console=False," in gui and "console=True," in cli
    assert "coll = COLLECT(\n    exe,\n    exe_cli," in spec


def test_the_third_party_notices_name_python_and_every_package_the_game_runs_on(tmp_path: Path) -> None:
    text = _bundle_tool().notices(tmp_path)
    assert "\nPython 3." in text  # the interpreter, with its licence
    for package in ("pygame-ce", "pyzmq", "msgpack", "platformdirs", "zeroconf", "websockets", "segno", "spake2",
                    "cryptography"):
        assert f"\n{package} " in text, package
    assert "\nbattleline " not in text and "pytest" not in text  # the game itself and the test tools are not others'


def test_the_bundle_takes_the_pip_installed_compiled_core_built_from_the_same_sources(tmp_path: Path) -> None:
    """CI compiles the core once: at `pip install ".[test]"`. tools/bundle.py copies that build into its stage
    when its manifest's hashes are the stage's sources, and never when one source differs."""
    import importlib.metadata
    import json
    import shutil

    import pytest

    installs = [d for d in importlib.metadata.distributions(name="battleline") if d.read_text("RECORD") is not None]
    manifests = [Path(str(d.locate_file(""))) / "engine" / "compiled.json" for d in installs]
    found = [json.loads(m.read_text())["modules"] for m in manifests if m.is_file()]
    built = found[0] if found else {}
    if not built:
        pytest.skip("this Python's battleline is not a pip install with a compiled core")
    tool = _bundle_tool()
    src = tmp_path / "src"
    shutil.copytree(ROOT / "engine", src / "engine", ignore=shutil.ignore_patterns(*tool.SKIP))
    if any(built.get(n) != compiled.digest(src.joinpath(*n.split(".")).with_suffix(".py")) for n in compiled.CORE):
        pytest.skip("the installed core was built from other sources than this checkout's")
    assert tool.installed_core(src)
    assert json.loads((src / "engine" / "compiled.json").read_text())["modules"] == built
    assert len(list((src / "engine").rglob("*.so")) + list((src / "engine").rglob("*.pyd"))) == len(compiled.CORE) + 1
    other = tmp_path / "other"
    shutil.copytree(ROOT / "engine", other / "engine", ignore=shutil.ignore_patterns(*tool.SKIP))
    with (other / "engine" / "table.py").open("a") as f:
        f.write("\n# edited after the install\n")
    assert not tool.installed_core(other)
    assert not (other / "engine" / "compiled.json").exists()
