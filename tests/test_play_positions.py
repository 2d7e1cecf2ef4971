"""Seeded positions (game.play.positions): a game its bots played once is replayed, not played again, and the
replay is the same game as a fresh play (so every screenshot scene staged twice shows the same moment)."""

from __future__ import annotations

from collections.abc import Callable

from engine import Game
from game.play import positions


def _turn(n: int) -> Callable[[Game], bool]:
    return lambda game: len(game.actions) >= n


def test_a_replayed_game_is_the_game_a_fresh_play_gives() -> None:
    positions._PLAYED.clear()
    short = positions.advance(5, _turn(30))
    longer = positions.advance(5, _turn(60))  # replays 30 moves, then the same bots choose on
    assert short is not None and longer is not None
    kept = positions._PLAYED[(5, "easy", short.rules, (("north", "Ben"), ("south", "Ana")))][0]
    assert len(kept) == 60
    positions._PLAYED.clear()
    fresh = positions.advance(5, _turn(60))  # no moves kept: the bots play all 60
    assert fresh is not None
    assert longer.actions == fresh.actions and longer.actions[:30] == short.actions
    assert longer.view("south") == fresh.view("south") and longer.view("north") == fresh.view("north")


def test_find_tries_the_next_seeds_and_keeps_each_game() -> None:
    positions._PLAYED.clear()
    found = positions.find(11, positions.busy(22))
    seeds = {key[0] for key in positions._PLAYED}
    assert found.seed in seeds and min(seeds) == 11
    again = positions.find(11, positions.busy(22))
    assert again.actions == found.actions and again is not found
