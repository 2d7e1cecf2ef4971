"""R9's two board prompts (a tactics card must be played; only Pass is left) are whole in every language."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import LANGUAGES
from game.keep.settings import Settings
from game.ui.shell import App
from scenes.board import BoardScene
from scenes.board_hud import prompt_layout
from tools.workshop.screenshot import SCENES


@pytest.mark.parametrize("scene", ["must-tactic", "no-card"])
def test_r9_prompt_fits_its_box_in_every_language(scene: str) -> None:
    pygame.init()
    seen: dict[str, str] = {}
    for lang in LANGUAGES:
        app = App(Settings(animation_speed="off", language=lang), window=False)  # its own language and theme
        app.input.last_device = "keyboard"
        with app.active():
            SCENES[scene](app, 7)  # the seeded moment the screenshots show
            board = app.find(BoardScene)
            assert isinstance(board, BoardScene)
            app.draw(app.screen)
            lines, _hints, room = prompt_layout(board)
        assert len(lines) <= room, f"{lang}: {lines} in room for {room}"
        seen[lang] = " ".join(lines)
        app.close()
    # the rule by what it says, not its number (issue 16: no rule numbers in player text)
    said = "must play a tactics card" if scene == "must-tactic" else "Pass ends your turn"
    assert said in seen["en"]
    assert len(set(seen.values())) == len(seen), "every language has its own words"
