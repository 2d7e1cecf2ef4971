"""The rules' state update is one flow (engine.update) over two layouts: tools/house_figures.py's `mirror`
figure finds any function in a layout's modules that orders update steps itself, so a second flow cannot come
back under a new name; these tests hold it at none and check the scan finds one."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.ai.lean import Lean
from engine.ai.lean3 import Lean3
from engine.update import Update
from engine.update_game import GameUpdate
from tools.house_figures import LAYOUTS, flow_steps, second_flows, sequences


def test_no_layout_orders_the_update_steps_itself() -> None:
    """Game, its layout and the bots' lean states only implement primitives; main before the one flow had ten
    such functions (169 lines: Lean.apply, Lean._play, Lean._next, Game._do_play, Game._next, move...)."""
    assert second_flows() == {}


def test_the_flow_and_its_primitives_are_where_the_figure_reads_them() -> None:
    flow, writes, reads = flow_steps()
    assert {"apply", "_play", "_claim", "next_step"} <= flow
    assert {"take_from_hand", "put", "take_target", "draw", "award", "set_turn", "finish"} <= writes
    assert {"mover", "deck_left", "any_claimable", "claimants"} <= reads
    for layout in (Lean, Lean3, GameUpdate):
        assert issubclass(layout, Update) and not getattr(layout, "__abstractmethods__", None)
        assert not flow & set(vars(layout))  # the flow is not written again in the layout
    assert {"engine/game.py", "engine/update_game.py", "engine/ai/lean.py"} <= set(LAYOUTS)


def _methods(source: str) -> dict[str, bool]:
    flow, writes, _ = flow_steps()
    tree = ast.parse(source)
    cls = tree.body[0]
    assert isinstance(cls, ast.ClassDef)
    return {f.name: sequences(f, flow | writes) for f in cls.body if isinstance(f, ast.FunctionDef)}


def test_the_scan_finds_a_flow_written_again_and_passes_a_primitive() -> None:
    """A method that asks the rulebook's turn, or strings two steps together, is a second flow; one write is not."""
    source = ("class Lean:\n"
              "    def _next(self, done: int) -> None:\n"
              "        following, phase = turn_after(self.steps, done, 0, 2, 0, self.any_claimable, True)\n"
              "    def _pass(self) -> None:\n"
              "        self.set_passes(self.passes + 1)\n"
              "        self.set_phase(0)\n"
              "    def set_phase(self, phase: int) -> None:\n"
              "        self.phase = phase\n"
              "    def carry_out(self, act: tuple[int, ...]) -> None:\n"
              "        self.apply(act)\n")
    assert _methods(source) == {"_next": True, "_pass": True, "set_phase": False, "carry_out": False}


def test_the_figure_finds_main_s_second_flows(tmp_path: Path) -> None:
    """The scan run on a tree where Lean orders its own steps (as main's engine/ai/lean.py did) counts them."""
    lean = tmp_path / "engine" / "ai" / "lean.py"
    lean.parent.mkdir(parents=True)
    lean.write_text("class Lean:\n    def apply(self, act: tuple[int, ...]) -> None:\n"
                    "        self.passes = passes_after(self.passes, True)\n        self._next(0)\n", encoding="utf-8")
    assert second_flows(tmp_path) == {"engine/ai/lean.py:Lean.apply": 3}
