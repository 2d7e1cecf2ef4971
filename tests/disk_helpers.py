"""Small filesystems and a whole LAN game played in one process, for the tests of saving under failure."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.ai.random_bot import RandomBot
from net.guest import Guest
from net.host import Host


@contextlib.contextmanager
def small_disk(where: Path, size: str = "64k") -> Iterator[Path]:
    """A tmpfs of `size` mounted at `where` (root only: skipped otherwise), unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


def remount(where: Path, mode: str) -> None:
    """Make a mounted tmpfs read-only ("ro") or writable again ("rw")."""
    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], check=True, capture_output=True)


def fill(where: Path) -> None:
    """Fill the filesystem at `where` until it has no byte left."""
    with (where / "filler").open("wb", buffering=0) as fh, contextlib.suppress(OSError):
        for _ in range(10_000):  # bounded: 10,000 x 4 KiB is far more than the small disk holds
            fh.write(b"\0" * 4096)


def pump(host: Host, *guests: Guest, until: object, seconds: float = 30.0) -> None:
    """Serve the host and the guests until `until()` holds (asserts it does within `seconds`)."""
    deadline = time.monotonic() + seconds
    while not until():  # type: ignore[operator]
        host.poll(2)
        for guest in guests:
            guest.poll(2)
        assert time.monotonic() < deadline, "timed out"


def play_out(host: Host, guest: Guest, seconds: float = 120.0, moves: int | None = None) -> None:
    """Random bots play both seats (the host's own and the guest's over the LAN) to the end, or `moves`
    moves; asserts the game gets there within `seconds`."""
    host_bot, guest_bot = RandomBot(1), RandomBot(2)
    deadline = time.monotonic() + seconds
    goal = len(host.seen.game.actions) + moves if moves is not None else None
    while not host.seen.game.over and (goal is None or len(host.seen.game.actions) < goal):
        assert time.monotonic() < deadline, "the game did not go on"
        host.poll(2)
        guest.poll(2)
        if host.seen.game.to_move == host.seen.host_seat and not host.seen.game.over:
            host.submit_local(host_bot.choose_in(host.seen.game))
        elif guest.seen.my_turn() and guest.seen.game is not None:
            guest.send_action(guest_bot.choose_in(guest.seen.game))
