"""The board's helpers say what they need (issue 60, item 1): each takes the board as a small role protocol
(scenes.board_roles), the narrowest of scenes/' protocols that covers what it reads and what the helpers it hands
the board to declare, and no role offers a helper much it does not use. Read by `ast` (tools/house_figures.py's
`board_roles`), so it costs nothing to run."""

from __future__ import annotations

from pathlib import Path

import scenes.board_state
from tools.house_figures import ROOT, Taker, _Scenes, board_roles

#: The most members a role may offer a helper that it does not use: a few roles serve several helpers (the
#: prompt's, the zoom's), so a helper may be offered a little more than it reads, never the whole board.
SLACK = 4


def _too_wide(root: Path) -> list[str]:
    """The takers whose role is wider than what they use: another protocol of scenes/ covers what they use with
    fewer members, or theirs offers more than SLACK members they do not use."""
    scenes = _Scenes(root)
    roles = {name: frozenset(scenes.members(name)) for name in scenes.protocols}
    out = []
    for taker in board_roles(root):
        narrower = [name for name, members in roles.items() if taker.used <= members
                    and len(members) < len(taker.offered)]
        if narrower or len(taker.offered - taker.used) > SLACK:
            out.append(f"{taker.helper} takes {taker.role} ({len(taker.offered)}), uses {len(taker.used)}"
                       + (f"; {narrower} would do" if narrower else ""))
    return out


def test_each_helper_takes_the_board_as_the_narrowest_role_that_covers_its_use() -> None:
    assert _too_wide(ROOT) == []


def test_the_board_facade_is_gone_and_every_taker_is_offered_a_part_of_the_board() -> None:
    takers = board_roles()
    assert not hasattr(scenes.board_state, "Board"), "no one protocol of everything the helpers read"
    assert len(takers) >= 30, "the helpers that take the board are all found"
    on = {t.helper.rpartition(":")[2]: t.role for t in takers}
    assert on["on_event"] == "Events" and on["ask_hint"] == "Coaching" and on["PassScene"] == "Passed"
    widest = max(takers, key=lambda t: len(t.offered))
    assert widest.helper.endswith("board_draw.py:draw"), "only the whole frame's composer reads every layer"
    assert all(t.used <= t.offered for t in takers), "mypy's side: nothing used beyond what is offered"


def _scenes_with(root: Path, helper: str) -> Path:
    (root / "scenes").mkdir(parents=True)
    (root / "scenes/__init__.py").write_text('register({"x": "scenes.x:X"})\n')
    (root / "scenes/roles.py").write_text(
        "from typing import Protocol\n\n\n"
        "class Small(Protocol):\n    clock: float\n\n\n"
        "class Wide(Small, Protocol):\n    a: int\n    b: int\n    c: int\n    d: int\n    e: int\n")
    (root / "scenes/helpers.py").write_text("from .roles import Small, Wide\n\n\n" + helper)
    return root


def test_the_check_finds_a_helper_typed_wider_than_it_uses(tmp_path: Path) -> None:
    wide = _scenes_with(tmp_path / "wide", "def tick(board: Wide) -> float:\n    return board.clock\n")
    assert _too_wide(wide) == ["scenes/helpers.py:tick takes Wide (6), uses 1; ['Small'] would do"]
    # what it hands the board to needs counts as used: then the wide role is the narrowest
    passes = _scenes_with(tmp_path / "passes", "def tick(board: Wide) -> None:\n    tock(board)\n\n\n"
                          "def tock(board: Wide) -> None:\n    print(board.a, board.b, board.c, board.d, board.e, "
                          "board.clock)\n")
    assert _too_wide(passes) == []
    assert {t.helper: t.used for t in board_roles(passes)}["scenes/helpers.py:tick"] == frozenset(
        "abcde") | {"clock"}


def test_a_taker_records_its_role_and_use() -> None:
    taker = next(t for t in board_roles() if t.helper == "scenes/board_coach.py:show")
    assert taker == Taker("scenes/board_coach.py:show", "Hinting", frozenset({"app", "model", "toasts"}),
                          frozenset({"app", "model", "toasts"}))
