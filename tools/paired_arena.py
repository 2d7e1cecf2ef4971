"""Arena games with the hard bot's settings changed, one JSON line per game, so two runs pair game by game.

`python tools/paired_arena.py --bots hard,normal --seed S --games N --iterations K [--no-tactics]
[--set NAME=VALUE ...]` plays the games of `battleline arena` (the same seeds and seating,
engine.run.arena.play_game); three bots (`--bots hard,normal,normal`) play the three-player game, as
`battleline arena --players 3`. Each NAME is set to the Python literal VALUE: with two players a HardBot
attribute (`follow_ups`, `solve_troops`, `max_lines`, ...) or a constant of engine.ai.hard (`SCREEN`,
`HALVINGS`, ...), with three a setting of engine.ai.hard3 (`REPLIES3`, `ENDGAME_DECK`, ...). Each line
gives the game's index, its winner ("a" is the first bot), how it ended and what was left in the decks;
the last line the totals. `--start` skips a run's first games, to split it. `--oracle hands` (or `all`)
lets the three-player hard bot search the real hands (and the real deck order): not a bot, a measure of
what the hidden cards are worth to its search.
`python tools/paired_arena.py --compare OLD.log NEW.log` pairs two runs of the same games: the games
won only by each, and the two-sided sign test's p over them (docs/BOTS.md, issue 50).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
import time
from math import comb
from typing import Any


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact sign test over the games the two runs split: the chance of a split this uneven."""
    n = only_a + only_b
    if not n:
        return 1.0
    tail = sum(comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(old_path: str, new_path: str) -> int:
    """Pair two runs' games by index: wins of the first bot in each, and the games only one of them won."""
    runs = []
    for path in (old_path, new_path):
        try:
            with open(path, encoding="utf-8") as handle:
                rows = [json.loads(line) for line in handle if line.startswith('{"i"')]
            runs.append({int(row["i"]): row["w"] == "a" for row in rows})
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"paired_arena: cannot read {path}: {type(exc).__name__} {exc}", file=sys.stderr)
            return 2
    common = sorted(set(runs[0]) & set(runs[1]))
    only_old = sum(runs[0][i] and not runs[1][i] for i in common)
    only_new = sum(runs[1][i] and not runs[0][i] for i in common)
    print(json.dumps({"games": len(common), "old": sum(runs[0][i] for i in common),
                      "new": sum(runs[1][i] for i in common), "only_old": only_old, "only_new": only_new,
                      "sign_p": round(sign_test(only_old, only_new), 3)}))
    return 0


def apply_settings(settings: list[str], players: int) -> str | None:
    """Set each NAME=VALUE on the hard bot of `players` players; the error to print, if any."""
    from engine.ai import hard, hard3

    for item in settings:
        name, _, value = item.partition("=")
        targets: tuple[object, ...] = (hard3,) if players == 3 else (hard.HardBot, hard)
        target = next((t for t in targets if hasattr(t, name)), None)
        if target is None:
            return f"the {players}-player hard bot has no setting {name!r}"
        try:
            setattr(target, name, ast.literal_eval(value))
        except (ValueError, SyntaxError):
            return f"{item!r}: the value is not a Python literal"
    return None


def see_through(what: str) -> None:
    """The three-player hard bot's worlds become the real game (it is handed the complete game, see
    arena.play_game's "oracle"): the real hands, and with "hands" the deck shuffled afresh each time."""
    import random

    from engine.ai import hard3
    from engine.ai.lean3 import Lean3
    from engine.game import Game

    blind = hard3.lean_world

    def real(game: Game, me: str, rng: random.Random) -> Lean3:
        if game.decks["troops"] is None:  # a view: nothing to see through
            return blind(game, me, rng)
        out = Lean3.from_game(game)
        if what == "hands":
            rng.shuffle(out.troops)
        return out

    hard3.lean_world = real


class Recorder:
    """Each arena game's play steps kept as tools/selfplay_data.py rows (the complete lean state, labelled
    when the game ends), so a run's games are also training data for the bots that played them. The
    arena's Game is swapped for a subclass that keeps the state before every play step; the copies the
    bots search on are plain Games and keep nothing."""

    def __init__(self, path: str) -> None:
        from selfplay_data import record_of

        from engine.ai.lean import Lean
        from engine.ai.lean3 import Lean3
        from engine.run import arena

        self.handle = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed by close()
        self.rows: list[dict[str, Any]] = []
        self.game: Any = None
        recorder = self

        class Recording(arena.Game):
            def apply(self, action: Any) -> Any:
                recorder.game = self
                if self.phase == "play":
                    lean = Lean3.from_game(self) if len(self.seats) == 3 else Lean.from_game(self)
                    recorder.rows.append(record_of(lean))
                return super().apply(action)

        arena.Game = Recording  # type: ignore[misc]

    def write(self, result: dict[str, Any], index: int, seed: int, tactics: bool) -> None:
        """A finished game's rows, labelled as tools/selfplay_data.py labels them (seat indexes)."""
        seats = self.game.seats
        winner = result.get("winner_seat")
        labels = {"game": index, "seed": seed, "players": len(seats), "with_tactics": tactics,
                  "winner": -1 if winner is None else seats.index(winner),
                  "flags": [-1 if f.claimed is None else seats.index(f.claimed) for f in self.game.flags],
                  "how": result["how"]}
        for row in self.rows:
            self.handle.write(json.dumps(row | labels, separators=(",", ":")) + "\n")
        self.handle.flush()
        self.rows.clear()

    def close(self) -> None:
        self.handle.close()


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        return compare(sys.argv[2], sys.argv[3])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--start", type=int, default=0, help="first game index to play (to split a run)")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--move-time", type=float, default=None)
    parser.add_argument("--no-tactics", action="store_true")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--oracle", choices=("hands", "all"), default=None,
                        help="three players, a measurement of what hidden cards are worth: the first bot (hard) "
                             "searches the real hands (and with 'all' the real deck order too)")
    parser.add_argument("--record", default=None, metavar="FILE",
                        help="also append every play step's position, labelled, as tools/selfplay_data.py does")
    args = parser.parse_args()
    from engine.run import arena

    bots = tuple(args.bots.split(","))
    if len(bots) not in (2, 3):
        print("paired_arena: --bots expects two or three levels", file=sys.stderr)
        return 2
    error = apply_settings(args.set, len(bots))
    if error:
        print(f"paired_arena: {error}", file=sys.stderr)
        return 2
    if args.oracle:
        if len(bots) != 3 or bots[0] != "hard":
            print("paired_arena: --oracle measures the three-player hard bot (--bots hard,X,Y)", file=sys.stderr)
            return 2
        see_through(args.oracle)
    record = Recorder(args.record) if args.record else None
    winners = []
    started = time.time()
    for i in range(args.start, args.games):
        result = arena.play_game({"index": i, "seed": args.seed + i, "bots": bots, "move_time": args.move_time,
                                  "iterations": args.iterations, "tactics": not args.no_tactics and len(bots) == 2,
                                  "claim_timing": "standard", "players": len(bots),
                                  "oracle": args.oracle})
        winners.append(result["winner"])
        if record:
            tactics = not args.no_tactics and len(bots) == 2
            record.write(result, i, args.seed + i, tactics)
        mine = result["stats"]["a"]
        print(json.dumps({"i": i, "w": result["winner"], "how": result["how"], "decks": result["decks_left"],
                          "actions": result["actions"], "max": round(mine["max"], 3), "moves": mine["moves"]}),
              flush=True)
    print(json.dumps({"set": args.set, "wins": winners.count("a"), "draws": winners.count(None),
                      "games": len(winners), "elapsed_s": round(time.time() - started)}))
    if record:
        record.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
