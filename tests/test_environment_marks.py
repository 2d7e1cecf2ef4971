"""Fog and Mud are shown on their own flag, in the language of the table (issue 46).

R30 and R31 change one flag: the mark must sit in that flag's column, not between two flags, and the card's
corner letters are its own name's in every language (a Hungarian or Chinese card said "MUD").
"""

from __future__ import annotations

import pygame
import pytest
import text_boxes

from engine.cards import TACTICS
from game.i18n import LANGUAGES
from game.play.positions import find
from game.ui import card_art
from scenes.board import BoardScene
from tools.workshop import screenshot


def _both(game: object) -> bool:
    flags = game.view(None)["flags"]  # type: ignore[attr-defined]
    return any(f["mud"] for f in flags) and any(f["fog"] for f in flags)


def _env_board(app: object, seed: int) -> None:
    screenshot._board(app, find(seed, _both, limit=2000))


@pytest.mark.parametrize("lang", ["en", "hu", "zh"])
def test_r30_r31_fog_and_mud_are_marked_inside_their_own_flags_column(lang: str) -> None:
    screenshot.SCENES["env-marks"] = _env_board
    try:
        with text_boxes.recording(), screenshot.staged("env-marks", lang=lang) as app:
            app.draw(app.screen)
            board = app.top
            assert isinstance(board, BoardScene)
            lines = text_boxes.lines_of(app.screen)
            for n, flag in enumerate(board.view["flags"], start=1):
                for kind in ("fog", "mud"):
                    if not flag[kind]:
                        continue
                    code = card_art.tactic_code(kind)
                    marks = [line.ink for line in lines if line.words == code]
                    assert marks, f"{kind} at flag {n} is named on the board ({code!r})"
                    column = board.geo.column(n)
                    assert any(column.contains(ink) for ink in marks), \
                        f"{kind}'s {code!r} {marks} stands inside flag {n}'s column {column}, not between flags"
                    ground = pygame.Color(*card_art_ground(kind))
                    row = board.geo.pennant(n).inflate(0, 120)  # the flag row, across the column
                    inside = _count(app.screen, pygame.Rect(column.x, row.y, column.width, row.height), ground)
                    clear = [m for m in (n - 1, n + 1) if 1 <= m <= 9 and not board.view["flags"][m - 1][kind]]
                    beside = board.geo.column(clear[0])
                    outside = _count(app.screen, pygame.Rect(beside.x, row.y, beside.width, row.height), ground)
                    assert inside > 20 * outside + 300, \
                        f"the ground of flag {n}'s column shows the {kind}, its neighbour's does not"
    finally:
        del screenshot.SCENES["env-marks"]


def card_art_ground(kind: str) -> tuple[int, int, int]:
    from scenes.board_still import ENV_LOOK

    return ENV_LOOK[kind][0]


def _count(surface: pygame.Surface, rect: pygame.Rect, colour: pygame.Color, tolerance: int = 12) -> int:
    """Pixels in `rect` within `tolerance` of `colour` (blended over the table, so not exactly it)."""
    area = surface.subsurface(rect.clip(surface.get_rect())).copy()
    return int(pygame.transform.threshold(None, area, colour, (tolerance, tolerance, tolerance, 255),
                                          set_behavior=0))


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_tactics_corner_letters_are_their_own_names_and_differ(lang: str) -> None:
    from game.keep.settings import Settings
    from game.play.words import card_short
    from game.ui.shell import App

    pygame.font.init()
    app = App(Settings(language=lang), window=False)
    try:
        with app.active():
            codes = {card: card_art.tactic_code(card) for card in TACTICS}
            names = {card: card_short(card) for card in TACTICS}
    finally:
        app.close()
    assert len(set(codes.values())) == len(codes), f"no two cards share their letters: {codes}"
    for card in ("fog", "mud", "scout", "traitor"):
        first = codes[card][0]
        assert first.lower() == names[card][0].lower(), f"{card}'s {codes[card]!r} begins its name {names[card]!r}"
    if lang != "en":
        assert codes["mud"] != "MUD" and codes["fog"] != "FOG", "translated, not the English letters"
