"""The notation's shapes as types (docs/NOTATION.md): actions, events, positions (views), results, records.

The one definition of each. The engine writes them typed (engine.actions.parse_action and
Game.legal_actions return Actions, Game.apply returns Events, Game.view a View, to_record a Record), the
table seam, the bots and the LAN messages (net.messages) read them, so mypy ties every reader to the
writer. They are `TypedDict`s: plain dicts when the game runs, the same bytes on the wire and on disk.
A typed value is never a checked one: what comes from outside (a peer, a file) is read by the engine's
readers (parse_action, from_position, from_record), which check every field, before it is one of these.

One type a kind, with `type` required and the other fields optional, because the code reads them after
looking at `type` (`action["flag"]` of a play): a union of one type per action would need a check mypy
understands at each such place.

A flag of a position is keyed by seat (`flag["south"]`, `flag[seat]`), which a TypedDict cannot say for a
seat held in a variable: `FlagView` stays a plain mapping.
"""

from __future__ import annotations

from typing import Any, NotRequired, Required, TypedDict


class Action(TypedDict, total=False):
    """One action (NOTATION.md "Actions"): `type` is play, scout_draw, scout_return, claim, done, pass or draw."""

    type: Required[str]
    card: str  # play
    flag: int  # play (a troop, a morale or an environment tactic), claim
    from_flag: int  # redeploy, deserter, traitor
    target: str  # redeploy, deserter, traitor
    to_flag: int | None  # redeploy (None: discarded), traitor
    deck: str  # draw, scout_draw: "troops" or "tactics"
    cards: list[str]  # scout_return


class Event(TypedDict, total=False):
    """What happened (Game.apply's list), as one seat may see it (engine.events.redact hides the rest).

    `type`: play, draw, scout_draw, scout_return, claim, complete, incomplete, pass, turn, game_over,
    both_passed or all_passed."""

    type: Required[str]
    seat: str
    card: str  # play; draw and scout_draw when the viewer may see it
    flag: int
    from_flag: int
    target: str
    to_flag: int | None
    deck: str
    cards: list[str]  # scout_return, when the viewer may see them
    count: int  # scout_return, hidden: how many went back
    decks: list[str]  # scout_return: the deck each card went to
    proof: Proof  # claim: why it holds
    winner: str | None  # game_over (the Result's fields)
    how: str
    flags: dict[str, int]


class Opponent(TypedDict):
    """The other side of a proved flag: complete or at best, and the cards of that best."""

    complete: bool
    formation: str
    sum: int
    cards: list[str]


class Proof(TypedDict, total=False):
    """A claim's proof (R23): the words, the claimer's formation and sum, and the other side at its best (the
    engine writes every field; a reader takes what a peer left out as unknown)."""

    text: str
    formation: str | None
    sum: int | None
    opponent: Opponent | None


class Rules(TypedDict):
    """A game's options (R11, R43, R46): `players` is absent for two."""

    tactics: bool
    claim_timing: str
    players: NotRequired[int]


#: one flag of a position: each seat of its front -> its cards, and fog, mud, first_complete, claimed (a seat or None)
FlagView = dict[str, Any]


class View(TypedDict):
    """A position as one seat (or a watcher) sees it, or the whole table (NOTATION.md "Position")."""

    format: str
    rules: Rules
    to_move: str
    flags: list[FlagView]
    discards: dict[str, list[str]]
    hands: dict[str, list[str] | None]
    hand_sizes: dict[str, int]
    #: a seat's view: counts; a complete game state (`Game.view(None)`, engine.position): lists, top card last
    decks: dict[str, Any]
    phase: NotRequired[str]
    scout_drawn: NotRequired[int]
    passes: NotRequired[int]
    hand_tactics: NotRequired[dict[str, int]]


class Result(TypedDict):
    """How a game ended: `winner` a seat or None (a draw); `how` envelopment, breakthrough, flags or draw."""

    winner: str | None
    how: str
    flags: dict[str, int]


class Record(TypedDict):
    """A game record (NOTATION.md "Game record")."""

    format: str
    seed: int
    rules: Rules
    first: str
    players: dict[str, str]
    actions: list[Action]
    result: NotRequired[Result]
