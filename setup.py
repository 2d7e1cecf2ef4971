"""`pip install .` compiles the hard bot's hot core with mypyc when it can; everything else is in pyproject.toml.

The modules of engine.compiled.CORE become C extensions beside their sources in the installed package,
and engine/compiled.json records each source's hash, as tools/compile_core.py does in a checkout
(engine.compiled loads a build only while its sources match it; BATTLELINE_PURE=1 runs the pure core).
mypyc and setuptools come from [build-system] requires. When the build cannot be done (no C compiler,
mypyc failing, an editable install, or BATTLELINE_PURE=1 at install time) the install says why in one
line starting `battleline: ` and carries the pure-Python core, which gives the same decisions, slower.

mypyc runs inside build_ext only: setuptools runs this file several times per install (for its
requirements, its metadata and the wheel), and only the wheel needs the C sources.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
#: The library the compiled modules share (tools/compile_core.py uses the same name).
GROUP = "engine.core"


def say(text: str) -> None:
    """One line on stderr: pip shows a build's stderr only with -v, so the final word is also in the log."""
    print(f"battleline: {text}", file=sys.stderr, flush=True)


def core_modules() -> list[str]:
    """engine.compiled.CORE read from its source (importing the engine here would run its finder)."""
    tree = ast.parse((HERE / "engine" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "CORE":
            assert node.value is not None
            return [str(name) for name in ast.literal_eval(node.value)]
    raise RuntimeError("engine/compiled.py has no CORE")


def source(name: str) -> str:
    """A CORE module's source, relative to this folder (mypyc names the extensions from it)."""
    return "/".join(name.split(".")) + ".py"


def opt_level() -> str:
    """The C compiler's optimisation for the core: 3 (mypyc's default) unless BATTLELINE_CORE_OPT names 0-3.
    CI asks for 0 to save two minutes of gcc: the same code, the same decisions, only slower searches."""
    level = os.environ.get("BATTLELINE_CORE_OPT", "3")
    return level if level in ("0", "1", "2", "3") else "3"


def pure_asked() -> bool:
    return os.environ.get("BATTLELINE_PURE", "") not in ("", "0")


def probe_compiler() -> None:
    """Compile one tiny C file with the compiler build_ext would use; raises when there is none."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as temp:
        probe = Path(temp) / "probe.c"
        probe.write_text("int battleline_probe(void) { return 0; }\n", encoding="utf-8")
        try:
            compiler.compile([str(probe)], output_dir=temp)
        except Exception as exc:  # CompileError: no compiler, or one that cannot build for this Python
            command = (getattr(compiler, "compiler_so", None) or ["cc"])[0]
            raise RuntimeError(f"no working C compiler (`{command}` could not compile a test file: "
                               f"{type(exc).__name__})") from None


def failed(exc: BaseException) -> str:
    reason = " ".join(str(exc).split())[:200] or type(exc).__name__
    return f"the compiled core did NOT build, so the hard bot runs the pure-Python core (slower): {reason}"


class BinaryDistribution(Distribution):
    """Always a build with extensions (a wheel tagged for this Python and system), since the extension
    list is only known inside build_ext; a wheel that fell back to pure Python is never cached by pip
    (it was built from a local folder), so its tag does no harm."""

    def has_ext_modules(self) -> bool:
        return True


class BuildCore(build_ext):
    """mypyc's C for the core, compiled; on any failure the pure-Python core, said in one line."""

    def run(self) -> None:
        build_lib = Path(self.build_lib)
        self._remove(build_lib)  # a build folder may hold an earlier install's extensions and manifest
        why_pure = None
        if getattr(self, "editable_mode", False) or self.inplace:
            why_pure = "editable install: the pure-Python core (python tools/compile_core.py compiles it)"
        elif pure_asked():
            why_pure = "BATTLELINE_PURE is set: installing the pure-Python core"
        else:
            try:
                probe_compiler()  # before mypyc's type check, so a missing compiler is said at once
                self._take(self._mypycify())
                super().run()
            except (Exception, SystemExit) as exc:  # distutils reports a missing compiler by SystemExit
                self._remove(build_lib)
                why_pure = failed(exc)
        if why_pure is not None:
            say(why_pure)
            self._write_note(build_lib, why_pure)
            return
        self._write_manifest(build_lib)
        say(f"compiled core built ({len(self.extensions)} extensions); BATTLELINE_PURE=1 runs the pure core")

    def _take(self, extensions: list[Any]) -> None:
        """The extensions as setuptools' finalize_options would have prepared them. mypyc runs here, not
        there: setuptools finalizes this command for the metadata too (to list the sources), where mypyc's
        type check would only cost time. None of mypyc's extensions is a setuptools Library (no stubs)."""
        self.distribution.ext_modules = self.extensions = extensions
        self.check_extensions_list(extensions)
        for ext in extensions:
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = ext
            ext._links_to_dynamic = ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)

    def _mypycify(self) -> list[Any]:
        from mypyc.build import mypycify

        modules = core_modules()
        cwd = os.getcwd()
        os.chdir(HERE)  # mypyc names each module from its path relative to here
        try:
            return list(mypycify([source(name) for name in modules], group_name=GROUP,
                                 target_dir=str(Path("build") / "mypyc"), opt_level=opt_level()))
        finally:
            os.chdir(cwd)

    def _write_manifest(self, build_lib: Path) -> None:
        """engine/compiled.json beside the extensions: the hash of each source compiled (engine.compiled)."""
        hashes = {name: hashlib.sha256((HERE / source(name)).read_bytes()).hexdigest() for name in core_modules()}
        manifest = build_lib / "engine" / "compiled.json"
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"modules": hashes}, indent=1) + "\n", encoding="utf-8")

    def _write_note(self, build_lib: Path, why: str) -> None:
        """A manifest with no modules and the reason: `battleline --version` says why the core is pure."""
        manifest = build_lib / "engine" / "compiled.json"
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"modules": {}, "pure": why}, indent=1) + "\n", encoding="utf-8")

    def _remove(self, build_lib: Path) -> None:
        """The core's extensions, their shared library and the manifest, wherever a build left them."""
        for name in (*core_modules(), GROUP + "__mypyc"):
            parts = name.split(".")
            folder = build_lib.joinpath(*parts[:-1])
            for pattern in (parts[-1] + ".*.so", parts[-1] + ".*.pyd", parts[-1] + ".so", parts[-1] + ".pyd"):
                for path in folder.glob(pattern):
                    path.unlink()
        (build_lib / "engine" / "compiled.json").unlink(missing_ok=True)


if __name__ == "__main__":  # setuptools' build backend runs this file as __main__; tests import its parts
    setup(distclass=BinaryDistribution, cmdclass={"build_ext": BuildCore})
