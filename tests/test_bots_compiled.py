"""The optional compiled core (engine.compiled, tools/compile_core.py): the same decisions either way.

A build runs only while its sources are the ones compiled, and BATTLELINE_PURE=1 always runs the
pure-Python core. Where a build is present, the recorded hard decisions (tests/test_bots_decisions.py)
are replayed twice in fresh processes, compiled and pure; without a build that test skips (CI and the
README's install run the pure core, which the rest of the suite tests).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from three_bots import assert_three_decisions_alike, core_built

from engine import compiled

ROOT = Path(__file__).resolve().parent.parent


def _core_in_fresh_process(pure: bool, script: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, compiled.PURE_VARIABLE: "1" if pure else ""}
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)


def test_pure_variable_runs_every_core_module_from_its_source() -> None:
    script = ("import engine, engine.compiled as c\n"
              "for name in c.CORE: __import__(name)\n"
              "import sys; print(c.status(), *(sys.modules[n].__file__ for n in c.CORE))")
    done = _core_in_fresh_process(True, script)
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[0] == "pure"
    assert all(path.endswith(".py") for path in words[1:]) and len(words) == 1 + len(compiled.CORE)


def test_a_build_runs_only_while_its_sources_are_the_ones_compiled(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    manifest = tmp_path / "compiled.json"
    monkeypatch.setattr(compiled, "MANIFEST", manifest)
    assert compiled.fresh() == set()  # nothing built
    hashes = {name: compiled.digest(compiled.source_of(name)) for name in compiled.CORE}
    manifest.write_text(json.dumps({"modules": hashes}))
    assert compiled.fresh() == set(compiled.CORE)
    edited = compiled.CORE[2]
    manifest.write_text(json.dumps({"modules": {**hashes, edited: "0" * 64}}))  # its source changed since
    assert compiled.fresh() == set()  # the others would still call its stale build: all run from source
    manifest.write_text("{not json")
    assert compiled.fresh() == set()
    manifest.write_text(json.dumps({"modules": hashes}))
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert compiled.fresh() == set()


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_hard_decisions_are_the_recorded_ones_with_and_without_the_compiled_core(pure: bool) -> None:
    script = ("import sys, pytest, engine.compiled as c\n"
              "class Count:\n"
              "    passed = 0\n"
              "    def pytest_runtest_logreport(self, report):\n"
              "        Count.passed += report.when == 'call' and report.passed\n"
              "code = pytest.main(['tests/test_bots_decisions.py', '-q', '-p', 'no:randomly',"
              " '-p', 'no:cacheprovider'], plugins=[Count()])\n"
              "print('CORE', c.status(), 'PASSED', Count.passed); sys.exit(code)")
    done = _core_in_fresh_process(pure, script)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    cases = len(json.loads((ROOT / "tests" / "data" / "hard_decisions.json").read_text())["cases"])
    assert f"CORE {'pure' if pure else 'compiled'} PASSED {cases}" in done.stdout


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard_three_player_decisions_are_the_same_compiled_and_pure() -> None:
    """Hard's three-player search (engine.ai.hard3) runs on the compiled Lean3 and potential where built."""
    assert_three_decisions_alike()


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
def test_hard_three_player_decisions_with_the_learnt_value_are_the_same_compiled_and_pure() -> None:
    """The learnt evaluation (engine.ai.learnt, in the compiled core) at the middle game's leaf and after
    the endgame's short playouts: plain float arithmetic, so both cores choose and estimate alike."""
    assert_three_decisions_alike("from engine.ai import hard3\nhard3.LEARNT3 = True\nhard3.CUTOFF3 = 6\n")


_TWO_LEARNT = """
import json, random
import engine.compiled as c
from engine import Game, Rules
from engine.ai.hard import HardBot
out = []
for seed, plies, tactics in ((3, 20, True), (5, 44, False), (8, 60, True)):
    g = Game.new(Rules(tactics=tactics), seed)
    rng = random.Random(seed)
    while not g.over and (len(g.actions) < plies or g.phase != "play"):
        g.apply(rng.choice(g.legal_actions()) if g.phase == "play" else g.legal_actions()[0])
    if g.over:
        continue
    bot = HardBot(seed, iterations=120)
    setattr(bot, SETTING, True)
    out.append([bot.choose(g.view(g.to_move)), bot.last_search and bot.last_search["win_chance"]])
print(c.status(), json.dumps(out))
"""


@pytest.mark.skipif(not core_built(), reason="no fresh compiled core in this checkout (python tools/compile_core.py)")
@pytest.mark.parametrize("setting", ["learnt", "flags2"])
def test_hard_two_player_decisions_with_the_learnt_value_are_the_same_compiled_and_pure(setting: str) -> None:
    """The learnt game model (learnt) and the per-flag model (flags2) at every two-player leaf."""
    script = f"SETTING = {setting!r}\n" + _TWO_LEARNT
    compiled_run = _core_in_fresh_process(False, script)
    pure_run = _core_in_fresh_process(True, script)
    assert compiled_run.returncode == 0 and pure_run.returncode == 0, compiled_run.stderr + pure_run.stderr
    kind, decisions = compiled_run.stdout.split(" ", 1)
    assert kind == "compiled" and pure_run.stdout.startswith("pure ")
    assert len(json.loads(decisions)) >= 2
    assert decisions == pure_run.stdout.split(" ", 1)[1]


def test_the_three_player_line_is_in_the_compiled_core() -> None:
    """hard3's per-line work (the line, its leaf, the favourite plays) lives in a CORE module, so a build
    speeds up the three-player search too, not only the state it runs on."""
    from engine.ai import hard3, learnt

    for hot in (hard3.line3, hard3.leaf_values, hard3.values3, hard3.Ranker, hard3.settle, learnt.learnt_values3):
        assert hot.__module__ in compiled.CORE, hot.__module__
