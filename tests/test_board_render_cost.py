"""What a frame of the board works out, and that its picture does not depend on the run (issue 60 items 1-2).

- the hand's playable cards (and R9's forced pass) are asked of the model only when the hand is drawn again:
  a frame that keeps the hand's picture never works them out (`bench render`'s p99 paid ~70 us a frame for them);
- Deserter's rings overlap up a column and are drawn in the layout's order: the same pixels whatever the
  process's string hashing (the candidates are a set, whose order follows it).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pygame
from ui_driver import board_on_show

from game.keep.settings import Settings
from game.ui.shell import App
from scenes import board_draw

ROOT = Path(__file__).resolve().parent.parent


def test_the_hand_asks_which_cards_can_be_played_only_when_it_is_drawn() -> None:
    pygame.font.init()
    app = App(Settings(animation_speed="off", welcomed=True), window=False)
    board = board_on_show(app)
    app.draw(app.screen)  # the hand is drawn on its layer
    hand = board_draw._hand_of(board, board.clock)
    static = board.still_layer()
    assert board.hand_view.layer(board.still, static, hand, []) is not None, "the hand's picture is kept"
    assert "playable" not in vars(hand) and "forced" not in vars(hand), "a kept hand never asks"
    assert hand.playable == frozenset(board.model.playable()), "asked when drawn, it is the model's answer"
    assert hand.forced == board.model.forced_pass(board.my_turn)
    board.table.close()


RENDER = ("import hashlib, pygame; from tools.workshop.screenshot import render; "
          "print(hashlib.sha256(pygame.image.tobytes(render('deserter'), 'RGB')).hexdigest())")


def _deserter_hash(hash_seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", RENDER], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    return done.stdout.split()[-1]


def test_the_deserter_screenshot_is_the_same_whatever_the_string_hashing() -> None:
    first = _deserter_hash(1)
    assert len(first) == len(hashlib.sha256().hexdigest())
    assert _deserter_hash(2) == first and _deserter_hash(3) == first
