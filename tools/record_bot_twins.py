"""Record what the Game-side evaluation and the easy bot answered before they were moved onto masks.

The normal bot's forecast (engine.ai.forecast over engine.ai.outlook) and the easy bot
(engine.ai.simple) used to compute on `Game`, beside their bit-mask twins (lean_eval, lean_policy).
When the twins became one, this script wrote tests/data/bot_twins.json from the old code, and
tests/test_bots_twins.py holds the survivors to it: each flag's odds in sampled worlds, every
choice and ranking of the easy bot over whole games (two players with and without tactics, three),
and the normal bot's deck at draw steps of random games (engine.ai.normal.choose_deck).

Usage: python tools/record_bot_twins.py  (writes tests/data/bot_twins.json; run it on the old code)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.forecast import Forecast  # noqa: E402
from engine.ai.normal import choose_deck  # noqa: E402
from engine.ai.simple import SimpleBot  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.position import from_position  # noqa: E402
from engine.rules import Rules  # noqa: E402

OUT = ROOT / "tests" / "data" / "bot_twins.json"


def forecast_odds(seen: Game, seed: int) -> list[Any]:
    """The forecast's odds of a view and after its first four plays, as recorded and as the test reads them."""
    forecast = Forecast(seen, seen.to_move, random.Random(seed), 8)
    odds = [forecast.odds(seen), forecast.odds(seen, extra=1)]
    for action in seen.legal_actions()[:4]:
        after = seen.copy()
        after.apply(action)
        odds.append(forecast.odds(after))
        odds.append(forecast.odds(after, worlds=3))
    return odds


def forecast_cases() -> list[dict[str, Any]]:
    """Odds of a position and of the states after its first plays, in the same sampled worlds."""
    cases = []
    rng = random.Random(45)
    for seed in range(24):
        game = Game.new(Rules(tactics=seed % 4 != 3), seed=seed)
        stop = rng.randint(6, 110)
        while game.result is None and (len(game.actions) < stop or game.phase != "play"):
            game.apply(rng.choice(game.legal_actions()))
        if game.result is not None:
            continue
        view = game.view(game.to_move)
        seen = from_position(view)
        cases.append({"seed": seed, "view": view, "odds": forecast_odds(seen, seed)})
    return cases


def easy_games() -> list[dict[str, Any]]:
    """Whole games of the easy bot against itself: every choice, and the ranking at every fourth step."""
    out = []
    for seed, rules in ((1, Rules()), (2, Rules()), (3, Rules(claim_timing="advanced")),
                        (4, Rules(tactics=False)), (5, Rules(tactics=False, players=3)),
                        (6, Rules(tactics=False, players=3))):
        game = Game.new(rules, seed=seed)
        bots = {s: SimpleBot(seed * 10 + i) for i, s in enumerate(game.seats)}
        steps: list[Any] = []
        while game.result is None and len(game.actions) < 600:
            seat = game.to_move
            seen = from_position(game.view(seat))
            ranked = None
            if seen.phase == "play" and len(seen.legal_actions()) > 1 and len(steps) % 4 == 0:
                ranked = bots[seat].ranked(seen.copy(), seen.legal_actions())
            action = bots[seat].choose_in(seen)
            steps.append({"action": action, "ranked": ranked})
            game.apply(action)
        out.append({"seed": seed, "rules": {"tactics": rules.tactics, "claim_timing": rules.claim_timing,
                                            "players": rules.players}, "steps": steps})
    return out


def deck_cases() -> list[dict[str, Any]]:
    """The normal bot's deck at draw steps (three in ten, both decks left) of random games, from its view."""
    cases = []
    rng = random.Random(7)
    for seed in range(30):
        game = Game.new(Rules(claim_timing=("standard", "advanced", "end")[seed % 3]), seed=100 + seed)
        while game.result is None:
            actions = game.legal_actions()
            if game.phase in ("draw", "scout_draw") and len(actions) > 1 and rng.random() < 0.3:
                view = game.view(game.to_move)
                seen = from_position(view)
                cases.append({"view": view, "action": choose_deck(seen, seen.legal_actions())})
            game.apply(rng.choice(actions))
    return cases


def main() -> None:
    data = {"forecast": forecast_cases(), "easy": easy_games(), "decks": deck_cases()}
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
