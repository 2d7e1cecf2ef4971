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

_PATH = files("engine.ai").joinpath("chance.json")


def _load() -> dict[int, tuple[float, float]]:
    """The committed calibration, {players: (slope, intercept)}; the identity map's (1, 0) on the score's
    logit scale when the file is missing or unreadable (see `calibrate`)."""
    out = {2: (0.0, 0.0), 3: (0.0, 0.0)}
    try:
        data = json.loads(_PATH.read_text(encoding="utf-8"))
        for key in ("2", "3"):
            slope, intercept = data["calibration"][key]
            out[int(key)] = (float(slope), float(intercept))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return out


CALIBRATION: Final = _load()


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


def score(game: Game, worlds: int = WORLDS) -> float:
    """The mean model value (-1 to +1) of the player to move over `worlds` sampled worlds: the raw
    score `calibrate` reads; deterministic for a position (position_seed)."""
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
    for _ in range(worlds):
        state = Lean.from_game(determinize(game, me, sample_world(hidden, rng)))
        shares = [([_mask(rng) for _ in range(9)], [_mask(rng) for _ in range(9)]) for _ in range(SHARES)]
        halves = leaf_halves(state, seat, shares, memo)
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


__all__ = ["CALIBRATION", "WORLDS", "calibrate", "position_seed", "score", "win_chance"]
