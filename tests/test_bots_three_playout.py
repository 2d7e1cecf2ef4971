"""The three-player normal bot near the end of the deck (engine.ai.three_playout) and its forecast's hand.

Positions come from real normal-against-easy games (seeds named in each test) where the old normal bot
chose the play named as wrong; each test says what a strong player sees there.
"""

from __future__ import annotations

import random
from typing import Any

from builders import game3

from engine.ai import make_bot
from engine.ai.lean3 import Lean3
from engine.ai.three_playout import Policy3, lean_world
from engine.cards import TROOP_BIT, TROOPS
from engine.claims import strength_of
from engine.formations import best_formation
from engine.game import Game
from engine.notation_types import Action
from engine.position import from_position
from engine.rulebook import OVER, PLAY, TROOP_MASK, bits

#: Arena game 21 from seed 5000 (normal south, easy west and east), before action 73: three troops left.
SURE_FLAG: dict[str, Any] = {
    "flags": {1: {"west": "o6 y6", "south": "o4 o9"}, 2: {"west": "b7 b4", "south": "b2 b3"},
              3: {"west": "r8 r6", "south": "b10 b6 b9"}, 4: {"south": "r5", "east": "o8 o7"},
              5: {"south": "p3 p8 p4", "east": "p7"}, 6: {"south": "g1", "east": "y10 y9 y1"},
              7: {"east": "y7 r7", "west": "p5 p2"}, 8: {"east": "o3 o1", "west": "g3 y3"},
              9: {"east": "p10 r10", "west": "g8 g10"}},
    "claimed": {3: "south"},
    "hands": {"south": "r3 b1 g5 r2 y4 o5 g2", "west": "p1 r1 o2 o10 y2 r4 y8",
              "east": "b5 b8 r9 g6 g9 p9 g7"},
}


def _normal_plays(game: Game, seed: int) -> Action:
    action = make_bot("normal", seed).choose(game.view(game.to_move))
    assert action in game.legal_actions()
    return action


def test_r51_normal_leaves_a_flag_nobody_can_take_for_later_and_plays_where_the_race_is() -> None:
    """South holds flag 3. b1 makes b1-b2-b3 on flag 2, a Wedge west cannot beat with any troop left, so
    flag 2 is south's whenever south likes; flag 4 (3-4-5 is south's Breakthrough) is the one still in
    play: g5 there, with o5 in hand for a Phalanx of fives, before east's o7 o8 grow. The old normal
    spent its play on the sure flag (b1 on flag 2)."""
    game = game3(**SURE_FLAG)
    assert game.deck_sizes["troops"] == 3
    unseen = sum(TROOP_BIT[c] for c in TROOPS) & ~sum(TROOP_BIT[c] for f in game.flags
                                                        for side in f.sides.values() for c in side)
    west_best = best_formation(game.flags[1].sides["west"], 3, False, unseen & ~TROOP_BIT["b1"])
    assert west_best is not None and west_best.strength < strength_of(["b1", "b2", "b3"], False).strength
    for seed in range(3):
        assert _normal_plays(game3(**SURE_FLAG), seed) == {"type": "play", "card": "g5", "flag": 4}


def test_r49_a_playout_world_keeps_what_the_seat_sees_and_deals_the_rest() -> None:
    """The lean world of a playout: the table and my hand as seen, each other hand of its size and the
    deck of its size dealt from the troops I cannot see, every troop exactly once."""
    game = from_position(game3(**SURE_FLAG).view("south"))
    for seed in range(5):
        world = lean_world(game, "south", random.Random(seed))
        assert sorted(bits(world.hands[0])) == sorted(TROOPS.index(c) for c in game.hand("south"))
        assert [world.hands[s].bit_count() for s in (1, 2)] == [game.hand_sizes["west"], game.hand_sizes["east"]]
        assert len(world.troops) == game.deck_sizes["troops"]
        every = [*world.troops, *(c for h in world.hands for c in bits(h)), *(c for s in world.sides for c in bits(s))]
        assert sorted(every) == list(range(60))
        assert world.sides == Lean3.from_game(game3(**SURE_FLAG)).sides


def test_r48_playouts_play_only_legal_troops_to_the_end() -> None:
    """Every play the playout policy makes is one of Lean3's legal plays, and a playout ends the game."""
    game = from_position(game3(**SURE_FLAG).view("south"))
    policy = Policy3(random.Random(1), TROOP_MASK)
    for seed in range(5):
        world = lean_world(game, "south", random.Random(seed))
        for _ in range(600):
            if world.phase == OVER:
                break
            action = policy.play(world) if world.phase == PLAY else world.legal()[0]
            assert action in world.legal()
            world.apply(action)
        assert world.phase == OVER


def test_r48_normal_near_the_end_is_reproducible_from_its_seed() -> None:
    """The playouts draw their worlds from the bot's own generator: the same seed, the same play."""
    game = game3(**SURE_FLAG)
    for seed in (4, 9):
        first = make_bot("normal", seed).choose(game.view("south"))
        assert make_bot("normal", seed).choose(game.view("south")) == first


def test_r48_the_forecast_counts_a_troop_in_hand_as_playable_on_any_of_my_flags() -> None:
    """South has r8 r9 on flag 1 and r10 in hand: r10 there makes the strongest Wedge, so flag 1 is south's
    in every world. A troop still to be drawn reaches a flag only by chance, but one in hand can go to any
    of my flags this very turn; the old forecast let it reach flag 1 only half the time."""
    from engine.ai.three import Forecast3

    game = game3(flags={1: {"south": "r8 r9", "west": "b2 b3"}},
                 hands={"south": "r10 g1 p2 o3 y4 g5 p6", "west": "b10 y1 p3 p4 o6 o7 b5",
                        "east": "y7 y8 p5 p7 p8 o4 b6"})
    view = from_position(game.view("south"))
    forecast = Forecast3(view, "south", random.Random(3))
    forecast.add_worlds(40)
    south_takes_flag_1 = 1.0 - forecast.odds(view, 40)[0]  # flag 1's first seat is west (FRONTS3)
    assert south_takes_flag_1 == 1.0
