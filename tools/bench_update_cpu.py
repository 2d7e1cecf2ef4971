"""CPU-second figures of the rules' state update and the one ranking, for the checkout in the current directory.

Run from a checkout's root: `python /path/to/tools/bench_update_cpu.py` (it imports the engine of the
current directory, so the same file measures an older checkout too; delete its .so files, or set
BATTLELINE_PURE=1, for the pure-Python core). Every figure is work per CPU second, the best of a few
repeats, so two checkouts alternated on a loaded machine compare:

- `games_per_cpu_s` / `games3_per_cpu_s`: random games on engine.Game, two players with tactics and three
  without (the games of `battleline bench engine`);
- `lean_applies_per_cpu_ms` / `lean3_applies_per_cpu_ms`: Lean.apply / Lean3.apply replaying fixed random
  lines from the deal (the bots' state update alone: no policy, no search);
- `potentials_per_cpu_us`: formations.side_potential on 20,000 fixed random sides (troops and morale tactics).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable


def main() -> None:
    sys.path.insert(0, os.getcwd())
    from engine import compiled
    from engine.ai.lean import Lean, LeanAction
    from engine.ai.lean3 import Lean3
    from engine.formations import side_potential
    from engine.game import Game
    from engine.rules import Rules
    from tools.workshop.bench_engine import bench_games

    def cpu(work: Callable[[], object]) -> float:
        start = time.process_time()
        work()
        return time.process_time() - start

    games = 300 / min(cpu(lambda: bench_games(300)) for _ in range(2))
    games3 = 150 / min(cpu(lambda: bench_games(150, 3)) for _ in range(2))

    def lines(make: Callable[[int], Lean], n: int) -> list[tuple[Lean, list[LeanAction]]]:
        out = []
        for seed in range(n):
            lean = make(seed)
            rng = random.Random(seed)
            acts = []
            while not lean.over:
                legal = lean.legal()
                act = legal[rng.randrange(len(legal))]
                acts.append(act)
                lean.apply(act)
            out.append((make(seed), acts))
        return out

    def replay(data: list[tuple[Lean, list[LeanAction]]]) -> float:
        count = sum(len(acts) for _, acts in data)

        def run() -> None:
            for start, acts in data:
                lean = start.copy()
                for act in acts:
                    lean.apply(act)
        return count / min(cpu(run) for _ in range(6))

    two = lines(lambda s: Lean.from_game(Game.new(seed=s)), 200)
    three = lines(lambda s: Lean3.from_game(Game.new(Rules(tactics=False, players=3), seed=s)), 200)
    rng = random.Random(1)
    cases = []
    for _ in range(20000):
        size = rng.choice((3, 4))
        side = sum(1 << c for c in rng.sample(range(64), rng.randint(0, size)))
        unseen = sum(1 << c for c in rng.sample(range(60), rng.randint(3, 40))) & ~side & ((1 << 60) - 1)
        cases.append((side, size, rng.random() < 0.1, unseen))

    def rank() -> None:
        for side, size, fog, unseen in cases:
            side_potential(side, size, fog, unseen)
    potentials = len(cases) / min(cpu(rank) for _ in range(7))
    print(json.dumps({"core": compiled.status(), "games_per_cpu_s": round(games, 1),
                      "games3_per_cpu_s": round(games3, 1), "lean_applies_per_cpu_ms": round(replay(two) / 1000, 1),
                      "lean3_applies_per_cpu_ms": round(replay(three) / 1000, 1),
                      "potentials_per_cpu_us": round(potentials / 1e6, 3)}))


if __name__ == "__main__":
    main()
