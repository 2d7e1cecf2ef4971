"""Self-play data for the learnt evaluation (engine.ai.learnt): positions of bot games with their outcomes.

`python tools/selfplay_data.py --players 2|3 --seed S --games N --out FILE [--no-tactics] [--bots normal,hard]
[--iterations K] [--every K]` plays N games between the project's own bots (game i: seed S+i, the arena's
seating and turn orders, engine.run.arena) and writes one JSON line per recorded position: the complete
lean state at the start of a play step (every hand and the decks' order, `Lean.from_game`, so a
search's dealt world looks the same), the game's index and seed, and the labels: the winner's seat index
(-1 a draw) and who held each flag at the end (-1 nobody). Every play step of every seat is recorded
(`--every K`: one in K). Stopped early (Ctrl-C or SIGTERM), it keeps the games it finished. The last
line (`{"done": ...}`) gives the games, positions and CPU seconds, so
the rate is positions per CPU second. Bots: the levels of engine.ai.make_bot, one per seat in the arena's
rotation; `hard` plays at `--iterations` lines (fixed, so the data do not depend on the machine).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from typing import Any, TextIO

from engine.ai import make_bot
from engine.ai.lean import Lean
from engine.ai.lean3 import Lean3
from engine.game import Game
from engine.rules import SEATS, SEATS3, Rules
from engine.run.arena import seating, seating3

#: The lean state's fields a record keeps (enough to rebuild it: engine.ai.learnt.state_of).
FIELDS = ("sides", "claimed", "first", "hands", "troops", "tactics", "played", "leader", "fog", "mud",
          "seen", "to_move", "phase", "scout_drawn", "passes")


def record_of(state: Lean) -> dict[str, Any]:
    """A lean state as JSON-ready fields (masks as ints: JSON keeps them exact)."""
    return {name: getattr(state, name) for name in FIELDS} | {"steps": list(state.steps)}


def play(players: int, seed: int, index: int, bots: list[str], iterations: int, tactics: bool,
         every: int) -> list[dict[str, Any]]:
    """One game; its recorded positions, labelled once the game is over."""
    if players == 3:
        label, first = seating3(index)
        seats: tuple[str, ...] = SEATS3
        levels = {s: bots["abc".index(label[s]) % len(bots)] for s in SEATS3}
        rules = Rules(tactics=False, players=3)
    else:
        seat_a, first = seating(index)
        seats = SEATS
        levels = {seat_a: bots[0], SEATS[1 - SEATS.index(seat_a)]: bots[1 % len(bots)]}
        rules = Rules(tactics=tactics)
    agents = {s: make_bot(levels[s], seed * 3 + k, None, iterations) for k, s in enumerate(seats)}
    game = Game.new(rules, seed, first, {s: levels[s] for s in seats})
    out: list[dict[str, Any]] = []
    plays = 0
    while game.result is None and len(game.actions) < 3000:
        seat = game.to_move
        if game.phase == "play":
            if plays % every == 0:
                lean = Lean3.from_game(game) if players == 3 else Lean.from_game(game)
                out.append(record_of(lean))
            plays += 1
        game.apply(agents[seat].choose(game.view(seat)))
    result = game.result or {"winner": None}
    winner = -1 if result["winner"] is None else seats.index(result["winner"])
    flags = [-1 if f.claimed is None else seats.index(f.claimed) for f in game.flags]
    for row in out:
        row.update({"game": index, "seed": seed, "players": players, "with_tactics": rules.tactics,
                    "winner": winner, "flags": flags, "how": result.get("how", "")})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, choices=(2, 3), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--start", type=int, default=0, help="skip this many games (to split a run)")
    parser.add_argument("--bots", default="normal", help="comma-separated levels, one per seat in rotation")
    parser.add_argument("--iterations", type=int, default=100, help="the hard bot's lines per decision")
    parser.add_argument("--no-tactics", action="store_true")
    parser.add_argument("--every", type=int, default=1, help="record one play step in this many")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    try:
        with open(args.out, "a", encoding="utf-8") as handle:
            done = write(args, bots, handle)
    except OSError as exc:
        print(f"selfplay_data: cannot write {args.out}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(done))
    return 0


#: Whether a finished game's rows are being written (a stop then waits for them and their count).
_WRITING = [False, False]  # writing, a stop asked meanwhile


def _stop(signum: int, frame: object) -> None:
    """SIGTERM ends the run like Ctrl-C: the game in play is dropped, the totals line still written. A
    game being written is written whole and counted first (else the file would hold rows the totals
    line does not count: seen under load, when the writer's buffer reached the file mid-game)."""
    if _WRITING[0]:
        _WRITING[1] = True
        return
    raise KeyboardInterrupt


def write(args: argparse.Namespace, bots: list[str], handle: TextIO) -> dict[str, Any]:
    """Play the games and write their positions, then the totals line; returns the totals."""
    positions = games = 0
    cpu = time.process_time()
    signal.signal(signal.SIGTERM, _stop)
    try:
        for i in range(args.start, args.games):
            rows = play(args.players, args.seed + i, i, bots, args.iterations, not args.no_tactics,
                        max(1, args.every))
            _WRITING[0] = True
            for row in rows:
                handle.write(json.dumps(row, separators=(",", ":")) + "\n")
            handle.flush()
            positions += len(rows)
            games += 1
            _WRITING[0] = False
            if _WRITING[1]:
                break
    except KeyboardInterrupt:  # stopped early (SIGTERM too): the games finished so far, and their rate
        pass
    spent = time.process_time() - cpu
    done = {"done": {"games": games, "positions": positions, "cpu_s": round(spent, 2),
                     "positions_per_cpu_s": round(positions / max(spent, 1e-9), 1),
                     "players": args.players, "bots": bots, "tactics": not args.no_tactics}}
    handle.write(json.dumps(done) + "\n")
    return done


if __name__ == "__main__":
    sys.exit(main())
