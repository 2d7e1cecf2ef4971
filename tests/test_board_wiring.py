"""scenes/board.py is the scene's wiring (issue 60, item 1): the take-back is undo's (`Takebacks.press`), the rules
page is chosen at the rules screen's door (`screens.rules_at`), and what each frame orchestrates is a named part
(scenes.board_next); each works without a board scene."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame

from engine.notation_types import Action
from game.keep.settings import Settings
from game.play.board_model import BoardModel
from game.play.bot_client import InProcessBot
from game.play.flow import Flow
from game.play.positions import find, in_phase
from game.play.table import LocalTable
from game.play.undo import Takebacks, log_events
from game.ui.shell import App
from scenes import screens
from scenes.rules_ref import TOPICS, RulesScene

ROOT = Path(__file__).resolve().parent.parent


def _troop_play(table: LocalTable) -> Action:
    return next(a for a in table.legal_actions() if a["type"] == "play" and str(a["card"])[0] in "roygbp")


def test_the_take_back_button_is_undos_press_on_the_model() -> None:
    table = LocalTable(find(10, in_phase("play")), {"north": InProcessBot("random")})
    model = BoardModel("south", flow=Flow([], "south"))
    takebacks = Takebacks()
    words, taken = takebacks.press(table, "bots", model)
    assert (words, taken) == ("Nothing to take back now.", False), "nothing played yet this turn"
    count = len(table.game.actions)
    table.submit(_troop_play(table))
    table.poll_events()
    played = log_events(table, "south")
    model.flow = Flow(table.legal_actions(), "south")
    model.flow.pick(sorted(model.flow.candidates(), key=repr)[0])  # a pick in progress: dropped with the take-back
    assert model.flow.picked
    assert not takebacks.press(table, "off", model)[1] and len(table.game.actions) == count + 1, "the setting off"
    words, taken = takebacks.press(table, "bots", model)
    assert taken and words.startswith("Taken back: ") and len(table.game.actions) == count
    assert model.flow.picked == [], "the picks dropped"
    assert model.log == log_events(table, "south") and len(model.log) < len(played), "the log as it was"
    table.close()


def test_the_rules_door_opens_the_page_of_what_is_looked_at() -> None:
    pygame.font.init()
    app = App(Settings(welcomed=True), window=False)
    flag, fog, other = (screens.rules_at(app, card, looked_at)
                        for card, looked_at in ((None, ("flag", 3)), ("fog", ("hand", "fog")), (None, None)))
    assert isinstance(flag, RulesScene) and isinstance(fog, RulesScene) and isinstance(other, RulesScene)
    assert flag.page == TOPICS["claim"] and other.page == TOPICS["formations"] != flag.page
    assert fog.page == fog.page_of("fog"), "a tactics card previewed: its own page"


def test_the_board_scene_keeps_no_take_back_rules_page_or_frame_tail_of_its_own() -> None:
    tree = ast.parse((ROOT / "scenes/board.py").read_text(encoding="utf-8"))
    scene = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "BoardScene")
    methods = {n.name: n for n in scene.body if isinstance(n, ast.FunctionDef)}
    assert "take_back" not in methods and "open_rules" not in methods
    update = ast.unparse(methods["update"])
    assert "board_next.step(self)" in update and "pending_pass" not in update and "screens." not in update
