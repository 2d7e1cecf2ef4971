"""Issue 48: the hosting screen (the host's board, the TV table) says once that its LAN game cannot be
saved, in its player's language, and once that it is saved again; the game goes on meanwhile."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from engine import Rules
from game.keep.settings import Settings
from game.play.lan_tables import HostTable
from game.ui.shell import App
from net.host import Host
from scenes import screens
from scenes.board import BoardScene
from scenes.table_board import TableY


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    return App(Settings(animation_speed="off", names=["Ana", "Ben"]), fixed_dt=1 / 60)


def _said(board: object) -> list[str]:
    toasts = getattr(board, "toasts", None)
    if toasts is not None:
        return [line for toast in toasts for line in toast.lines]
    notice = getattr(board, "notice", None)
    return [notice[0]] if notice else []


@pytest.mark.parametrize(("seat", "players"), [("south", 2), (None, 2), (None, 3)])
def test_the_hosting_screen_says_once_that_the_game_is_not_saved(
        app: App, tmp_path: Path, seat: str | None, players: int) -> None:
    folder = tmp_path / "saves"
    host = Host.new(rules=Rules(players=players, tactics=players == 2), seed=9, code="1234", host_name="Ana",
                    host_seat=seat, save_path=folder / "save.json")  # the folder vanished: saving fails
    table = HostTable(host)
    board = screens.lan_board(app, table)
    assert isinstance(board, BoardScene | TableY)
    app.push(board)
    driver = Driver(app)
    try:
        assert not host.save()
        driver.frames(3)
        said = _said(board)
        assert said == ["This game cannot be saved (the save folder is gone). It goes on, but is not being saved."]
        pygame.image.save(app.screen, str(tmp_path / f"unsaved-{seat}-{players}.png"))
        assert not host.save()
        driver.frames(3)
        assert board.save_told is not None and _said(board) == said, "said once"
        folder.mkdir()
        assert host.save()
        driver.frames(3)
        assert _said(board)[-1] == "The game is being saved again."
    finally:
        table.close()
