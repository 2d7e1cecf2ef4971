"""Three-player LAN and internet games (R46) in the Continue list: a guest's note of a three-player game is kept (it was
set aside as unreadable: "its seat is wrong"), and a hosted three-player game is listed with its three names and
counts (the list asked for a north seat that three players do not have)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.rules import Rules
from game.keep.files import take_notices
from game.keep.lan_saved import lan_saves
from game.keep.lan_store import host_save_for, joined_games, remember_joined
from game.keep.settings import Settings
from game.ui.shell import App
from net.host import Host
from scenes.continue_scene import ContinueListScene


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BATTLELINE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BATTLELINE_DATA_DIR", str(tmp_path / "data"))
    take_notices()
    return tmp_path


def test_r46_a_three_player_guests_note_is_kept_and_listed(data: Path) -> None:
    players = {"south": "Ana", "west": "Ben", "east": "Cy"}
    remember_joined("wormhole:7-crossover-clockwork", token="t" * 32, code="1234", seat="west", players=players,
                    flags={"south": 1, "west": 2, "east": 0}, actions=12)
    [note] = joined_games()
    assert take_notices() == [], "nothing set aside"
    assert note["players"] == players and note["seat"] == "west" and note["flags"]["west"] == 2


def test_r46_continue_lists_three_player_games_hosted_and_joined(data: Path) -> None:
    pygame.init()
    host = Host.new(rules=Rules(tactics=False, players=3), seed=46, code="2468", host_name="Ana", bind="127.0.0.1")
    for seat, name in (("west", "Ben"), ("east", "Cy")):
        host.seen.remotes[seat].name, host.seen.remotes[seat].token = name, seat[0] * 32
    host.seen.game.players.update({"west": "Ben", "east": "Cy"})
    host.save_path_for = host_save_for
    assert host.save()
    host.close()
    remember_joined("192.168.1.20:47110", token="u" * 32, code="1357", seat="east",
                    players={"south": "Dan", "west": "Eve", "east": "Fay"},
                    flags={"south": 0, "west": 1, "east": 2}, actions=9)
    app = App(Settings(animation_speed="off", names=["Ana"], welcomed=True), fixed_dt=1 / 60)
    with app.active():
        listing = ContinueListScene(app, [], lan_saves())
        app.push(listing)
        labels = [item.label for item in listing.menu.items]
        details = [item.detail() for item in listing.menu.items if item.detail is not None]
        app.draw()
    assert sorted(labels[:2]) == ["Ana, Ben and Cy", "Dan, Eve and Fay"]
    assert any("flags 0 \u2013 1 \u2013 2" in d for d in details)
    assert take_notices() == []
    app.close()
