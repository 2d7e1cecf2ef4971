"""Seeded positions for screenshots, benchmarks and tests: games advanced by bots to a chosen moment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Game, Rules
from engine.ai import Bot, make_bot
from engine.notation_types import Action

#: each seeded game's moves as its bots chose them, and the bots to choose the next ones: a game is played by
#: its bots once per process and replayed after (the screenshot scenes are staged again in every language,
#: and a bot's choice costs a hundred times a replayed move). Bots are seeded, so a replay is the same game.
_PLAYED: dict[tuple[Any, ...], tuple[list[Action], dict[str, Bot]]] = {}


def advance(seed: int, until: Callable[[Game], bool], limit: int = 400, level: str = "easy",
            rules: Rules | None = None, players: dict[str, str] | None = None) -> Game | None:
    """Play `seed`'s game with two bots until `until(game)` holds; None if it never does."""
    rules = rules or Rules()
    players = players or {"south": "Ana", "north": "Ben"}
    game = Game.new(rules, seed, "south", players)
    key = (seed, level, rules, tuple(sorted(players.items())))
    if key not in _PLAYED:
        _PLAYED[key] = ([], {"south": make_bot(level, seed), "north": make_bot(level, seed + 1)})
    moves, bots = _PLAYED[key]
    for done in range(limit):
        if until(game):
            return game
        if game.over:
            return None
        if done == len(moves):  # past what was played before: the bots, where they left off, choose on
            moves.append(bots[game.to_move].choose(game.view(game.to_move)))
        game.apply(moves[done].copy())
    return None


def holding(card: str, seat: str = "south") -> Callable[[Game], bool]:
    """`seat` to play and a legal play of `card` exists."""
    def check(game: Game) -> bool:
        return (game.to_move == seat and game.phase == "play"
                and any(a.get("card") == card for a in game.legal_actions()))
    return check


def in_phase(phase: str, seat: str = "south") -> Callable[[Game], bool]:
    def check(game: Game) -> bool:
        return game.to_move == seat and game.phase == phase
    return check


def busy(cards_on_table: int, seat: str = "south") -> Callable[[Game], bool]:
    """A well-filled table with `seat` to play."""
    def check(game: Game) -> bool:
        on = sum(len(f.sides["north"]) + len(f.sides["south"]) for f in game.flags)
        return on >= cards_on_table and game.to_move == seat and game.phase == "play"
    return check


def nothing_to_draw(seat: str | None = None) -> Callable[[Game], bool]:
    """Both decks empty (every card known: the hard bot solves the rest) and `seat`, or anyone, to play
    with a choice."""
    def check(game: Game) -> bool:
        return (game.phase == "play" and (seat is None or game.to_move == seat) and not game.deck_sizes["troops"]
                and not game.deck_sizes["tactics"] and len(game.legal_actions()) > 1)
    return check


def find(seed: int, until: Callable[[Game], bool], tries: int = 40, **kw: Any) -> Game:
    for s in range(seed, seed + tries):
        game = advance(s, until, **kw)
        if game is not None:
            return game
    raise LookupError("no seeded game reached that moment")
