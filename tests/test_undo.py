"""Take-backs: undo by replaying the record without the action, at every phase of a turn; never
past a revealed card or the end of the turn, never over LAN, only where the setting allows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

import pygame
import pytest
from ui_driver import Driver

from engine import Game, Rules, from_record, to_record
from engine.notation_types import Action, Record
from game.keep.settings import Settings
from game.play.bot_client import InProcessBot
from game.play.positions import find, holding, in_phase
from game.play.table import LocalTable
from game.play.undo import Takebacks, offered, take_back, takeback_floor
from game.ui.shell import App
from scenes.board import BoardScene


def vs_bot(game: Game) -> LocalTable:
    return LocalTable(game, {"north": InProcessBot("random")})


def first_of(game: Game, kind: str, card: str | None = None) -> Action:
    return cast(Action, next(a for a in game.legal_actions()
                             if a["type"] == kind and (card is None or a.get("card") == card)))


def undo_restores(table: LocalTable, action: Action) -> None:
    """Apply `action`, take it back: the game is exactly as before, and the same as a fresh replay."""
    before = table.game.view(None)
    count = len(table.game.actions)
    table.submit(action)
    assert offered(table, "bots"), f"{action['type']} may be taken back"
    assert take_back(table) == action
    assert table.game.view(None) == before
    assert len(table.game.actions) == count
    assert table.game.view(None) == from_record(to_record(table.game)).view(None)


def troop_play(game: Game) -> Action:
    return cast(Action, next(a for a in game.legal_actions() if a["type"] == "play" and a["card"][0] in "roygbp"))


PHASES: dict[str, tuple[Callable[[Game], bool], Callable[[Game], Action], Rules]] = {
    "play_troop": (in_phase("play"), troop_play, Rules()),
    "play_fog": (holding("fog"), lambda g: first_of(g, "play", "fog"), Rules()),
    "play_mud": (holding("mud"), lambda g: first_of(g, "play", "mud"), Rules()),
    "play_redeploy": (holding("redeploy"), lambda g: first_of(g, "play", "redeploy"), Rules()),
    "play_deserter": (holding("deserter"), lambda g: first_of(g, "play", "deserter"), Rules()),
    "play_traitor": (holding("traitor"), lambda g: first_of(g, "play", "traitor"), Rules()),
    "play_scout_before_its_draws": (holding("scout"), lambda g: first_of(g, "play", "scout"), Rules()),
    "claim": (in_phase("claim"), lambda g: first_of(g, "claim"), Rules()),
    "done_claiming": (in_phase("claim"), lambda g: first_of(g, "done"), Rules()),
    "claim_at_turn_start_advanced": (in_phase("claim"), lambda g: first_of(g, "claim"), Rules(claim_timing="advanced")),
}


def test_r9_a_pass_ends_the_turn_so_it_cannot_be_taken_back() -> None:
    game = find(3, lambda g: in_phase("play")(g) and {"type": "pass"} in g.legal_actions(),
                rules=Rules(tactics=False), limit=600)
    passer = game.to_move
    game.apply({"type": "pass"})
    assert game.to_move != passer or game.over
    # nothing of the passer's turn is left open
    assert takeback_floor(cast(Record, to_record(game))) == len(game.actions)


@pytest.mark.parametrize("phase", list(PHASES))
def test_undo_at_every_phase_restores_the_game_exactly(phase: str) -> None:
    until, choose, rules = PHASES[phase]
    game = find(3, until, rules=rules, limit=600)
    undo_restores(vs_bot(game), choose(game))


def _a_play_then_a_claim(game: Game) -> Action | None:
    """A troop play of south's after which south may claim a flag, or None."""
    if not in_phase("play")(game):
        return None
    for action in game.legal_actions():
        if action["type"] == "play" and action["card"][0] in "roygbp":
            after = game.copy()
            after.apply(action)
            if after.phase == "claim" and any(a["type"] == "claim" for a in after.legal_actions()):
                return cast(Action, action)
    return None


def test_two_actions_of_one_turn_are_taken_back_newest_first() -> None:
    game = find(4, lambda g: _a_play_then_a_claim(g) is not None, limit=600)
    play = _a_play_then_a_claim(game)
    assert play is not None
    table = vs_bot(game)
    start = table.game.view(None)
    table.submit(play)
    after_play = table.game.view(None)
    claim = first_of(table.game, "claim")
    submitted = [play, claim]
    table.submit(claim)
    while table.game.phase == "claim":
        submitted.append(first_of(table.game, "done"))  # no more claims this turn
        table.submit(submitted[-1])
    assert table.game.to_move == "south" and table.game.phase == "draw", "the draw is still to come"
    taken = []
    while offered(table, "bots"):
        taken.append(take_back(table))
        if taken[-1] == claim:
            assert table.game.view(None) == after_play, "the claim is taken back before the play"
    assert taken == submitted[::-1] and table.game.view(None) == start


def test_a_draw_is_never_taken_back_nor_anything_before_it() -> None:
    game = find(5, in_phase("draw"))
    table = vs_bot(game)
    table.submit(first_of(game, "draw"))
    assert not offered(table, "always"), "the card drawn was seen, and the turn is over"
    record = cast(Record, to_record(table.game))
    assert takeback_floor(record) == len(record["actions"])


def test_scout_draws_reveal_so_the_scout_is_kept_but_a_later_claim_is_not() -> None:
    game = find(6, holding("scout"))
    table = vs_bot(game)
    table.submit({"type": "play", "card": "scout"})
    table.submit(first_of(table.game, "scout_draw"))
    assert not offered(table, "bots")
    while table.game.phase == "scout_draw":
        table.submit(first_of(table.game, "scout_draw"))
    if table.game.phase == "scout_return":
        table.submit(cast(Action, table.game.legal_actions()[0]))
    record = cast(Record, to_record(table.game))
    floor = takeback_floor(record)
    scout_at = record["actions"].index({"type": "play", "card": "scout"})
    assert floor > scout_at + 1, "nothing up to the last Scout draw comes back"


def two_claims(game: Game) -> bool:
    return in_phase("claim")(game) and len(game.claimable_flags("south")) >= 2


def test_end_timing_claims_after_the_draw_may_be_taken_back_but_not_the_draw() -> None:
    game = find(7, two_claims, rules=Rules(claim_timing="end"), limit=600)
    assert game.actions[-1]["type"] == "draw"
    undo_restores(vs_bot(game.copy()), first_of(game, "claim"))
    table = vs_bot(game.copy())
    table.submit(first_of(game, "claim"))
    take_back(table)
    assert not offered(table, "bots"), "the draw before the claim stays"
    while table.game.phase == "claim" and table.game.to_move == "south":
        table.submit(first_of(table.game, "claim"))
    assert table.game.over or not offered(table, "always"), "the last claim ended the turn: it stays"


def test_nothing_once_the_opponent_is_to_move() -> None:
    game = find(8, in_phase("play", seat="north"))
    table = vs_bot(game)
    assert not offered(table, "always")
    assert takeback_floor(cast(Record, to_record(game))) == len(game.actions)


def test_the_setting_and_the_kind_of_table_decide_where_it_is_offered() -> None:
    game = find(9, in_phase("play"))
    bot = vs_bot(game.copy())
    bot.submit(troop_play(bot.game))
    hotseat = LocalTable(game.copy())
    hotseat.submit(troop_play(hotseat.game))
    assert offered(bot, "bots") and offered(bot, "always") and not offered(bot, "off")
    assert not offered(hotseat, "bots"), "off by default in hot-seat"
    assert offered(hotseat, "always")
    assert Settings().takebacks == "bots"
    from game.play.lan_tables import HostTable
    from net.host import Host

    lan = HostTable(Host.new(rules=Rules(), seed=41, code="2468", host_name="Ana"))
    assert not offered(lan, "always"), "never over LAN"


def test_the_take_back_button_on_the_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off"), fixed_dt=1 / 60)
    game = find(10, in_phase("play"))
    table = vs_bot(game)
    board = BoardScene(app, table)
    app.push(board)
    driver = Driver(app)
    assert "undo" not in board.buttons()
    action = troop_play(game)
    hand = list(game.hands["south"] or [])
    count = len(game.actions)
    driver.play(board, action, "mouse")
    assert "undo" in board.buttons()
    driver.click(board.targets[("button", "undo")].center)
    assert table.game.hands["south"] == hand and len(table.game.actions) == count
    assert "undo" not in board.buttons()
    assert any("Taken back" in line for t in board.toasts for line in t.lines)


def test_take_back_has_a_key_and_the_button_says_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """U (L3 on a controller) takes back as the button does; the button names its key, as Hint names I."""
    from game.ui.input import Kind
    from scenes import board_draw

    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()
    app = App(Settings(animation_speed="off"), fixed_dt=1 / 60)
    game = find(10, in_phase("play"))
    table = vs_bot(game)
    board = BoardScene(app, table)
    app.push(board)
    driver = Driver(app)
    hand, count = list(game.hands["south"] or []), len(game.actions)
    driver.play(board, troop_play(game), "keyboard")
    assert "undo" in board.buttons()
    assert board_draw.BUTTON_KEYS.get("undo") is Kind.UNDO and app.input.glyph(Kind.UNDO) == "U"
    driver.key(pygame.K_u)
    assert table.game.hands["south"] == hand and len(table.game.actions) == count, "U took the play back"
    assert any("Taken back" in line for t in board.toasts for line in t.lines)


def _played_to(seed: int, length: int, last: str) -> Game | None:
    """A game from `seed` played (first legal action each time) to `length` actions, the last of type `last`."""
    game = Game.new(seed=seed)
    while len(game.actions) < length and not game.over:
        game.apply(game.legal_actions()[0])
    return game if len(game.actions) == length and game.actions[-1]["type"] == last else None


def test_the_takeback_floor_is_remembered_per_record_not_per_length() -> None:
    """A game put in the table's place with as many actions gets its own floor (the memo is keyed by the record)."""
    found = None
    for length in range(3, 12):
        mid_turn = next(filter(None, (_played_to(s, length, "play") for s in range(40))), None)
        after_draw = next(filter(None, (_played_to(s, length, "draw") for s in range(40))), None)
        if mid_turn is not None and after_draw is not None:
            found = mid_turn, after_draw
            break
    assert found is not None, "no two games of one length, one ending in a play and one in a draw"
    mid_turn, after_draw = found
    table = LocalTable(mid_turn, {})
    takebacks = Takebacks()
    assert takebacks.offered(table, "on")  # a play in the turn still being played may be taken back
    table.game = after_draw
    assert not takebacks.offered(table, "on")  # a draw showed a card: nothing may be taken back
    table.game = mid_turn
    assert takebacks.offered(table, "on")


def test_undo_stores_nothing_on_the_table() -> None:
    """The floor is the board's Takebacks' to remember: asking and taking back add no attribute to the table."""
    game = next(filter(None, (_played_to(s, n, "play") for n in range(3, 12) for s in range(40))))
    table = LocalTable(game, {})
    before = set(vars(table))
    takebacks = Takebacks()
    assert takebacks.offered(table, "on")
    takebacks.take_back(table)
    assert len(table.game.actions) == len(game.actions) - 1
    assert set(vars(table)) == before
    assert not [name for name in before if "takeback" in name or "floor" in name]
