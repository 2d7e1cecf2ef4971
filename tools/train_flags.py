"""Fit the per-flag model and the game model read on its chances (engine.ai.learnt.flag_values3), numpy alone.

`python tools/train_flags.py --data F1.jsonl [F2.jsonl ...] --seed S [--out engine/ai/learnt_flags3.json]
[--l2 X] [--flag-l2 X] [--holdout K] [--ceiling] [--drop F ...]` reads three-player positions of
tools/selfplay_data.py. For every position it deals the leaf's shares from `--seed` as tools/train_eval.py
does (the same chances the search's leaf reads) and computes each open flag's features
(engine.ai.learnt.FLAG_FEATURES3). Two fits, both by Newton's method from zero (deterministic):

1. the per-flag model, a logistic regression, on the training games' open flags that somebody took by
   the end (label: the first seat of the flag's front took it);
2. the game model of engine.ai.learnt (FEATURES3, a conditional logit over the seats and a draw) on each
   seat's features computed from the per-flag model's chances instead of the leaf's.

It prints one JSON object: held-out log loss of the game model on the per-flag chances ("flags"), of
the same game model refitted on the leaf's chances on the same data ("leaf", last session's model), and
of the forecast alone; the per-flag log loss of the model against the leaf's chance made a calibrated
chance; and reliability tables (flags and seats). Games whose seed is a multiple of `--holdout` are
held out of both fits. `--ceiling` fits the per-flag model on the features a leaf reads without the pools
(engine.ai.learnt.CEILING_FEATURES3, for engine/ai/learnt_ceiling3.json); `--drop` leaves the named
per-flag features out, to compare (no weights written). With `--out`, the weights are written with the
command that made them.
Two players (`--players 2`), the held-out losses also give the committed weights' ("committed",
learnt_flags2.json read on the same rows, with their reliability table) and the game model refitted with
the hands as features too ("flags_hands", HAND_FEATURES2: reported only, the search does not read them).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from typing import Any, NamedTuple

import numpy as np
from train_eval import (
    baseline,
    featurize,
    fit,
    game_weights,
    load2_rows,
    log_loss,
    options,
    positions,
    probabilities,
    reliability,
    state_of,
    with_tactics,
    write_weights,
)

from engine.ai.flag_model2 import DECK2, FLAG_FEATURES2, FLAG_WEIGHTS2, _troop_sum, flag_features2, flag_odds2
from engine.ai.lean_search3 import pools_of
from engine.ai.learnt import (
    CEILING_FEATURES3,
    DRAW_FEATURES3,
    FEATURES2,
    FEATURES3,
    FLAG_FEATURES3,
    features2,
    flag_features3,
    seat_features,
)
from engine.ai.outlook import game_value
from engine.rulebook import PAIRS3, TROOP_MASK, side_size


def load(paths: list[str], seed: int) -> dict[str, Any]:
    """Every position's leaf features and ingredients, and every open flag's features and label."""
    rng = random.Random(seed)
    out: dict[str, list[Any]] = {k: [] for k in ("seats", "draws", "labels", "games", "forecasts", "decks",
                                                   "states", "flag_x", "flag_y", "flag_row", "flag_f", "leaf")}
    for row in positions(paths, 3):
        feats, draw, odds = featurize(row, rng)
        state = state_of(row)
        pools = pools_of(state)
        offtable = state.hands[0] | state.hands[1] | state.hands[2]
        for card in state.troops:
            offtable |= 1 << card
        index = len(out["labels"])
        for f in range(9):
            if state.claimed[f] >= 0:
                continue
            out["flag_x"].append(flag_features3(f, odds[f], state.sides, state.claimed, state.first,
                                                state.hands, pools, offtable & TROOP_MASK, state.to_move,
                                                len(state.troops)))
            taken = row["flags"][f]
            out["flag_y"].append(-1 if taken < 0 else int(taken == PAIRS3[f][0]))
            out["flag_row"].append(index)
            out["flag_f"].append(f)
            out["leaf"].append(odds[f])
        out["seats"].append(feats)
        out["draws"].append(draw)
        out["labels"].append(3 if row["winner"] < 0 else row["winner"])
        out["games"].append(row["seed"])
        out["forecasts"].append([x[FEATURES3.index("forecast")] for x in feats])
        out["decks"].append(len(state.troops))
        out["states"].append(state)
    arrays: dict[str, Any] = {k: np.array(v) for k, v in out.items() if k != "states"}
    arrays["states"] = out["states"]
    return arrays


def binary(x: np.ndarray) -> np.ndarray:
    """A logistic regression as a two-option logit: option 0 carries the features, option 1 nothing."""
    opts = np.zeros((len(x), 2, x.shape[1]))
    opts[:, 0, :] = x
    return opts


def pair(chance: np.ndarray) -> np.ndarray:
    """A flag's chance as the two options' probabilities (the first seat takes it, the other does)."""
    return np.stack([chance, 1.0 - chance], axis=1)


def game_features(data: dict[str, Any], chances: np.ndarray) -> np.ndarray:
    """Each position's seat features (FEATURES3) on the per-flag model's chances."""
    odds = [[0.0] * 9 for _ in data["labels"]]
    for i, state in enumerate(data["states"]):
        for f in range(9):
            owner = state.claimed[f]
            if owner >= 0:
                odds[i][f] = 1.0 if owner == PAIRS3[f][0] else 0.0
    for k, (i, f) in enumerate(zip(data["flag_row"].tolist(), data["flag_f"].tolist(), strict=True)):
        odds[i][f] = float(chances[k])
    seats = []
    for i, state in enumerate(data["states"]):
        forecast = data["forecasts"][i]
        seats.append([seat_features(odds[i], float(forecast[s]), s, state.sides, state.claimed, state.hands[s],
                                    state.to_move, len(state.troops)) for s in range(3)])
    return np.array(seats)


def load_two(paths: list[str], seed: int) -> dict[str, Any]:
    """Two players, from the seat to move (the searching side) at each position: the leaf's halves as the
    search reads them (train_eval.load2_rows), every open flag's features (FLAG_FEATURES2) and label (ours
    by the end; -1 nobody's), the game's label, and what the model needs to read the position again."""
    out: dict[str, list[Any]] = {k: [] for k in ("labels", "games", "tactics", "values", "leaf_feats", "decks",
                                                   "flag_x", "flag_y", "flag_row", "flag_f", "leaf", "rows",
                                                   "hands")}
    for row, state, me, count, halves in load2_rows(paths, seed):
        index = len(out["labels"])
        deck = len(state.troops)
        for f in range(9):
            if state.claimed[f] >= 0:
                continue
            size = side_size(state.mud >> f & 1)
            if state.sides[2 * f].bit_count() >= size and state.sides[2 * f + 1].bit_count() >= size:
                continue  # certain at the leaf, and so in the model
            leaf = halves[f] * 0.5 / count
            out["flag_x"].append(flag_features2(f, leaf, state.sides, state.claimed, state.mud, state.fog, me, deck))
            taken = row["flags"][f]
            out["flag_y"].append(-1 if taken < 0 else int(taken == me))
            out["flag_row"].append(index)
            out["flag_f"].append(f)
            out["leaf"].append(leaf)
        odds = [h * 0.5 / count for h in halves]
        out["labels"].append(1 if row["winner"] == me else 0)
        out["games"].append(row["seed"])
        out["tactics"].append(with_tactics(row))
        out["values"].append(game_value(odds))
        out["leaf_feats"].append(features2(odds))
        out["decks"].append(deck)
        out["rows"].append((count, halves, state.sides, state.claimed, state.mud, state.fog, me, deck))
        out["hands"].append(hand_features2(state.hands[me], state.hands[1 - me], deck))
    arrays: dict[str, Any] = {k: np.array(v) for k, v in out.items() if k != "rows"}
    arrays["rows"] = out["rows"]
    return arrays


#: Two players, the hands as features of the game model (tried, not in the search: docs/BOTS.md): the
#: troops' values in our hand less theirs (in tens), the tactics in our hand less theirs, and the first
#: times the deck's fullness.
HAND_FEATURES2 = ("hand_sum", "hand_tactics", "hand_sum_x_deck")


def hand_features2(mine: int, theirs: int, deck: int) -> list[float]:
    """HAND_FEATURES2 of a position from our hand and theirs (masks of card ids)."""
    troops = (_troop_sum(mine & TROOP_MASK) - _troop_sum(theirs & TROOP_MASK)) / 10.0
    tactics = (mine & ~TROOP_MASK).bit_count() - (theirs & ~TROOP_MASK).bit_count()
    return [troops, float(tactics), troops * deck / DECK2]


class FlagFit(NamedTuple):
    held: np.ndarray  # the positions of held-out games (their number a multiple of --holdout)
    train: np.ndarray
    fy: np.ndarray  # each flag's outcome (-1: nobody took it)
    fit_rows: np.ndarray  # the flags somebody took in a training game
    theta: np.ndarray
    chances: np.ndarray  # each flag's chance by the model
    leaf_p: np.ndarray  # the same by the leaf's chance refitted on the same flags (what the model must beat)
    test_flags: np.ndarray


def fit_flags(data: dict[str, Any], args: argparse.Namespace, leaf_x: np.ndarray) -> FlagFit:
    """The per-flag model fitted on the training games' flags somebody took, for two and three players alike."""
    held = data["games"] % args.holdout == 0
    fx, fy = data["flag_x"], data["flag_y"]
    flag_held = held[data["flag_row"]]
    known = fy >= 0
    fit_rows = known & ~flag_held
    theta = fit(binary(fx)[fit_rows], 1 - fy[fit_rows], args.flag_l2)
    leaf_theta = fit(binary(leaf_x)[fit_rows], 1 - fy[fit_rows], 1e-3)
    return FlagFit(held, ~held, fy, fit_rows, theta, probabilities(binary(fx), theta)[:, 0],
                   probabilities(binary(leaf_x), leaf_theta)[:, 0], known & flag_held)


def main2(args: argparse.Namespace, given: list[str]) -> int:
    """The two-player per-flag model and the game model read on its chances (engine.ai.flag_model2.flag_value2)."""
    cpu = time.process_time()
    data = load_two(args.data, args.seed)
    labels, games = data["labels"], data["games"]
    if not len(labels):
        print("train_flags: no two-player positions in the data", file=sys.stderr)
        return 2
    leaf_x = np.stack([data["leaf"] - 0.5, np.ones(len(data["flag_y"]))], axis=1)
    held, train, fy, fit_rows, flag_theta, chances, leaf_p, test_flags = fit_flags(data, args, leaf_x)
    weights = [float(x) for x in flag_theta]
    flagged = np.array([features2(flag_odds2(count, halves, sides, claimed, mud, fog, me, deck, weights))
                        for count, halves, sides, claimed, mud, fog, me, deck in data["rows"]])
    y = 1 - labels  # option 0: we win
    theta = fit(binary(flagged)[train], y[train], args.l2)
    p = probabilities(binary(flagged), theta)
    old = data["leaf_feats"]
    p_old = probabilities(binary(old), fit(binary(old)[train], y[train], args.l2))
    # the committed weights (learnt_flags2.json) on the same rows, and the model with the hands as features
    committed = np.array([features2(flag_odds2(count, halves, sides, claimed, mud, fog, me, deck, FLAG_WEIGHTS2[0]))
                          for count, halves, sides, claimed, mud, fog, me, deck in data["rows"]])
    p_committed = probabilities(binary(committed), np.array(FLAG_WEIGHTS2[1]))
    handed = np.concatenate([flagged, data["hands"]], axis=1)
    hand_theta = fit(binary(handed)[train], y[train], args.l2)
    p_hands = probabilities(binary(handed), hand_theta)
    plain = np.stack([data["values"], np.ones(len(labels))], axis=1)
    p_plain = probabilities(binary(plain), fit(binary(plain)[train], y[train], 1e-3))

    def losses(mask: np.ndarray) -> dict[str, float]:
        rows = np.flatnonzero(mask)
        return {"flags": round(log_loss(p[rows], y[rows]), 4),
                "committed": round(log_loss(p_committed[rows], y[rows]), 4),
                "flags_hands": round(log_loss(p_hands[rows], y[rows]), 4),
                "learnt2": round(log_loss(p_old[rows], y[rows]), 4),
                "leaf_value": round(log_loss(p_plain[rows], y[rows]), 4), "positions": len(rows),
                "games": len(set(games[rows].tolist()))}

    y_test = 1 - fy[test_flags]
    tactics = data["tactics"]
    late_data = held & (games >= (args.split_seed or 0))
    flag_tactics = tactics[data["flag_row"]]
    report: dict[str, Any] = {
        "rows": len(labels), "train_rows": int(train.sum()), "held_out_rows": int(held.sum()),
        "train_games": len(set(games[train].tolist())), "held_out_games": len(set(games[held].tolist())),
        "flag_rows_fitted": int(fit_rows.sum()), "flag_rows_held_out": int(test_flags.sum()),
        "held_out_log_loss": {"all": losses(held), "with_tactics": losses(held & tactics),
                              "troops_only": losses(held & ~tactics),
                              "deck_le_15": losses(held & (data["decks"] <= 15)), "even": round(float(np.log(2)), 4),
                              **({f"seed_ge_{args.split_seed}": losses(held & (games >= args.split_seed)),
                                  f"seed_lt_{args.split_seed}": losses(held & (games < args.split_seed))}
                                 if args.split_seed is not None else {})},
        "flag_log_loss": {"flags": round(log_loss(pair(chances[test_flags]), y_test), 4),
                          "leaf": round(log_loss(pair(leaf_p[test_flags]), y_test), 4),
                          "with_tactics": {
                              "flags": round(log_loss(pair(chances[test_flags & flag_tactics]),
                                                      1 - fy[test_flags & flag_tactics]), 4),
                              "leaf": round(log_loss(pair(leaf_p[test_flags & flag_tactics]),
                                                     1 - fy[test_flags & flag_tactics]), 4)},
                          "even": round(float(np.log(2)), 4)},
        "flag_reliability": reliability(chances[test_flags], fy[test_flags].astype(float), 5),
        "flag_reliability_leaf": reliability(data["leaf"][test_flags], fy[test_flags].astype(float), 5),
        "reliability": reliability(p[held, 0], labels[held].astype(float)),
        "reliability_leaf_value": reliability(p_plain[held, 0], labels[held].astype(float)),
        "reliability_committed": reliability(p_committed[held, 0], labels[held].astype(float)),
        **({"reliability_seed_ge": reliability(p[late_data, 0], labels[late_data].astype(float)),
            "reliability_committed_seed_ge": reliability(p_committed[late_data, 0], labels[late_data].astype(float))}
           if args.split_seed is not None else {}),
        "hand_weights": dict(zip(FEATURES2 + HAND_FEATURES2, [round(float(x), 4) for x in hand_theta], strict=True)),
        "flag_weights": dict(zip(FLAG_FEATURES2, [round(x, 4) for x in weights], strict=True)),
        "weights": dict(zip(FEATURES2, [round(float(x), 4) for x in theta], strict=True)),
        "cpu_s": round(time.process_time() - cpu, 1),
    }
    print(json.dumps(report, indent=1))
    if args.out:
        write_weights(args.out, {"flag_features": list(FLAG_FEATURES2), "flag_weights": weights,
                                 "features": list(FEATURES2), "weights": [float(x) for x in theta],
                                 "command": shlex.join(["python", "tools/train_flags.py", *given]),
                                 "data_command": args.data_command, "rows": report["train_rows"],
                                 "held_out_log_loss": report["held_out_log_loss"],
                                 "flag_log_loss": report["flag_log_loss"]})
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", nargs="+", required=True)
    parser.add_argument("--players", type=int, choices=(2, 3), default=3)
    parser.add_argument("--seed", type=int, default=0, help="seeds the shares dealt for the leaf's chances")
    parser.add_argument("--l2", type=float, default=10.0, help="the game model's penalty")
    parser.add_argument("--flag-l2", type=float, default=10.0, help="the per-flag model's penalty")
    parser.add_argument("--holdout", type=int, default=5, help="games whose seed is a multiple of this are held out")
    parser.add_argument("--out", default=None)
    parser.add_argument("--data-command", default="", help="the command that made the data, kept with the weights")
    parser.add_argument("--ceiling", action="store_true",
                        help="three players: the per-flag model on CEILING_FEATURES3 only (hard3.LEARNT3 = 3)")
    parser.add_argument("--drop", nargs="+", default=[], choices=FLAG_FEATURES3, metavar="FEATURE",
                        help="three players: leave these per-flag features out (a comparison: no weights written)")
    parser.add_argument("--split-seed", type=int, default=None,
                        help="two players: also the held-out losses (and tables) of games from this seed on and before")
    args = parser.parse_args(argv)
    given = argv if argv is not None else sys.argv[1:]
    if args.drop and args.out:
        print("train_flags: --drop is a comparison; the search reads no weights fitted without those features",
              file=sys.stderr)
        return 2
    cpu = time.process_time()
    if args.players == 2:
        try:
            return main2(args, given)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print(f"train_flags: cannot read the data: {type(exc).__name__} {exc}", file=sys.stderr)
            return 2
    try:
        data = load(args.data, args.seed)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"train_flags: cannot read the data: {type(exc).__name__} {exc}", file=sys.stderr)
        return 2
    labels, games = data["labels"], data["games"]
    if not len(labels):
        print("train_flags: no three-player positions in the data", file=sys.stderr)
        return 2
    names = CEILING_FEATURES3 if args.ceiling else FLAG_FEATURES3  # ceiling: the columns that read no pool
    names = tuple(name for name in names if name not in args.drop)
    data["flag_x"] = data["flag_x"][:, [FLAG_FEATURES3.index(name) for name in names]]
    # 1. the per-flag model, on the training games' flags somebody took
    leaf_x = (data["leaf"] - 0.5)[:, None]
    held, train, fy, fit_rows, flag_theta, chances, leaf_p, test_flags = fit_flags(data, args, leaf_x)
    # 2. the game model on those chances, and last session's model refitted on the leaf's, same rows
    seats = game_features(data, chances)
    opts = options(seats, data["draws"])
    theta = fit(opts[train], labels[train], args.l2)
    p = probabilities(opts, theta)
    old_opts = options(data["seats"], data["draws"])
    p_old = probabilities(old_opts, fit(old_opts[train], labels[train], args.l2))
    _, p_base = baseline(data["forecasts"], train, labels)
    test = np.flatnonzero(held)
    late = test[data["decks"][test] <= 15]
    seat_won = (labels[test][:, None] == np.arange(3)[None, :]).reshape(-1).astype(float)
    y_test = 1 - fy[test_flags]
    report: dict[str, Any] = {
        "rows": len(labels), "train_rows": int(train.sum()), "held_out_rows": int(held.sum()),
        "train_games": len(set(games[train].tolist())), "held_out_games": len(set(games[held].tolist())),
        "flag_rows_fitted": int(fit_rows.sum()), "flag_rows_held_out": int(test_flags.sum()),
        "held_out_log_loss": {"flags": round(log_loss(p[test], labels[test]), 4),
                              "leaf": round(log_loss(p_old[test], labels[test]), 4),
                              "forecast": round(log_loss(p_base[test], labels[test]), 4),
                              "even": round(float(np.log(4)), 4)},
        "held_out_log_loss_deck_le_15": {"flags": round(log_loss(p[late], labels[late]), 4),
                                         "leaf": round(log_loss(p_old[late], labels[late]), 4),
                                         "forecast": round(log_loss(p_base[late], labels[late]), 4)},
        "held_out_accuracy": {"flags": round(float((p[test].argmax(axis=1) == labels[test]).mean()), 3),
                              "leaf": round(float((p_old[test].argmax(axis=1) == labels[test]).mean()), 3)},
        "flag_log_loss": {"flags": round(log_loss(pair(chances[test_flags]), y_test), 4),
                          "leaf": round(log_loss(pair(leaf_p[test_flags]), y_test), 4),
                          "even": round(float(np.log(2)), 4)},
        "flag_reliability": reliability(chances[test_flags], fy[test_flags].astype(float), 5),
        "flag_reliability_leaf": reliability(data["leaf"][test_flags], fy[test_flags].astype(float), 5),
        "reliability": reliability(p[test, :3].reshape(-1), seat_won),
        "flag_weights": dict(zip(names, [round(float(x), 4) for x in flag_theta], strict=True)),
        "weights": dict(zip(FEATURES3 + DRAW_FEATURES3, [round(float(x), 4) for x in theta], strict=True)),
        "cpu_s": round(time.process_time() - cpu, 1),
    }
    print(json.dumps(report, indent=1))
    if args.out:
        write_weights(args.out, {"flag_features": list(names), "flag_weights": [float(x) for x in flag_theta],
                                 **game_weights(theta, "tools/train_flags.py", given, args, report),
                                 "flag_log_loss": report["flag_log_loss"]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
