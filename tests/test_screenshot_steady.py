"""A screenshot is the same picture from one render to the next (issue 60: pixel-identical screenshots before and
after), and what the harness fixes for it is put back after the render.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import socket
import time

import pygame
import pytest

from tools.workshop.screenshot import render
from tools.workshop.screenshot_steady import SHOWN_PHONES_PORT, SHOWN_TIME


def _hash(scene: str) -> str:
    return hashlib.sha256(pygame.image.tobytes(render(scene, 7, (1920, 1080), "en"), "RGB")).hexdigest()


@pytest.mark.parametrize("scene", ["host-lobby", "replays", "continue"])
def test_a_scene_rendered_twice_is_the_same_picture(scene: str) -> None:
    """A join code, a phone port, a data folder's path or the clock would make two renders differ."""
    assert _hash(scene) == _hash(scene)


def test_the_render_puts_back_the_clock_the_secrets_and_the_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLELINE_DATA_DIR", "/nonexistent/kept")
    real = (time.localtime, time.strftime, socket.gethostname, secrets.randbelow, secrets.token_hex)
    render("host-lobby")
    assert (time.localtime, time.strftime, socket.gethostname, secrets.randbelow, secrets.token_hex) == real
    assert os.environ["BATTLELINE_DATA_DIR"] == "/nonexistent/kept"
    assert time.localtime() != SHOWN_TIME


def test_the_lobby_shows_the_fixed_phone_port_and_the_same_join_code() -> None:
    from tools.workshop.screenshot import staged

    shown = []
    for _ in range(2):
        with staged("host-lobby") as app:
            lobby = app.stack[-1]
            shown.append((lobby.host.seen.code, lobby.phones_url.split("/?")[0]))
    assert shown[0] == shown[1]
    assert shown[0][1].endswith(f":{SHOWN_PHONES_PORT}")


def test_the_lan_lobby_shows_the_usual_port_while_another_program_holds_it() -> None:
    """The lobby's picture must not change when 47110 is taken (it then opens elsewhere and says so)."""
    from tools.workshop.screenshot import staged
    from tools.workshop.screenshot_steady import SHOWN_HOST_PORT

    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", SHOWN_HOST_PORT))  # taken by someone else already: as good
        holder.listen()
    except OSError:
        pass
    try:
        for scene in ("host-lobby", "table-lobby"):
            with staged(scene) as app:
                lobby = app.stack[-1]
                assert lobby.host.port == SHOWN_HOST_PORT and "in use" not in lobby.subtitle, (scene, lobby.subtitle)
    finally:
        holder.close()
