"""The board is one scene class that holds its parts (issue 60, items 1 and 2).

- no class in scenes/ inherits a half of the board: `BoardScene` is a `Scene` and nothing of scenes/ between;
  its helpers read it through the roles of scenes.board_roles, which it meets without inheriting;
- where things lie on the board is worked out from values (scenes.board_places), the same as the board keeps.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
from ui_driver import board_on_show

from game.keep.settings import Settings
from game.play import hand_order
from game.ui.scene import Scene
from game.ui.shell import App
from scenes import board_cover, board_places
from scenes.board import BoardScene
from scenes.table_board import SpectatorBoard
from scenes.tutorial import TutorialScene

ROOT = Path(__file__).resolve().parent.parent
#: the roles the board meets (scenes.board_roles, where they build on each other): no other class inherits one
ROLES = {n.name for n in ast.parse((ROOT / "scenes/board_roles.py").read_text(encoding="utf-8")).body
         if isinstance(n, ast.ClassDef)}


def scene_bases() -> dict[str, list[str]]:
    """Every class in scenes/ with the names of its bases."""
    found = {}
    for path in sorted((ROOT / "scenes").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[f"{path.name}:{node.name}"] = [ast.unparse(b) for b in node.bases]
    return found


def test_no_class_in_scenes_inherits_a_half_of_the_board() -> None:
    bases = scene_bases()
    halves = {"BoardState", "Board", *ROLES}
    assert [name for name, of in bases.items() if halves & set(of) and not name.startswith("board_roles.py:")] == []
    assert bases["board.py:BoardScene"] == ["Scene"]


def test_the_board_scene_is_a_scene_with_no_scenes_class_between() -> None:
    between = [c for c in BoardScene.__mro__ if c.__module__.startswith("scenes.") and c is not BoardScene]
    assert between == []
    assert Scene in BoardScene.__mro__
    # the boards that are the board with more (a lesson, the table's own screen) inherit the one scene class
    assert TutorialScene.__mro__[1] is BoardScene and SpectatorBoard.__mro__[1] is BoardScene


def test_the_board_keeps_the_places_its_values_give() -> None:
    pygame.font.init()
    board = board_on_show(App(Settings(animation_speed="off", welcomed=True), window=False))
    hand = hand_order.ordered(board.view["hands"][board.model.viewer] or [], board.app.settings.hand_order)
    placed = board_places.places(board.shown, hand, set(board.model.flow.picked), board.buttons())
    assert placed.targets == board.targets
    assert placed.rects == board.rects
    assert list(placed.hand) == list(board.hand_rects) and placed.hand == board.hand_rects
    assert ("button", "rules") in board.targets and any(t[0] == "flag" for t in board.targets)


def test_the_still_layer_is_found_stale_in_one_place() -> None:
    """StillView's state is one frozen value (`Drawn`, keyed by a `StillKey` from the model's version and the
    look), replaced in one statement of `layer`, the one method that compares keys; the surface is only made."""
    tree = ast.parse((ROOT / "scenes/board_still.py").read_text(encoding="utf-8"))
    view = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "StillView")
    stores = [(method.name, node.attr) for method in view.body if isinstance(method, ast.FunctionDef)
              and method.name != "__init__" for node in ast.walk(method)
              if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id == "self"]
    assert sorted(stores) == [("layer", "drawn"), ("layer", "surface")]
    compares = [method.name for method in view.body if isinstance(method, ast.FunctionDef)
                for node in ast.walk(method) if isinstance(node, ast.Compare) and "key" in ast.unparse(node)]
    assert compares == ["layer"]


def test_a_banners_layout_is_kept_by_its_view_not_by_the_toast() -> None:
    """Toast keeps no looks; the BannerView lays a banner's words out once per width and look, by their value."""
    from scenes.board_banner import BannerView
    from scenes.board_state import Toast

    toast = Toast(["Flag 3 is claimed."], (255, 255, 255), 3.0, "Claimed")
    assert not hasattr(toast, "looks")
    view, worked = BannerView(), []

    def work(width: int) -> tuple[list[str], int, int]:
        worked.append(width)
        return [f"{width}"], 30, 100

    words = (toast.title, tuple(toast.lines))
    assert view.look(words, 1000, ("theme", "en"), work) == (["1000"], 30, 100)
    view.look(words, 1000, ("theme", "en"), work)
    view.look(("Claimed", ("Flag 3 is claimed.",)), 1000, ("theme", "en"), work)  # the same words: kept
    assert worked == [1000]
    view.look(words, 760, ("theme", "en"), work)
    view.look(words, 760, ("theme", "hu"), work)
    view.look(("Refused", ("No.",)), 760, ("theme", "hu"), work)
    assert worked == [1000, 760, 760, 760]


def test_a_turn_refusal_does_not_span_the_road() -> None:
    """"It is Ana's turn." is one short line: its banner is as wide as its words, and touches at most three flags'
    pennants, where a banner the road's width hid all nine."""
    from scenes import board_hud
    from scenes.board_cover import current_toast

    pygame.font.init()
    board = board_on_show(App(Settings(animation_speed="off", welcomed=True), window=False))
    board.model.viewer = "north" if board.model.viewer == "south" else "south"
    board.refresh()
    target = next(t for t in board.targets if t[0] == "hand")
    board.refuse(target, board.refusal_for(target))
    toast = current_toast(board.toasts, board.clock)
    assert toast is not None and toast.lines == [board.refusal_for(target)] and "turn" in toast.lines[0]
    box = board_hud.toast_spot(board.banner_view, toast, board_cover.kept(board))
    assert box.width < min(board_hud.TOAST_WIDTHS)
    pennants = [board.geo.pennant(n, 0) for n in range(1, 10)]
    assert sum(box.colliderect(p) for p in pennants) <= 3


def test_the_hud_is_drawn_from_a_value() -> None:
    """HudView draws the status panel, the thinking line and the caption from a frozen Hud alone, and fits the
    words again only for another value; the board draws its HUD through its HudView."""
    import dataclasses

    import pytest

    from game.ui import layout
    from scenes.board_hud_view import Caption, Hud, HudView

    pygame.font.init()
    box = pygame.Rect(layout.CAPTION_RECT)
    hud = Hud(False, ("Your turn: choose a card to play.",), "Enter choose", "Ben is thinking.", box,
              Caption(box, 215, (200, 60, 60), "Ben: red 7 to flag 3."))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hud.hint = ""  # type: ignore[misc]
    view, blank = HudView(), pygame.Surface((1920, 1080))
    surface = blank.copy()
    view.draw(surface, hud)
    prompt = pygame.Rect(layout.PROMPT_RECT)
    assert surface.subsurface(prompt).get_at((20, 20)) != blank.get_at((0, 0))
    assert surface.subsurface(box).get_at((box.width // 2, box.height // 2)) != blank.get_at((0, 0))
    fitted = view.prompt
    view.draw(blank.copy(), hud)
    assert view.prompt is fitted, "the same words: fitted once"
    view.draw(blank.copy(), dataclasses.replace(hud, sentences=("Claim the glowing flag.",)))
    assert view.prompt is not fitted and view.prompt is not None
    assert " ".join(view.prompt[1][0]) == "Claim the glowing flag."

    board = board_on_show(App(Settings(animation_speed="off", welcomed=True), window=False))
    board.app.draw(board.app.screen)
    assert board.hud_view.prompt is not None
    key = board.hud_view.prompt[0]
    assert isinstance(key, tuple) and key[0] == tuple(board_hud_prompt(board))


def board_hud_prompt(board: BoardScene) -> list[str]:
    from scenes.board_hud import card_note, prompt_lines

    return prompt_lines(board) + card_note(board.model, board.app.input.last_device == "mouse", board.my_turn,
                                           board.table.phase, board.ref)
