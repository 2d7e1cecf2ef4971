"""Fit the learnt evaluations (engine.ai.learnt, three players and two) to self-play positions, with numpy alone.

`python tools/train_eval.py --data F1.jsonl [F2.jsonl ...] --seed S [--out engine/ai/learnt3.json]
[--l2 X] [--holdout K]` reads the positions tools/selfplay_data.py wrote (three players), computes each
seat's features as the search will (the forecast made exact by the recorded world, over two shares
dealt from `--seed`, the seat to move credited with more reach, as hard3's leaf), fits the conditional
logit of engine.ai.learnt by Newton's method with an L2 penalty (deterministic: no random start), and
prints one JSON object: the rows used, the held-out games' log loss and accuracy against the forecast
read as a chance, and the reliability table of the held-out seats' predicted chances of winning (each
bin: positions, mean predicted, share that won). Games whose index is a multiple of `--holdout` are held
out (never fitted). With `--out` the weights are written there with the command that made them.

`--players 2` fits the two-player model instead (engine.ai.learnt.FEATURES2: our chance at each flag
as the two-player leaf reads it, from the seat to move, less the opponent's; a logistic regression
without a constant), over positions with tactics and without alike; `--out engine/ai/learnt2.json`.

Why numpy alone: the model has 21 weights and the data some tens of thousands of rows, which Newton's
method fits in seconds; a training library would add a dependency for nothing. Loading needs no numpy
(engine.ai.learnt is plain Python).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from engine.ai.forecast import random_mask
from engine.ai.hard import HardBot
from engine.ai.hard3 import LEAF_SHARES3, SHARES3
from engine.ai.lean import Lean
from engine.ai.lean3 import Lean3
from engine.ai.lean_eval import leaf_halves
from engine.ai.lean_search3 import forecast_of, halves3
from engine.ai.learnt import DRAW_FEATURES3, FEATURES2, FEATURES3, features2, seat_features
from engine.ai.outlook import game_value
from engine.rulebook import PAIRS3


def state_of(row: dict[str, Any]) -> Lean3:
    """The lean three-player state a record holds (tools/selfplay_data.FIELDS)."""
    out = Lean3()
    fill(out, row, [])
    return out


def fill(out: Lean | Lean3, row: dict[str, Any], tactics: list[Any]) -> None:
    """A lean state's fields from a record (tools/selfplay_data.FIELDS), tactics deck given."""
    out.sides, out.claimed, out.first = list(row["sides"]), list(row["claimed"]), list(row["first"])
    out.hands, out.troops, out.tactics = list(row["hands"]), list(row["troops"]), tactics
    out.played, out.leader = list(row["played"]), list(row["leader"])
    out.steps = tuple(row["steps"])
    out.fog, out.mud, out.seen = row["fog"], row["mud"], row["seen"]
    out.to_move, out.phase = row["to_move"], row["phase"]
    out.scout_drawn, out.passes = row["scout_drawn"], row["passes"]
    out.winner, out.how = -1, ""


def featurize(row: dict[str, Any], rng: random.Random) -> tuple[list[list[float]], list[float], list[float]]:
    """Each seat's features, the draw's, and each flag's chance for the first seat of its front."""
    state = state_of(row)
    me = state.to_move
    mine, theirs = SHARES3
    shares = [[[random_mask(rng, mine if s == me else theirs) for _ in range(9)] for s in range(3)]
              for _ in range(LEAF_SHARES3)]
    halves = halves3(state, shares)
    count = len(shares)
    forecast = forecast_of(halves, count)
    odds = [h / (2 * count) for h in halves]
    deck = len(state.troops)
    seats = [seat_features(odds, forecast[s], s, state.sides, state.claimed, state.hands[s], state.to_move, deck)
             for s in range(3)]
    return seats, [1.0, deck / 39.0], odds


def positions(paths: list[str], players: int) -> Iterator[dict[str, Any]]:
    """The labelled positions of `players`-player games in self-play data files (tools/selfplay_data.py)."""
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if "done" not in row and row.get("players") == players:
                    yield row


#: (game, the forecast's chance for the first seat of an open flag's front, whether that seat took it),
#: over the flags open at the position and taken by the game's end.
FLAG_ROWS: list[tuple[int, float, bool]] = []


def load(paths: list[str], seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Features (rows, 3 seats, k), draw features (rows, 2), label (0-2 a seat, 3 a draw), game keys,
    the forecast's values (rows, 3) and the position's deck size."""
    rng = random.Random(seed)
    seats, draws, labels, games, forecasts, decks = [], [], [], [], [], []
    for row in positions(paths, 3):
        feats, draw, odds = featurize(row, rng)
        for f in range(9):  # open now, taken by the end (FLAG_ROWS)
            if row["claimed"][f] < 0 <= row["flags"][f]:
                FLAG_ROWS.append((row["seed"], odds[f], row["flags"][f] == PAIRS3[f][0]))
        seats.append(feats)
        draws.append(draw)
        labels.append(3 if row["winner"] < 0 else row["winner"])
        games.append(row["seed"])
        forecasts.append([f[FEATURES3.index("forecast")] for f in feats])
        decks.append(len(row["troops"]))
    return (np.array(seats), np.array(draws), np.array(labels), np.array(games), np.array(forecasts),
            np.array(decks))


def options(seats: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """Each row's four outcomes as feature vectors over all the weights (seat weights, then draw's)."""
    n, _, k = seats.shape
    out = np.zeros((n, 4, k + draws.shape[1]))
    out[:, :3, :k] = seats
    out[:, 3, k:] = draws
    return out


def probabilities(opts: np.ndarray, theta: np.ndarray) -> np.ndarray:
    scores = opts @ theta
    scores -= scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def fit(opts: np.ndarray, labels: np.ndarray, l2: float, rounds: int = 30) -> np.ndarray:
    """Newton's method on the penalised log likelihood of the conditional logit."""
    n, _, k = opts.shape
    theta = np.zeros(k)
    rows = np.arange(n)
    for _ in range(rounds):
        p = probabilities(opts, theta)
        mean = np.einsum("no,nok->nk", p, opts)
        grad = (opts[rows, labels] - mean).sum(axis=0) - l2 * theta
        second = np.einsum("no,nok,nol->kl", p, opts, opts) - np.einsum("nk,nl->kl", mean, mean)
        hessian = second + l2 * np.eye(k)
        step = np.linalg.solve(hessian, grad)
        theta += step
        if np.abs(step).max() < 1e-9:
            break
    return theta


def log_loss(p: np.ndarray, labels: np.ndarray) -> float:
    return float(-np.log(np.clip(p[np.arange(len(labels)), labels], 1e-12, 1)).mean())


def reliability(predicted: np.ndarray, won: np.ndarray, bins: int = 10) -> list[dict[str, Any]]:
    """Predicted chances in equal-width bins: how many, their mean, and how often they came true."""
    out = []
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        mask = (predicted >= low) & ((predicted < high) if b < bins - 1 else (predicted <= high))
        if mask.sum():
            out.append({"bin": f"{low:.1f}-{high:.1f}", "n": int(mask.sum()),
                        "predicted": round(float(predicted[mask].mean()), 3),
                        "won": round(float(won[mask].mean()), 3)})
    return out


def flag_reliability(holdout: int) -> list[dict[str, Any]]:
    """The per-flag labels: on the held-out games, how often the forecast's chance at an open flag (for
    the first seat of its front) came true, over the flags somebody took by the game's end."""
    rows = [(p, won) for game, p, won in FLAG_ROWS if game % holdout == 0]
    if not rows:
        return []
    return reliability(np.array([p for p, _ in rows]), np.array([float(w) for _, w in rows]), 5)


def baseline(forecasts: np.ndarray, train: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The forecast alone as a chance: a conditional logit on its value only (one weight and a draw
    constant, fitted on the same training rows), so the comparison is calibrated against calibrated."""
    seats = forecasts[:, :, None]
    draws = np.ones((len(forecasts), 1))
    opts = options(seats, draws)
    theta = fit(opts[train], labels[train], 1e-3)
    return theta, probabilities(opts, theta)


def with_tactics(row: dict[str, Any]) -> bool:
    """Whether a record's game had tactics (the data's first draft kept it in place of the tactics deck,
    which the features never read)."""
    return bool(row["with_tactics"]) if "with_tactics" in row else row["tactics"] is True


def state2_of(row: dict[str, Any]) -> Lean:
    """The lean two-player state a record holds (tools/selfplay_data.FIELDS)."""
    out = Lean()
    fill(out, row, list(row["tactics"] if isinstance(row["tactics"], list) else []))
    return out


def load2_rows(paths: list[str], seed: int) -> Iterator[tuple[dict[str, Any], Lean, int, int, list[int]]]:
    """Two-player positions with the leaf's chances from the seat to move, as the search reads them
    (HardBot.search_shares for the rule set, HardBot.leaf_shares shares dealt from `seed`): each record,
    its lean state, the seat to move, the shares' count and each flag's halves (lean_eval.leaf_halves)."""
    rng = random.Random(seed)
    for row in positions(paths, 2):
        state = state2_of(row)
        me = state.to_move
        mine, theirs = HardBot.search_shares[with_tactics(row)]
        shares = [([random_mask(rng, mine) for _ in range(9)], [random_mask(rng, theirs) for _ in range(9)])
                  for _ in range(HardBot.leaf_shares)]
        yield row, state, me, len(shares), leaf_halves(state, me, shares, {})


def load2(paths: list[str], seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Two players, from the seat to move: features (rows, k), label (1 it won), game keys, the normal
    game value, and whether the game had tactics. Its chances per flag as the search's leaf reads them
    (HardBot.search_shares for the rule set, HardBot.leaf_shares shares)."""
    feats, labels, games, values, tactics = [], [], [], [], []
    for row, _, me, count, halves in load2_rows(paths, seed):
        odds = [h * 0.5 / count for h in halves]
        feats.append(features2(odds))
        labels.append(1 if row["winner"] == me else 0)
        games.append(row["seed"])
        values.append(game_value(odds))
        tactics.append(with_tactics(row))
    return np.array(feats), np.array(labels), np.array(games), np.array(values), np.array(tactics)


def main2(args: argparse.Namespace, given: list[str]) -> int:
    """The two-player model: a logistic regression on our features less the opponent's (no constant:
    the model is the same from either side)."""
    feats, labels, games, values, tactics = load2(args.data, args.seed)
    if not len(labels):
        print("train_eval: no two-player positions in the data", file=sys.stderr)
        return 2
    held = games % args.holdout == 0
    train = ~held

    def opts_of(x: np.ndarray) -> np.ndarray:
        out = np.zeros((len(x), 2, x.shape[1]))
        out[:, 0, :] = x
        return out

    labels2 = 1 - labels  # option 0 is "we win"
    theta = fit(opts_of(feats)[train], labels2[train], args.l2)
    p = probabilities(opts_of(feats), theta)
    plain = np.stack([values, np.ones(len(values))], axis=1)  # the game value and the same constant
    base_theta = fit(opts_of(plain)[train], labels2[train], 1e-3)
    p_base = probabilities(opts_of(plain), base_theta)
    test = np.flatnonzero(held)
    report: dict[str, Any] = {
        "rows": len(labels), "train_rows": int(train.sum()), "held_out_rows": int(held.sum()),
        "train_games": len(set(games[train].tolist())), "held_out_games": len(set(games[held].tolist())),
        "with_tactics_rows": int(tactics.sum()),
        "held_out_log_loss": {"learnt": round(log_loss(p[test], labels2[test]), 4),
                              "forecast": round(log_loss(p_base[test], labels2[test]), 4),
                              "even": round(float(np.log(2)), 4)},
        "held_out_accuracy": {"learnt": round(float((p[test].argmax(axis=1) == labels2[test]).mean()), 3),
                              "forecast": round(float((p_base[test].argmax(axis=1) == labels2[test]).mean()), 3)},
        "reliability": reliability(p[test, 0], labels[test].astype(float)),
        "reliability_forecast": reliability(p_base[test, 0], labels[test].astype(float)),
        "weights": dict(zip(FEATURES2, [round(float(x), 4) for x in theta], strict=True)),
    }
    print(json.dumps(report, indent=1))
    if args.out:
        saved = {"features": list(FEATURES2), "weights": [float(x) for x in theta],
                 "command": shlex.join(["python", "tools/train_eval.py", *given]),
                 "data_command": args.data_command, "rows": report["train_rows"],
                 "held_out_log_loss": report["held_out_log_loss"]}
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(saved, handle, indent=1)
            handle.write("\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", nargs="+", required=True)
    parser.add_argument("--players", type=int, choices=(2, 3), default=3)
    parser.add_argument("--seed", type=int, default=0, help="seeds the shares dealt for the features")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--holdout", type=int, default=5, help="games whose seed is a multiple of this are held out")
    parser.add_argument("--out", default=None)
    parser.add_argument("--data-command", default="", help="the command that made the data, kept with the weights")
    args = parser.parse_args(argv)
    given = argv if argv is not None else sys.argv[1:]
    cpu = time.process_time()
    if args.players == 2:
        try:
            return main2(args, given)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"train_eval: cannot read the data: {type(exc).__name__} {exc}", file=sys.stderr)
            return 2
    try:
        seats, draws, labels, games, forecasts, decks = load(args.data, args.seed)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"train_eval: cannot read the data: {type(exc).__name__} {exc}", file=sys.stderr)
        return 2
    if not len(labels):
        print("train_eval: no three-player positions in the data", file=sys.stderr)
        return 2
    held = games % args.holdout == 0
    train = ~held
    opts = options(seats, draws)
    theta = fit(opts[train], labels[train], args.l2)
    p = probabilities(opts, theta)
    _, p_base = baseline(forecasts, train, labels)
    test = np.flatnonzero(held)
    seat_p = p[test, :3].reshape(-1)
    seat_won = (labels[test][:, None] == np.arange(3)[None, :]).reshape(-1).astype(float)
    late = test[decks[test] <= 15]
    report: dict[str, Any] = {
        "rows": len(labels), "train_rows": int(train.sum()), "held_out_rows": int(held.sum()),
        "train_games": len(set(games[train].tolist())), "held_out_games": len(set(games[held].tolist())),
        "outcomes": {"south": int((labels == 0).sum()), "west": int((labels == 1).sum()),
                     "east": int((labels == 2).sum()), "draw": int((labels == 3).sum())},
        "held_out_log_loss": {"learnt": round(log_loss(p[test], labels[test]), 4),
                              "forecast": round(log_loss(p_base[test], labels[test]), 4),
                              "even": round(log_loss(np.full((len(test), 4), 0.25), labels[test]), 4)},
        "held_out_log_loss_deck_le_15": {"learnt": round(log_loss(p[late], labels[late]), 4),
                                         "forecast": round(log_loss(p_base[late], labels[late]), 4)},
        "held_out_accuracy": {"learnt": round(float((p[test].argmax(axis=1) == labels[test]).mean()), 3),
                              "forecast": round(float((p_base[test].argmax(axis=1) == labels[test]).mean()), 3)},
        "reliability": reliability(seat_p, seat_won),
        "flag_reliability": flag_reliability(args.holdout),
        "weights": dict(zip(FEATURES3 + DRAW_FEATURES3, [round(float(x), 4) for x in theta], strict=True)),
        "cpu_s": round(time.process_time() - cpu, 1),
    }
    print(json.dumps(report, indent=1))
    if args.out:
        write_weights(args.out, game_weights(theta, "tools/train_eval.py", given, args, report))
    return 0


def game_weights(theta: np.ndarray, tool: str, given: list[str], args: argparse.Namespace,
                 report: dict[str, Any]) -> dict[str, Any]:
    """The three-player game model as its weights file keeps it, with the command and data that made it."""
    k = len(FEATURES3)
    return {"features": list(FEATURES3), "weights": [float(x) for x in theta[:k]],
            "draw_features": list(DRAW_FEATURES3), "draw_weights": [float(x) for x in theta[k:]],
            "command": shlex.join(["python", tool, *given]),
            "data_command": args.data_command, "rows": report["train_rows"],
            "held_out_log_loss": report["held_out_log_loss"]}


def write_weights(path: str, saved: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(saved, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    sys.exit(main())
