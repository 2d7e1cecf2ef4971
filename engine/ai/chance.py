"""The one win chance the players are shown: the hint, the review and the win-estimate bar read it here.

`win_chance(game)` is the chance that the player to move wins, from that player's view of `game`
alone: in `WORLDS` sampled worlds of the hidden cards (the opponents' hands and the decks' order) the
learnt game model (engine.ai.learnt: the two-player model of learnt2.json, the three-player one of
learnt3.json) reads each flag's chance with both pools shared alike, and where a model's weights are
missing, normal's forecast value (outlook.game_value, three.game_value3) does. The mean of those
values is a score, not yet a probability; `calibrate` turns it into one by a logistic map (two numbers
per player count) fitted on self-played games by tools/train_chance.py, which also prints how well the
chances it gives held-out games match how often those games were won (docs/BOTS.md, "One win chance").

The worlds are dealt from a generator seeded by the position itself, so the same position gets the same
chance whoever asks (the coach's bot, the review, `battleline hint`) and whatever its seed: the bar
and the review agree. Where hard's search reads the game to its end (a proof by the endgame solver;
two players with the troop deck empty, where proofs in dealt worlds and playouts to the end decide),
its own chance is shown instead (HardBot._report): a forced end is what this static model misses.
"""

from __future__ import annotations

import json
import math
import random
import zlib
from importlib.resources import files
from typing import Any, Final

from ..game import Game
from ..rules import SEATS, SEATS3
from .flag_model2 import FLAG_WEIGHTS2, flag_value2
from .forecast import random_mask
from .lean import Lean
from .lean_eval import Memo, leaf_halves
from .learnt import WEIGHTS2, learnt_value2
from .outlook import game_value
from .worlds import determinize, hidden_of, sample_world

#: Worlds of the hidden cards a chance is read over.
WORLDS: Final = 32
#: Chance that a pool card is open to a given flag, both sides alike (hard's EVEN_SHARE).
EVEN: Final = 0.5
#: Ways of sharing the pools among the flags in each world.
SHARES: Final = 2
#: With the per-flag model, chance that a card of the mover's pool is open to a given flag, by rule set
#: (tactics off, on): hard's search_shares, the leaf the model was trained on (tools/train_flags.py).
FLAG_SHARES: Final = {False: 0.85, True: 0.7}

_PATH = files("engine.ai").joinpath("chance.json")


#: The two-player models a score can be read by: the learnt game model on the leaf's chances
#: (learnt2.json), or the per-flag model and the game model read on its chances (learnt_flags2.json).
MODELS2: Final = ("learnt2", "flags2")


def _load() -> tuple[dict[int, tuple[float, float]], str]:
    """The committed calibration, {players: (slope, intercept)}, and the two-player model it was fitted
    on (chance.json's "model2", "learnt2" when absent); the identity map's (0, 0) when the file is missing
    or unreadable (see `calibrate`)."""
    out = {2: (0.0, 0.0), 3: (0.0, 0.0)}
    model = "learnt2"
    try:
        data = json.loads(_PATH.read_text(encoding="utf-8"))
        for key in ("2", "3"):
            slope, intercept = data["calibration"][key]
            out[int(key)] = (float(slope), float(intercept))
        model = data.get("model2", model) if data.get("model2") in MODELS2 else model
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    return out, model


CALIBRATION, MODEL2 = _load()


def calibrate(score: float, players: int) -> float:
    """The chance of winning for a mean model value `score` (-1 a loss, +1 a win): sigmoid(a * score + b)
    with the fitted (a, b); uncalibrated ((0, 0), no file) it is (score + 1) / 2."""
    slope, intercept = CALIBRATION.get(players, (0.0, 0.0))
    if slope == 0.0 and intercept == 0.0:
        return min(1.0, max(0.0, (score + 1.0) / 2.0))
    z = slope * score + intercept
    if z > 30.0:
        return 1.0
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def position_seed(game: Game) -> int:
    """A seed read from what the player to move sees, so the same position deals the same worlds."""
    view: Any = game.view(game.to_move)
    return zlib.crc32(json.dumps(view, sort_keys=True, separators=(",", ":")).encode("utf-8"))


def score(game: Game, worlds: int = WORLDS, model: str | None = None) -> float:
    """The mean model value (-1 to +1) of the player to move over `worlds` sampled worlds: the raw
    score `calibrate` reads; deterministic for a position (position_seed). Two players, `model` (one of
    MODELS2; the committed MODEL2 when None) reads each world: "flags2" the per-flag model on the leaf's
    chances dealt as hard's search deals them (HardBot.search_shares, which the model was trained on),
    "learnt2" the learnt game model on even shares (normal's forecast where weights are missing)."""
    rng = random.Random(position_seed(game))
    me = game.to_move
    total = 0.0
    if len(game.seats) == 3:
        from .lean_search3 import leaf_values
        from .three_playout import lean_world

        seat3 = SEATS3.index(me)
        for _ in range(worlds):
            state3 = lean_world(game, me, rng)
            shares3 = [[[_mask(rng) for _ in range(9)] for _ in range(3)] for _ in range(SHARES)]
            total += leaf_values(state3, shares3, 1)[seat3]
        return max(-1.0, min(1.0, total / worlds))
    seat = SEATS.index(me)
    hidden = hidden_of(game, me)
    memo: Memo = {}
    flags = (model or MODEL2) == "flags2" and bool(FLAG_WEIGHTS2[0])
    mine = FLAG_SHARES[game.rules.tactics] if flags else EVEN
    for _ in range(worlds):
        state = Lean.from_game(determinize(game, me, sample_world(hidden, rng)))
        shares = [([random_mask(rng, mine) for _ in range(9)], [_mask(rng) for _ in range(9)])
                  for _ in range(SHARES)]
        halves = leaf_halves(state, seat, shares, memo)
        if flags:
            total += flag_value2(SHARES, halves, state.sides, state.claimed, state.mud, state.fog, seat,
                                 len(state.troops))
            continue
        odds = [h * 0.5 / SHARES for h in halves]
        total += learnt_value2(odds, WEIGHTS2) if WEIGHTS2 else game_value(odds)
    return max(-1.0, min(1.0, total / worlds))


def win_chance(game: Game) -> float:
    """The calibrated chance (0-1, three decimals) that the player to move wins, from its own view.

    A game already over is certain: 1.0 for its winner, 0.0 for anyone else, 0.5 for a draw."""
    if game.result is not None:
        winner = game.result.get("winner")
        return 0.5 if winner is None else (1.0 if winner == game.to_move else 0.0)
    return round(calibrate(score(game), len(game.seats)), 3)


def _mask(rng: random.Random) -> int:
    """One flag's share of a pool: each card open to it with chance EVEN (forecast.random_mask)."""
    return random_mask(rng, EVEN)


__all__ = ["CALIBRATION", "FLAG_SHARES", "MODEL2", "MODELS2", "WORLDS", "calibrate", "position_seed", "score",
           "win_chance"]
