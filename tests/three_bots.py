"""What the three-player bot tests share (test_bots_learnt, test_bots_learnt_flags, test_bots_compiled): a
seeded position, hard's reproducibility at fixed lines, whether the compiled core is built, and the script
that prints hard's decisions on four positions in a fresh process (settings may be put before it), and the
check that those decisions are the same compiled and pure."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from engine import Game, Rules, compiled
from engine.ai.hard import HardBot
from engine.ai.lean3 import Lean3
from engine.ai.lean_search3 import Shares3
from engine.ai.three_playout import lean_world
from engine.rulebook import TROOP_MASK


def position3(seed: int, plies: int) -> Game:
    """A troops-only three-player game played `plies` random actions from `seed`, stopped at a play step."""
    game = Game.new(Rules(tactics=False, players=3), seed)
    rng = random.Random(seed)
    while not game.over and (len(game.actions) < plies or game.phase != "play"):
        game.apply(rng.choice(game.legal_actions()) if game.phase == "play" else game.legal_actions()[0])
    return game


def leaf_world3() -> tuple[Lean3, Shares3]:
    """A fully known world of a middle-game position (seed 5, 30 plies) and two seeded shares of its pools,
    as hard3's leaf reads them."""
    game = position3(5, 30)
    world = lean_world(game, game.to_move, random.Random(1))
    shares = [[[random.Random(k * 9 + s).getrandbits(60) & TROOP_MASK for _ in range(9)] for s in range(3)]
              for k in range(2)]
    return world, shares


def assert_hard3_reproducible(iterations: int) -> None:
    """Two hard bots of one seed choose the same legal action with the same win chance, at fixed lines."""
    for seed, plies in ((3, 14), (8, 70)):
        game = position3(seed, plies)
        picks = []
        for _ in range(2):
            bot = HardBot(seed, iterations=iterations)
            picks.append((bot.choose(game.view(game.to_move)), bot.last_search))
        assert picks[0][0] == picks[1][0] and picks[0][0] in game.legal_actions()
        first, second = picks[0][1], picks[1][1]
        assert first is not None and second is not None and first["win_chance"] == second["win_chance"]


def core_built() -> bool:
    """The compiled core is built in this checkout from today's sources."""
    return compiled.fresh() == set(compiled.CORE) and all(
        any(compiled.source_of(name).parent.glob(name.rsplit(".", 1)[1] + ".*.so")) for name in compiled.CORE)


THREE_DECISIONS = """
import json, random
import engine.compiled as c
from engine import Game, Rules
from engine.ai import make_bot
out = []
for seed, plies in ((3, 12), (5, 40), (8, 70), (11, 86)):
    g = Game.new(Rules(tactics=False, players=3), seed)
    rng = random.Random(seed)
    while not g.over and (len(g.actions) < plies or g.phase != "play"):
        g.apply(rng.choice(g.legal_actions()) if g.phase == "play" else g.legal_actions()[0])
    if g.over:
        continue
    bot = make_bot("hard", seed, iterations=120)
    out.append([bot.choose(g.view(g.to_move)), bot.last_values])
print(c.status(), json.dumps(out))
"""


def assert_three_decisions_alike(settings: str = "") -> None:
    """THREE_DECISIONS after `settings` (lines of Python), in a fresh process on each core: both run, the
    first on the compiled core, and both choose and estimate alike."""
    runs = []
    for pure in (False, True):
        env = {**os.environ, compiled.PURE_VARIABLE: "1" if pure else ""}
        runs.append(subprocess.run([sys.executable, "-c", settings + THREE_DECISIONS],
                                   cwd=Path(__file__).resolve().parent.parent, env=env, capture_output=True,
                                   text=True, timeout=600))
    assert runs[0].returncode == 0 and runs[1].returncode == 0, runs[0].stderr + runs[1].stderr
    kind, decisions = runs[0].stdout.split(" ", 1)
    assert kind == "compiled" and runs[1].stdout.startswith("pure ")
    assert len(json.loads(decisions)) >= 3
    assert decisions == runs[1].stdout.split(" ", 1)[1]
