"""The board never invites a move the rules forbid (issue 31): a forced pass offers no claim (R9, R39),
a card dropped anywhere on your side of a flag plays there, and only a winner is celebrated."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine import Game
from engine.notation_types import Event
from game.keep.settings import Settings
from game.play.positions import find
from game.play.table import LocalTable
from game.ui import audio, layout
from game.ui.shell import App
from scenes import board_cover, board_events, board_hud
from scenes.board import BoardScene


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.init()


def make_board(game: Game, bots: bool = True, speed: str = "off") -> tuple[App, BoardScene]:
    from engine.ai import make_bot
    from game.play.bot_client import InProcessBot

    app = App(Settings(animation_speed=speed, welcomed=True), fixed_dt=1 / 60)
    bot = InProcessBot("easy")
    bot.bot = make_bot("easy", 1)
    table = LocalTable(game, {"north": bot} if bots else {})
    board = BoardScene(app, table)
    board.model.viewer, board.model.hidden, board.pending_pass = "south", False, None
    board.refresh()
    app.push(board)
    return app, board


def forced_pass_with_a_provable_flag(game: Game) -> bool:
    """South may only pass (R9) while a flag is provable for South."""
    return (game.to_move == "south" and game.phase == "play" and game.legal_actions() == [{"type": "pass"}]
            and bool(game.claimable_flags("south")))


def test_r9_a_forced_pass_offers_no_claim_and_says_the_flag_waits() -> None:
    app, board = make_board(find(7, forced_pass_with_a_provable_flag, limit=600))
    provable = board.ref.claimable()
    assert provable, "the position has a provable flag"
    assert board.model.claimable == [], "nothing glows as claimable: the pass is the whole turn"
    app.input.last_device = "mouse"
    _lines, hints, _size = board_hud.prompt_fit(board)
    assert not any("claim" in h.lower() for h in hints), "no 'Click a glowing flag to claim'"
    words = " ".join(board.prompt())
    assert "Pass ends your turn" in words and "both players pass" in words, words  # R39
    flag = provable[0]
    board.try_claim(flag)
    said = " ".join(board.toasts[-1].lines)
    assert "after you play a card" not in said, "never promises a claim after a play that cannot come"
    assert "cannot be claimed now" in said and "both players pass" in said
    assert board.table.result is None and board.view["flags"][flag - 1]["claimed"] is None


def own_cards_at_a_flag(game: Game) -> bool:
    """South to play a troop at a flag where South already has two cards."""
    if game.to_move != "south" or game.phase != "play":
        return False
    return any(a.get("card", "")[:1] in "roygbp" and len(game.flags[a["flag"] - 1].sides["south"]) == 2
               for a in game.legal_actions() if a["type"] == "play" and "flag" in a)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(1, 1), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


@pytest.mark.parametrize("spot", ["on your top card", "on your first card", "between the cards and the flag"])
def test_a_card_dropped_anywhere_on_your_side_of_a_flag_plays_there(spot: str) -> None:
    app, board = make_board(find(3, own_cards_at_a_flag, limit=600), bots=False)
    action = next(a for a in board.table.legal_actions() if a["type"] == "play" and a.get("flag")
                  and a["card"][:1] in "roygbp" and len(board.view["flags"][a["flag"] - 1]["south"]) == 2)
    n, card = action["flag"], action["card"]
    top = board.rects[("slot", n, "south", board.view["flags"][n - 1]["south"][-1])]
    first = board.rects[("slot", n, "south", board.view["flags"][n - 1]["south"][0])]
    point = {"on your top card": top.center, "on your first card": (first.centerx, first.y + 10),
             "between the cards and the flag": (top.centerx, layout.side_area(n, "bottom").y + 6)}[spot]
    table = board.table
    assert isinstance(table, LocalTable)
    before = len(table.game.actions)
    drag(app, board.targets[("hand", card)].center, point)
    assert len(table.game.actions) == before + 1, [t.lines for t in board.toasts]
    assert table.game.actions[-1] == {"type": "play", "card": card, "flag": n}


def test_a_card_dropped_on_your_cards_plays_there_in_the_tutorial_too() -> None:
    from scenes.tutorial import TutorialScene

    app = App(Settings(animation_speed="off", welcomed=True), fixed_dt=1 / 60)
    for index in range(8):
        scene = TutorialScene(app, index)
        app.reset(scene)
        legal = [a for a in scene.table.legal_actions() if a["type"] == "play" and a.get("flag")
                 and board_at(scene, a["flag"])]
        if legal:
            break
    else:
        pytest.skip("no lesson plays a card at a flag that already has your cards")
    action = legal[0]
    n = action["flag"]
    top = scene.rects[("slot", n, "south", scene.view["flags"][n - 1]["south"][-1])]
    drag(app, scene.targets[("hand", action["card"])].center, top.center)
    assert scene.tutorial.made, scene.note


def board_at(scene: BoardScene, n: int) -> bool:
    return bool(scene.view["flags"][n - 1]["south"])


def over(winner: str | None) -> Event:
    return {"type": "game_over", "winner": winner, "how": "flags"}


@pytest.mark.parametrize("winner", ["south", "north"])
def test_only_the_winner_gets_fanfare_and_confetti(winner: str) -> None:
    _app, board = make_board(find(5, lambda g: g.to_move == "south" and g.phase == "play", limit=50), speed="normal")
    audio._AUDIO.played.clear()
    board_events.on_event(board, over(winner), dict(board.rects))
    won = winner == "south"
    assert (board.anims.confetti is not None) is won, "confetti only for the player who won"
    assert ("victory" in audio._AUDIO.played) is won, f"fanfare only for a win: {audio._AUDIO.played}"


def test_a_claim_banner_waits_until_the_flag_has_moved() -> None:
    _app, board = make_board(find(5, lambda g: g.to_move == "south" and g.phase == "play", limit=50), speed="normal")
    board_events.on_event(board, {"type": "claim", "seat": "south", "flag": 4, "proof": {}}, dict(board.rects))
    slide = board.anims.slides[-1]
    banner = board.toasts[-1]
    assert banner.title.startswith("Ana takes flag 4")
    assert banner.start >= slide.start + slide.duration - 1e-9, "the flag band is not covered while the flag moves"
    assert board_cover.current_toast(board.toasts, board.clock) is None, "nothing over the flags yet"
