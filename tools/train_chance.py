"""Calibrate the win chance shown to players (engine.ai.chance) on self-played games, and show how well it holds.

`python tools/train_chance.py data --players 2|3 --seed S --games N --out FILE [--no-tactics]` plays N
games of normal bots (game i: seed S+i, the arena's seating and turn orders) and writes one JSON line
per play step with a choice: the game's seed, the players, the raw score of the player to move
(`chance.score`, its own view only; two players, "score" by the learnt game model and "score_flags2" by
the per-flag model, chance.MODELS2) and whether that player won. The last line gives the games,
positions and CPU seconds.

`python tools/train_chance.py fit FILE... [--write]` fits, for each player count, the logistic map
`calibrate` uses (win = sigmoid(a * score + b), Newton's method from zero, numpy; deterministic) on the
games whose seed is not a multiple of 5, and prints the held-out games' reliability table: for each
tenth of predicted chance, the positions, the mean predicted chance and the share won. `--write` puts
the map in engine/ai/chance.json with the command that made it (and `--data-command`, the data's).

`--model learnt2|flags2` (fit and table) chooses which two-player score is read (default: the committed
one, chance.json's "model2"); `--write` records it, and engine.ai.chance reads the same model.

`python tools/train_chance.py table FILE...` prints the same table with the committed map, without fitting.

`fit --all-games` fits the map on every game instead, and shows how well such a fit holds by
cross-validation: the games in five folds by seed modulo 5, each fold's positions read by the map fitted
on the other four (`cross_validated`: the out-of-fold table over every game, so a fifth of the games no
longer decides alone how the ends look).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from engine.ai import make_bot
from engine.ai.chance import CALIBRATION, MODEL2, MODELS2, score
from engine.game import Game
from engine.rules import SEATS, SEATS3, Rules
from engine.run.arena import seating, seating3

OUT = Path(__file__).resolve().parent.parent / "engine" / "ai" / "chance.json"
HELD_OUT = 5  # games whose seed is a multiple of this are held out of the fit


def play(players: int, seed: int, index: int, tactics: bool) -> list[dict[str, Any]]:
    """One game of normal bots; each play step with a choice: the mover's raw score and whether it won."""
    if players == 3:
        first = seating3(index)[1]
        seats: tuple[str, ...] = SEATS3
        rules = Rules(tactics=False, players=3)
    else:
        first = seating(index)[1]
        seats = SEATS
        rules = Rules(tactics=tactics)
    agents = {s: make_bot("normal", seed * 3 + k) for k, s in enumerate(seats)}
    game = Game.new(rules, seed, first, {s: "normal" for s in seats})
    rows: list[dict[str, Any]] = []
    while game.result is None and len(game.actions) < 3000:
        seat = game.to_move
        if game.phase == "play" and len(game.legal_actions()) > 1:
            view = _view_game(game, seat)
            row = {"seed": seed, "players": players, "seat": seat, "troops": game.deck_sizes["troops"]}
            if players == 3:
                row["score"] = round(score(view), 5)
            else:  # each two-player model's score (MODELS2), for `fit --model` to compare
                row["score"] = round(score(view, model="learnt2"), 5)
                row["score_flags2"] = round(score(view, model="flags2"), 5)
            rows.append(row)
        game.apply(agents[seat].choose(game.view(seat)))
    winner = game.result["winner"] if game.result else None
    for row in rows:
        row["won"] = int(row.pop("seat") == winner)
    return rows


def _view_game(game: Game, seat: str) -> Game:
    """The game as `seat` sees it (hidden cards unknown), as the coach's bot reads it."""
    from engine.position import from_position

    return from_position(game.view(seat))


def make_data(args: argparse.Namespace) -> int:
    started = time.process_time()
    count = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for i in range(args.games):
            for row in play(args.players, args.seed + i, i, not args.no_tactics):
                out.write(json.dumps(row) + "\n")
                count += 1
            out.flush()
        out.write(json.dumps({"done": {"games": args.games, "positions": count,
                                       "cpu_s": round(time.process_time() - started, 1)}}) + "\n")
    return 0


def read(paths: list[str], model: str = "learnt2") -> list[dict[str, Any]]:
    """The data's positions; with `model` "flags2", the two-player ones' score is the per-flag model's
    (rows made before that score was recorded are left out)."""
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            rows += [r for r in map(json.loads, handle) if "score" in r]
    if model == "learnt2":
        return rows
    key = "score_" + model
    return [r if r["players"] == 3 else {**r, "score": r[key]} for r in rows if r["players"] == 3 or key in r]


def fit(xs: list[float], ys: list[int]) -> tuple[float, float]:
    """(a, b) maximising the likelihood of ys under sigmoid(a * x + b): Newton's method from zero."""
    import numpy as np

    x = np.column_stack([np.array(xs, dtype=float), np.ones(len(xs))])
    y = np.array(ys, dtype=float)
    w = np.zeros(2)
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (y - p)
        hess = (x * (p * (1 - p))[:, None]).T @ x + 1e-9 * np.eye(2)
        step = np.linalg.solve(hess, grad)
        w = w + step
        if float(np.abs(step).max()) < 1e-10:
            break
    return float(w[0]), float(w[1])


def chance(x: float, ab: tuple[float, float]) -> float:
    z = ab[0] * x + ab[1]
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def table(rows: list[dict[str, Any]], ab: tuple[float, float]) -> dict[str, Any]:
    """The reliability table on `rows`: per tenth of predicted chance, positions, mean chance, share won;
    the log loss and Brier score over all of them, and the log loss of the score read as (score + 1) / 2."""
    bins: list[list[float]] = [[0, 0.0, 0.0] for _ in range(10)]
    loss = brier = raw = 0.0
    for r in rows:
        p = chance(r["score"], ab)
        u = min(1 - 1e-3, max(1e-3, (r["score"] + 1) / 2))  # the score read as a chance, uncalibrated
        raw -= math.log(u if r["won"] else 1 - u)
        b = bins[min(9, int(p * 10))]
        b[0] += 1
        b[1] += p
        b[2] += r["won"]
        q = min(1 - 1e-9, max(1e-9, p))
        loss -= math.log(q if r["won"] else 1 - q)
        brier += (p - r["won"]) ** 2
    n = max(1, len(rows))
    return {"positions": len(rows), "games": len({r["seed"] for r in rows}),
            "log_loss": round(loss / n, 4), "brier": round(brier / n, 4),
            "uncalibrated_log_loss": round(raw / n, 4), "base_rate": round(sum(r["won"] for r in rows) / n, 3),
            "bins": [{"chance": f"{k / 10:.1f}-{(k + 1) / 10:.1f}", "positions": int(b[0]),
                      "predicted": round(b[1] / b[0], 3), "won": round(b[2] / b[0], 3)}
                     for k, b in enumerate(bins) if b[0]]}


def report(rows: list[dict[str, Any]], maps: dict[int, tuple[float, float]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for players in (2, 3):
        held = [r for r in rows if r["players"] == players and r["seed"] % HELD_OUT == 0]
        if held:
            out[str(players)] = table(held, maps[players])
    return out


def cross_validated(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per player count, the table of every position read by the map fitted on the other folds' games
    (five folds by seed modulo HELD_OUT)."""
    out: dict[str, Any] = {}
    for players in (2, 3):
        mine = [r for r in rows if r["players"] == players]
        if not mine:
            continue
        scored = []
        for fold in range(HELD_OUT):
            train = [r for r in mine if r["seed"] % HELD_OUT != fold]
            if not train:
                continue
            ab = fit([r["score"] for r in train], [r["won"] for r in train])
            # the fold's positions with their out-of-fold chance put where table() reads the score
            for r in mine:
                if r["seed"] % HELD_OUT == fold:
                    scored.append({**r, "score": ab[0] * r["score"] + ab[1], "raw": r["score"]})
        identity = (1.0, 0.0)
        table_rows = table(scored, identity)
        raw = sum(-math.log(min(1 - 1e-3, max(1e-3, (r["raw"] + 1) / 2)) if r["won"] else
                            1 - min(1 - 1e-3, max(1e-3, (r["raw"] + 1) / 2))) for r in scored)
        table_rows["uncalibrated_log_loss"] = round(raw / max(1, len(scored)), 4)
        out[str(players)] = table_rows
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    data = sub.add_parser("data")
    data.add_argument("--players", type=int, choices=(2, 3), required=True)
    data.add_argument("--seed", type=int, required=True)
    data.add_argument("--games", type=int, required=True)
    data.add_argument("--out", required=True)
    data.add_argument("--no-tactics", action="store_true")
    fitting = sub.add_parser("fit")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--write", action="store_true")
    fitting.add_argument("--all-games", action="store_true",
                         help="fit on every game; report the five folds' out-of-fold table instead")
    fitting.add_argument("--data-command", default="", help="the commands that made the data, for the file")
    shown = sub.add_parser("table")
    shown.add_argument("files", nargs="+")
    for command in (fitting, shown):
        command.add_argument("--model", choices=MODELS2, default=None,
                             help="the two-player score to read (default: the committed one, chance.MODEL2)")
    args = parser.parse_args(argv)
    if args.command == "data":
        return make_data(args)
    model = args.model or MODEL2
    try:
        rows = read(args.files, model)
    except (OSError, ValueError) as exc:
        print(f"train_chance: cannot read the data: {type(exc).__name__} {exc}", file=sys.stderr)
        return 2
    if args.command == "table":
        if model != MODEL2:
            print(f"train_chance: the committed map is fitted on {MODEL2}; fit --model {model} to read {model}",
                  file=sys.stderr)
            return 2
        print(json.dumps(report(rows, dict(CALIBRATION)), indent=1))
        return 0
    maps = dict(CALIBRATION)
    for players in (2, 3):
        train = [r for r in rows if r["players"] == players and (args.all_games or r["seed"] % HELD_OUT != 0)]
        if train:
            a, b = fit([r["score"] for r in train], [r["won"] for r in train])
            maps[players] = (round(a, 6), round(b, 6))
    shown_report = report(rows, maps)
    printed: dict[str, Any] = {"model2": model, "calibration": {str(k): list(v) for k, v in maps.items()}}
    if args.all_games:
        printed["cross_validated"] = shown_report = cross_validated(rows)
    else:
        printed["held_out"] = shown_report
    print(json.dumps(printed, indent=1))
    if args.write:
        OUT.write_text(json.dumps({
            "model2": model,
            "calibration": {str(k): list(v) for k, v in maps.items()},
            "command": "python tools/train_chance.py fit " + " ".join(Path(f).name for f in args.files)
                       + (" --all-games" if args.all_games else "") + f" --model {model} --write",
            "data_command": args.data_command,
            "held_out_log_loss": {k: v["log_loss"] for k, v in shown_report.items()},
        }, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
