"""The buttons, a claimed flag's standard and the focus ring leave cards and labels in sight (issue 59, item 3).

- the bottom-right buttons never cover a card of the player's flags, even four (Hint, Take back or Pass, Game
  log, Menu) over flag 9 with a Mud stack of four;
- a claimed flag's standard, moved toward its owner, covers no card at that flag (their names);
- the keyboard's focus ring on a flag never draws over its formation labels ("Wedge 24", "Battalion 23").
"""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from engine import Rules
from engine.game import Game
from game.ui import art, layout
from game.ui.text import fitted
from scenes.board import BoardScene
from tools.workshop import screenshot

RING = (255, 255, 255)  # the focus ring's white band


def _stacks(geo: layout.Duel, deepest: int) -> list[pygame.Rect]:
    """Every card the player's side can show at its flags, up to `deepest` cards a flag."""
    near = [n for n in range(1, 10) if not geo.is_far(n)]
    return [geo.slot(n, "bottom", i, count) for n in near for count in range(1, deepest + 1) for i in range(count)]


def _button_sets() -> list[list[str]]:
    """Every set of buttons the board shows: Menu and Log always, then Pass, Done claiming, Play Scout or Put
    back (at most two of them), Take back, Hint."""
    out = []
    for context in [(), *combinations(("pass", "done", "scout", "return"), 1),
                    *combinations(("pass", "done", "scout", "return"), 2)]:
        for extra in [(), ("undo",), ("hint",), ("undo", "hint")]:
            out.append(["menu", "log", *context, *extra])
    return out


def test_the_buttons_cover_no_card_of_the_players_flags() -> None:
    three = Game.new(Rules(False, "standard", 3), 1, None).view("south")["rules"]
    geometries = [(layout.Duel("south"), 4), (layout.geometry(three, "south"), 3)]  # R46: no Mud for three
    clashes = []
    for geo, deepest in geometries:
        cards = _stacks(geo, deepest)
        for names in _button_sets():
            for name, rect in layout.button_rects(names).items():
                hit = rect.collidelist(cards)
                if hit >= 0:
                    clashes.append(f"{type(geo).__name__} {names}: {name} {tuple(rect)} covers {tuple(cards[hit])}")
    assert not clashes, "\n".join(clashes[:6])


@pytest.mark.parametrize("scene", ["refused", "three-south", "deserter-toast"])
def test_a_claimed_flags_standard_covers_no_card_there(scene: str) -> None:
    with screenshot.staged(scene) as app:
        board = app.top
        assert isinstance(board, BoardScene)
        claimed = [n for n, f in enumerate(board.view["flags"], start=1) if f["claimed"] is not None]
        assert claimed, "the scene has a claimed flag"
        for n in claimed:
            flag = board.view["flags"][n - 1]
            standard = board.geo.pennant(n, board.shown.pennant_shift(flag))
            cards = [r for key, r in board.rects.items() if key[0] == "slot" and key[1] == n]
            assert standard.collidelist(cards) < 0, f"flag {n}'s standard {tuple(standard)} covers a card there"


@pytest.mark.parametrize("scene", ["refused", "three-south"])
def test_the_focus_ring_on_a_flag_leaves_its_formation_labels_in_sight(scene: str) -> None:
    with screenshot.staged(scene) as app:
        board = app.top
        assert isinstance(board, BoardScene)
        app.input.last_device = "keyboard"
        board.model.flow.reset([], board.model.viewer)  # no card picked: the ring goes round the flag's standard
        surface = pygame.Surface((1920, 1080))
        seen = 0
        for n in range(1, 10):
            if board.geo.is_far(n) or board.view["flags"][n - 1]["claimed"] is not None:
                continue
            labels = []
            for seat in board.shown.flag_seats(n):
                label = board.shown.labels.get((n, seat))
                if label:
                    img = fitted(label, 28, layout.COL_W - 16, art.CREAM, "condensed")
                    labels.append(img.get_rect(center=board.geo.label_pos(n, board.shown.side_of(seat, n))))
            if not labels:
                continue
            board.targets[("flag", n)] = board.targets.get(("flag", n), board.geo.side_area(n, "bottom"))
            board.model.focus = ("flag", n)
            app.draw(surface)
            for rect in labels:
                seen += 1
                white = sum(surface.get_at((x, y))[:3] == RING for x in range(rect.left, rect.right)
                            for y in range(rect.top, rect.bottom))
                assert white == 0, f"the ring draws {white} pixels over flag {n}'s label {tuple(rect)}"
        assert seen, "some flag had a formation label"
