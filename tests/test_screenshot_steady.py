"""A screenshot is the same picture from one render to the next (issue 60: pixel-identical screenshots before and
after), and what the harness fixes for it is put back after the render.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import socket
import threading
import time
from pathlib import Path

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


def test_a_render_of_the_suite_keeps_its_data_in_its_workers_own_folder_and_takes_no_turn() -> None:
    """Two of the suite's workers drawing screens at once must not wait for one folder (the lock of
    screenshot_steady.fresh_data): each worker's folder is its own, and one held elsewhere does not stop it."""
    import fcntl

    from tools.workshop.screenshot_steady import DATA_DIR, data_dir, fresh_data

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    assert data_dir() != DATA_DIR and data_dir().name == f"battleline-shot-{worker}"
    found: list[Path] = []

    def render_data() -> None:
        with fresh_data() as folder:
            found.append(folder)

    with open(f"{DATA_DIR}.lock", "w") as held:  # another process's render holds the shared folder
        fcntl.flock(held, fcntl.LOCK_EX)
        worker_render = threading.Thread(target=render_data, daemon=True)
        worker_render.start()
        worker_render.join(60)  # a render waiting for the shared folder would still wait here
        done = not worker_render.is_alive()
    worker_render.join()  # the lock is let go: a waiting render ends now
    assert done and found == [data_dir()], "the render waited for another process's folder"
