"""Screenshot scenes of the other side's turn: caption and marks, a Deserter toast, the hot-seat summary,
a tactics back in the opponent's hand, a tie proof. Each is played through the board's real event path."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine import Game
from engine.cards import TROOP_BIT
from engine.notation_types import Action

SceneMaker = Callable[[Any, int], None]


def _north_turn(app: Any, game: Game, first: Action | None = None, hotseat: bool = False) -> Any:
    """A board for south (or hot-seat) at `game` with north to move; north plays `first` (or a troop) and
    ends its turn, drawing from the tactics deck when it can; the board takes the events as it would live."""
    from game.play.bot_client import IdleBot
    from game.play.table import LocalTable
    from scenes.board import BoardScene

    table = LocalTable(game) if hotseat else LocalTable(game, {"north": IdleBot()})
    board = BoardScene(app, table)
    board.model.viewer, board.model.hidden, board.pending_pass = ("north" if hotseat else "south"), False, None
    board.refresh()
    app.push(board)
    legal = game.legal_actions()
    troops = [a for a in legal if a["type"] == "play" and a["card"] in TROOP_BIT]
    actions = [first or (troops or legal)[-1]]
    table._apply(cast(Action, actions[0]))
    while game.to_move == "north" and not game.over:
        legal = game.legal_actions()
        pick = next((a for a in legal if a["type"] == "claim"), None) or \
            next((a for a in legal if a.get("deck") == "tactics"), None) or legal[0]
        table._apply(cast(Action, pick))
    board.consume()
    return board


def _settle(board: Any) -> None:
    """Let the flights land: the picture at rest, as the player sees it once the move is over."""
    board.clock += 5.0
    board.anims.update(board.clock)


def _north_can(pred: Callable[[Action], bool]) -> Callable[[Game], bool]:
    def check(game: Game) -> bool:
        return game.to_move == "north" and game.phase == "play" and any(pred(a) for a in game.legal_actions())
    return check


def _bot_turn(app: Any, seed: int) -> None:
    """After the bot's turn: its card ringed, its claim ringed, its drawn tactics back ringed, the caption."""
    from game.play.positions import find

    def ready(game: Game) -> bool:
        on = sum(len(f.sides["north"]) + len(f.sides["south"]) for f in game.flags)
        return on >= 14 and game.to_move == "north" and game.phase == "play" and game.deck_sizes["tactics"] > 0
    board = _north_turn(app, find(seed, ready, limit=600))
    _settle(board)


def _deserter(app: Any, seed: int) -> None:
    """The bot's Deserter takes one of your cards: the toast, mid-animation."""
    from game.play.positions import find

    game = find(seed, _north_can(lambda a: a.get("card") == "deserter"), limit=600)
    act = next(a for a in game.legal_actions() if a.get("card") == "deserter")
    board = _north_turn(app, game, act)
    board.clock += 0.6
    board.anims.update(board.clock)


def _hotseat_pass(app: Any, seed: int) -> None:
    """Hot-seat: the pass screen summarises the turn just played, and shows no hand."""
    from game.play.positions import busy, find
    from scenes.pass_device import PassScene

    board = _north_turn(app, find(seed, busy(16, seat="north"), limit=600), hotseat=True)
    _settle(board)
    board.model.hidden = True
    board.refresh()
    app.push(PassScene(app, board, "south"))


def _tie_game() -> Game:
    """Wedge 1-2-3 against Wedge 1-2-3: north completed first, so north takes the flag on the tie (R18)."""
    from engine import from_position, to_position

    game = Game.new(seed=3, players={"south": "Ana", "north": "Ben"})
    state = to_position(game)
    hands = {s: list(h or []) for s, h in state["hands"].items()}
    used: set[str] = set()
    for s in ("north", "south"):
        used |= set(hands[s])
    state["flags"][0] = {"north": ["r1", "r2", "r3"], "south": ["g1", "g2", "g3"], "fog": None, "mud": None,
                         "first_complete": "north", "claimed": None}
    taken = {"r1", "r2", "r3", "g1", "g2", "g3"}
    for s in ("north", "south"):
        hands[s] = [c for c in hands[s] if c not in taken]
    state["decks"]["troops"] = [c for c in state["decks"]["troops"] if c not in taken]
    need = {s: 7 - len(hands[s]) for s in ("north", "south")}
    for s in ("north", "south"):
        for _ in range(need[s]):
            hands[s].append(state["decks"]["troops"].pop())
    state["hands"] = {s: h for s, h in hands.items()}
    state["hand_sizes"] = {s: len(hands[s]) for s in ("north", "south")}
    state["to_move"] = "north"
    state.pop("hand_tactics", None)
    loaded = from_position(state)
    loaded.players = {"south": "Ana", "north": "Ben"}
    return loaded


def _tie_claim(app: Any, seed: int) -> None:
    app.settings.takebacks = "off"  # a position has no seed to replay a take-back from
    game = _tie_game()
    legal = game.legal_actions()
    first = next(a for a in legal if a["type"] == "play" and a.get("flag") != 1 and a["card"] in TROOP_BIT)
    board = _north_turn(app, game, first)
    board.clock = max(t.start for t in board.toasts) + 0.3
    board.anims.update(board.clock)


TURN_SCENES: dict[str, SceneMaker] = {
    "bot-turn": _bot_turn, "deserter-toast": _deserter, "pass-summary": _hotseat_pass, "tie-proof": _tie_claim,
}
