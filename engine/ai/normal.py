"""The normal bot: one move ahead, judged by what each flag can still become for both players.

Every legal play is tried on a copy of the position and scored by engine.ai.forecast: the chance
of winning each flag, given the cards still unseen, combined into the chance of a Breakthrough or an
Envelopment. Many candidates are screened on a few worlds, the best few are judged on many.

A tactics card lets the opponent play one too (R24) and is gone once used, so it is played only
when it beats the best troop play by more than what holding it is worth (TACTIC_HOLD, shrinking as
the troop deck runs out). The deck to draw from is chosen by the chance that the tactics still
unseen are strong ones. Claims are always made: a claimed flag is frozen against Fog, Mud and
guile (R19) and counts toward the win.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import TROOP_BIT
from ..game import Game
from ..notation_types import Action
from ..rulebook import TACTICS_MASK, mask_of
from .base import Bot
from .forecast import Forecast
from .lean_eval import draws_tactic

#: What keeping a tactics card is worth, in game value, early in the game: it must gain more
#: than this over the best troop play to be spent. The evaluation itself sees only morale tactics
#: (as wild cards), so without this a Deserter would be spent on the first stray 2.
TACTIC_HOLD: dict[str, float] = {
    "alexander": 0.03, "darius": 0.03, "cavalry": 0.03, "shield": 0.02, "fog": 0.06, "mud": 0.06,
    "scout": 0.05, "redeploy": 0.08, "deserter": 0.12, "traitor": 0.14,
}
TROOPS_DEALT_TO_DECK = 46
#: (worlds, candidates kept) for each screening stage; the last stage picks the move.
STAGES: tuple[tuple[int, int], ...] = ((2, 24), (8, 6), (32, 1))


def is_tactic_play(action: Action) -> bool:
    return action["type"] == "play" and action["card"] not in TROOP_BIT


def hold_value(game: Game, action: Action) -> float:
    """What spending this play's tactics card gives up (TACTIC_HOLD), less as the troop deck runs out."""
    if not is_tactic_play(action):
        return 0.0
    left = game.deck_sizes["troops"] / TROOPS_DEALT_TO_DECK
    return TACTIC_HOLD[action["card"]] * (0.4 + 0.6 * min(1.0, left))


class NormalBot(Bot):
    name = "normal"
    stages = STAGES

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def choose_in(self, game: Game) -> Action:
        if len(game.seats) == 3:  # the three-player game (R46-R53) has its own forecast of six flags
            from .three import choose_three

            return choose_three(game, self.rng)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if game.phase == "claim":
            return actions[0]  # every provable flag is claimed, one at a time
        if game.phase in ("draw", "scout_draw"):
            return choose_deck(game, actions)
        forecast = Forecast(game, game.to_move, self.rng, self.stages[0][0])
        if game.phase == "scout_return":
            return choose_return(game, actions, forecast)
        return rank_plays(game, actions, forecast, self.stages)[0][1]


def rank_plays(game: Game, actions: list[Action], forecast: Forecast,
               stages: tuple[tuple[int, int], ...],
               out_of_time: Callable[[], bool] | None = None) -> list[tuple[float, Action]]:
    """Score every play by successive screening; best first, tactics held back by their hold_value.

    The best troop play (or pass) always reaches the last stage, so a tactic is only ever
    compared with it on equal terms. Once `out_of_time()` says so the screening stops and ranks what
    it has scored so far (at least two plays, for the search to compare): the hard bot's clock includes it.
    """
    states: dict[int, Game] = {}  # each play's position, made when the play is first scored
    alive = list(range(len(actions)))
    scored: list[tuple[float, int]] = []
    late = False
    for worlds, keep in stages:
        if forecast.size < worlds:
            forecast.add_worlds(worlds - forecast.size)
        previous, scored = scored, []
        for i in alive:
            if out_of_time is not None and (len(scored) >= 2 or previous) and out_of_time():
                late = True
                break
            extra = 2 if actions[i].get("card") == "scout" else 0
            state = states.get(i)
            if state is None:
                state = states[i] = game.copy()
                state.apply(actions[i])
            scored.append((forecast.value(state, extra, worlds) - hold_value(game, actions[i]), i))
        if late and previous:  # a stage cut short: the last complete stage's ranking stands
            scored = previous
            break
        scored.sort(key=lambda s: -s[0])
        if late:
            alive = [i for _, i in scored]
            break
        plain = [s for s in scored if not is_tactic_play(actions[s[1]])]
        kept = scored[:max(keep, 1)]
        if plain and plain[0] not in kept:
            kept.append(plain[0])
        alive = [i for _, i in kept]
        if len(alive) == 1:
            break
    final = [(v, actions[i]) for v, i in scored
             if i in alive]
    final.sort(key=lambda s: -s[0])
    return final


def choose_deck(game: Game, actions: list[Action]) -> Action:
    """Troops, unless a tactics card is both likely to be good and likely to be playable soon."""
    decks = {a["deck"] for a in actions}
    if len(decks) == 1:
        return actions[0]
    seat = game.to_move
    hand = mask_of(game.hand(seat))
    visible = hand | mask_of(game.discards["north"]) | mask_of(game.discards["south"])
    for flag in game.flags:
        visible |= flag.masks[0] | flag.masks[1]
    tactic = draws_tactic(hand, TACTICS_MASK & ~visible, game.may_play_tactic(seat), game.leader_played[seat])
    return {"type": actions[0]["type"], "deck": "tactics" if tactic else "troops"}


def choose_return(game: Game, actions: list[Action], forecast: Forecast) -> Action:
    """Scout: keep the hand worth most, return the rest with the least useful card on top."""
    me = game.to_move
    best: tuple[float, list[str]] | None = None
    tried: set[frozenset[str]] = set()
    for action in actions:
        cards = frozenset(action["cards"])
        if cards in tried:
            continue
        tried.add(cards)
        state = game.copy()
        hand = state.hand(me)
        for card in cards:
            hand.remove(card)
        value = forecast.value(state, worlds=forecast.size)
        if best is None or value > best[0]:
            best = (value, list(cards))
    assert best is not None
    order = sorted(best[1], key=lambda c: -_card_worth(c))  # the last listed ends on top
    return {"type": "scout_return", "cards": order}


def _card_worth(card: str) -> int:
    """A rough worth for ordering returned cards: tactics high, troops by value."""
    if card in TROOP_BIT:
        return int(card[1:])
    return 20
