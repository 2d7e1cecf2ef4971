"""Each part of the board owns its state: no helper keeps undeclared state on the board (issue 60, item 1).

- no `type: ignore[attr-defined]` in scenes/ and no `getattr`/`setattr`/`hasattr` of a literal name on a
  board or scene there or in the toolkit's shell: state a helper keeps is declared where it lives;
- the results screen counts a game once however often it is shown (the guard is the board's, declared);
- a change of look draws the board's still layer again: it is keyed by the look it was drawn in, not dropped by a probe;
- the "zoom" screenshots show the preview they are named after (their rest is kept in the view shown).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
import pytest
from ui_driver import board_on_show

from engine.notation_types import Result
from game.keep.settings import Settings
from game.play.session import Session, Setup
from game.play.table import LocalTable
from game.ui.shell import App
from scenes import screens
from scenes.board import BoardScene
from tools.workshop.screenshot import staged

ROOT = Path(__file__).resolve().parent.parent
PROBES = ("getattr", "setattr", "hasattr")


def probes(source: str, where: str) -> list[str]:
    """`getattr(x, "name")`-style calls with a literal name on something called board or scene."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PROBES \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and re.search(r"\b(board|scene|state)\b", ast.unparse(node.args[0])):
            found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_helper_keeps_undeclared_state_on_the_board() -> None:
    files = [*sorted((ROOT / "scenes").glob("*.py")), ROOT / "game" / "ui" / "shell.py"]
    ignored = [f"{p.name}:{n}" for p in files for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
               if "type: ignore[attr-defined]" in line]
    assert not ignored, "state kept on an object that does not declare it:\n" + "\n".join(ignored)
    found = [hit for p in files for hit in probes(p.read_text(encoding="utf-8"), p.name)]
    assert not found, "state probed by name on a board or scene:\n" + "\n".join(found)


def test_the_probe_finder_finds_a_probe() -> None:
    """The test above can fail: the kind of line it looks for is found."""
    assert probes('told = getattr(board, "save_told", None)\n', "x.py") == \
        ["x.py:1: getattr(board, 'save_told', None)"]


def test_a_result_is_counted_once_however_often_the_results_are_shown(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path))
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    session = Session(Setup(match=True, match_end="games", match_limit=3, seed=8))
    table = session.new_table()
    assert isinstance(table, LocalTable)
    board = BoardScene(app, table, session)
    result: Result = {"winner": "south", "how": "flags", "flags": {"south": 5, "north": 2}}
    table.game.result = result.copy()  # the game ended so (as the engine writes it)
    assert not board.recorded
    for _ in range(3):  # shown, left for the pause and shown again
        screens.results(app, board)
    assert board.recorded and session.games == [result], session.games


def test_a_change_of_look_draws_the_still_layer_again() -> None:
    """The still layer is keyed by the look it was drawn in (scenes.board_still.StillView): after
    App.apply_settings the next frame draws it again whole, though the view on show did not change."""
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    app.draw(app.screen)
    assert board.still.key is not None
    version, edit, before = board.model.version, board.still.edit, board.still.key
    app.settings.high_contrast = True
    app.apply_settings()
    app.draw(app.screen)
    assert board.model.version == version, "the same view"
    assert board.still.edit > edit and board.still.key != before, "drawn again whole in the new look"
    assert board.still.edits_since(edit) is None, "and the layers copied from it copy it whole"


def test_the_zoom_screenshots_show_the_preview() -> None:
    """The card rested on long ago in the view shown: the preview is up (keyed by a freed view's id, it was not)."""
    for scene in ("zoom", "zoom-flag"):
        with staged(scene) as app:
            app.draw(app.screen)
            board = app.stack[0]
            assert isinstance(board, BoardScene)
            assert board.preview_box is not None, scene


def test_the_board_shows_no_model_field_as_its_own() -> None:
    """The model's fields are read on the model (`board.model.focus`): no descriptor or property on the board's
    classes re-exports them, and a board that has drawn and been driven keeps none of them as its own attribute
    (a write to `board.focus` from code mypy does not see would leave one there, apart from the model)."""
    import scenes.board_state
    from game.play.board_model import BoardModel

    fields = set(BoardModel.__dataclass_fields__)
    assert not hasattr(scenes.board_state, "InModel")
    for cls in BoardScene.__mro__:
        assert not fields & set(vars(cls)), cls
    pygame.display.init()
    pygame.font.init()
    app = App(Settings(animation_speed="normal", welcomed=True), fixed_dt=1 / 60, window=False)
    board = board_on_show(app)
    for _ in range(5):
        app.step()
    assert not fields & set(vars(board)), fields & set(vars(board))
    board.table.close()


def test_no_code_reads_a_model_field_on_a_name_board() -> None:
    """`board.focus` and the like are gone from the game, its tools and tests: each reads `board.model.focus`."""
    from game.play.board_model import BoardModel

    fields = set(BoardModel.__dataclass_fields__)
    found = []
    for package in ("scenes", "game", "app", "tools", "tests"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and node.attr in fields and isinstance(node.value, ast.Name)
                        and node.value.id == "board"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}:{node.attr}")
    assert found == []
